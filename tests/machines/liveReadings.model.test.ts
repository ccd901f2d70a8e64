/**
 * Model-based tests of the live readings flow: the snapshot, the socket and the clock while live, new
 * readings queued from `record.changed` and fetched together, failures that keep the screen listening.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { applyReading, freshnessOf, liveReadingsMachine, type LiveReadingsContext, type LiveReadingsEvent } from '../../src/machines/flows/liveReadings';
import type { LiveSensor, LiveSnapshot, Reading } from '../../src/machines/flows/sensorDashboardCalls';
import type { SocketInput } from '../../src/machines/session';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { stateChecks } from './support/modelChecks';

const SOCKET: SocketInput = { token: 'token-admin', subscriberId: 'sub-demo' };
const SENSOR: LiveSensor = {
  _id: 's-1',
  imeiNo: '864211041234567',
  name: 'CP-01 motor DE bearing',
  status: 'Active',
  sampleIntervalSec: 1800,
  parameters: [{ name: 'vibration', unit: 'mm/s', max: 7.1 }],
  latest: { _id: 'r-0', sensorInstanceId: 's-1', recordedAt: '2026-03-10T10:00:00.000Z', values: { vibration: 2.4 }, alarm: false },
  sparklines: { vibration: [2.1, 2.2, 2.4] },
};
const SNAPSHOT: LiveSnapshot = { sensors: [SENSOR], serverTime: Date.parse('2026-03-10T10:05:00.000Z') };
const READING: Reading = { _id: 'r-1', sensorInstanceId: 's-1', recordedAt: '2026-03-10T10:30:00.000Z', values: { vibration: 8.3 }, alarm: true };

const EVENTS: LiveReadingsEvent[] = [
  { type: 'socket.recordChanged', module: 'sensor-data', op: 'create', _id: 'r-1' },
  { type: 'socket.recordChanged', module: 'sensor-data', op: 'create', _id: 'r-2' },
  // Other changes are not readings to show.
  { type: 'socket.recordChanged', module: 'sensor-data', op: 'remove', _id: 'r-0' },
  { type: 'socket.recordChanged', module: 'role', op: 'create', _id: 'x' },
  { type: 'live.tick', now: Date.parse('2026-03-10T12:00:00.000Z') },
  { type: 'live.retry' },
  { type: 'xstate.done.actor.snapshot', output: SNAPSHOT, actorId: 'snapshot' },
  { type: 'xstate.error.actor.snapshot', error: new ApiError(500, null, 'Request failed with status 500'), actorId: 'snapshot' },
  { type: 'xstate.done.actor.readings', output: [READING], actorId: 'readings' },
  { type: 'xstate.error.actor.readings', error: new ApiError(500, null, 'Request failed with status 500'), actorId: 'readings' },
];

/**
 * What the actor and the model must agree on, and what makes states different for traversal: the clock
 * depends on when the test runs, and the counter of received readings only grows (it is checked where
 * readings arrive).
 */
const project = ({ now: _now, clockOffset: _offset, received: _received, ...rest }: LiveReadingsContext) => ({ ...rest, error: rest.error?.status ?? null });

interface Harness {
  actor: Actor<typeof liveReadingsMachine>;
  requests: DeferredRequests;
  feeds: { socket: SocketInput | null; clock: boolean };
}

function start(): Harness {
  const requests = createDeferredRequests();
  const feeds = { socket: null as SocketInput | null, clock: false };
  const machine = liveReadingsMachine.provide({
    actors: {
      fetchSnapshot: requests.actor('snapshot'),
      fetchReadings: requests.actor('readings'),
      socket: fromCallback<{ type: 'socket.noop' }, SocketInput>(({ input }) => {
        feeds.socket = input;
        return () => void (feeds.socket = null);
      }),
      clock: fromCallback<{ type: 'clock.noop' }>(() => {
        feeds.clock = true;
        return () => void (feeds.clock = false);
      }),
    },
  });
  return { actor: createActor(machine, { input: { socket: SOCKET } }).start(), requests, feeds };
}

function checks({ actor, requests, feeds }: Harness) {
  const context = () => actor.getSnapshot().context;
  const running = (id: string) => Boolean((actor.getSnapshot().children as Record<string, unknown>)[id]);
  const live = () => {
    expect(feeds.socket).toEqual(SOCKET);
    expect(feeds.clock).toBe(true);
    expect(context().sensors.map((s) => s._id)).toEqual(['s-1']);
  };
  return stateChecks(() => actor, {
    '#liveReadings.loading': () => {
      expect(running('snapshot')).toBe(true);
      expect(feeds.socket).toBeNull();
    },
    '#liveReadings.failed': () => {
      expect(feeds.socket).toBeNull();
      expect(feeds.clock).toBe(false);
      expect(context().error?.status).toBe(500);
    },
    '#liveReadings.live.idle': () => {
      live();
      expect(running('readings')).toBe(false);
      expect(context().pending).toEqual([]);
    },
    '#liveReadings.live.fetching': () => {
      live();
      expect(running('readings')).toBe(true);
      expect((requests.inputOf('readings') as { ids: string[] }).ids.length).toBeGreaterThan(0);
    },
  }, project);
}

function executors({ actor, requests }: Harness) {
  const settle = (id: string) => ({ event }: { event: LiveReadingsEvent }) =>
    'error' in event ? requests.reject(id, event.error) : requests.resolve(id, 'output' in event ? event.output : undefined);
  return {
    'socket.recordChanged': ({ event }: { event: LiveReadingsEvent }) => {
      const fetching = actor.getSnapshot().matches({ live: 'fetching' });
      const started = requests.started('readings');
      actor.send(event);
      if (event.type !== 'socket.recordChanged') return;
      // While a fetch runs, the id waits for the next one; otherwise it is fetched at once.
      if (fetching) expect(actor.getSnapshot().context.pending).toContain(event._id);
      else {
        expect(requests.started('readings')).toBe(started + 1);
        expect(requests.inputOf('readings')).toEqual({ ids: [event._id] });
      }
    },
    'live.tick': ({ event }: { event: LiveReadingsEvent }) => {
      actor.send(event);
      const { now, clockOffset } = actor.getSnapshot().context;
      if (event.type === 'live.tick') expect(now).toBe(event.now + clockOffset);
    },
    'live.retry': ({ event }: { event: LiveReadingsEvent }) => actor.send(event),
    'xstate.done.actor.snapshot': settle('snapshot'),
    'xstate.error.actor.snapshot': settle('snapshot'),
    'xstate.done.actor.readings': async ({ event }: { event: LiveReadingsEvent }) => {
      const received = actor.getSnapshot().context.received;
      await settle('readings')({ event });
      expect(actor.getSnapshot().context.received).toBe(received + ('output' in event ? (event.output as Reading[]).length : 0));
      const sensor = actor.getSnapshot().context.sensors[0];
      expect(sensor?.latest?._id).toBe('r-1');
      expect(sensor?.sparklines.vibration).toEqual([2.2, 2.4, 8.3]);
    },
    'xstate.error.actor.readings': settle('readings'),
  };
}

const model = createTestModel(liveReadingsMachine, { input: { socket: SOCKET, now: 0 }, serializeState: serializeBy(project) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
let current: Harness | undefined;
afterEach(() => current?.actor.stop());

replayModelPaths('live readings', liveReadingsMachine, paths, 4, async (path) => {
    current = start();
    await path.test({ states: checks(current), events: executors(current) as unknown as Parameters<typeof path.test>[0]['events'] });
});

describe('freshness and merging', () => {
  const at = (iso: string) => Date.parse(iso);
  it('is stale after three sampling intervals, and five minutes at least', () => {
    expect(freshnessOf(SENSOR, at('2026-03-10T11:29:00.000Z'))).toBe('fresh');
    expect(freshnessOf(SENSOR, at('2026-03-10T11:31:00.000Z'))).toBe('stale');
    const fast = { ...SENSOR, sampleIntervalSec: 10 };
    expect(freshnessOf(fast, at('2026-03-10T10:04:00.000Z'))).toBe('fresh');
    expect(freshnessOf(fast, at('2026-03-10T10:06:00.000Z'))).toBe('stale');
    expect(freshnessOf({ ...SENSOR, latest: null }, at('2026-03-10T10:00:00.000Z'))).toBe('none');
  });
  it('keeps the newer reading when an older one arrives late', () => {
    const late: Reading = { ...READING, _id: 'r-old', recordedAt: '2026-03-10T09:00:00.000Z' };
    expect(applyReading([SENSOR], late)).toEqual([SENSOR]);
    expect(applyReading([SENSOR], READING)[0]?.lastReadingAt).toBe(READING.recordedAt);
  });
});
