/**
 * Model-based tests of the signed step (src/machines/signedStep/machine.ts; issue 31 item 7): every path the
 * machine allows, each state checked by what is sent (the step's request, with the drawing as the signature) or
 * shown (the required word's message, the server's refusal), every state visited and every event executed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { requestOf, signedStepMachine, type SignedStepContext, type SignedStepEvent } from '../../src/machines/signedStep/machine';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';

const INPUT = { event: 'resolve', requires: { resolution: 'Describe the resolution first' }, signatureField: 'customerSignatureUrl' };
const FIRST = 'data:image/png;base64,Rmlyc3Q=';
const SECOND = 'data:image/png;base64,U2Vjb25k';

const EVENTS: SignedStepEvent[] = [
  { type: 'field.set', field: 'resolution', value: '  Oil cooler cleaned ' },
  { type: 'field.set', field: 'resolution', value: '' },
  { type: 'note.set', note: 'Customer present' },
  { type: 'pad.drawn', png: FIRST },
  { type: 'pad.drawn', png: SECOND },
  { type: 'pad.cleared' },
  { type: 'step.submit' },
  { type: 'step.cancel' },
];
const ANSWERS = [
  { type: 'xstate.done.actor.sendStep', output: undefined, actorId: 'sendStep' },
  { type: 'xstate.error.actor.sendStep', error: new Error('customerSignatureUrl: The signature must be a PNG image drawn on the pad'), actorId: 'sendStep' },
] as const;

// What a person can tell apart: whether the words and a drawing are there, what is shown as refused.
const project = (c: SignedStepContext) => ({ words: Boolean(c.values.resolution?.trim()), note: c.note !== '', signature: c.signature, missing: Object.values(c.errors).some(Boolean), refused: c.error });
const model = createTestModel(signedStepMachine, { input: INPUT, serializeState: serializeBy(project) });
const paths = model.getShortestPaths({ events: [...EVENTS, ...ANSWERS] as unknown as SignedStepEvent[], filterEvents: (snapshot, event) => snapshot.can(event), limit: 2_000 });

interface Harness {
  actor: Actor<typeof signedStepMachine>;
  requests: DeferredRequests;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const machine = signedStepMachine.provide({ actors: { sendStep: requests.actor('send') } });
  return { actor: createActor(machine, { input: INPUT }).start(), requests };
}

type ModelState = ReturnType<Harness['actor']['getSnapshot']>;

function states({ actor, requests }: Harness) {
  const same = (modelState: ModelState) => {
    expect(actor.getSnapshot().value).toEqual(modelState.value);
    expect(project(actor.getSnapshot().context)).toEqual(project(modelState.context));
  };
  const shownMissing = (modelState: ModelState) => {
    const { errors } = actor.getSnapshot().context;
    expect(errors.resolution || undefined).toBe(project(modelState.context).missing ? 'Describe the resolution first' : undefined);
  };
  return {
    '#signedStep.editing.blank': (modelState: ModelState) => {
      same(modelState);
      shownMissing(modelState);
      // A blank pad sends no signature.
      expect(requestOf(actor.getSnapshot().context).data.customerSignatureUrl).toBeUndefined();
    },
    '#signedStep.editing.signed': (modelState: ModelState) => {
      same(modelState);
      shownMissing(modelState);
      // The drawing is the signature already: the step's own button sends it.
      expect(requestOf(actor.getSnapshot().context).data.customerSignatureUrl).toBe(modelState.context.signature);
    },
    '#signedStep.sending': (modelState: ModelState) => {
      same(modelState);
      const sent = requests.inputOf('send') as { event: string; data: Record<string, string>; note?: string };
      expect(sent.event).toBe('resolve');
      expect(sent.data.resolution).toBe('Oil cooler cleaned');
      expect(sent.data.customerSignatureUrl).toBe(modelState.context.signature ?? undefined);
      expect(sent.note).toBe(modelState.context.note ? 'Customer present' : undefined);
    },
    '#signedStep.done': (modelState: ModelState) => {
      same(modelState);
      expect(actor.getSnapshot().status).toBe('done');
    },
    '#signedStep.cancelled': (modelState: ModelState) => {
      same(modelState);
      expect(actor.getSnapshot().status).toBe('done');
      expect(requests.has('send')).toBe(false);
    },
  };
}

function events({ actor, requests }: Harness) {
  const send = ({ event }: { event: SignedStepEvent }) => actor.send(event);
  return {
    'field.set': send,
    'note.set': send,
    'pad.drawn': send,
    'pad.cleared': send,
    'step.submit': send,
    'step.cancel': send,
    'xstate.done.actor.sendStep': () => requests.resolve('send', undefined),
    'xstate.error.actor.sendStep': ({ event }: { event: { error?: unknown } }) => requests.reject('send', event.error),
  };
}

let current: Harness | undefined;
afterEach(() => current?.actor.stop());

replayModelPaths('signed-step', signedStepMachine, paths, 10, async (path) => {
  current = start();
  await path.test({
    states: states(current) as unknown as Parameters<typeof path.test>[0]['states'],
    events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
  });
});

describe('a refused step keeps everything given', () => {
  it('goes back to the pad as it was, with the drawing, the words and the refusal shown', async () => {
    current = start();
    const { actor, requests } = current;
    actor.send({ type: 'field.set', field: 'resolution', value: 'Oil cooler cleaned' });
    actor.send({ type: 'pad.drawn', png: FIRST });
    actor.send({ type: 'step.submit' });
    await requests.reject('send', new Error('The record changed: read it again'));
    expect(actor.getSnapshot().value).toEqual({ editing: 'signed' });
    expect(actor.getSnapshot().context).toMatchObject({ signature: FIRST, values: { resolution: 'Oil cooler cleaned' }, error: 'The record changed: read it again' });
  });
});
