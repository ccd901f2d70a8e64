/**
 * Model-based tests of raising a ticket with photos held in the form (src/machines/newTicket/machine.ts; issue 31
 * item 6): every path, each state checked by what was sent (the ticket's body, each photo to the new ticket's id, in
 * order) and what is kept to show (progress, the refusal, the failed photo); every state visited and every event
 * executed. Nothing is dropped: a failed photo is sent again or named as skipped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { newTicketMachine, photoProgress, type NewTicketContext, type NewTicketEvent } from '../../src/machines/newTicket/machine';
import type { HeldPhoto } from '../../src/machines/newTicket/calls';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';

const photo = (key: string, name: string, type = 'image/jpeg', size = 1000): HeldPhoto => ({ key, name, mimeType: type, file: new Blob([new Uint8Array(size)], { type }) });
const PUMP = photo('p1', 'pump.jpg');
const GAUGE = photo('p2', 'gauge.jpg');
const MANUAL = photo('p3', 'manual.pdf', 'application/pdf');
const BODY = { title: 'AC-1 trips on start', machineInstanceId: 'mi-7' };
const CREATED = { _id: 't-1', alternateId: 'GTK-2026-000031' };
const MACHINES = [{ _id: 'mi-7', name: 'Weaving air compressor AC-1', siteName: 'Weaving Utilities' }];

const EVENTS = [
  { type: 'photo.add', photos: [PUMP] },
  { type: 'photo.add', photos: [GAUGE, MANUAL] },
  { type: 'photo.remove', key: 'p1' },
  { type: 'ticket.submit', body: BODY },
  { type: 'ticket.cancel' },
  { type: 'photo.retry' },
  { type: 'photos.skip' },
  { type: 'xstate.done.actor.machines', output: MACHINES, actorId: 'machines' },
  { type: 'xstate.error.actor.machines', error: new ApiError(500, { message: 'Failed to get list of machine instance' }, 'x'), actorId: 'machines' },
  { type: 'xstate.done.actor.create', output: CREATED, actorId: 'create' },
  { type: 'xstate.error.actor.create', error: new ApiError(400, { message: 'title: Title is required' }, 'x'), actorId: 'create' },
  { type: 'xstate.done.actor.upload', output: undefined, actorId: 'upload' },
  { type: 'xstate.error.actor.upload', error: new ApiError(413, { message: 'Request body is too large' }, 'x'), actorId: 'upload' },
] as unknown as NewTicketEvent[];

const project = (c: NewTicketContext) => ({
  machines: c.machines === null ? null : c.machines.length,
  photos: c.photos.map((p) => `${p.key}:${p.state}`),
  refused: c.refused !== null,
  ticket: c.ticket !== null,
  error: c.error,
});
const model = createTestModel(newTicketMachine, { serializeState: serializeBy(project) });
const paths = model.getShortestPaths({
  events: EVENTS,
  // The machines are read once, at the start: their answer is taken before anything else is done.
  filterEvents: (snapshot, event) => {
    if (!snapshot.can(event)) return false;
    const held = snapshot.context.photos.map((p) => p.key);
    if (event.type.includes('actor.machines')) return snapshot.context.machines === null && snapshot.matches('editing') && held.length === 0 && snapshot.context.error === null;
    if (snapshot.context.machines === null) return false;
    // Each pick once (the same photo is not taken twice), a removal of what is held.
    const e = event as NewTicketEvent;
    if (e.type === 'photo.add') return e.photos.every((p) => !held.includes(p.key)) && !(e.photos.includes(PUMP) && snapshot.context.refused);
    if (e.type === 'photo.remove') return held.includes(e.key);
    return true;
  },
  limit: 5_000,
});

interface Harness {
  actor: Actor<typeof newTicketMachine>;
  requests: DeferredRequests;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const machine = newTicketMachine.provide({ actors: { fetchTicketMachines: requests.actor('machines'), createTicket: requests.actor('create'), uploadPhoto: requests.actor('upload') } });
  return { actor: createActor(machine).start(), requests };
}

type ModelState = ReturnType<Harness['actor']['getSnapshot']>;

function states({ actor, requests }: Harness) {
  const same = (m: ModelState) => {
    expect(actor.getSnapshot().value).toEqual(m.value);
    expect(project(actor.getSnapshot().context)).toEqual(project(m.context));
  };
  return {
    '#newTicket.editing': (m: ModelState) => {
      same(m);
      const { context } = actor.getSnapshot();
      // A picked file that is not a photo is named, never taken.
      if (context.refused) expect(context.refused).toBe('manual.pdf is not a photo');
      expect(context.photos.every((p) => p.mimeType.startsWith('image/'))).toBe(true);
      if (context.error) expect(context.error).toBe('title: Title is required');
    },
    '#newTicket.creating': (m: ModelState) => {
      same(m);
      expect(requests.inputOf('create')).toEqual({ body: BODY });
    },
    '#newTicket.uploading': (m: ModelState) => {
      same(m);
      const sending = actor.getSnapshot().context.photos.filter((p) => p.state === 'sending');
      expect(sending).toHaveLength(1);
      // Each photo goes to the new ticket, the first not yet sent first.
      expect(requests.inputOf('upload')).toMatchObject({ ticketId: 't-1', photo: { key: sending[0]?.key } });
      const progress = photoProgress(actor.getSnapshot().context);
      expect(progress.total).toBe(actor.getSnapshot().context.photos.length);
    },
    '#newTicket.uploadFailed': (m: ModelState) => {
      same(m);
      expect(actor.getSnapshot().context).toMatchObject({ error: 'Request body is too large', ticket: CREATED });
      expect(actor.getSnapshot().context.photos.filter((p) => p.state === 'failed')).toHaveLength(1);
    },
    '#newTicket.done': (m: ModelState) => {
      same(m);
      expect(actor.getSnapshot().status).toBe('done');
      // Every photo is sent, or named as skipped: none is left behind unsaid.
      expect(actor.getSnapshot().context.photos.every((p) => p.state === 'sent' || p.state === 'skipped')).toBe(true);
      expect(actor.getSnapshot().context.ticket).toEqual(CREATED);
    },
    '#newTicket.cancelled': (m: ModelState) => {
      same(m);
      expect(requests.has('create')).toBe(false);
    },
  };
}

function events({ actor, requests }: Harness) {
  const send = ({ event }: { event: NewTicketEvent }) => actor.send(event);
  return {
    'photo.add': send,
    'photo.remove': send,
    'ticket.submit': send,
    'ticket.cancel': send,
    'photo.retry': send,
    'photos.skip': send,
    'xstate.done.actor.machines': ({ event }: { event: { output?: unknown } }) => requests.resolve('machines', event.output),
    'xstate.error.actor.machines': ({ event }: { event: { error?: unknown } }) => requests.reject('machines', event.error),
    'xstate.done.actor.create': ({ event }: { event: { output?: unknown } }) => requests.resolve('create', event.output),
    'xstate.error.actor.create': ({ event }: { event: { error?: unknown } }) => requests.reject('create', event.error),
    'xstate.done.actor.upload': ({ event }: { event: { output?: unknown } }) => requests.resolve('upload', event.output),
    'xstate.error.actor.upload': ({ event }: { event: { error?: unknown } }) => requests.reject('upload', event.error),
  };
}

let current: Harness | undefined;
afterEach(() => current?.actor.stop());

replayModelPaths('new-ticket', newTicketMachine, paths, 10, async (path) => {
    current = start();
    await path.test({
      states: states(current) as unknown as Parameters<typeof path.test>[0]['states'],
      events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
    });
});

describe('limits of what is held', () => {
  it('takes at most six photos and refuses one over 20 MB, saying which', () => {
    const actor = createActor(newTicketMachine.provide({ actors: { fetchTicketMachines: createDeferredRequests().actor('machines') } })).start();
    actor.send({ type: 'photo.add', photos: Array.from({ length: 7 }, (_, i) => photo(`k${i}`, `p${i}.jpg`)) });
    expect(actor.getSnapshot().context.photos).toHaveLength(6);
    expect(actor.getSnapshot().context.refused).toBe('p6.jpg: at most 6 photos go with a new ticket');
    actor.send({ type: 'photo.remove', key: 'k0' });
    actor.send({ type: 'photo.add', photos: [photo('big', 'huge.jpg', 'image/jpeg', 21 * 1024 * 1024)] });
    expect(actor.getSnapshot().context.refused).toBe('huge.jpg is larger than 20 MB');
    actor.stop();
  });
});
