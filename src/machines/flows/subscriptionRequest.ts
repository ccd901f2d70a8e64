/**
 * The sign-up page (/auth/subscription-request, document 1 §2 and §5): a prospective subscriber's company
 * name, GST number, address and number of users, and the terms and the privacy policy, each accepted the way
 * the public subscriber details page accepts them: read-only checkboxes opened through links into modals
 * whose Accept ticks the box and Decline clears it, both disabled when there is no text (NO DATA FOUND).
 * The latest texts are loaded when the page opens; a load failure is notified with its error text.
 *
 * Submit Request with anything missing or invalid shows every message (the subscriber rules, shared with
 * that page and the server); a complete form is sent as a public call carrying the _id of each text version
 * accepted. Success replaces the form with the server's message (or SUBSCRIPTION_SENT); a failure keeps the
 * form with the server's message (or "Failed to create Subscription Request", document 2 §8).
 */
import {
  assign,
  fromPromise,
  setup,
  spawnChild,
  stateIn,
  stopChild,
  type ActorRefFrom,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { apiRequest, toErrorPayload, type ErrorPayload } from '../../api/http';
import { failureNotice, notify } from '../../api/notify';
import { fetchTexts, type Texts } from './subscriberDetailsCalls';
import { subscriberFailure } from './subscriberNotices';
import { PUBLIC_SUBSCRIBER_ENGLISH, type SayRule } from '../../contract/subscriberTexts';
import {
  detailsBody,
  hasText,
  isComplete,
  validateSubscriber,
  type Acceptance,
  type SubscriberErrors,
  type SubscriberField,
  type SubscriberValues,
} from '../../contract/subscriberDetailsRules';
import { PUBLIC_REQUEST_PATH } from '../../contract/publicPaths';

/** The sign-up's call goes where the subscriber-details page reads its request. */
export const SUBSCRIPTION_REQUEST_PATH = PUBLIC_REQUEST_PATH;

/** The page's own words in the spec's English (src/contract/subscriberTexts.ts; the page says them from the dictionary). */
export const SUBSCRIPTION_TEXTS = {
  /** Shown when the server accepts without a message of its own. */
  sent: PUBLIC_SUBSCRIBER_ENGLISH.notices.signUpSent,
  failed: PUBLIC_SUBSCRIBER_ENGLISH.notices.signUpFailed,
  textsFailed: PUBLIC_SUBSCRIBER_ENGLISH.notices.textsFailed,
};

export type TouchKey = SubscriberField | 'acceptance';

export interface SubscriptionRequestContext {
  values: SubscriberValues;
  acceptance: Acceptance;
  touched: Partial<Record<TouchKey, boolean>>;
  texts: Texts;
  /** The server's message once the request is sent. */
  message: string | null;
  /** The last refused send. */
  error: ErrorPayload | null;
}

export interface SignUpBody {
  companyName: string;
  gstNo: string;
  companyTeamSize: number;
  address: string;
  /** The _id of the text version accepted. */
  termsAndConditions: string;
  privacyPolicy: string;
}

export type SubscriptionRequestEvent =
  | { type: 'subscription.change'; field: SubscriberField; value: string }
  | { type: 'subscription.blur'; field: SubscriberField }
  | { type: 'subscription.openTerms' }
  | { type: 'subscription.openPrivacy' }
  /** Accept or Decline in the open modal. */
  | { type: 'subscription.accept' }
  | { type: 'subscription.decline' }
  /** The modal's close button or Escape: nothing changes. */
  | { type: 'subscription.closeModal' }
  | { type: 'subscription.submit' }
  | DoneActorEvent<Texts, 'texts'>
  | ErrorActorEvent<unknown, 'texts'>
  | DoneActorEvent<unknown, 'send'>
  | ErrorActorEvent<unknown, 'send'>;

const EMPTY: SubscriberValues = { companyName: '', gstNo: '', companyTeamSize: '', address: '' };

/** The form's messages: in the spec's English, or in the person's language when the page gives its words (`say`). */
export function errorsOf(context: Pick<SubscriptionRequestContext, 'values' | 'acceptance'>, say?: SayRule): SubscriberErrors {
  return validateSubscriber(context.values, context.acceptance, say);
}

export function signUpBody(context: Pick<SubscriptionRequestContext, 'values' | 'texts'>): SignUpBody {
  return { ...detailsBody(context.values), termsAndConditions: context.texts.terms?._id ?? '', privacyPolicy: context.texts.privacy?._id ?? '' };
}

/** The server's own words on success, when it sends some. */
function sentMessage(output: unknown): string {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : SUBSCRIPTION_TEXTS.sent;
}

/** The modal of one text: Accept / Decline only with a text to accept; closing changes nothing. */
const textModal = (key: keyof Acceptance) => {
  const guard = key === 'termsAndConditions' ? 'hasTermsText' : 'hasPrivacyText';
  return {
    on: {
      'subscription.accept': { guard, target: 'closed', actions: { type: 'setAcceptance', params: { key, value: true } } },
      'subscription.decline': { guard, target: 'closed', actions: { type: 'setAcceptance', params: { key, value: false } } },
      'subscription.closeModal': 'closed',
    },
  } as const;
};

export const subscriptionRequestMachine = setup({
  types: {
    context: {} as SubscriptionRequestContext,
    events: {} as SubscriptionRequestEvent,
  },
  actors: {
    fetchTexts: fromPromise<Texts>(() => fetchTexts()),
    sendRequest: fromPromise<unknown, SignUpBody>(({ input }) => apiRequest(SUBSCRIPTION_REQUEST_PATH, { method: 'POST', body: input, public: true })),
  },
  guards: {
    hasTermsText: ({ context }) => hasText(context.texts.terms?.html),
    hasPrivacyText: ({ context }) => hasText(context.texts.privacy?.html),
    isComplete: ({ context }) => isComplete(context.values, context.acceptance),
    // The texts cannot be accepted or declined while the request that carries them is on its way.
    editing: stateIn({ form: { submission: 'editing' } }),
  },
  actions: {
    spawnTexts: spawnChild('fetchTexts', { id: 'texts' }),
    stopTexts: stopChild('texts'),
    assignTexts: assign(({ event }) => (event.type === 'xstate.done.actor.texts' ? { texts: event.output } : {})),
    notifyTextsFailed: ({ event }) => {
      if (event.type === 'xstate.error.actor.texts') notify(subscriberFailure(event.error, 'textsFailed'));
    },
    change: assign(({ context, event }) => (event.type === 'subscription.change' ? { values: { ...context.values, [event.field]: event.value } } : {})),
    touch: assign(({ context, event }) => (event.type === 'subscription.blur' ? { touched: { ...context.touched, [event.field]: true } } : {})),
    touchAll: assign({ touched: { companyName: true, gstNo: true, companyTeamSize: true, address: true, acceptance: true } }),
    setAcceptance: assign(({ context }, params: { key: keyof Acceptance; value: boolean }) => ({
      acceptance: { ...context.acceptance, [params.key]: params.value },
      touched: { ...context.touched, acceptance: true },
    })),
    spawnSend: spawnChild('sendRequest', { id: 'send', input: ({ context }) => signUpBody(context) }),
    stopSend: stopChild('send'),
    clearError: assign({ error: null }),
    assignSent: assign(({ event }) => (event.type === 'xstate.done.actor.send' ? { message: sentMessage(event.output) } : {})),
    assignSendError: assign(({ event }) => (event.type === 'xstate.error.actor.send' ? { error: toErrorPayload(event.error) } : {})),
  },
}).createMachine({
  id: 'subscriptionRequest',
  context: {
    values: EMPTY,
    acceptance: { termsAndConditions: false, privacyPolicy: false },
    touched: {},
    texts: { terms: null, privacy: null },
    message: null,
    error: null,
  },
  initial: 'form',
  states: {
    form: {
      type: 'parallel',
      states: {
        texts: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'spawnTexts',
              exit: 'stopTexts',
              on: {
                'xstate.done.actor.texts': { target: 'loaded', actions: 'assignTexts' },
                // The modals then show NO DATA FOUND with both buttons disabled.
                'xstate.error.actor.texts': { target: 'failed', actions: 'notifyTextsFailed' },
              },
            },
            loaded: {},
            failed: {},
          },
        },
        modal: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'subscription.openTerms': { guard: 'editing', target: 'terms' },
                'subscription.openPrivacy': { guard: 'editing', target: 'privacy' },
              },
            },
            terms: textModal('termsAndConditions'),
            privacy: textModal('privacyPolicy'),
          },
        },
        submission: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'subscription.change': { actions: 'change' },
                'subscription.blur': { actions: 'touch' },
                'subscription.submit': [{ guard: 'isComplete', target: 'sending' }, { actions: 'touchAll' }],
              },
            },
            sending: {
              entry: ['clearError', 'spawnSend'],
              exit: 'stopSend',
              on: {
                'xstate.done.actor.send': { target: '#subscriptionRequest.sent', actions: 'assignSent' },
                'xstate.error.actor.send': { target: 'editing', actions: 'assignSendError' },
              },
            },
          },
        },
      },
    },
    sent: {},
  },
});

export type SubscriptionRequestActorRef = ActorRefFrom<typeof subscriptionRequestMachine>;
export type SubscriptionRequestSnapshot = SnapshotFrom<typeof subscriptionRequestMachine>;
