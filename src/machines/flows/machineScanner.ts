/**
 * machine-scanning: from a code to the machine's card.
 *
 *   idle ── scan.start ──▶ requestingCamera ──▶ scanning ── scan.detected ──▶ resolving ──▶ found
 *     │         │ (no detector or camera API)        │                             │──▶ notFound (404)
 *     │         └────────────▶ unsupported          (refused) ──▶ cameraRefused    └──▶ failed (anything else)
 *     └── scan.submit (typed or pasted code) ────────────────────────────────────▶ resolving
 *
 * Opening the page from a machine's QR code (…/app/machine-scanning?machineId=…&code=…) starts at
 * resolving: `idle` passes straight on while a code from the page address waits. Every state accepts a
 * typed code, so a person is never stuck with a camera that cannot work. The camera stream lives in the
 * context while scanning (the screen previews it) and is released on leaving the scanning states.
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { cameraProblemOf, detectCodes, openCamera, releaseStream, type CameraProblem } from './cameraScan';
import { lookupMachine, type MachineCard, type MachineQuery } from './machineDashboardCalls';

/** The longest code accepted from a person (a QR payload of this app is well under it). */
export const MAX_CODE_LENGTH = 1000;

export interface ScannerInput {
  /** A code from the page address (the QR code's own link), resolved at once. */
  initial?: MachineQuery;
  /** Whether the browser can scan at all (cameraScanSupported()). */
  cameraSupported: boolean;
}

export interface ScannerContext {
  cameraSupported: boolean;
  pending: MachineQuery | null;
  query: MachineQuery | null;
  stream: MediaStream | null;
  cameraProblem: CameraProblem | null;
  card: MachineCard | null;
  error: ErrorPayload | null;
}

export type ScannerEvent =
  | { type: 'scan.start' }
  | { type: 'scan.stop' }
  | { type: 'scan.submit'; code: string }
  | { type: 'scan.detected'; code: string }
  | { type: 'scan.retry' }
  | { type: 'scan.reset' }
  | DoneActorEvent<MediaStream, 'camera'>
  | ErrorActorEvent<unknown, 'camera'>
  | DoneActorEvent<MachineCard, 'lookup'>
  | ErrorActorEvent<unknown, 'lookup'>;

const codeOf = (event: ScannerEvent): string => (event.type === 'scan.submit' || event.type === 'scan.detected' ? event.code.trim() : '');

const submitTransition = { guard: 'hasCode', target: '#machineScanner.resolving', actions: 'takeCode' } as const;
/** Scanning again after a result: straight to the camera, or to the explanation when there is none. */
const startTransitions = [
  { guard: 'cameraSupported', target: '#machineScanner.requestingCamera' },
  { target: '#machineScanner.unsupported' },
] as const;

export const machineScannerMachine = setup({
  types: {
    context: {} as ScannerContext,
    events: {} as ScannerEvent,
    input: {} as ScannerInput,
  },
  actors: {
    openCamera,
    detectCodes,
    lookupMachine: fromPromise<MachineCard, MachineQuery>(({ input }) => lookupMachine(input)),
  },
  guards: {
    hasPending: ({ context }) => context.pending !== null,
    cameraSupported: ({ context }) => context.cameraSupported,
    hasCode: ({ event }) => {
      const code = codeOf(event);
      return code.length > 0 && code.length <= MAX_CODE_LENGTH;
    },
    notFound: ({ event }) => event.type === 'xstate.error.actor.lookup' && toErrorPayload(event.error).status === 404,
    browserCannotScan: ({ event }) => event.type === 'xstate.error.actor.camera' && cameraProblemOf(event.error) === 'unsupported',
  },
  actions: {
    takePending: assign(({ context }) => ({ query: context.pending, pending: null, card: null, error: null })),
    takeCode: assign(({ event }) => ({ query: { code: codeOf(event) }, card: null, error: null })),
    spawnCamera: spawnChild('openCamera', { id: 'camera' }),
    stopCamera: stopChild('camera'),
    keepStream: assign(({ event }) => (event.type === 'xstate.done.actor.camera' ? { stream: event.output, cameraProblem: null } : {})),
    keepCameraProblem: assign(({ event }) => (event.type === 'xstate.error.actor.camera' ? { cameraProblem: cameraProblemOf(event.error) } : {})),
    releaseStream: assign(({ context }) => {
      releaseStream(context.stream);
      return { stream: null };
    }),
    spawnDetector: spawnChild('detectCodes', { id: 'detector', input: ({ context }) => ({ stream: context.stream as MediaStream }) }),
    stopDetector: stopChild('detector'),
    spawnLookup: spawnChild('lookupMachine', { id: 'lookup', input: ({ context }) => context.query ?? {} }),
    stopLookup: stopChild('lookup'),
    keepCard: assign(({ event }) => (event.type === 'xstate.done.actor.lookup' ? { card: event.output, error: null } : {})),
    keepError: assign(({ event }) => (event.type === 'xstate.error.actor.lookup' ? { error: toErrorPayload(event.error), card: null } : {})),
    forget: assign({ query: null, card: null, error: null, cameraProblem: null }),
  },
}).createMachine({
  id: 'machineScanner',
  context: ({ input }) => ({
    cameraSupported: input.cameraSupported,
    pending: input.initial && (input.initial.code || input.initial.machineId) ? input.initial : null,
    query: null,
    stream: null,
    cameraProblem: null,
    card: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'scan.submit': submitTransition,
  },
  states: {
    idle: {
      always: { guard: 'hasPending', target: 'resolving', actions: 'takePending' },
      on: {
        'scan.start': startTransitions,
      },
    },
    requestingCamera: {
      entry: 'spawnCamera',
      exit: 'stopCamera',
      on: {
        'xstate.done.actor.camera': { target: 'scanning', actions: 'keepStream' },
        'xstate.error.actor.camera': [
          { guard: 'browserCannotScan', target: 'unsupported', actions: 'keepCameraProblem' },
          { target: 'cameraRefused', actions: 'keepCameraProblem' },
        ],
        'scan.stop': { target: 'idle' },
      },
    },
    scanning: {
      entry: 'spawnDetector',
      exit: ['stopDetector', 'releaseStream'],
      on: {
        'scan.detected': submitTransition,
        'scan.stop': { target: 'idle' },
      },
    },
    resolving: {
      entry: 'spawnLookup',
      exit: 'stopLookup',
      on: {
        'xstate.done.actor.lookup': { target: 'found', actions: 'keepCard' },
        'xstate.error.actor.lookup': [
          { guard: 'notFound', target: 'notFound', actions: 'keepError' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    found: {
      on: { 'scan.start': startTransitions, 'scan.reset': { target: 'idle', actions: 'forget' } },
    },
    notFound: {
      on: { 'scan.start': startTransitions, 'scan.reset': { target: 'idle', actions: 'forget' } },
    },
    failed: {
      on: { 'scan.retry': { target: 'resolving' }, 'scan.reset': { target: 'idle', actions: 'forget' } },
    },
    cameraRefused: {
      on: { 'scan.start': { target: 'requestingCamera' }, 'scan.reset': { target: 'idle', actions: 'forget' } },
    },
    unsupported: {
      on: { 'scan.reset': { target: 'idle', actions: 'forget' } },
    },
  },
});

export type MachineScannerActorRef = ActorRefFrom<typeof machineScannerMachine>;
export type MachineScannerSnapshot = SnapshotFrom<typeof machineScannerMachine>;
