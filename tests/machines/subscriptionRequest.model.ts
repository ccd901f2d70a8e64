/**
 * The model of the sign-up page (/auth/subscription-request), shared by the actor test and the page test:
 * fixtures, runs (the events each explores and which of them a person would try where) and the graph's
 * shortest paths through the machine.
 */
import { initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { errorsOf, subscriptionRequestMachine, type SubscriptionRequestContext, type SubscriptionRequestEvent } from '../../src/machines/flows/subscriptionRequest';
import type { Texts } from '../../src/machines/flows/subscriberDetailsCalls';
import { type SubscriberField, type SubscriberValues } from '../../src/contract/subscriberDetailsRules';

export const TEXTS: Texts = {
  terms: { _id: 'terms-v3', html: '<h2>Terms &amp; Conditions</h2><p>Billed monthly per user.</p>' },
  privacy: { _id: 'privacy-v2', html: '<h2>Privacy Policy</h2><p>Data stays in India.</p>' },
};
export const TERMS_WORDS = 'Billed monthly per user.';
export const PRIVACY_WORDS = 'Data stays in India.';
export const NO_TEXTS: Texts = { terms: null, privacy: null };

export const COMPANY: SubscriberValues = {
  companyName: 'Kalyani Forge Components',
  gstNo: '27AAACD1234F1Z5',
  address: 'Pune / Maharashtra / 411018 / India',
  companyTeamSize: '25',
};
export const BAD_GST = '27AAACD1234F1Z';
export const BAD_TEAM_SIZE = 'twenty';

/** The server's reply to a sign-up: the request as created, without a message of its own. */
export const CREATED = { _id: 'sr-9', companyName: COMPANY.companyName, gstNo: COMPANY.gstNo, companyTeamSize: 25, address: COMPANY.address, status: 'Pending' };
export const CREATED_WITH_MESSAGE = { ...CREATED, message: 'Thank you! We will reach out within two working days.' };
export const DUPLICATE = new ApiError(409, { message: 'A request for this GST Number already exists', code: 11000 }, 'Request failed with status 409');
export const NO_ANSWER = new ApiError(0, null, 'Failed to fetch');
export const TEXTS_DOWN = new ApiError(500, { message: 'Database unavailable' }, 'Request failed with status 500');

export const done = <T>(actorId: string, output: T) => ({ type: `xstate.done.actor.${actorId}`, output, actorId }) as unknown as SubscriptionRequestEvent;
export const failed = (actorId: string, error: unknown) => ({ type: `xstate.error.actor.${actorId}`, error, actorId }) as unknown as SubscriptionRequestEvent;
const change = (field: SubscriberField, value: string): SubscriptionRequestEvent => ({ type: 'subscription.change', field, value });

type Snapshot = ReturnType<typeof subscriptionRequestMachine.transition>;

export interface SubscriptionRun {
  title: string;
  events: readonly SubscriptionRequestEvent[];
  /** Which of the events a person would try in a snapshot (beyond what the machine accepts). */
  sensible(snapshot: Snapshot, event: SubscriptionRequestEvent): boolean;
}

const textsSettled = (snapshot: Snapshot) => !snapshot.matches({ form: { texts: 'loading' } });
const modalClosed = (snapshot: Snapshot) => snapshot.matches({ form: { modal: 'closed' } });
const fieldsValid = (context: SubscriptionRequestContext) => Object.keys(errorsOf(context)).every((key) => key === 'acceptance');

/** The form's order top to bottom; a person fills a field once the ones above it are right. */
const FORM_ORDER: readonly SubscriberField[] = ['companyName', 'gstNo', 'address', 'companyTeamSize'];
const aboveAreValid = (context: SubscriptionRequestContext, field: SubscriberField) => {
  const errors = errorsOf(context);
  return FORM_ORDER.slice(0, FORM_ORDER.indexOf(field)).every((above) => errors[above] === undefined);
};

export const SUBSCRIPTION_RUNS: readonly SubscriptionRun[] = [
  {
    title: 'terms and privacy: modals with Accept and Decline, NO DATA FOUND, a load failure',
    events: [
      done('texts', TEXTS),
      done('texts', NO_TEXTS),
      failed('texts', TEXTS_DOWN),
      { type: 'subscription.openTerms' },
      { type: 'subscription.openPrivacy' },
      { type: 'subscription.accept' },
      { type: 'subscription.decline' },
      { type: 'subscription.closeModal' },
    ],
    // Opening a text before it arrived is the next run's business (NO DATA FOUND until it does).
    sensible: (snapshot, event) => (event.type === 'subscription.openTerms' || event.type === 'subscription.openPrivacy' ? textsSettled(snapshot) : true),
  },
  {
    title: 'a text opened before it arrives',
    events: [{ type: 'subscription.openTerms' }, done('texts', TEXTS), { type: 'subscription.accept' }],
    sensible: () => true,
  },
  {
    title: 'the form from empty to sent: messages, a refused send and its retry',
    events: [
      done('texts', TEXTS),
      change('companyName', COMPANY.companyName),
      change('gstNo', BAD_GST),
      change('gstNo', COMPANY.gstNo),
      change('address', COMPANY.address),
      change('companyTeamSize', BAD_TEAM_SIZE),
      change('companyTeamSize', COMPANY.companyTeamSize),
      { type: 'subscription.blur', field: 'companyName' },
      { type: 'subscription.openTerms' },
      { type: 'subscription.openPrivacy' },
      { type: 'subscription.accept' },
      { type: 'subscription.submit' },
      done('send', CREATED),
      done('send', CREATED_WITH_MESSAGE),
      failed('send', DUPLICATE),
      failed('send', NO_ANSWER),
    ],
    sensible: (snapshot, event) => {
      const context = snapshot.context;
      // After a refused send the person tries again (what else they could do is explored before it).
      if (context.error !== null && !event.type.startsWith('xstate.')) return event.type === 'subscription.submit';
      switch (event.type) {
        // The fields are filled (and mended) before the texts are read; the modal run explores the boxes.
        case 'subscription.change':
          return (
            textsSettled(snapshot) &&
            modalClosed(snapshot) &&
            !context.acceptance.termsAndConditions &&
            !context.acceptance.privacyPolicy &&
            context.values[event.field] !== event.value &&
            aboveAreValid(context, event.field)
          );
        case 'subscription.blur':
          return textsSettled(snapshot) && !context.touched[event.field];
        case 'subscription.openTerms':
        case 'subscription.openPrivacy':
          return textsSettled(snapshot) && fieldsValid(context);
        case 'subscription.submit':
          return textsSettled(snapshot) && modalClosed(snapshot);
        default:
          return true;
      }
    },
  },
];

/**
 * What distinguishes two snapshots for the person: the form's messages, which of them show (a message shows
 * once its field is touched), what is accepted, and the outcome. Two snapshots that look the same
 * are one state, whatever was touched on the way.
 */
export const project = (context: SubscriptionRequestContext) => {
  const errors = errorsOf(context);
  return {
    messages: errors,
    shown: Object.keys(errors)
      .filter((key) => context.touched[key as keyof typeof context.touched])
      .sort(),
    acceptance: context.acceptance,
    texts: context.texts.terms !== null,
    error: context.error ? (context.error.message ?? 'default') : null,
    message: context.message,
  };
};

/** Events that lead back to a state already seen keep their name in the key, so each is on some path. */
const LOOPS_BACK: readonly string[] = ['subscription.closeModal', 'xstate.error.actor.send'];

export function subscriptionPaths(run: SubscriptionRun) {
  return getShortestPaths(subscriptionRequestMachine, {
    events: [...run.events],
    serializeState: ((state: Snapshot, event: SubscriptionRequestEvent | undefined) =>
      JSON.stringify({ value: state.value, context: project(state.context), via: event && LOOPS_BACK.includes(event.type) ? event.type : null })) as never,
    filterEvents: (snapshot, event) => snapshot.can(event) && run.sensible(snapshot, event),
  });
}

/**
 * The path's steps with the snapshots this exact sequence of events produces (the graph keys states by a
 * projection, so the snapshot it keeps for a key may come from another path with other values).
 */
export function replay(path: ReturnType<typeof subscriptionPaths>[number]) {
  let [snapshot] = initialTransition(subscriptionRequestMachine);
  return path.steps.map((step) => {
    if ((step.event.type as string) !== 'xstate.init') [snapshot] = transition(subscriptionRequestMachine, snapshot, step.event);
    return { event: step.event, state: snapshot };
  });
}

export const atomicIds = (state: { _nodes: ReadonlyArray<{ type: string; id: string }> }): string[] =>
  state._nodes.filter((node) => node.type === 'atomic').map((node) => node.id);

/** A readable test name: event types with the payload that tells them apart. */
export function describePath(events: readonly SubscriptionRequestEvent[]): string {
  return events
    .map((event) => {
      const e = event as { type: string; field?: string; value?: string; output?: { message?: string; terms?: unknown }; error?: { status?: number } };
      const detail = e.field
        ? `${e.field}${e.value !== undefined ? `=${JSON.stringify(e.value)}` : ''}`
        : e.output && 'terms' in e.output
          ? e.output.terms
            ? 'texts'
            : 'none'
          : e.output
            ? (e.output.message ? 'message' : 'created')
            : e.error
              ? String(e.error.status)
              : '';
      return `${e.type.replace('xstate.', '').replace('subscription.', '')}${detail ? `(${detail})` : ''}`;
    })
    .join(' → ');
}
