/**
 * The public subscriber details page (/public/subscriber-details, document 1 §2, §4, §5, §8): opening it
 * stores the link's token as the auth token and reads the request the link opens; a request already Accepted or On-Board
 * shows the success banner, any other shows the form. The terms and the privacy policy open in modals whose
 * Accept ticks the box and Decline clears it (both disabled with no text). Submit Request works only when
 * the form is valid, changed, and both texts are accepted; success replaces the form with the banner, a
 * failure shows the server's message (or "Unable to update") and keeps the form.
 *
 * The session spawns this actor when a /public/subscriber-details link opens (`subscriberDetailsInputOf`
 * reads the link) and stops it when the page is left. Pure where possible: the rules live in
 * subscriberDetailsRules.ts, the I/O in actors declared in setup, each in a request state (requestState.ts).
 */
import {
  assign,
  fromPromise,
  setup,
  spawnChild,
  stopChild,
  type ActorRefFrom,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { notify } from '../../api/notify';
import { subscriberFailure, subscriberNotice } from './subscriberNotices';
import { requestChildId, requestState } from '../requestState';
import { confirmRequest, fetchRequest, fetchTexts, type ConfirmBody, type SubscriptionRequestView, type Texts } from './subscriberDetailsCalls';
import {
  isSubscribed,
  validateSubscriber,
  type Acceptance,
  type SubscriberErrors,
  type SubscriberField,
  type SubscriberValues,
} from '../../contract/subscriberDetailsRules';
import type { SubscriberDetailsInput } from '../../contract/publicLinks';
import { PUBLIC_SUBSCRIBER_ENGLISH, type SayRule } from '../../contract/subscriberTexts';

/**
 * What the page tells the person, in the spec's English (src/contract/subscriberTexts.ts). A notice carries its
 * dictionary key too, so the notifier says it in the person's language; a server's message keeps the server's words.
 */
export const SUBSCRIBER_TEXTS = {
  updateFailed: PUBLIC_SUBSCRIBER_ENGLISH.notices.updateFailed,
  loadFailed: PUBLIC_SUBSCRIBER_ENGLISH.notices.loadFailed,
  submitted: PUBLIC_SUBSCRIBER_ENGLISH.notices.submitted,
  bannerTitle: PUBLIC_SUBSCRIBER_ENGLISH.bannerTitle,
  bannerText: PUBLIC_SUBSCRIBER_ENGLISH.bannerText,
  noData: PUBLIC_SUBSCRIBER_ENGLISH.noData,
};

/** Fields the person edits (the company name is read-only). */
export type EditableField = Exclude<SubscriberField, 'companyName'>;
export type TouchKey = SubscriberField | 'acceptance';

export interface SubscriberDetailsContext {
  token: string;
  requestId: string;
  values: SubscriberValues;
  initial: SubscriberValues;
  acceptance: Acceptance;
  touched: Partial<Record<TouchKey, boolean>>;
  texts: Texts;
  error: ErrorPayload | null;
}

export type SubscriberDetailsEvent =
  | { type: 'subscriber.retry' }
  | { type: 'subscriber.change'; field: EditableField; value: string }
  | { type: 'subscriber.blur'; field: EditableField }
  | { type: 'subscriber.openTerms' }
  | { type: 'subscriber.openPrivacy' }
  /** Accept or Decline in the open modal. */
  | { type: 'subscriber.accept' }
  | { type: 'subscriber.decline' }
  /** The modal's close button or Escape: nothing changes. */
  | { type: 'subscriber.closeModal' }
  | { type: 'subscriber.submit' }
  | DoneActorEvent<SubscriptionRequestView, 'request'>
  | ErrorActorEvent<unknown, 'request'>
  | DoneActorEvent<Texts, 'texts'>
  | ErrorActorEvent<unknown, 'texts'>
  | DoneActorEvent<SubscriptionRequestView, 'save'>
  | ErrorActorEvent<unknown, 'save'>;

const EMPTY: SubscriberValues = { companyName: '', gstNo: '', companyTeamSize: '', address: '' };

export function valuesOf(request: SubscriptionRequestView): SubscriberValues {
  return { companyName: request.companyName, gstNo: request.gstNo, companyTeamSize: String(request.companyTeamSize ?? ''), address: request.address };
}

/** The form's messages: in the spec's English, or in the person's language when the page gives its words (`say`). */
export function errorsOf(context: Pick<SubscriberDetailsContext, 'values' | 'acceptance'>, say?: SayRule): SubscriberErrors {
  return validateSubscriber(context.values, context.acceptance, say);
}

/** Changed from what the link opened (ticking a box is a change, as in any form). */
export function isDirty(context: Pick<SubscriberDetailsContext, 'values' | 'initial' | 'acceptance'>): boolean {
  const fields = Object.keys(context.values) as SubscriberField[];
  return fields.some((field) => context.values[field] !== context.initial[field]) || context.acceptance.termsAndConditions || context.acceptance.privacyPolicy;
}

/** Submit Request is enabled exactly when this holds (document 1 §4). */
export function canSubmit(context: Pick<SubscriberDetailsContext, 'values' | 'initial' | 'acceptance'>): boolean {
  return Object.keys(errorsOf(context)).length === 0 && isDirty(context);
}

const hasText = (text: Texts['terms']): boolean => text !== null && text.html.trim() !== '';

export function confirmBody(context: SubscriberDetailsContext): ConfirmBody {
  return {
    _id: context.requestId,
    companyName: context.values.companyName.trim(),
    gstNo: context.values.gstNo.trim(),
    companyTeamSize: Number(context.values.companyTeamSize.trim()),
    address: context.values.address.trim(),
    status: 'Accepted',
    termsAndConditions: context.texts.terms?._id ?? '',
    privacyPolicy: context.texts.privacy?._id ?? '',
  };
}

/** The modal of one text: Accept / Decline only with a text to accept; closing changes nothing. */
const textModal = (key: keyof Acceptance, text: 'terms' | 'privacy') =>
  ({
    on: {
      'subscriber.accept': { guard: text === 'terms' ? 'hasTermsText' : 'hasPrivacyText', target: 'closed', actions: { type: 'setAcceptance', params: { key, value: true } } },
      'subscriber.decline': { guard: text === 'terms' ? 'hasTermsText' : 'hasPrivacyText', target: 'closed', actions: { type: 'setAcceptance', params: { key, value: false } } },
      'subscriber.closeModal': 'closed',
    },
  }) as const;

export const subscriberDetailsMachine = setup({
  types: {
    context: {} as SubscriberDetailsContext,
    events: {} as SubscriberDetailsEvent,
    input: {} as SubscriberDetailsInput,
  },
  actors: {
    fetchRequest: fromPromise<SubscriptionRequestView, { token: string; requestId: string }>(({ input }) => fetchRequest(input)),
    fetchTexts: fromPromise<Texts>(() => fetchTexts()),
    confirmRequest: fromPromise<SubscriptionRequestView, ConfirmBody>(({ input }) => confirmRequest(input)),
  },
  guards: {
    alreadySubscribed: ({ event }) => event.type === 'xstate.done.actor.request' && isSubscribed(event.output.status),
    hasTermsText: ({ context }) => hasText(context.texts.terms),
    hasPrivacyText: ({ context }) => hasText(context.texts.privacy),
    canSubmit: ({ context }) => canSubmit(context),
  },
  actions: {
    stopRequest: stopChild(requestChildId),
    spawnRequest: spawnChild('fetchRequest', { id: 'request', input: ({ context }) => ({ token: context.token, requestId: context.requestId }) }),
    assignRequest: assign(({ event }) => {
      if (event.type !== 'xstate.done.actor.request') return {};
      const values = valuesOf(event.output);
      return { values, initial: values, error: null };
    }),
    assignLoadError: assign(({ event }) => (event.type === 'xstate.error.actor.request' ? { error: toErrorPayload(event.error) } : {})),
    spawnTexts: spawnChild('fetchTexts', { id: 'texts' }),
    assignTexts: assign(({ event }) => (event.type === 'xstate.done.actor.texts' ? { texts: event.output } : {})),
    notifyTextsFailed: ({ event }) => {
      if (event.type === 'xstate.error.actor.texts') notify(subscriberFailure(event.error, 'textsFailed'));
    },
    change: assign(({ context, event }) => (event.type === 'subscriber.change' ? { values: { ...context.values, [event.field]: event.value } } : {})),
    touch: assign(({ context, event }) => (event.type === 'subscriber.blur' ? { touched: { ...context.touched, [event.field]: true } } : {})),
    touchAll: assign({ touched: { companyName: true, gstNo: true, companyTeamSize: true, address: true, acceptance: true } }),
    setAcceptance: assign(({ context }, params: { key: keyof Acceptance; value: boolean }) => ({
      acceptance: { ...context.acceptance, [params.key]: params.value },
      touched: { ...context.touched, acceptance: true },
    })),
    spawnSave: spawnChild('confirmRequest', { id: 'save', input: ({ context }) => confirmBody(context) }),
    notifySubmitted: () => notify(subscriberNotice('submitted', 'green')),
    notifySaveFailed: ({ event }) => {
      if (event.type === 'xstate.error.actor.save') notify(subscriberFailure(event.error, 'updateFailed'));
    },
  },
}).createMachine({
  id: 'subscriberDetails',
  context: ({ input }) => ({
    token: input.token,
    requestId: input.requestId,
    values: EMPTY,
    initial: EMPTY,
    acceptance: { termsAndConditions: false, privacyPolicy: false },
    touched: {},
    texts: { terms: null, privacy: null },
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: requestState('request', 'spawnRequest', {
      done: [
        { guard: 'alreadySubscribed', target: 'subscribed', actions: 'assignRequest' },
        { target: 'form', actions: 'assignRequest' },
      ],
      error: { target: 'failed', actions: 'assignLoadError' },
    }),
    failed: {
      on: { 'subscriber.retry': 'loading' },
    },
    form: {
      type: 'parallel',
      states: {
        texts: {
          initial: 'loading',
          states: {
            loading: requestState('texts', 'spawnTexts', {
              done: { target: 'loaded', actions: 'assignTexts' },
              // The modals then show NO DATA FOUND with both buttons disabled.
              error: { target: 'failed', actions: 'notifyTextsFailed' },
            }),
            loaded: {},
            failed: {},
          },
        },
        modal: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'subscriber.openTerms': 'terms', 'subscriber.openPrivacy': 'privacy' },
            },
            terms: textModal('termsAndConditions', 'terms'),
            privacy: textModal('privacyPolicy', 'privacy'),
          },
        },
        submission: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'subscriber.change': { actions: 'change' },
                'subscriber.blur': { actions: 'touch' },
                'subscriber.submit': [{ guard: 'canSubmit', target: 'submitting' }, { actions: 'touchAll' }],
              },
            },
            submitting: requestState('save', 'spawnSave', {
              done: { target: '#subscriberDetails.subscribed', actions: 'notifySubmitted' },
              error: { target: 'editing', actions: 'notifySaveFailed' },
            }),
          },
        },
      },
    },
    subscribed: {},
  },
});

export type SubscriberDetailsActorRef = ActorRefFrom<typeof subscriberDetailsMachine>;
export type SubscriberDetailsSnapshot = SnapshotFrom<typeof subscriberDetailsMachine>;
