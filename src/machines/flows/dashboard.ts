/**
 * One dashboard's figures: load them, show them, refresh them. Every dashboard screen runs one actor of a
 * machine made by `createDashboardMachine(load)`, where `load` fetches that dashboard's answer.
 *
 *   loading ──done──▶ ready ──refresh──▶ refreshing ──done──▶ ready
 *      │  ◀──retry── failed                  └──error──▶ ready (figures kept, refreshError set)
 *      └──error──▶ failed
 *
 * - A failed first load has nothing to show: `failed` holds the error until the person retries.
 * - A failed refresh keeps the figures on screen and says the refresh failed (`refreshError`): a manager
 *   glancing at the wall screen should not lose the numbers because one refresh timed out.
 * - `dashboard.setPeriod` changes the period (days) of dashboards that have one and reloads, keeping
 *   the current figures on screen while the new ones come.
 * - While `ready`, a ticker child sends `dashboard.refresh` every `refreshEveryMs` while the page is
 *   visible (0 turns it off), so a dashboard left open stays current without hammering the server from
 *   hidden tabs.
 *
 * Requests and the ticker are spawned children (no invoke, no delayed transitions), so the machine stays
 * pure for model-based tests, which replace both through `provide`.
 */
import { assign, fromCallback, fromPromise, setup, spawnChild, stopChild, type DoneActorEvent, type ErrorActorEvent, type EventObject } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';

/** What a load receives: the period in days for dashboards that have one. */
export interface DashboardLoadInput {
  days: number | null;
}

export interface DashboardInput {
  days?: number;
  /** Periodic refresh while visible, in ms; 0 or absent: only on request. */
  refreshEveryMs?: number;
}

export interface DashboardContext<T> {
  days: number | null;
  refreshEveryMs: number;
  data: T | null;
  error: ErrorPayload | null;
  refreshError: ErrorPayload | null;
}

export type DashboardEvent<T> =
  | { type: 'dashboard.refresh' }
  | { type: 'dashboard.retry' }
  | { type: 'dashboard.setPeriod'; days: number }
  | DoneActorEvent<T, 'request'>
  | ErrorActorEvent<unknown, 'request'>;

/** Default refresh period of dashboards left open: five minutes. */
export const DASHBOARD_REFRESH_MS = 5 * 60_000;

/** Sends `dashboard.refresh` every `everyMs` while the document is visible; stops with its parent state. */
export const visibleRefreshTicker = fromCallback<EventObject, { everyMs: number }>(({ sendBack, input }) => {
  if (!(input.everyMs > 0)) return () => undefined;
  const timer = setInterval(() => {
    if (globalThis.document?.visibilityState !== 'hidden') sendBack({ type: 'dashboard.refresh' });
  }, input.everyMs);
  return () => clearInterval(timer);
});

export function createDashboardMachine<T>(load: (input: DashboardLoadInput) => Promise<T>) {
  return setup({
    types: {
      context: {} as DashboardContext<T>,
      events: {} as DashboardEvent<T>,
      input: {} as DashboardInput,
    },
    actors: {
      load: fromPromise<T, DashboardLoadInput>(({ input }) => load(input)),
      ticker: visibleRefreshTicker,
    },
    actions: {
      spawnRequest: spawnChild('load', { id: 'request', input: ({ context }) => ({ days: context.days }) }),
      stopRequest: stopChild('request'),
      startTicker: spawnChild('ticker', { id: 'ticker', input: ({ context }) => ({ everyMs: context.refreshEveryMs }) }),
      stopTicker: stopChild('ticker'),
      storeData: assign(({ event }) => (event.type === 'xstate.done.actor.request' ? { data: event.output, error: null, refreshError: null } : {})),
      storeError: assign(({ event }) => (event.type === 'xstate.error.actor.request' ? { data: null, error: toErrorPayload(event.error) } : {})),
      storeRefreshError: assign(({ event }) => (event.type === 'xstate.error.actor.request' ? { refreshError: toErrorPayload(event.error) } : {})),
      clearError: assign({ error: null }),
      setPeriod: assign(({ event, context }) => ({ days: event.type === 'dashboard.setPeriod' ? event.days : context.days })),
    },
    guards: {
      hasData: ({ context }) => context.data !== null,
    },
  }).createMachine({
    id: 'dashboard',
    context: ({ input }) => ({ days: input.days ?? null, refreshEveryMs: input.refreshEveryMs ?? 0, data: null, error: null, refreshError: null }),
    initial: 'loading',
    on: {
      // A new period reloads from any state; figures already shown stay until the new ones arrive.
      'dashboard.setPeriod': [
        { guard: 'hasData', target: '.refreshing', reenter: true, actions: 'setPeriod' },
        { target: '.loading', reenter: true, actions: ['setPeriod', 'clearError'] },
      ],
    },
    states: {
      loading: {
        entry: 'spawnRequest',
        exit: 'stopRequest',
        on: {
          'xstate.done.actor.request': { target: 'ready', actions: 'storeData' },
          'xstate.error.actor.request': { target: 'failed', actions: 'storeError' },
        },
      },
      ready: {
        entry: 'startTicker',
        exit: 'stopTicker',
        on: { 'dashboard.refresh': 'refreshing' },
      },
      refreshing: {
        entry: 'spawnRequest',
        exit: 'stopRequest',
        on: {
          'xstate.done.actor.request': { target: 'ready', actions: 'storeData' },
          'xstate.error.actor.request': { target: 'ready', actions: 'storeRefreshError' },
        },
      },
      failed: {
        on: { 'dashboard.retry': { target: 'loading', actions: 'clearError' } },
      },
    },
  });
}

export type DashboardMachine<T> = ReturnType<typeof createDashboardMachine<T>>;
