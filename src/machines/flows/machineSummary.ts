/**
 * dashboard-machine: one summary call (machines by type, status and location; plans due; breakdown
 * ranking), refreshed on demand or when the person widens or narrows the due window.
 *
 *   loading ──▶ loaded ── summary.refresh / summary.setWindow ──▶ loading
 *      └──────▶ failed ── summary.retry ──▶ loading
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchMachineSummary, type MachineSummary, type SummaryInput } from './machineDashboardCalls';

/** Windows the screen offers for "due for preventive maintenance", in days. */
export const DUE_WINDOWS = [7, 14, 30] as const;
/** Periods the breakdown ranking can cover, in months. */
export const BREAKDOWN_PERIODS = [3, 6, 12] as const;

export interface MachineSummaryContext {
  query: SummaryInput;
  summary: MachineSummary | null;
  error: ErrorPayload | null;
}

export type MachineSummaryEvent =
  | { type: 'summary.refresh' }
  | { type: 'summary.retry' }
  | { type: 'summary.setWindow'; dueWithinDays?: number; months?: number }
  | DoneActorEvent<MachineSummary, 'summary'>
  | ErrorActorEvent<unknown, 'summary'>;

export const machineSummaryMachine = setup({
  types: {
    context: {} as MachineSummaryContext,
    events: {} as MachineSummaryEvent,
    input: {} as { today: string },
  },
  actors: {
    fetchSummary: fromPromise<MachineSummary, SummaryInput>(({ input }) => fetchMachineSummary(input)),
  },
  guards: {
    offeredWindow: ({ event }) =>
      event.type === 'summary.setWindow' &&
      (event.dueWithinDays === undefined || (DUE_WINDOWS as readonly number[]).includes(event.dueWithinDays)) &&
      (event.months === undefined || (BREAKDOWN_PERIODS as readonly number[]).includes(event.months)),
  },
  actions: {
    spawnSummary: spawnChild('fetchSummary', { id: 'summary', input: ({ context }) => context.query }),
    stopSummary: stopChild('summary'),
    keepSummary: assign(({ event }) => (event.type === 'xstate.done.actor.summary' ? { summary: event.output, error: null } : {})),
    keepError: assign(({ event }) => (event.type === 'xstate.error.actor.summary' ? { error: toErrorPayload(event.error) } : {})),
    setWindow: assign(({ context, event }) =>
      event.type === 'summary.setWindow'
        ? { query: { ...context.query, dueWithinDays: event.dueWithinDays ?? context.query.dueWithinDays, months: event.months ?? context.query.months } }
        : {},
    ),
  },
}).createMachine({
  id: 'machineSummary',
  context: ({ input }) => ({ query: { today: input.today, dueWithinDays: 14, months: 12 }, summary: null, error: null }),
  initial: 'loading',
  on: {
    // The figures on screen stay while new ones load (the screen dims them), so nothing jumps.
    'summary.setWindow': { guard: 'offeredWindow', target: '.loading', actions: 'setWindow', reenter: true },
  },
  states: {
    loading: {
      entry: 'spawnSummary',
      exit: 'stopSummary',
      on: {
        'xstate.done.actor.summary': { target: 'loaded', actions: 'keepSummary' },
        'xstate.error.actor.summary': { target: 'failed', actions: 'keepError' },
      },
    },
    loaded: {
      on: { 'summary.refresh': { target: 'loading' } },
    },
    failed: {
      on: { 'summary.retry': { target: 'loading' } },
    },
  },
});

export type MachineSummaryActorRef = ActorRefFrom<typeof machineSummaryMachine>;
export type MachineSummarySnapshot = SnapshotFrom<typeof machineSummaryMachine>;
