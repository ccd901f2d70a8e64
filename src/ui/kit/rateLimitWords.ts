/**
 * A call refused by a limit (429: sign-in waits, heavy calls per person or organisation), in the person's
 * language: what was refused and how long to wait, from the `limit` the server sends beside its English message
 * (server/http/heavy-calls.ts, server/http/auth-routes.ts).
 */
import type { ErrorBody } from '../../contract/errorShapes';
import type { Translate } from '../../i18n';

export type RateLimit = NonNullable<ErrorBody['limit']>;

export function rateLimitWords(t: Translate, limit: RateLimit): string {
  const what = limit.kind === 'signIn' ? '' : t(`limits.${limit.kind}`);
  const first =
    limit.kind === 'signIn'
      ? t(limit.scope === 'address' ? 'limits.signInAddress' : 'limits.signInPair')
      : t(limit.scope === 'organisation' ? 'limits.organisation' : limit.scope === 'in-flight' ? 'limits.inFlight' : 'limits.person', { what });
  const seconds = limit.retryAfterSeconds;
  const wait = seconds < 90 ? t('limits.waitSeconds', { n: seconds }) : t('limits.waitMinutes', { n: Math.ceil(seconds / 60) });
  return `${first} ${wait}`;
}
