/** Model-based tests of the machine dashboard's summary flow: load, refresh, window changes, failure and retry. */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import type { MachineSummary } from '../../src/machines/flows/machineDashboardCalls';
import { machineSummaryMachine, type MachineSummaryContext, type MachineSummaryEvent } from '../../src/machines/flows/machineSummary';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { stateChecks } from './support/modelChecks';

const TODAY = '2026-03-10';
const SUMMARY: MachineSummary = {
  totals: { machines: 2, overdue: 1, openBreakdowns: 1 },
  byType: [{ key: 'mt-1', label: 'Screw Compressor EG-37', count: 2 }],
  byStatus: [{ key: 'Running', label: 'Running', count: 1 }, { key: 'Breakdown', label: 'Breakdown', count: 1 }],
  byLocation: [{ key: 'a-1', label: 'Compressor House · Chakan Plant 1', count: 2 }],
  maintenanceDue: [{ _id: 'pm-1', alternateId: 'PM-2026-000001', title: 'CP-02 service', machineInstanceId: 'mi-2', machineName: 'Compressor CP-02', nextDueDate: '2026-03-08', status: 'Overdue', daysLeft: -2 }],
  topBreakdowns: [{ machineInstanceId: 'mi-2', machineName: 'Compressor CP-02', alternateId: 'MI-2026-000002', tickets: 3, open: 1 }],
  today: TODAY,
  dueWithinDays: 14,
  months: 12,
};

const EVENTS: MachineSummaryEvent[] = [
  { type: 'summary.refresh' },
  { type: 'summary.retry' },
  { type: 'summary.setWindow', dueWithinDays: 30 },
  { type: 'summary.setWindow', months: 3 },
  // Windows the screen does not offer are refused.
  { type: 'summary.setWindow', dueWithinDays: 365 },
  { type: 'xstate.done.actor.summary', output: SUMMARY, actorId: 'summary' },
  { type: 'xstate.error.actor.summary', error: new ApiError(500, null, 'Request failed with status 500'), actorId: 'summary' },
];

const project = (c: MachineSummaryContext) => ({ ...c, error: c.error?.status ?? null });

interface Harness {
  actor: Actor<typeof machineSummaryMachine>;
  requests: DeferredRequests;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const machine = machineSummaryMachine.provide({ actors: { fetchSummary: requests.actor('summary') } });
  return { actor: createActor(machine, { input: { today: TODAY } }).start(), requests };
}

function checks({ actor, requests }: Harness) {
  const context = () => actor.getSnapshot().context;
  const running = () => Boolean((actor.getSnapshot().children as Record<string, unknown>).summary);
  return stateChecks(() => actor, {
    '#machineSummary.loading': () => {
      expect(running()).toBe(true);
      expect(requests.inputOf('summary')).toEqual(context().query);
      expect(context().query.today).toBe(TODAY);
    },
    '#machineSummary.loaded': () => {
      expect(running()).toBe(false);
      expect(context().summary).toEqual(SUMMARY);
    },
    '#machineSummary.failed': () => {
      expect(running()).toBe(false);
      expect(context().error?.status).toBe(500);
    },
  }, project);
}

function executors({ actor, requests }: Harness) {
  const send = ({ event }: { event: MachineSummaryEvent }) => actor.send(event);
  const settle = ({ event }: { event: MachineSummaryEvent }) =>
    'error' in event ? requests.reject('summary', event.error) : requests.resolve('summary', 'output' in event ? event.output : undefined);
  return {
    'summary.refresh': send,
    'summary.retry': send,
    'summary.setWindow': ({ event }: { event: MachineSummaryEvent }) => {
      const before = requests.started('summary');
      actor.send(event);
      // A new window always asks again, even while an answer is awaited.
      expect(requests.started('summary')).toBe(before + 1);
    },
    'xstate.done.actor.summary': settle,
    'xstate.error.actor.summary': settle,
  };
}

const model = createTestModel(machineSummaryMachine, { input: { today: TODAY }, serializeState: serializeBy(project) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
let current: Harness | undefined;
afterEach(() => current?.actor.stop());

replayModelPaths('machine summary', machineSummaryMachine, paths, 3, async (path) => {
    current = start();
    await path.test({ states: checks(current), events: executors(current) as unknown as Parameters<typeof path.test>[0]['events'] });
});
