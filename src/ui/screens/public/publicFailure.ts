/**
 * What a public page says when its link's record could not be read: the server's words in the person's language (a
 * link replaced or expired: `refusal.linkReplaced`, `refusal.linkExpired`), else the server's own message as sent,
 * else the page's default. The public pages load no refusal or validation English (src/ui/kit/sayings.ts adds those
 * with the signed-in screens), so in English the server's message shows, which is that English; fr, zh and ja hold
 * the keys in their dictionaries and say them.
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
