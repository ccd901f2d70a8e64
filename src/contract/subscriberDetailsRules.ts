/**
 * The subscriber form's rules with the spec's exact messages (document 1 §5), shared by the subscriber
 * details page's machine, the sign-up machine (subscriptionRequest.ts) and the server, which checks the same
 * rules again (it never trusts the browser).
 */
import { fill } from './messageWords';
import { GSTIN_PATTERN } from './modules/patterns';
import { SUBSCRIBER_RULE_ENGLISH, type SayRule, type SubscriberRuleKey } from './subscriberTexts';

/** The fields' labels, as the server says them (the pages word them in the person's language: subscriberTexts.ts). */
export const SUBSCRIBER_LABELS = SUBSCRIBER_RULE_ENGLISH.labels;

/** The rules' messages in the spec's English, as the server answers them (the pages say them in the person's language). */
export const SUBSCRIBER_MESSAGES = {
  gstInvalid: SUBSCRIBER_RULE_ENGLISH.gstInvalid,
  numberInvalid: SUBSCRIBER_RULE_ENGLISH.numberInvalid,
  acceptTerms: SUBSCRIBER_RULE_ENGLISH.acceptTerms,
  acceptPrivacy: SUBSCRIBER_RULE_ENGLISH.acceptPrivacy,
  acceptBoth: SUBSCRIBER_RULE_ENGLISH.acceptBoth,
};

/** "{label} is required", in English. */
export const required = (label: string): string => fill(SUBSCRIBER_RULE_ENGLISH.required, { label });

/** The rules' words in the spec's English: what the server answers. */
const sayRuleInEnglish: SayRule = (key: SubscriberRuleKey, values) =>
  key.startsWith('labels.') ? SUBSCRIBER_LABELS[key.slice('labels.'.length) as SubscriberField] : fill(SUBSCRIBER_RULE_ENGLISH[key as Exclude<SubscriberRuleKey, `labels.${string}`>], values);

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

/**
 * First message per field, in the form's order; `acceptance` names what is still to accept. `say` gives the spec's
 * English (what the server answers) unless a page gives the words in the person's language.
 */
export function validateSubscriber(values: SubscriberValues, acceptance: Acceptance, say: SayRule = sayRuleInEnglish): SubscriberErrors {
  const errors: SubscriberErrors = {};
  const companyName = values.companyName.trim();
  const gstNo = values.gstNo.trim();
  const teamSize = values.companyTeamSize.trim();
  const requiredOf = (field: SubscriberField) => say('required', { label: say(`labels.${field}`) });
  if (!companyName) errors.companyName = requiredOf('companyName');
  if (!gstNo) errors.gstNo = requiredOf('gstNo');
  else if (!GSTIN_PATTERN.test(gstNo)) errors.gstNo = say('gstInvalid');
  if (!teamSize) errors.companyTeamSize = requiredOf('companyTeamSize');
  else if (!NUMBER_PATTERN.test(teamSize)) errors.companyTeamSize = say('numberInvalid');
  if (!values.address.trim()) errors.address = requiredOf('address');
  const acceptanceError = acceptanceMessage(acceptance, say);
  if (acceptanceError) errors.acceptance = acceptanceError;
  return errors;
}

export function acceptanceMessage({ termsAndConditions, privacyPolicy }: Acceptance, say: SayRule = sayRuleInEnglish): string | undefined {
  if (!termsAndConditions && !privacyPolicy) return say('acceptBoth');
  if (!termsAndConditions) return say('acceptTerms');
  if (!privacyPolicy) return say('acceptPrivacy');
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
