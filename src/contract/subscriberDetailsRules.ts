/**
 * The subscriber form's rules with the spec's exact messages (document 1 §5), shared by the subscriber
 * details page's machine, the sign-up machine (subscriptionRequest.ts) and the server, which checks the same
 * rules again (it never trusts the browser).
 */
import { GSTIN_PATTERN } from './modules/patterns';

export const SUBSCRIBER_LABELS = {
  companyName: 'Company Name',
  gstNo: 'GST Number',
  address: 'Address',
  companyTeamSize: 'Number of Users',
} as const;

export const ADDRESS_PLACEHOLDER = 'City / State / Pin Code / Country';

export const SUBSCRIBER_MESSAGES = {
  gstInvalid: 'GST Number is not valid',
  numberInvalid: 'Please enter valid number',
  acceptTerms: 'Please accept terms & conditions',
  acceptPrivacy: 'Please accept privacy policy',
  acceptBoth: 'Please accept terms & conditions and privacy policy',
} as const;

export const required = (label: string): string => `${label} is required`;

/** Numeric, optionally signed or decimal (document 1 §5). */
export const NUMBER_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** Request statuses after which the form is replaced by the success banner. */
export const SUBSCRIBED_STATUSES: readonly string[] = ['Accepted', 'On-Board'];

export interface SubscriberValues {
  companyName: string;
  gstNo: string;
  companyTeamSize: string;
  address: string;
}

export type SubscriberField = keyof SubscriberValues;
export const SUBSCRIBER_FIELDS: readonly SubscriberField[] = ['companyName', 'gstNo', 'companyTeamSize', 'address'];

export type SubscriberErrors = Partial<Record<SubscriberField | 'acceptance', string>>;

export interface Acceptance {
  termsAndConditions: boolean;
  privacyPolicy: boolean;
}

/** First message per field, in the form's order; `acceptance` names what is still to accept. */
export function validateSubscriber(values: SubscriberValues, acceptance: Acceptance): SubscriberErrors {
  const errors: SubscriberErrors = {};
  const companyName = values.companyName.trim();
  const gstNo = values.gstNo.trim();
  const teamSize = values.companyTeamSize.trim();
  if (!companyName) errors.companyName = required(SUBSCRIBER_LABELS.companyName);
  if (!gstNo) errors.gstNo = required(SUBSCRIBER_LABELS.gstNo);
  else if (!GSTIN_PATTERN.test(gstNo)) errors.gstNo = SUBSCRIBER_MESSAGES.gstInvalid;
  if (!teamSize) errors.companyTeamSize = required(SUBSCRIBER_LABELS.companyTeamSize);
  else if (!NUMBER_PATTERN.test(teamSize)) errors.companyTeamSize = SUBSCRIBER_MESSAGES.numberInvalid;
  if (!values.address.trim()) errors.address = required(SUBSCRIBER_LABELS.address);
  const acceptanceError = acceptanceMessage(acceptance);
  if (acceptanceError) errors.acceptance = acceptanceError;
  return errors;
}

export function acceptanceMessage({ termsAndConditions, privacyPolicy }: Acceptance): string | undefined {
  if (!termsAndConditions && !privacyPolicy) return SUBSCRIBER_MESSAGES.acceptBoth;
  if (!termsAndConditions) return SUBSCRIBER_MESSAGES.acceptTerms;
  if (!privacyPolicy) return SUBSCRIBER_MESSAGES.acceptPrivacy;
  return undefined;
}

/** Nothing to show or fault: the form may be sent. */
export function isComplete(values: SubscriberValues, acceptance: Acceptance): boolean {
  return Object.keys(validateSubscriber(values, acceptance)).length === 0;
}

/** The details as a request carries them: trimmed, the number of users as a number. */
export function detailsBody(values: SubscriberValues): { companyName: string; gstNo: string; companyTeamSize: number; address: string } {
  return {
    companyName: values.companyName.trim(),
    gstNo: values.gstNo.trim(),
    companyTeamSize: Number(values.companyTeamSize.trim()),
    address: values.address.trim(),
  };
}

/**
 * A terms or privacy text a person can accept or decline: one that is not blank (the server refuses to
 * publish an empty one). Without it, the modal shows NO DATA FOUND and both buttons are disabled (document 1 §2).
 */
export function hasText(html: string | null | undefined): html is string {
  return typeof html === 'string' && html.trim() !== '';
}

export function isSubscribed(status: string | undefined): boolean {
  return status !== undefined && SUBSCRIBED_STATUSES.includes(status);
}
