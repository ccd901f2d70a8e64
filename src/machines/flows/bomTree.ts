/**
 * bom-tree: pick a machine instance, see its bill of materials (GET getBomFromMachine/{id}).
 *
 *   loadingMachines ──▶ ready.idle ── bom.pick ──▶ ready.loading ──▶ ready.loaded / ready.failed
 *        │                   ▲ (a machine from the page address, ?machineId=, is opened at once)
 *        ▼
 *   machinesFailed ── bom.retry ──▶ loadingMachines
 *
 * The tree's expanded branches are the screen's own (Mantine's tree controller): only the data is here.
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchBom, fetchMachineOptions, type Bom, type MachineOption } from './machineDashboardCalls';

export interface BomTreeInput {
  /** Whether the person may list machine instances (SVC_MACHINE_INSTANCE VIEW). */
  allowed: boolean;
  initialMachineId?: string;
}

export interface BomTreeContext {
  allowed: boolean;
  machines: MachineOption[];
  machineId: string | null;
  bom: Bom | null;
  error: ErrorPayload | null;
}

export type BomTreeEvent =
  | { type: 'bom.pick'; machineId: string }
  | { type: 'bom.retry' }
  | DoneActorEvent<MachineOption[], 'machines'>
  | ErrorActorEvent<unknown, 'machines'>
  | DoneActorEvent<Bom, 'bom'>
  | ErrorActorEvent<unknown, 'bom'>;

export const bomTreeMachine = setup({
  types: {
    context: {} as BomTreeContext,
    events: {} as BomTreeEvent,
    input: {} as BomTreeInput,
  },
  actors: {
    fetchMachines: fromPromise<MachineOption[], { allowed: boolean }>(({ input }) => fetchMachineOptions(input)),
    fetchBom: fromPromise<Bom, { machineId: string }>(({ input }) => fetchBom(input)),
  },
  guards: {
    knownMachine: ({ context, event }) => event.type === 'bom.pick' && context.machines.some((m) => m._id === event.machineId),
    openedWithMachine: ({ context, event }) =>
      event.type === 'xstate.done.actor.machines' && context.machineId !== null && event.output.some((m) => m._id === context.machineId),
  },
  actions: {
    spawnMachines: spawnChild('fetchMachines', { id: 'machines', input: ({ context }) => ({ allowed: context.allowed }) }),
    stopMachines: stopChild('machines'),
    keepMachines: assign(({ event }) => (event.type === 'xstate.done.actor.machines' ? { machines: event.output, error: null } : {})),
    forgetUnknownMachine: assign({ machineId: null }),
    keepPick: assign(({ event }) => (event.type === 'bom.pick' ? { machineId: event.machineId, bom: null, error: null } : {})),
    spawnBom: spawnChild('fetchBom', { id: 'bom', input: ({ context }) => ({ machineId: context.machineId ?? '' }) }),
    stopBom: stopChild('bom'),
    keepBom: assign(({ event }) => (event.type === 'xstate.done.actor.bom' ? { bom: event.output, error: null } : {})),
    keepError: assign(({ event }) => ('error' in event ? { error: toErrorPayload(event.error), bom: null } : {})),
  },
}).createMachine({
  id: 'bomTree',
  context: ({ input }) => ({ allowed: input.allowed, machines: [], machineId: input.initialMachineId ?? null, bom: null, error: null }),
  initial: 'loadingMachines',
  states: {
    loadingMachines: {
      entry: 'spawnMachines',
      exit: 'stopMachines',
      on: {
        'xstate.done.actor.machines': [
          { guard: 'openedWithMachine', target: 'ready.loading', actions: 'keepMachines' },
          // A machine id from the address that is not (or no longer) in the list is dropped quietly.
          { target: 'ready', actions: ['keepMachines', 'forgetUnknownMachine'] },
        ],
        'xstate.error.actor.machines': { target: 'machinesFailed', actions: 'keepError' },
      },
    },
    machinesFailed: {
      on: { 'bom.retry': { target: 'loadingMachines' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'bom.pick': { guard: 'knownMachine', target: '.loading', actions: 'keepPick', reenter: true },
      },
      states: {
        idle: {},
        loading: {
          entry: 'spawnBom',
          exit: 'stopBom',
          on: {
            'xstate.done.actor.bom': { target: 'loaded', actions: 'keepBom' },
            'xstate.error.actor.bom': { target: 'failed', actions: 'keepError' },
          },
        },
        loaded: {},
        failed: {
          on: { 'bom.retry': { target: 'loading' } },
        },
      },
    },
  },
});

export type BomTreeActorRef = ActorRefFrom<typeof bomTreeMachine>;
export type BomTreeSnapshot = SnapshotFrom<typeof bomTreeMachine>;
