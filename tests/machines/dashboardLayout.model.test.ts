/**
 * Model-based tests of the arranged sensor dashboard: panels added, removed, moved, resized and changed,
 * each change remembered for the person (and only for them), and a damaged store read as no arrangement.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { dashboardLayoutMachine, layoutStorageKey, readLayout, type ChartPanel, type DashboardLayoutEvent } from '../../src/machines/flows/dashboardLayout';
import type { SensorSelection } from '../../src/machines/flows/sensorSelection';
import { PathCoverage, serializeBy } from './support/coverage';
import { stateChecks } from './support/modelChecks';

/** A Storage stand-in (the node project has no browser store). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

const CHART: SensorSelection = { sensorIds: ['s-1'], parameter: 'vibration', range: '24h' };
const EVENTS: DashboardLayoutEvent[] = [
  { type: 'layout.arrange' },
  { type: 'layout.done' },
  { type: 'layout.add', id: 'p-1' },
  { type: 'layout.add', id: 'p-2' },
  { type: 'layout.remove', id: 'p-1' },
  { type: 'layout.move', id: 'p-2', direction: 'up' },
  { type: 'layout.move', id: 'p-1', direction: 'down' },
  { type: 'layout.resize', id: 'p-1', size: 'full' },
  { type: 'layout.update', id: 'p-1', selection: CHART },
  { type: 'layout.update', id: 'p-unknown', selection: CHART },
  { type: 'layout.reset' },
];

const USER = 'u-admin';
const stored = (): ChartPanel[] => (JSON.parse(storage.getItem(layoutStorageKey(USER)) ?? '{"panels":[]}') as { panels: ChartPanel[] }).panels;

let actor: Actor<typeof dashboardLayoutMachine> | undefined;
afterEach(() => actor?.stop());

const model = createTestModel(dashboardLayoutMachine, { input: { userId: USER, panels: [] }, serializeState: serializeBy((c) => c.panels) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
const coverage = new PathCoverage();

describe('dashboard layout paths', () => {
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(5));
  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((step) => step.event.type).join(' → ')}`, async () => {
      const running = createActor(dashboardLayoutMachine, { input: { userId: USER } }).start();
      actor = running;
      const context = () => running.getSnapshot().context;
      const execute = ({ event }: { event: DashboardLayoutEvent }) => {
        const before = context().panels;
        running.send(event);
        const after = context().panels;
        if (event.type === 'layout.add') expect(after.at(-1)).toEqual({ id: event.id, size: 'half', selection: { sensorIds: [], parameter: null, range: '24h' } });
        if (event.type === 'layout.remove') expect(after).toHaveLength(before.length - 1);
        if (event.type === 'layout.move') expect(after.map((p) => p.id)).not.toEqual(before.map((p) => p.id));
        if (event.type === 'layout.update' && before.some((p) => p.id === event.id)) expect(after.find((p) => p.id === event.id)?.selection).toEqual(CHART);
        // Every change is in the store at once, under this person's key only.
        expect(stored()).toEqual(after);
        expect([...storage.items.keys()].every((key) => key === layoutStorageKey(USER))).toBe(true);
      };
      await path.test({
        states: stateChecks(() => running, {
          '#dashboardLayout.viewing': () => expect(stored()).toEqual(context().panels),
          '#dashboardLayout.arranging': () => expect(stored()).toEqual(context().panels),
        }),
        events: Object.fromEntries(EVENTS.map((e) => [e.type, execute])) as unknown as Parameters<typeof path.test>[0]['events'],
      });
      coverage.record(path);
    });
  });
});

describe('coverage of the dashboard layout flow', () => {
  it('visited every state', () => expect(coverage.missingStates(dashboardLayoutMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(dashboardLayoutMachine)).toEqual([]));
});

describe('the stored arrangement', () => {
  it('comes back at the next visit', () => {
    const first = createActor(dashboardLayoutMachine, { input: { userId: USER } }).start();
    first.send({ type: 'layout.add', id: 'p-1' });
    first.send({ type: 'layout.update', id: 'p-1', selection: CHART });
    first.stop();
    expect(createActor(dashboardLayoutMachine, { input: { userId: USER } }).getSnapshot().context.panels).toEqual([{ id: 'p-1', size: 'half', selection: CHART }]);
    expect(createActor(dashboardLayoutMachine, { input: { userId: 'u-other' } }).getSnapshot().context.panels).toEqual([]);
  });
  it('reads a damaged store as no arrangement, and a damaged field as its default', () => {
    storage.setItem(layoutStorageKey(USER), '{not json');
    expect(readLayout(USER)).toEqual([]);
    storage.setItem(layoutStorageKey(USER), JSON.stringify({ panels: [{ id: 'p-1', size: 'huge', selection: { sensorIds: 'x', parameter: 5, range: 'forever' } }] }));
    expect(readLayout(USER)).toEqual([{ id: 'p-1', size: 'half', selection: { sensorIds: [], parameter: null, range: '24h' } }]);
  });
});
