/**
 * What a public page says when its link's record could not be read: the server's words in the person's language (a
 * link replaced or expired: the dictionary's `public.*`), else the server's own message as sent, else the page's
 * default. The public pages load no refusal or validation English (src/ui/kit/sayings.ts adds those with the
 * signed-in screens); a key fr, zh or ja holds is still said in that language.
 */
import type { ErrorPayload } from '../../../api/http';
import { useLocale, useT, type TKey } from '../../../i18n';
import { wordMessage } from '../../../i18n/messageWords';

export function useFailureText(error: ErrorPayload | null, fallback: TKey): string {
  const t = useT();
  const locale = useLocale();
  if (!error) return '';
  return (error.words ? wordMessage(t, locale, error.words) : undefined) ?? error.message ?? t(fallback);
}
