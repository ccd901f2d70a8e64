/**
 * The subscriber details page's I/O (document 2 §7 "Subscription requests"): the request its link opens,
 * the terms and privacy texts, and the confirmation. Public calls with the stored link token.
 */
import type { EndpointArgs, EndpointReply } from '../../contract/endpoints';
import { apiRequest } from '../../api/http';
import type { PublicRequest, publicSubscriptionEndpoints } from '../../contract/publicShapes';
import { storeLinkToken } from './publicProposalCalls';

// The page imports the calls' declarations as types only (src/contract/publicShapes.ts), so it loads no zod; their
// paths come from src/contract/publicPaths.ts, plain constants, for the same reason.
type Reply<K extends keyof typeof publicSubscriptionEndpoints> = EndpointReply<(typeof publicSubscriptionEndpoints)[K]>;

export { PUBLIC_REQUEST_PATH, TEXTS_PATH } from '../../contract/publicPaths';
import { PUBLIC_REQUEST_PATH, TEXTS_PATH } from '../../contract/publicPaths';

/** What the page reads of the request: the schema's type. */
export type SubscriptionRequestView = PublicRequest;

export interface PlatformText {
  _id: string;
  html: string;
}

export interface Texts {
  terms: PlatformText | null;
  privacy: PlatformText | null;
}

/** Opening the page: the link's token becomes the stored auth token, then the request is read. */
export function fetchRequest({ token, requestId }: { token: string; requestId: string }): Promise<SubscriptionRequestView> {
  storeLinkToken(token);
  return apiRequest<Reply<'getById'>>(`${PUBLIC_REQUEST_PATH}/getById/${encodeURIComponent(requestId)}`, { public: true });
}

/** Both texts; the replies keep the spec's shapes (termsAndConditions with _id; privacyPolicyData). */
export async function fetchTexts(): Promise<Texts> {
  const [terms, privacy] = await Promise.all([
    apiRequest<Reply<'latestTerms'>>(`${TEXTS_PATH}/getLatestTandC`, { public: true }),
    apiRequest<Reply<'latestPrivacy'>>(`${TEXTS_PATH}/getLatestPrivacyPolicy`, { public: true }),
  ]);
  return {
    terms: terms._id && terms.termsAndConditions ? { _id: terms._id, html: terms.termsAndConditions } : null,
    privacy: privacy.privacyPolicyData ? { _id: privacy.privacyPolicyData._id, html: privacy.privacyPolicyData.termsAndConditions } : null,
  };
}

/**
 * What the page sends to confirm: the input of the declared body (src/contract/publicShapes.ts, the server checks
 * each field), with the request's _id required, since the path is built from it.
 */
export type ConfirmBody = NonNullable<EndpointArgs<(typeof publicSubscriptionEndpoints)['confirm']>['body']> & { _id: string };

export function confirmRequest(body: ConfirmBody): Promise<SubscriptionRequestView> {
  return apiRequest<Reply<'confirm'>>(`${PUBLIC_REQUEST_PATH}/${encodeURIComponent(body._id)}`, { method: 'PUT', body, public: true });
}
