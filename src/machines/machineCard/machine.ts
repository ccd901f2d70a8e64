/**
 * A machine's card, opened by id (issue 31 item 5): from the machine on a ticket, or from a scan. The server's scope
 * decides whether the person may open it; a refusal reads as "not one of yours", never as an error to retry.
 *
 *   loading ──done──▶ shown ──card.reload──▶ loading
 *      │──404──▶ notYours
 *      └─other─▶ failed ──card.retry──▶ loading
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchMachineCard, type MachineCard } from './calls';

export interface MachineCardInput {
  machineId: string;
}

export interface MachineCardContext extends MachineCardInput {
  card: MachineCard | null;
  error: ErrorPayload | null;
}

export type MachineCardEvent = { type: 'card.retry' } | { type: 'card.reload' } | DoneActorEvent<MachineCard, 'read'> | ErrorActorEvent<unknown, 'read'>;

export const machineCardMachine = setup({
  types: { context: {} as MachineCardContext, events: {} as MachineCardEvent, input: {} as MachineCardInput },
  actors: { fetchMachineCard: fromPromise<MachineCard, { machineId: string }>(({ input }) => fetchMachineCard(input)) },
  guards: {
    notYours: ({ event }) => event.type === 'xstate.error.actor.read' && toErrorPayload(event.error).status === 404,
  },
  actions: {
    spawnRead: spawnChild('fetchMachineCard', { id: 'read', input: ({ context }) => ({ machineId: context.machineId }) }),
    stopRead: stopChild('read'),
    keepCard: assign(({ event }) => (event.type === 'xstate.done.actor.read' ? { card: event.output, error: null } : {})),
    keepError: assign(({ event }) => (event.type === 'xstate.error.actor.read' ? { error: toErrorPayload(event.error), card: null } : {})),
  },
}).createMachine({
  id: 'machineCard',
  context: ({ input }) => ({ machineId: input.machineId, card: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'spawnRead',
      exit: 'stopRead',
      on: {
        'xstate.done.actor.read': { target: 'shown', actions: 'keepCard' },
        'xstate.error.actor.read': [
          { guard: 'notYours', target: 'notYours', actions: 'keepError' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    shown: { on: { 'card.reload': { target: 'loading' } } },
    notYours: {},
    failed: { on: { 'card.retry': { target: 'loading' } } },
  },
});

export type MachineCardActorRef = ActorRefFrom<typeof machineCardMachine>;
export type MachineCardSnapshot = SnapshotFrom<typeof machineCardMachine>;
