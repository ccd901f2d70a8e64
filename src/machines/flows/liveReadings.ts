/**
 * dashboard-realtime: the newest reading of every sensor the person may see, kept current by the socket.
 *
 *   loading ──▶ live.idle ⇄ live.fetching        failed ── live.retry ──▶ loading
 *
 * While live, the machine runs the session's own socket actor (token handshake, `addUser`, relayed
 * `record.changed`) and a clock. A `record.changed` for a new sensor-data record queues its id; queued ids
 * are fetched together through the dashboard's readings call, which answers only readings of sensors the
 * person may see (the socket room is the whole tenant's, and the event carries nothing but the id). Ids that
 * arrive during a fetch wait for the next one, so a burst of readings costs a few calls, not one each.
 *
 * Each new reading becomes its sensor's latest and the newest point of its sparklines (the oldest drops
 * off, so a line keeps its length; the server's bucket averages seed it). A sensor is stale when nothing
 * came for three of its sampling intervals (five minutes at least), judged on the server's clock.
 */
import { assign, fromCallback, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { socketActor, type RecordChanged, type SocketInput } from '../session';
import { fetchLiveSensors, fetchReadings, type LiveSensor, type LiveSnapshot, type Reading } from './sensorDashboardCalls';

/** How often the clock ticks (staleness and "x minutes ago" follow it). */
export const CLOCK_EVERY_MS = 15_000;
export const MIN_STALE_MS = 5 * 60_000;
const SENSOR_DATA_MODULE = 'sensor-data';

export type Freshness = 'fresh' | 'stale' | 'none';

export function freshnessOf(sensor: Pick<LiveSensor, 'latest' | 'sampleIntervalSec'>, now: number): Freshness {
  if (!sensor.latest) return 'none';
  const quietFor = now - Date.parse(sensor.latest.recordedAt);
  return quietFor > Math.max(3 * sensor.sampleIntervalSec * 1000, MIN_STALE_MS) ? 'stale' : 'fresh';
}

/** The sensors with `reading` applied, if it is newer than what its sensor shows. */
export function applyReading(sensors: readonly LiveSensor[], reading: Reading): LiveSensor[] {
  return sensors.map((sensor) => {
    if (sensor._id !== reading.sensorInstanceId) return sensor;
    if (sensor.latest && Date.parse(sensor.latest.recordedAt) >= Date.parse(reading.recordedAt)) return sensor;
    const sparklines: Record<string, Array<number | null>> = { ...sensor.sparklines };
    for (const [parameter, value] of Object.entries(reading.values)) {
      const line = sparklines[parameter] ?? [];
      sparklines[parameter] = line.length > 0 ? [...line.slice(1), value] : [value];
    }
    return { ...sensor, latest: reading, lastReadingAt: reading.recordedAt, sparklines };
  });
}

export interface LiveReadingsContext {
  socket: SocketInput;
  sensors: LiveSensor[];
  /** The server's clock minus the browser's, from the snapshot: staleness uses the server's time. */
  clockOffset: number;
  /** The current time on the server's clock (ms). */
  now: number;
  pending: string[];
  /** How many live readings arrived since the screen opened. */
  received: number;
  error: ErrorPayload | null;
}

export type LiveReadingsEvent =
  | ({ type: 'socket.recordChanged' } & RecordChanged)
  | { type: 'live.tick'; now: number }
  | { type: 'live.retry' }
  | DoneActorEvent<LiveSnapshot, 'snapshot'>
  | ErrorActorEvent<unknown, 'snapshot'>
  | DoneActorEvent<Reading[], 'readings'>
  | ErrorActorEvent<unknown, 'readings'>;

export const clockActor = fromCallback<{ type: 'clock.noop' }>(({ sendBack }) => {
  const timer = setInterval(() => sendBack({ type: 'live.tick', now: Date.now() }), CLOCK_EVERY_MS);
  return () => clearInterval(timer);
});

export const liveReadingsMachine = setup({
  types: {
    context: {} as LiveReadingsContext,
    events: {} as LiveReadingsEvent,
    input: {} as { socket: SocketInput; now?: number },
  },
  actors: {
    fetchSnapshot: fromPromise<LiveSnapshot>(() => fetchLiveSensors()),
    fetchReadings: fromPromise<Reading[], { ids: string[] }>(({ input }) => fetchReadings(input)),
    socket: socketActor,
    clock: clockActor,
  },
  guards: {
    newReading: ({ context, event }) => event.type === 'socket.recordChanged' && event.module === SENSOR_DATA_MODULE && event.op === 'create' && !context.pending.includes(event._id),
    hasPending: ({ context }) => context.pending.length > 0,
  },
  actions: {
    spawnSnapshot: spawnChild('fetchSnapshot', { id: 'snapshot' }),
    stopSnapshot: stopChild('snapshot'),
    keepSnapshot: assign(({ event }) => {
      if (event.type !== 'xstate.done.actor.snapshot') return {};
      const { sensors, serverTime } = event.output;
      return { sensors, clockOffset: serverTime - Date.now(), now: serverTime, error: null, pending: [] };
    }),
    keepError: assign(({ event }) => ('error' in event ? { error: toErrorPayload(event.error) } : {})),
    spawnFeeds: spawnChild('socket', { id: 'socket', input: ({ context }) => context.socket }),
    spawnClock: spawnChild('clock', { id: 'clock' }),
    stopSocket: stopChild('socket'),
    stopClock: stopChild('clock'),
    queue: assign(({ context, event }) => (event.type === 'socket.recordChanged' ? { pending: [...context.pending, event._id] } : {})),
    tick: assign(({ context, event }) => (event.type === 'live.tick' ? { now: event.now + context.clockOffset } : {})),
    spawnReadings: spawnChild('fetchReadings', { id: 'readings', input: ({ context }) => ({ ids: context.pending }) }),
    takePending: assign({ pending: [] }),
    stopReadings: stopChild('readings'),
    applyReadings: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.readings') return {};
      const sensors = event.output.reduce<LiveSensor[]>((current, reading) => applyReading(current, reading), context.sensors);
      return { sensors, received: context.received + event.output.length, error: null };
    }),
  },
}).createMachine({
  id: 'liveReadings',
  context: ({ input }) => ({ socket: input.socket, sensors: [], clockOffset: 0, now: input.now ?? Date.now(), pending: [], received: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'spawnSnapshot',
      exit: 'stopSnapshot',
      on: {
        'xstate.done.actor.snapshot': { target: 'live', actions: 'keepSnapshot' },
        'xstate.error.actor.snapshot': { target: 'failed', actions: 'keepError' },
      },
    },
    failed: {
      on: { 'live.retry': { target: 'loading' } },
    },
    live: {
      entry: ['spawnFeeds', 'spawnClock'],
      exit: ['stopSocket', 'stopClock'],
      initial: 'idle',
      on: {
        'socket.recordChanged': { guard: 'newReading', actions: 'queue' },
        'live.tick': { actions: 'tick' },
      },
      states: {
        idle: {
          always: { guard: 'hasPending', target: 'fetching' },
        },
        fetching: {
          entry: ['spawnReadings', 'takePending'],
          exit: 'stopReadings',
          on: {
            'xstate.done.actor.readings': { target: 'idle', actions: 'applyReadings' },
            // The readings stay on the server: the next snapshot (retry or reload) has them. Keep listening.
            'xstate.error.actor.readings': { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },
  },
});

export type LiveReadingsActorRef = ActorRefFrom<typeof liveReadingsMachine>;
export type LiveReadingsSnapshot = SnapshotFrom<typeof liveReadingsMachine>;
