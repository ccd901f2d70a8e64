/**
 * The subscriber form's words (document 1 §2 "Public subscriber details page", §5, §8), in the spec's English: the
 * public subscriber details page and the sign-up page (/auth/subscription-request) show the same form. The English of
 * the dictionaries' `publicSubscriber` area (src/i18n/publicSubscriber/), which fr, zh and ja translate key for key;
 * in the contract because the server checks the same rules and answers their messages in English
 * (subscriberDetailsRules.ts), and the pages' machines give their notices' English from here.
 *
 * Placeholders are {{name}} (rosetta's, and contract/messageWords.ts `fill`'s).
 */

/** The rules' words (document 1 §5): the fields' labels and what is wrong with a value. */
export const SUBSCRIBER_RULE_ENGLISH = {
  labels: {
    companyName: 'Company Name',
    gstNo: 'GST Number',
    address: 'Address',
    companyTeamSize: 'Number of Users',
  },
  /** "{form label} is required". */
  required: '{{label}} is required',
  gstInvalid: 'GST Number is not valid',
  numberInvalid: 'Please enter valid number',
  acceptTerms: 'Please accept terms & conditions',
  acceptPrivacy: 'Please accept privacy policy',
  acceptBoth: 'Please accept terms & conditions and privacy policy',
};

export type SubscriberRuleWords = typeof SUBSCRIBER_RULE_ENGLISH;

/** A rule's word by its key: a field's label (`labels.gstNo`) or a message. */
export type SubscriberRuleKey = `labels.${keyof SubscriberRuleWords['labels']}` | Exclude<keyof SubscriberRuleWords, 'labels'>;

/**
 * Says one of the rules' words with its values: in English by default (the server's), in the person's language on the
 * pages (the dictionary's `publicSubscriber.rules.*` through its translator).
 */
export type SayRule = (key: SubscriberRuleKey, values?: Readonly<Record<string, string | number>>) => string;

export const PUBLIC_SUBSCRIBER_ENGLISH = {
  rules: SUBSCRIBER_RULE_ENGLISH,
  addressPlaceholder: 'City / State / Pin Code / Country',
  /** The two read-only boxes, each opened through its link into a modal of its text. */
  terms: 'Terms & Conditions',
  privacy: 'Privacy & Policy',
  accept: 'Accept',
  decline: 'Decline',
  close: 'Close',
  noData: 'NO DATA FOUND',
  submit: 'Submit Request',
  /** The contact-us line; {{email}} is the sales address, shown as a link. */
  contact: 'Questions? Contact us at {{email}}',
  /** The public page around the form. */
  title: 'Subscriber details',
  subtitle: "Confirm your company's details and accept the terms to complete your subscription.",
  illustration: 'Subscription illustration',
  retry: 'Try again',
  bannerTitle: 'You are subscribed!',
  bannerText: 'Thank you for confirming your details. Our team will contact you shortly to get you on board.',
  /** What the pages' machines tell the person (document 1 §8; document 2 §8). */
  notices: {
    updateFailed: 'Unable to update',
    loadFailed: 'Failed to get subscription request details',
    submitted: 'Subscription request submitted successfully',
    textsFailed: 'Failed to load terms and privacy policy',
    /** The sign-up page: sent (when the server says nothing of its own), or refused. */
    signUpSent: 'Your subscription request has been sent. We will contact you shortly.',
    signUpFailed: 'Failed to create Subscription Request',
  },
};
