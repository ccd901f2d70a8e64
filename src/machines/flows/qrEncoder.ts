/**
 * qr-code-encoder: a QR code for any text, or for a machine instance.
 *
 *   loadingMachines ──▶ ready.idle ── qr.encodeText ──▶ encoding ──▶ shown
 *        │                  │ ─── qr.pickMachine ──▶ (stored code) shown
 *        ▼                  │                        (none, may update) generating ──▶ shown
 *   machinesFailed          │                        (none, may not update) missing
 *                           └ any ready state: qr.encodeText / qr.pickMachine / qr.clear
 *
 * A machine's code is the one PATCH generate-qr-code/{id} stores (the server decides what it encodes: the
 * machine-scanning link). A code already stored is shown as it is, without writing anything; people who may
 * update machine instances can regenerate it (after PUBLIC_URL changed, say). Text is encoded in the
 * browser and never sent anywhere. People without SVC_MACHINE_INSTANCE VIEW get text only: the machine list
 * is not asked for (input.canListMachines) and the picker stays empty.
 */
import QRCode from 'qrcode';
import { and, assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchMachineOptions, generateQrCode, machineLabel, type MachineOption } from './machineDashboardCalls';

/** What fits a QR code comfortably at error correction M (the largest version holds about 2 300 bytes). */
export const MAX_QR_TEXT = 1000;

export const QR_IMAGE_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 320 } as const;

export interface QrImage {
  dataUrl: string;
  /** What the code encodes. */
  payload: string;
  /** The label printed under it. */
  title: string;
  code?: string;
  machineId?: string;
}

export interface QrEncoderInput {
  canListMachines: boolean;
  canGenerate: boolean;
}

export interface QrEncoderContext extends QrEncoderInput {
  machines: MachineOption[];
  selectedId: string | null;
  text: string;
  image: QrImage | null;
  error: ErrorPayload | null;
}

export type QrEncoderEvent =
  | { type: 'qr.encodeText'; text: string }
  | { type: 'qr.pickMachine'; machineId: string }
  | { type: 'qr.regenerate' }
  | { type: 'qr.clear' }
  | { type: 'qr.retry' }
  | DoneActorEvent<MachineOption[], 'machines'>
  | ErrorActorEvent<unknown, 'machines'>
  | DoneActorEvent<string, 'encode'>
  | ErrorActorEvent<unknown, 'encode'>
  | DoneActorEvent<MachineOption, 'generate'>
  | ErrorActorEvent<unknown, 'generate'>;

const machineImage = (m: MachineOption): QrImage | null =>
  m.qrCode ? { dataUrl: m.qrCode, payload: m.qrPayload ?? '', title: m.name || m.serialNo, code: m.alternateId, machineId: m._id } : null;

const picked = (context: QrEncoderContext, event: QrEncoderEvent): MachineOption | undefined =>
  event.type === 'qr.pickMachine' ? context.machines.find((m) => m._id === event.machineId) : undefined;

export const qrEncoderMachine = setup({
  types: {
    context: {} as QrEncoderContext,
    events: {} as QrEncoderEvent,
    input: {} as QrEncoderInput,
  },
  actors: {
    fetchMachines: fromPromise<MachineOption[], { allowed: boolean }>(({ input }) => fetchMachineOptions(input)),
    encodeText: fromPromise<string, { text: string }>(({ input }) => QRCode.toDataURL(input.text, QR_IMAGE_OPTIONS)),
    generateQrCode: fromPromise<MachineOption, { machineId: string }>(({ input }) => generateQrCode(input)),
  },
  guards: {
    textFits: ({ event }) => event.type === 'qr.encodeText' && event.text.trim().length > 0 && event.text.length <= MAX_QR_TEXT,
    storedCode: ({ context, event }) => Boolean(picked(context, event)?.qrCode),
    knownMachine: ({ context, event }) => picked(context, event) !== undefined,
    canGenerate: ({ context }) => context.canGenerate,
    showsMachine: ({ context }) => context.canGenerate && context.selectedId !== null,
    // The reply is for the machine still selected (a reply to an earlier pick is never applied to a later one).
    forSelection: ({ context, event }) => event.type === 'xstate.done.actor.generate' && event.output._id === context.selectedId,
  },
  actions: {
    spawnMachines: spawnChild('fetchMachines', { id: 'machines', input: ({ context }) => ({ allowed: context.canListMachines }) }),
    stopMachines: stopChild('machines'),
    keepMachines: assign(({ event }) => (event.type === 'xstate.done.actor.machines' ? { machines: event.output, error: null } : {})),
    keepText: assign(({ event }) => (event.type === 'qr.encodeText' ? { text: event.text, selectedId: null, image: null, error: null } : {})),
    keepSelection: assign(({ event }) => (event.type === 'qr.pickMachine' ? { selectedId: event.machineId, text: '', image: null, error: null } : {})),
    showStored: assign(({ context, event }) => {
      const machine = picked(context, event);
      return { image: machine ? machineImage(machine) : null };
    }),
    spawnEncode: spawnChild('encodeText', { id: 'encode', input: ({ context }) => ({ text: context.text }) }),
    stopEncode: stopChild('encode'),
    showText: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.encode' ? { image: { dataUrl: event.output, payload: context.text, title: context.text } } : {},
    ),
    spawnGenerate: spawnChild('generateQrCode', { id: 'generate', input: ({ context }) => ({ machineId: context.selectedId ?? '' }) }),
    stopGenerate: stopChild('generate'),
    showGenerated: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.generate') return {};
      const updated = event.output;
      // The list keeps the new code, so picking the machine again shows it without another write.
      const machines = context.machines.map((m) => (m._id === updated._id ? { ...m, qrCode: updated.qrCode, qrPayload: updated.qrPayload } : m));
      return { machines, image: machineImage(updated) };
    }),
    keepError: assign(({ event }) => ('error' in event ? { error: toErrorPayload(event.error) } : {})),
    clear: assign({ text: '', selectedId: null, image: null, error: null }),
  },
}).createMachine({
  id: 'qrEncoder',
  context: ({ input }) => ({ ...input, machines: [], selectedId: null, text: '', image: null, error: null }),
  initial: 'loadingMachines',
  states: {
    loadingMachines: {
      entry: 'spawnMachines',
      exit: 'stopMachines',
      on: {
        'xstate.done.actor.machines': { target: 'ready', actions: 'keepMachines' },
        'xstate.error.actor.machines': { target: 'machinesFailed', actions: 'keepError' },
      },
    },
    machinesFailed: {
      on: { 'qr.retry': { target: 'loadingMachines' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'qr.encodeText': { guard: 'textFits', target: '.encoding', actions: 'keepText' },
        'qr.pickMachine': [
          { guard: 'storedCode', target: '.shown', actions: ['keepSelection', 'showStored'] },
          { guard: and(['knownMachine', 'canGenerate']), target: '.generating', actions: 'keepSelection' },
          // A person who may not update machines cannot have a code drawn: say so instead of calling.
          { guard: 'knownMachine', target: '.missing', actions: 'keepSelection' },
        ],
        'qr.clear': { target: '.idle', actions: 'clear' },
      },
      states: {
        idle: {},
        encoding: {
          entry: 'spawnEncode',
          exit: 'stopEncode',
          on: {
            'xstate.done.actor.encode': { target: 'shown', actions: 'showText' },
            'xstate.error.actor.encode': { target: 'failed', actions: 'keepError' },
          },
        },
        generating: {
          entry: 'spawnGenerate',
          exit: 'stopGenerate',
          on: {
            'xstate.done.actor.generate': { guard: 'forSelection', target: 'shown', actions: 'showGenerated' },
            'xstate.error.actor.generate': { target: 'failed', actions: 'keepError' },
          },
        },
        shown: {
          on: { 'qr.regenerate': { guard: 'showsMachine', target: 'generating' } },
        },
        missing: {},
        failed: {},
      },
    },
  },
});

export type QrEncoderActorRef = ActorRefFrom<typeof qrEncoderMachine>;
export type QrEncoderSnapshot = SnapshotFrom<typeof qrEncoderMachine>;
export { machineLabel };
