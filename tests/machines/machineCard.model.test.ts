/**
 * Model-based tests of a machine's card opened by id (src/machines/machineCard/machine.ts; issue 31 item 5): every
 * path, each state checked by what was asked and what is kept to show, every state visited, every event executed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { machineCardMachine, type MachineCardEvent } from '../../src/machines/machineCard/machine';
import type { MachineCard } from '../../src/contract/machineShapes';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';

const CARD: MachineCard = {
  machine: { _id: 'mi-1', name: 'Chiller CH-01', serialNo: 'VOL-WCS60-1180', status: 'Running', hasQrCode: true },
  machineType: null,
  location: { _id: 'a-1', name: 'Chiller Plant Room', parentName: null, city: 'Pune' },
  openTickets: { total: 0, items: [] },
  lastService: null,
  nextMaintenance: null,
};
const NOT_YOURS = new ApiError(404, { message: "No machine with id mi-1 that you may open: a machine's card opens to whoever may see the machines or works an open ticket on it" }, 'x');

const EVENTS = [
  { type: 'xstate.done.actor.read', output: CARD, actorId: 'read' },
  { type: 'xstate.error.actor.read', error: NOT_YOURS, actorId: 'read' },
  { type: 'xstate.error.actor.read', error: new ApiError(500, null, 'x'), actorId: 'read' },
  { type: 'card.retry' },
  { type: 'card.reload' },
] as unknown as MachineCardEvent[];

const model = createTestModel(machineCardMachine, { input: { machineId: 'mi-1' }, serializeState: serializeBy((c) => ({ card: c.card !== null, status: c.error?.status ?? null })) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });

interface Harness {
  actor: Actor<typeof machineCardMachine>;
  requests: DeferredRequests;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const machine = machineCardMachine.provide({ actors: { fetchMachineCard: requests.actor('read') } });
  return { actor: createActor(machine, { input: { machineId: 'mi-1' } }).start(), requests };
}

type ModelState = ReturnType<Harness['actor']['getSnapshot']>;

function states({ actor, requests }: Harness) {
  const same = (modelState: ModelState) => expect(actor.getSnapshot().value).toEqual(modelState.value);
  return {
    '#machineCard.loading': (modelState: ModelState) => {
      same(modelState);
      expect(requests.inputOf('read')).toEqual({ machineId: 'mi-1' });
    },
    '#machineCard.shown': (modelState: ModelState) => {
      same(modelState);
      expect(actor.getSnapshot().context.card?.machine.name).toBe('Chiller CH-01');
    },
    '#machineCard.notYours': (modelState: ModelState) => {
      same(modelState);
      expect(actor.getSnapshot().context).toMatchObject({ card: null, error: { status: 404, message: NOT_YOURS.toPayload().message } });
    },
    '#machineCard.failed': (modelState: ModelState) => {
      same(modelState);
      expect(actor.getSnapshot().context.error?.status).toBe(500);
    },
  };
}

function events({ actor, requests }: Harness) {
  return {
    'card.retry': ({ event }: { event: MachineCardEvent }) => actor.send(event),
    'card.reload': ({ event }: { event: MachineCardEvent }) => actor.send(event),
    'xstate.done.actor.read': ({ event }: { event: { output?: unknown } }) => requests.resolve('read', event.output),
    'xstate.error.actor.read': ({ event }: { event: { error?: unknown } }) => requests.reject('read', event.error),
  };
}

let current: Harness | undefined;
afterEach(() => current?.actor.stop());

replayModelPaths('machine-card', machineCardMachine, paths, 2, async (path) => {
  current = start();
  await path.test({
    states: states(current) as unknown as Parameters<typeof path.test>[0]['states'],
    events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
  });
});
