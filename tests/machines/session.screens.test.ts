/**
 * The session runs every screen's flow (issue 38, src/machines/screenActors.ts): `screen.open` spawns it under
 * the screen's systemId, `screen.close` stops it when the last mount leaves, and signing out, an expired token or
 * a public link stop every one still running. Each screen's flow is stood in for by a callback actor that records
 * its input and whether it was stopped, so that what is tested is the session's part.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor, type Actor, type AnyActorRef } from 'xstate';
import { configureStorage, createMemoryStore } from '../../src/api/storage';
import { SCREEN_NAMES, screenActorId, type ScreenName } from '../../src/machines/screenActors';
import { SESSION_SYSTEM_ID, sessionMachine, type SocketInput } from '../../src/machines/session';
import { loadAllSessionLogic } from '../../src/machines/sessionLogic';
import { selectScreenActor } from '../../src/machines/useScreenActor';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';

beforeAll(loadAllSessionLogic);

const engineer = { _id: 'u-eng', name: 'Field Engineer', email: 'engineer@demo.local', roles: [{ name: 'USER' }], userType: 'Subscriber-User', subscriberId: 'sub-1' };

let session: Actor<typeof sessionMachine> | undefined;
afterEach(() => session?.stop());

/** A stand-in flow: remembers each start's input and each stop. */
function recordingFlow() {
  const started: unknown[] = [];
  let stopped = 0;
  const logic = fromCallback<{ type: 'noop' }, unknown>(({ input }) => {
    started.push(input);
    return () => {
      stopped += 1;
    };
  });
  return { logic, started, stopped: () => stopped };
}

function start(requests: DeferredRequests) {
  configureStorage({ backend: createMemoryStore() });
  const machine = sessionMachine.provide({
    actors: {
      loadPermissions: requests.actor('permissions'),
      loadSideMenu: requests.actor('sideMenu'),
      login: requests.actor('login'),
      logout: requests.actor('logout'),
      socket: fromCallback<{ type: 'socket.noop' }, SocketInput>(() => undefined),
    },
  });
  return createActor(machine, { systemId: SESSION_SYSTEM_ID, input: {} }).start();
}

async function signIn(requests: DeferredRequests) {
  const actor = start(requests);
  await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
  actor.send({ type: 'session.signIn', email: engineer.email, password: 'secret' });
  await requests.resolve('login', { token: 't', user: engineer, timezone: 'Asia/Kolkata' });
  expect(actor.getSnapshot().matches('authenticated')).toBe(true);
  return actor;
}

const systemActors = (actor: AnyActorRef) => Object.keys(actor.system.getAll());
const child = (actor: Actor<typeof sessionMachine>, id: string) => selectScreenActor(id)(actor.getSnapshot());

describe('screen actors', () => {
  it.each(SCREEN_NAMES.map((screen) => [screen]))('%s: spawned under its systemId on entering, shared by a second mount, stopped when the last one leaves', async (screen: ScreenName) => {
    const requests = createDeferredRequests();
    session = await signIn(requests);
    const flow = recordingFlow();
    const id = screenActorId(screen);
    expect(session.system.get(id)).toBeUndefined();

    session.send({ type: 'screen.open', id, logic: flow.logic, input: { screen } });
    const actor = child(session, id);
    expect(actor).toBeDefined();
    expect(session.system.get(id)).toBe(actor);
    expect(actor?.getSnapshot().status).toBe('active');
    expect(flow.started).toEqual([{ screen }]);

    // A second mount of the same screen (another tab of the page) uses the running actor.
    session.send({ type: 'screen.open', id, logic: flow.logic, input: { screen, again: true } });
    expect(flow.started).toHaveLength(1);
    session.send({ type: 'screen.close', id });
    expect(child(session, id)).toBe(actor);
    expect(flow.stopped()).toBe(0);

    session.send({ type: 'screen.close', id });
    expect(child(session, id)).toBeUndefined();
    expect(session.system.get(id)).toBeUndefined();
    expect(actor?.getSnapshot().status).toBe('stopped');
    expect(flow.stopped()).toBe(1);
    expect(session.getSnapshot().context.openScreens).toEqual({});

    // Entering the screen again starts a fresh flow under the same name.
    session.send({ type: 'screen.open', id, logic: flow.logic, input: { screen } });
    expect(child(session, id)).not.toBe(actor);
    expect(session.system.get(id)).toBe(child(session, id));
  });

  it('keyed screens (a dashboard panel, a record) run one actor per key; closing one leaves the others', async () => {
    const requests = createDeferredRequests();
    session = await signIn(requests);
    const flow = recordingFlow();
    const first = screenActorId('dynamicDashboardPanel', 'p1');
    const second = screenActorId('dynamicDashboardPanel', 'p2');
    expect(first).toBe('dynamicDashboardPanel:p1');
    session.send({ type: 'screen.open', id: first, logic: flow.logic, input: 1 });
    session.send({ type: 'screen.open', id: second, logic: flow.logic, input: 2 });
    expect(flow.started).toEqual([1, 2]);
    expect(session.system.get(first)).toBeDefined();
    expect(session.system.get(second)).toBeDefined();
    session.send({ type: 'screen.close', id: first });
    expect(session.system.get(first)).toBeUndefined();
    expect(session.system.get(second)?.getSnapshot().status).toBe('active');
  });

  it('sign-out stops every screen actor the session spawned (the system holds only what it held before they opened)', async () => {
    const requests = createDeferredRequests();
    session = await signIn(requests);
    const before = systemActors(session);
    const flows = SCREEN_NAMES.map((screen) => ({ screen, flow: recordingFlow() }));
    for (const { screen, flow } of flows) session.send({ type: 'screen.open', id: screenActorId(screen), logic: flow.logic, input: {} });
    expect(systemActors(session)).toHaveLength(before.length + SCREEN_NAMES.length);

    session.send({ type: 'session.signOut' });
    expect(systemActors(session).filter((id) => !before.includes(id))).toEqual([]);
    for (const { screen, flow } of flows) {
      expect(flow.stopped(), screen).toBe(1);
      expect(child(session, screen), screen).toBeUndefined();
    }
    expect(session.getSnapshot().context.openScreens).toEqual({});
    // The screens, unmounted after sign-out, close what is no longer there: nothing happens.
    for (const { screen } of flows) session.send({ type: 'screen.close', id: screen });
    await requests.resolve('logout', {});
    expect(session.getSnapshot().matches('signedOut')).toBe(true);
    expect(systemActors(session).filter((id) => !before.includes(id))).toEqual([]);
  });

  it('a screen entered while signing out starts nothing that would outlive the session', async () => {
    const requests = createDeferredRequests();
    session = await signIn(requests);
    const before = systemActors(session);
    session.send({ type: 'session.signOut' });
    const flow = recordingFlow();
    session.send({ type: 'screen.open', id: 'myCalendar', logic: flow.logic, input: {} });
    expect(flow.started).toEqual([]);
    expect(session.system.get('myCalendar')).toBeUndefined();
    await requests.resolve('logout', {});
    expect(systemActors(session).filter((id) => !before.includes(id))).toEqual([]);
  });

  it('an expired token stops them too', async () => {
    const requests = createDeferredRequests();
    session = await signIn(requests);
    const flow = recordingFlow();
    session.send({ type: 'screen.open', id: 'bomTree', logic: flow.logic, input: {} });
    session.send({ type: 'session.expired' });
    expect(flow.stopped()).toBe(1);
    expect(session.system.get('bomTree')).toBeUndefined();
  });

  it('a screen of the signed-out pages (the sign-up request) runs in the session too, and a public link stops it', async () => {
    const requests = createDeferredRequests();
    session = start(requests);
    await waitFor(session, (snapshot) => snapshot.matches('signedOut'));
    const flow = recordingFlow();
    session.send({ type: 'screen.open', id: 'subscriptionRequest', logic: flow.logic, input: undefined });
    expect(session.system.get('subscriptionRequest')?.getSnapshot().status).toBe('active');
    session.send({ type: 'public.open', page: 'businessProposal', query: '' });
    expect(flow.stopped()).toBe(1);
    expect(session.system.get('subscriptionRequest')).toBeUndefined();
  });
});
