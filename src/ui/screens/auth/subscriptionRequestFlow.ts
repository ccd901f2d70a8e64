/**
 * The sign-up form of /auth/subscription-request (spec document 1 §2 and §5): its fields, the spec's
 * validation messages, and a small flow that sends the request as a public call and keeps the server's
 * answer. The public-pages issue completes the subscription journey (terms text, the emailed link).
 *
 * It lives beside its screen because the client core's flows folder is another helper's; it is a plain
 * XState machine with its I/O actor declared in setup, ready to move to src/machines/flows.
 */
import { assign, fromPromise, setup } from 'xstate';
import { z } from 'zod';
import { apiRequest, toErrorPayload, type ErrorPayload } from '../../../api/http';
import { GSTIN_PATTERN } from '../../../api/modules/admin';

export const SUBSCRIPTION_LABELS = {
  companyName: 'Company Name',
  gstNo: 'GST Number',
  address: 'Address',
  addressPlaceholder: 'City / State / Pin Code / Country',
  companyTeamSize: 'Number of Users',
  termsAndConditions: 'Terms & Conditions',
  privacyPolicy: 'Privacy & Policy',
  submit: 'Submit Request',
} as const;

export const SUBSCRIPTION_MESSAGES = {
  required: (label: string) => `${label} is required`,
  gst: 'GST Number is not valid',
  number: 'Please enter valid number',
  terms: 'Please accept terms & conditions',
  privacy: 'Please accept privacy policy',
  both: 'Please accept terms & conditions and privacy policy',
} as const;

/** Numeric, optionally signed or decimal (spec document 1 §5). */
export const NUMBER_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)$/;

export const SUBSCRIPTION_REQUEST_PATH = '/api/public/public-subscription-request';

export interface SubscriptionRequestValues {
  companyName: string;
  gstNo: string;
  address: string;
  companyTeamSize: string;
  termsAndConditions: boolean;
  privacyPolicy: boolean;
}

export type SubscriptionRequestErrors = Partial<Record<keyof SubscriptionRequestValues | 'agreements', string>>;

export const subscriptionRequestSchema = z
  .object({
    companyName: z.string().trim().min(1, SUBSCRIPTION_MESSAGES.required(SUBSCRIPTION_LABELS.companyName)),
    gstNo: z
      .string()
      .trim()
      .min(1, SUBSCRIPTION_MESSAGES.required(SUBSCRIPTION_LABELS.gstNo))
      .regex(GSTIN_PATTERN, SUBSCRIPTION_MESSAGES.gst),
    address: z.string().trim().min(1, SUBSCRIPTION_MESSAGES.required(SUBSCRIPTION_LABELS.address)),
    companyTeamSize: z
      .string()
      .trim()
      .min(1, SUBSCRIPTION_MESSAGES.required(SUBSCRIPTION_LABELS.companyTeamSize))
      .regex(NUMBER_PATTERN, SUBSCRIPTION_MESSAGES.number),
    termsAndConditions: z.boolean(),
    privacyPolicy: z.boolean(),
  })
  .superRefine((values, ctx) => {
    // One message for the pair, worded by which of the two is missing.
    const message = !values.termsAndConditions && !values.privacyPolicy
      ? SUBSCRIPTION_MESSAGES.both
      : !values.termsAndConditions
        ? SUBSCRIPTION_MESSAGES.terms
        : !values.privacyPolicy
          ? SUBSCRIPTION_MESSAGES.privacy
          : null;
    if (message) ctx.addIssue({ code: 'custom', path: ['agreements'], message });
  });

export function validateSubscriptionRequest(values: SubscriptionRequestValues): SubscriptionRequestErrors {
  const result = subscriptionRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: SubscriptionRequestErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]) as keyof SubscriptionRequestErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}

export function subscriptionRequestBody(values: SubscriptionRequestValues) {
  return {
    companyName: values.companyName.trim(),
    gstNo: values.gstNo.trim(),
    address: values.address.trim(),
    companyTeamSize: Number(values.companyTeamSize),
    termsAndConditions: values.termsAndConditions,
    privacyPolicy: values.privacyPolicy,
  };
}

/** Shown when the server accepts without a message of its own, or fails without one. */
export const SUBSCRIPTION_SENT = 'Your subscription request has been sent. We will contact you shortly.';
export const SUBSCRIPTION_FAILED = 'Failed to create Subscription Request';

export interface SubscriptionRequestContext {
  message: string | null;
  error: ErrorPayload | null;
}

export const subscriptionRequestMachine = setup({
  types: {
    context: {} as SubscriptionRequestContext,
    events: {} as { type: 'subscription.submit'; values: SubscriptionRequestValues } | { type: 'subscription.edit' },
  },
  actors: {
    sendRequest: fromPromise<unknown, ReturnType<typeof subscriptionRequestBody>>(({ input }) =>
      apiRequest(SUBSCRIPTION_REQUEST_PATH, { method: 'POST', body: input, public: true }),
    ),
  },
  guards: {
    isValid: ({ event }) => event.type === 'subscription.submit' && Object.keys(validateSubscriptionRequest(event.values)).length === 0,
  },
}).createMachine({
  id: 'subscriptionRequest',
  context: { message: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'subscription.submit': { guard: 'isValid', target: 'sending' } },
    },
    sending: {
      invoke: {
        src: 'sendRequest',
        input: ({ event }) => subscriptionRequestBody((event as { values: SubscriptionRequestValues }).values),
        onDone: {
          target: 'sent',
          actions: assign({
            message: ({ event }) => {
              const out = event.output as { message?: unknown } | null;
              return out && typeof out.message === 'string' && out.message ? out.message : SUBSCRIPTION_SENT;
            },
            error: null,
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => toErrorPayload(event.error), message: null }),
        },
      },
    },
    sent: {
      on: { 'subscription.edit': { target: 'editing', actions: assign({ message: null }) } },
    },
  },
});
