/**
 * The subscriber form's English (the public subscriber details page and the sign-up page), merged into the dictionary
 * when either page loads; zh, fr and ja carry theirs in their dictionaries. And the rules' words through the translator.
 */
import { addEnglish, type Translate } from '../../../i18n';
import { publicSubscriberEn } from '../../../i18n/publicSubscriber/en';
import type { SayRule } from '../../../contract/subscriberTexts';

addEnglish({ publicSubscriber: publicSubscriberEn });

/** The form's labels and messages in the person's language (validateSubscriber's `say`). */
export const sayRule =
  (t: Translate): SayRule =>
  (key, values) =>
    t(`publicSubscriber.rules.${key}`, values);
