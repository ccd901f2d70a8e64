/**
 * The model of the subscriber details page, shared by the actor test and the page test: fixtures, runs
 * (an input and the events each explores) and the graph's shortest paths through the machine.
 */
import { initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { canSubmit, errorsOf, subscriberDetailsMachine, type SubscriberDetailsContext, type SubscriberDetailsEvent } from '../../src/machines/flows/subscriberDetails';
import type { SubscriberDetailsInput } from '../../src/contract/publicLinks';
import type { SubscriptionRequestView, Texts } from '../../src/machines/flows/subscriberDetailsCalls';

export const TOKEN = 'subscriber-link-token';
export const REQUEST_ID = 'sr-1';
export const INPUT: SubscriberDetailsInput = { token: TOKEN, requestId: REQUEST_ID };

export const REQUEST: SubscriptionRequestView = {
  _id: REQUEST_ID,
  companyName: 'Nashik Precision Tools Pvt Ltd',
  gstNo: '27AAFCN7811D1ZS',
  companyTeamSize: 25,
  address: 'Satpur MIDC / Nashik / 422007 / India',
  status: 'Link Sent',
};
/** A request whose details are not valid yet (made by hand, before the rules): the form starts invalid. */
export const INCOMPLETE: SubscriptionRequestView = { ...REQUEST, gstNo: '27AAFCN7811D', address: '' };

export const TEXTS: Texts = {
  terms: { _id: 'terms-v2', html: '<h2>Terms &amp; Conditions</h2><p>Billed monthly per user.</p>' },
  privacy: { _id: 'privacy-v1', html: '<h2>Privacy Policy</h2><p>Data stays in India.</p>' },
};
export const NO_TEXTS: Texts = { terms: null, privacy: null };

export const VALID_GST = '27AAFCN7811D1ZS';
export const SERVER_REFUSED = new ApiError(400, { message: 'gstNo: GST Number is not valid' }, 'Request failed with status 400');
export const NO_ANSWER = new ApiError(0, null, 'Failed to fetch');
export const TEXTS_DOWN = new ApiError(500, { message: 'Database unavailable' }, 'Request failed with status 500');

const done = <T>(actorId: string, output: T) => ({ type: `xstate.done.actor.${actorId}`, output, actorId }) as unknown as SubscriberDetailsEvent;
const failed = (actorId: string, error: unknown) => ({ type: `xstate.error.actor.${actorId}`, error, actorId }) as unknown as SubscriberDetailsEvent;

export interface SubscriberRun {
  title: string;
  events: readonly SubscriberDetailsEvent[];
}

export const SUBSCRIBER_RUNS: readonly SubscriberRun[] = [
  {
    title: 'opening: the form, the banner for Accepted or On-Board, a failure and retry',
    events: [
      done('request', REQUEST),
      done('request', { ...REQUEST, status: 'Accepted' }),
      done('request', { ...REQUEST, status: 'On-Board' }),
      failed('request', new ApiError(410, { message: 'This link has expired. Please ask for a new one.' }, 'x')),
      { type: 'subscriber.retry' },
    ],
  },
  {
    title: 'terms and privacy: modals with Accept and Decline, NO DATA FOUND, load failure',
    events: [
      done('request', REQUEST),
      done('texts', TEXTS),
      done('texts', NO_TEXTS),
      failed('texts', TEXTS_DOWN),
      { type: 'subscriber.openTerms' },
      { type: 'subscriber.openPrivacy' },
      { type: 'subscriber.accept' },
      { type: 'subscriber.decline' },
      { type: 'subscriber.closeModal' },
    ],
  },
  {
    title: 'the form from invalid to submitted, and a refused submit',
    events: [
      done('request', INCOMPLETE),
      done('texts', TEXTS),
      { type: 'subscriber.change', field: 'gstNo', value: VALID_GST },
      { type: 'subscriber.change', field: 'companyTeamSize', value: 'twenty' },
      { type: 'subscriber.change', field: 'companyTeamSize', value: '30' },
      { type: 'subscriber.change', field: 'address', value: 'Satpur MIDC / Nashik / 422007 / India' },
      { type: 'subscriber.blur', field: 'gstNo' },
      { type: 'subscriber.openTerms' },
      { type: 'subscriber.openPrivacy' },
      { type: 'subscriber.accept' },
      { type: 'subscriber.submit' },
      done('save', { ...REQUEST, status: 'Accepted' }),
      failed('save', SERVER_REFUSED),
      failed('save', NO_ANSWER),
    ],
  },
];

type Snapshot = ReturnType<typeof subscriberDetailsMachine.transition>;

/** What distinguishes form states for the person: which fields are invalid, what is accepted, what shows. */
export const project = (context: SubscriberDetailsContext) => ({
  invalid: Object.keys(errorsOf(context)).sort(),
  acceptance: context.acceptance,
  touched: Object.keys(context.touched).length,
  texts: context.texts.terms !== null,
  submittable: canSubmit(context),
  failed: context.error !== null,
});

/**
 * Keeps the form's paths few without losing a state or an event: edits wait for the texts and a closed
 * modal and must change something; the texts are opened once the fields are valid (the order a person
 * follows top to bottom); a submit is tried with a closed modal.
 */
function sensible(snapshot: Snapshot, event: SubscriberDetailsEvent): boolean {
  const context = snapshot.context;
  const fieldsValid = Object.keys(errorsOf(context)).every((key) => key === 'acceptance');
  const modalClosed = snapshot.matches({ form: { modal: 'closed' } });
  const textsSettled = !snapshot.matches({ form: { texts: 'loading' } });
  switch (event.type) {
    case 'subscriber.change':
      return textsSettled && modalClosed && context.values[event.field] !== event.value;
    case 'subscriber.blur':
      return textsSettled && !context.touched[event.field];
    case 'subscriber.openTerms':
    case 'subscriber.openPrivacy':
      return textsSettled && (fieldsValid || context.texts.terms === null);
    case 'subscriber.submit':
      return modalClosed && textsSettled;
    default:
      return true;
  }
}

const LOOPS_BACK: readonly string[] = ['subscriber.closeModal', 'xstate.error.actor.save'];

export function subscriberPaths(run: SubscriberRun) {
  return getShortestPaths(subscriberDetailsMachine, {
    input: INPUT,
    events: [...run.events],
    // Unlike serializeBy, the arriving event is in the key only for events that lead back to a state already
    // seen (closing a modal, a refused save): every event is on a path, and the form's orderings stay few.
    serializeState: ((state: Snapshot, event: SubscriberDetailsEvent | undefined) =>
      JSON.stringify({ value: state.value, context: project(state.context), via: event && LOOPS_BACK.includes(event.type) ? event.type : null })) as never,
    filterEvents: (snapshot, event) => snapshot.can(event) && sensible(snapshot, event),
  });
}

/**
 * The path's steps with the snapshots this exact sequence of events produces. The graph keys states by a
 * projection, so the snapshot it keeps for a key may come from another path with other field values;
 * replaying the events with the pure transition function gives this path's own context.
 */
export function replay(path: ReturnType<typeof subscriberPaths>[number]) {
  let [snapshot] = initialTransition(subscriberDetailsMachine, INPUT);
  return path.steps.map((step) => {
    if ((step.event.type as string) !== 'xstate.init') [snapshot] = transition(subscriberDetailsMachine, snapshot, step.event);
    return { event: step.event, state: snapshot };
  });
}
