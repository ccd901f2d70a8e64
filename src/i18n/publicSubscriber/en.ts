/**
 * The subscriber form's words (issue 34), on the public subscriber details page and the sign-up page: the spec's
 * English, held by the contract (src/contract/subscriberTexts.ts) because the server checks the same rules and answers
 * their messages. Added to the dictionary by the pages that use it (src/ui/screens/public/subscriberWords.ts); fr, zh
 * and ja say the same keys beside this file.
 */
import { PUBLIC_SUBSCRIBER_ENGLISH } from '../../contract/subscriberTexts';

export type PublicSubscriberTexts = typeof PUBLIC_SUBSCRIBER_ENGLISH;

export const publicSubscriberEn: PublicSubscriberTexts = PUBLIC_SUBSCRIBER_ENGLISH;
