/**
 * The subscriber details page's I/O (document 2 §7 "Subscription requests"): the request its link opens,
 * the terms and privacy texts, and the confirmation. Public calls with the stored link token.
 */
import { apiRequest } from '../../api/http';
import { storeLinkToken } from './publicProposalCalls';

export const PUBLIC_REQUEST_PATH = '/api/public/public-subscription-request';
export const TEXTS_PATH = '/api/public/public-terms-and-conditions';

export interface SubscriptionRequestView {
  _id: string;
  companyName: string;
  gstNo: string;
  companyTeamSize: number | string;
  address: string;
  status: string;
}

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
  return apiRequest<SubscriptionRequestView>(`${PUBLIC_REQUEST_PATH}/getById/${encodeURIComponent(requestId)}`, { public: true });
}

interface TermsReply {
  _id: string | null;
  termsAndConditions: string | null;
}

interface PrivacyReply {
  privacyPolicyData: { _id: string; termsAndConditions: string } | null;
}

/** Both texts; the replies keep the spec's shapes (termsAndConditions with _id; privacyPolicyData). */
export async function fetchTexts(): Promise<Texts> {
  const [terms, privacy] = await Promise.all([
    apiRequest<TermsReply>(`${TEXTS_PATH}/getLatestTandC`, { public: true }),
    apiRequest<PrivacyReply>(`${TEXTS_PATH}/getLatestPrivacyPolicy`, { public: true }),
  ]);
  return {
    terms: terms._id && terms.termsAndConditions ? { _id: terms._id, html: terms.termsAndConditions } : null,
    privacy: privacy.privacyPolicyData ? { _id: privacy.privacyPolicyData._id, html: privacy.privacyPolicyData.termsAndConditions } : null,
  };
}

export interface ConfirmBody {
  _id: string;
  companyName: string;
  gstNo: string;
  companyTeamSize: number;
  address: string;
  status: 'Accepted';
  /** The _id of the accepted text version. */
  termsAndConditions: string;
  privacyPolicy: string;
}

export function confirmRequest(body: ConfirmBody): Promise<SubscriptionRequestView> {
  return apiRequest<SubscriptionRequestView>(`${PUBLIC_REQUEST_PATH}/${encodeURIComponent(body._id)}`, { method: 'PUT', body, public: true });
}
