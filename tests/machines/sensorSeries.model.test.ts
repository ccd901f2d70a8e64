/**
 * Model-based tests of one sensor chart: the sensors to choose from (a shared link's hidden sensors
 * dropped), choices that complete the selection, ranges relative and fixed, the jump to a quiet sensor's
 * latest readings, and failures with retry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import type { ChartSensor, SeriesResult } from '../../src/machines/flows/sensorDashboardCalls';
import { PRESET_HOURS, type SensorSelection } from '../../src/machines/flows/sensorSelection';
import { sensorSeriesMachine, type SensorSeriesContext, type SensorSeriesEvent } from '../../src/machines/flows/sensorSeries';
import { PathCoverage, serializeBy } from './support/coverage';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { stateChecks } from './support/modelChecks';

const SENSORS: ChartSensor[] = [
  { _id: 's-1', imeiNo: '864211041234567', name: 'CP-01 motor DE bearing', status: 'Active', sampleIntervalSec: 1800, parameters: [{ name: 'vibration', unit: 'mm/s', max: 7.1 }, { name: 'temperature', unit: '°C', max: 85 }], lastReadingAt: '2026-03-10T10:00:00+05:30' },
  { _id: 's-2', imeiNo: '864211041234583', name: 'CP-01 discharge line', status: 'Active', sampleIntervalSec: 1800, parameters: [{ name: 'temperature', unit: '°C' }, { name: 'pressure', unit: 'bar' }] },
];
const RESULT: SeriesResult = {
  parameter: 'vibration',
  interval: '5m',
  from: '2026-03-10T04:00:00.000Z',
  to: '2026-03-10T10:00:00.000Z',
  series: [{ sensorInstanceId: 's-1', name: 'CP-01 motor DE bearing', imeiNo: '864211041234567', unit: 'mm/s', measures: true, band: { max: 7.1 }, points: [{ t: '2026-03-10T04:00:00.000Z', avg: 2.5, min: 2.1, max: 2.9, count: 2 }], stats: { min: 2.1, avg: 2.5, max: 2.9, count: 2 } }],
};

const EVENTS: SensorSeriesEvent[] = [
  { type: 'series.select', selection: { sensorIds: ['s-1'] } },
  { type: 'series.select', selection: { sensorIds: ['s-2'] } },
  { type: 'series.select', selection: { range: '7d' } },
  { type: 'series.select', selection: { range: 'custom', from: '2026-03-09T00:00:00+05:30', to: '2026-03-10T00:00:00+05:30' } },
  // More than eight sensors on one chart are refused.
  { type: 'series.select', selection: { sensorIds: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] } },
  { type: 'series.jumpToLatest' },
  { type: 'series.refresh' },
  { type: 'series.retry' },
  { type: 'xstate.done.actor.sensors', output: SENSORS, actorId: 'sensors' },
  { type: 'xstate.error.actor.sensors', error: new ApiError(500, null, 'Request failed with status 500'), actorId: 'sensors' },
  { type: 'xstate.done.actor.series', output: RESULT, actorId: 'series' },
  { type: 'xstate.error.actor.series', error: new ApiError(400, { message: 'to: The range is at most 90 days' }, 'x'), actorId: 'series' },
];

const project = (c: SensorSeriesContext) => ({ ...c, sensors: c.sensors.length, error: c.error?.message ?? null, result: c.result ? 'result' : null });

interface Harness {
  actor: Actor<typeof sensorSeriesMachine>;
  requests: DeferredRequests;
  announced: SensorSelection[];
}

function start(selection?: SensorSelection): Harness {
  const requests = createDeferredRequests();
  const announced: SensorSelection[] = [];
  const machine = sensorSeriesMachine.provide({
    actors: { fetchSensors: requests.actor('sensors'), fetchSeries: requests.actor('series') },
    actions: { announceSelection: ({ context }) => void announced.push(context.selection) },
  });
  return { actor: createActor(machine, { input: { selection } }).start(), requests, announced };
}

function checks({ actor, requests }: Harness) {
  const context = () => actor.getSnapshot().context;
  const running = (id: string) => Boolean((actor.getSnapshot().children as Record<string, unknown>)[id]);
  return stateChecks(() => actor, {
    '#sensorSeries.loadingSensors': () => expect(running('sensors')).toBe(true),
    '#sensorSeries.sensorsFailed': () => expect(context().error?.status).toBe(500),
    '#sensorSeries.ready.incomplete': () => {
      expect(running('series')).toBe(false);
      const { sensorIds, parameter } = context().selection;
      expect(sensorIds.length === 0 || parameter === null).toBe(true);
    },
    '#sensorSeries.ready.loading': () => {
      const { selection } = context();
      const input = requests.inputOf('series') as { sensorInstanceIds: string[]; parameter: string; from: string; to: string };
      expect(input).toMatchObject({ sensorInstanceIds: selection.sensorIds, parameter: selection.parameter });
      // The chosen sensors measure the parameter asked for.
      expect(SENSORS.filter((s) => selection.sensorIds.includes(s._id)).some((s) => s.parameters.some((p) => p.name === selection.parameter))).toBe(true);
      const span = Date.parse(input.to) - Date.parse(input.from);
      if (selection.range === 'custom') expect(span).toBe(Date.parse(selection.to ?? '') - Date.parse(selection.from ?? ''));
      else expect(span).toBe(PRESET_HOURS[selection.range] * 3_600_000);
    },
    '#sensorSeries.ready.loaded': () => expect(context().result).toEqual(RESULT),
    '#sensorSeries.ready.failed': () => {
      expect(context().result).toBeNull();
      expect(context().error?.message).toBe('to: The range is at most 90 days');
    },
  }, project);
}

function executors({ actor, requests, announced }: Harness) {
  const send = ({ event }: { event: SensorSeriesEvent }) => actor.send(event);
  const settle = (id: string) => ({ event }: { event: SensorSeriesEvent }) =>
    'error' in event ? requests.reject(id, event.error) : requests.resolve(id, 'output' in event ? event.output : undefined);
  const announcing = ({ event }: { event: SensorSeriesEvent }) => {
    const before = announced.length;
    actor.send(event);
    expect(announced.length).toBe(before + 1);
    expect(announced.at(-1)).toEqual(actor.getSnapshot().context.selection);
  };
  return {
    'series.select': announcing,
    'series.jumpToLatest': ({ event }: { event: SensorSeriesEvent }) => {
      announcing({ event });
      // The span stays, ending at the newest reading of the chosen sensors.
      expect(actor.getSnapshot().context.selection).toMatchObject({ range: 'custom', to: new Date('2026-03-10T10:00:00+05:30').toISOString() });
    },
    'series.refresh': send,
    'series.retry': send,
    'xstate.done.actor.sensors': settle('sensors'),
    'xstate.error.actor.sensors': settle('sensors'),
    'xstate.done.actor.series': settle('series'),
    'xstate.error.actor.series': settle('series'),
  };
}

const INPUTS: Array<[string, SensorSelection | undefined]> = [
  ['an empty chart', undefined],
  ['a shared link naming a hidden sensor', { sensorIds: ['s-1', 's-hidden'], parameter: 'temperature', range: '6h' }],
];

const coverage = new PathCoverage();
let current: Harness | undefined;
afterEach(() => current?.actor.stop());

describe.each(INPUTS)('sensor chart paths for %s', (_name, selection) => {
  const model = createTestModel(sensorSeriesMachine, { input: { selection }, serializeState: serializeBy(project) });
  const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(4));
  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      current = start(selection);
      await path.test({ states: checks(current), events: executors(current) as unknown as Parameters<typeof path.test>[0]['events'] });
      coverage.record(path);
    });
  });
});

describe('coverage of the sensor chart flow', () => {
  it('visited every state', () => expect(coverage.missingStates(sensorSeriesMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(sensorSeriesMachine)).toEqual([]));
  it("drops a link's hidden sensors and counts them", async () => {
    const harness = start({ sensorIds: ['s-1', 's-hidden'], parameter: 'temperature', range: '6h' });
    await harness.requests.resolve('sensors', SENSORS);
    expect(harness.actor.getSnapshot().context).toMatchObject({ droppedSensors: 1, selection: { sensorIds: ['s-1'], parameter: 'temperature' } });
    harness.actor.stop();
  });
  it('takes the first parameter the chosen sensors measure', async () => {
    const harness = start();
    await harness.requests.resolve('sensors', SENSORS);
    harness.actor.send({ type: 'series.select', selection: { sensorIds: ['s-2'] } });
    expect(harness.actor.getSnapshot().context.selection.parameter).toBe('temperature');
    harness.actor.send({ type: 'series.select', selection: { parameter: 'pressure' } });
    harness.actor.send({ type: 'series.select', selection: { sensorIds: ['s-1'] } });
    expect(harness.actor.getSnapshot().context.selection.parameter).toBe('vibration');
    harness.actor.stop();
  });
});
