/**
 * machine-meters: a machine's meters with their last readings, and a person's reading entered for one of them.
 *
 *   loading ──▶ ready ── meters.submit ──▶ saving ──▶ loading (the meters read again, the outcome kept)
 *      │          ▲                           └──(refused)──▶ ready (the server's words kept, the form's values too)
 *      ▼          │
 *   failed ── meters.retry
 *
 * The outcome of the last reading (the tickets it raised) is kept for the screen to say; the form's fields are the
 * screen's own (Mantine's form), only what was sent is here. The plans waiting for the machine's first reading of a
 * meter come with the meters, for the screen to ask for that reading.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import type { MachineMeters, MeterReadingBody, MeterReadingReply } from '../../contract/maintenanceShapes';
import { fetchMeters, sendMeterReading } from './maintenanceCalls';

export interface MachineMetersContext {
  machineId: string;
  meters: MachineMeters['data'];
  /** The machine's plans that count a meter of it from a first reading it has not had yet. */
  awaitingReading: MachineMeters['awaitingReading'];
  error: ErrorPayload | null;
  /** The last reading's refusal (its message names the field), cleared by the next submit. */
  refusal: ErrorPayload | null;
  /** The last accepted reading's answer: the tickets it raised. */
  saved: MeterReadingReply | null;
  pending: MeterReadingBody | null;
}

export type MachineMetersEvent =
  | { type: 'meters.submit'; reading: MeterReadingBody }
  | { type: 'meters.retry' }
  | DoneActorEvent<MachineMeters, 'load'>
  | ErrorActorEvent<unknown, 'load'>
  | DoneActorEvent<MeterReadingReply, 'save'>
  | ErrorActorEvent<unknown, 'save'>;

export const machineMetersMachine = setup({
  types: {
    context: {} as MachineMetersContext,
    events: {} as MachineMetersEvent,
    input: {} as { machineId: string },
  },
  actors: {
    loadMeters: fromPromise<MachineMeters, { machineId: string }>(({ input }) => fetchMeters(input)),
    saveReading: fromPromise<MeterReadingReply, { machineId: string; reading: MeterReadingBody }>(({ input }) => sendMeterReading(input)),
  },
}).createMachine({
  id: 'machineMeters',
  context: ({ input }) => ({ machineId: input.machineId, meters: [], awaitingReading: [], error: null, refusal: null, saved: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadMeters',
        input: ({ context }) => ({ machineId: context.machineId }),
        onDone: { target: 'ready', actions: assign({ meters: ({ event }) => event.output.data, awaitingReading: ({ event }) => event.output.awaitingReading, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toErrorPayload(event.error) }) },
      },
    },
    failed: {
      on: { 'meters.retry': 'loading' },
    },
    ready: {
      on: {
        'meters.submit': { target: 'saving', actions: assign({ pending: ({ event }) => event.reading, refusal: null, saved: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveReading',
        input: ({ context }) => ({ machineId: context.machineId, reading: context.pending as MeterReadingBody }),
        onDone: { target: 'loading', actions: assign({ saved: ({ event }) => event.output, pending: null }) },
        onError: { target: 'ready', actions: assign({ refusal: ({ event }) => toErrorPayload(event.error) }) },
      },
    },
  },
});

export type MachineMetersActorRef = ActorRefFrom<typeof machineMetersMachine>;
export type MachineMetersSnapshot = SnapshotFrom<typeof machineMetersMachine>;
