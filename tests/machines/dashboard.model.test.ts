/**
 * Model-based tests of the dashboard machine (src/machines/flows/dashboard.ts): the first load, its
 * failure and retry, refreshes that keep the figures on screen (also when they fail), a period change from
 * every state, and the visible-page ticker that runs only while the figures are shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type Actor, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { createDashboardMachine, type DashboardEvent } from '../../src/machines/flows/dashboard';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';

interface Figures {
  open: number;
}

const machine = createDashboardMachine<Figures>(() => Promise.reject(new Error('replaced in every test')));
const INPUT = { days: 30, refreshEveryMs: 60_000 };

const EVENTS: Array<DashboardEvent<Figures>> = [
  { type: 'xstate.done.actor.request', output: { open: 7 }, actorId: 'request' },
  { type: 'xstate.done.actor.request', output: { open: 9 }, actorId: 'request' },
  { type: 'xstate.error.actor.request', error: new ApiError(500, { message: 'Database unavailable' }, 'x'), actorId: 'request' },
  { type: 'xstate.error.actor.request', error: new Error('Request timed out'), actorId: 'request' },
  { type: 'dashboard.refresh' },
  { type: 'dashboard.retry' },
  { type: 'dashboard.setPeriod', days: 90 },
];

const model = createTestModel(machine, {
  input: INPUT,
  serializeState: serializeBy((c) => ({ days: c.days, data: c.data, error: c.error?.message ?? null, refreshError: c.refreshError?.message ?? null })),
});
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });

interface Harness {
  actor: Actor<typeof machine>;
  requests: DeferredRequests;
  /** Inputs of the tickers currently running. */
  tickers: Set<{ everyMs: number }>;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const tickers = new Set<{ everyMs: number }>();
  const ticker = fromCallback<EventObject, { everyMs: number }>(({ input }) => {
    tickers.add(input);
    return () => tickers.delete(input);
  });
  const logic = machine.provide({ actors: { load: requests.actor('request'), ticker } });
  return { actor: createActor(logic, { input: INPUT }).start(), requests, tickers };
}

type Snapshot = ReturnType<Harness['actor']['getSnapshot']>;

function states({ actor, requests, tickers }: Harness) {
  const context = () => actor.getSnapshot().context;
  const checks: Record<string, () => void> = {
    '#dashboard.loading': () => {
      expect(requests.inputOf('request')).toEqual({ days: context().days });
      expect(context().data).toBeNull();
      expect(tickers.size).toBe(0);
    },
    '#dashboard.ready': () => {
      expect(requests.has('request')).toBe(false);
      expect(context().data).not.toBeNull();
      expect([...tickers]).toEqual([{ everyMs: INPUT.refreshEveryMs }]);
    },
    '#dashboard.refreshing': () => {
      expect(requests.inputOf('request')).toEqual({ days: context().days });
      // The figures stay on screen while new ones load.
      expect(context().data).not.toBeNull();
      expect(tickers.size).toBe(0);
    },
    '#dashboard.failed': () => {
      expect(requests.has('request')).toBe(false);
      expect(context().data).toBeNull();
      expect(context().error?.message).toMatch(/Database unavailable|Request timed out/);
      expect(tickers.size).toBe(0);
    },
  };
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (modelState: Snapshot) => {
        expect(actor.getSnapshot().value).toEqual(modelState.value);
        expect(actor.getSnapshot().context).toEqual(modelState.context);
        check();
      },
    ]),
  );
}

function events({ actor, requests }: Harness) {
  return {
    'xstate.done.actor.request': async ({ event }: { event: DashboardEvent<Figures> }) => {
      await requests.resolve('request', 'output' in event ? event.output : undefined);
      expect(actor.getSnapshot().context).toMatchObject({ data: 'output' in event ? event.output : null, error: null, refreshError: null });
    },
    'xstate.error.actor.request': async ({ event }: { event: DashboardEvent<Figures> }) => {
      const hadData = actor.getSnapshot().context.data;
      await requests.reject('request', 'error' in event ? event.error : undefined);
      const message = (event as { error: Error }).error.message;
      const { data, error, refreshError } = actor.getSnapshot().context;
      // A failed refresh keeps the figures and reports itself apart from a failed first load.
      if (hadData) expect({ data, refreshError: refreshError?.message }).toEqual({ data: hadData, refreshError: message });
      else expect({ data, error: error?.message }).toEqual({ data: null, error: message });
    },
    'dashboard.refresh': ({ event }: { event: DashboardEvent<Figures> }) => actor.send(event),
    'dashboard.retry': ({ event }: { event: DashboardEvent<Figures> }) => {
      actor.send(event);
      expect(actor.getSnapshot().context.error).toBeNull();
    },
    'dashboard.setPeriod': ({ event }: { event: DashboardEvent<Figures> }) => {
      actor.send(event);
      expect(requests.inputOf('request')).toEqual({ days: 90 });
    },
  };
}

let current: Harness | undefined;
afterEach(() => current?.actor.stop());

replayModelPaths('dashboard', machine, paths, 6, async (path) => {
  current = start();
  await path.test({
    states: states(current),
    events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
  });
});

describe('the visible-page ticker', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes a shown dashboard on its period while the page is visible, not while hidden', async () => {
    vi.useFakeTimers();
    const page = { visibilityState: 'visible' };
    vi.stubGlobal('document', page);
    let loads = 0;
    const logic = createDashboardMachine(async () => ({ load: ++loads }));
    const actor = createActor(logic, { input: { refreshEveryMs: 1000 } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(loads).toBe(2);
    expect(actor.getSnapshot().context.data).toEqual({ load: 2 });
    page.visibilityState = 'hidden';
    await vi.advanceTimersByTimeAsync(5000);
    expect(loads).toBe(2);
    actor.stop();
  });

  it('never refreshes by itself when no period is set', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { visibilityState: 'visible' });
    let loads = 0;
    const actor = createActor(createDashboardMachine(async () => ++loads), { input: {} }).start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(loads).toBe(1);
    actor.send({ type: 'dashboard.refresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toBe(2);
    actor.stop();
  });
});
