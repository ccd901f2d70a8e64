/**
 * Model-based tests of the signature flow: a PNG data URL is saved as `esgin`, the user reloaded and
 * reported to the session; a failed save is only logged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { signatureMachine, SESSION_SYSTEM_ID, type SignatureEvent, type UpdatedUser, type UserUpdatedEvent } from '../../src/machines/flows/signature';
import { PathCoverage, serializeBy } from './support/coverage';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
const RELOADED: UpdatedUser = { _id: 'u-admin', name: 'Demo Admin', eSign: SIGNATURE };

const EVENTS: SignatureEvent[] = [
  { type: 'signature.save', dataUrl: SIGNATURE },
  // An empty pad and a JPEG are not saved.
  { type: 'signature.save', dataUrl: 'data:image/png;base64,' },
  { type: 'signature.save', dataUrl: 'data:image/jpeg;base64,/9j/4AAQ' },
  { type: 'xstate.done.actor.request', output: RELOADED, actorId: 'request' },
  { type: 'xstate.error.actor.request', error: new ApiError(500, null, 'x'), actorId: 'request' },
  { type: 'signature.reset' },
];

const model = createTestModel(signatureMachine, { input: { userId: 'u-admin' }, serializeState: serializeBy((c) => c) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });
const coverage = new PathCoverage();

/** Stands in for the session: the parent that receives `session.userUpdated`. */
const sessionStandIn = setup({
  types: { context: {} as { updates: UpdatedUser[] }, events: {} as UserUpdatedEvent, children: {} as { signature: 'signature' } },
  actors: { signature: signatureMachine },
}).createMachine({
  context: { updates: [] },
  invoke: { id: 'signature', src: 'signature', input: { userId: 'u-admin' } },
  on: { 'session.userUpdated': { actions: assign(({ context, event }) => ({ updates: [...context.updates, event.user] })) } },
});

interface Harness {
  session: Actor<typeof sessionStandIn>;
  requests: DeferredRequests;
  logged: ReturnType<typeof vi.spyOn>;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const session = createActor(
    sessionStandIn.provide({ actors: { signature: signatureMachine.provide({ actors: { saveSignature: requests.actor('request') } }) } }),
    { systemId: SESSION_SYSTEM_ID },
  ).start();
  return { session, requests, logged };
}

function flow(harness: Harness) {
  const ref = harness.session.getSnapshot().children.signature;
  if (!ref) throw new Error('signature flow not running');
  return ref;
}

function states(harness: Harness) {
  const checks: Record<string, () => void> = {
    '#signature.idle': () => expect(harness.requests.has('request')).toBe(false),
    '#signature.saving': () =>
      expect(harness.requests.inputOf('request')).toEqual({ userId: 'u-admin', dataUrl: SIGNATURE }),
    '#signature.saved': () => {
      expect(harness.session.getSnapshot().context.updates.at(-1)).toEqual(RELOADED);
      expect(flow(harness).getSnapshot().context.dataUrl).toBe(SIGNATURE);
    },
  };
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (modelState: ReturnType<ReturnType<typeof flow>['getSnapshot']>) => {
        expect(flow(harness).getSnapshot().value).toEqual(modelState.value);
        expect(flow(harness).getSnapshot().context).toEqual(modelState.context);
        check();
      },
    ]),
  );
}

function events(harness: Harness) {
  return {
    'signature.save': ({ event }: { event: SignatureEvent }) => flow(harness).send(event),
    'signature.reset': ({ event }: { event: SignatureEvent }) => flow(harness).send(event),
    'xstate.done.actor.request': async ({ event }: { event: SignatureEvent }) => {
      const before = harness.session.getSnapshot().context.updates.length;
      await harness.requests.resolve('request', 'output' in event ? event.output : undefined);
      expect(harness.session.getSnapshot().context.updates).toHaveLength(before + 1);
    },
    'xstate.error.actor.request': async ({ event }: { event: SignatureEvent }) => {
      const updates = harness.session.getSnapshot().context.updates.length;
      await harness.requests.reject('request', 'error' in event ? event.error : undefined);
      // Only logged: nothing reaches the session, no notice.
      expect(harness.logged).toHaveBeenCalledWith('Signature save failed', expect.any(ApiError));
      expect(harness.session.getSnapshot().context.updates).toHaveLength(updates);
    },
  };
}

let current: Harness | undefined;
afterEach(() => {
  current?.session.stop();
  current?.logged.mockRestore();
});

describe('signature paths', () => {
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(1));
  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      current = start();
      await path.test({
        states: states(current),
        // xstate/graph types each step's event as `{ type }` only; executors read the full event.
        events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
      });
      coverage.record(path);
    });
  });
  it('ignores an empty pad and non-PNG images', () => {
    current = start();
    flow(current).send({ type: 'signature.save', dataUrl: 'data:image/png;base64,' });
    flow(current).send({ type: 'signature.save', dataUrl: 'data:image/jpeg;base64,/9j/4AAQ' });
    expect(flow(current).getSnapshot().value).toBe('idle');
    expect(current.requests.started('request')).toBe(0);
  });
});

describe('coverage of the signature flow', () => {
  it('visited every state', () => expect(coverage.missingStates(signatureMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(signatureMachine)).toEqual([]));
});
