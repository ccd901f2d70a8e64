/** The session's real restore against the encrypted store, and the selectors screens read. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor, type Actor } from 'xstate';
import { configureStorage, createMemoryStore, writeStored } from '../../src/api/storage';
import {
  selectHasPermission,
  selectIsAccessLoading,
  selectIsRestoring,
  selectIsSignedIn,
  selectModuleActor,
  selectPermissions,
  selectPreferencesActor,
  selectRoleNames,
  selectShowsNavigation,
  selectSideMenu,
  selectSignInError,
  selectUser,
} from '../../src/machines/selectors';
import { SESSION_SYSTEM_ID, sessionMachine, storeSignIn, type SocketInput } from '../../src/machines/session';
import { loadAllSessionLogic } from '../../src/machines/sessionLogic';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';

const engineer = {
  _id: 'u-eng',
  name: 'Field Engineer',
  email: 'engineer@demo.local',
  roles: [{ name: 'USER' }],
  userType: 'Subscriber-User',
  subscriberId: 'sub-1',
};

// The tests swap the steps that load the session's children's code (sessionLogic.ts).
beforeAll(loadAllSessionLogic);

let actor: Actor<typeof sessionMachine> | undefined;
afterEach(() => actor?.stop());

function startWithRealRestore(requests: DeferredRequests) {
  const machine = sessionMachine.provide({
    actors: {
      loadPermissions: requests.actor('permissions'),
      loadSideMenu: requests.actor('sideMenu'),
      login: requests.actor('login'),
      logout: requests.actor('logout'),
      // No realtime server here: a socket that connects nowhere (the socket itself is tested in tests/unit).
      socket: fromCallback<{ type: 'socket.noop' }, SocketInput>(() => undefined),
    },
  });
  return createActor(machine, { systemId: SESSION_SYSTEM_ID, input: {} }).start();
}

describe('session restore from the encrypted store', () => {
  it('signs back in from a stored session, using its permissions until fresh ones arrive', async () => {
    const store = createMemoryStore();
    configureStorage({ backend: store, warn: () => undefined });
    storeSignIn({ token: 't-1', user: engineer, timezone: 'Asia/Kolkata' });
    writeStored('p_m__', [{ screenCode: 'MY_OPEN_CALLS', privileges: [{ code: 'VIEW' }] }]);
    const requests = createDeferredRequests();
    actor = startWithRealRestore(requests);
    expect(selectIsRestoring(actor.getSnapshot())).toBe(true);
    await waitFor(actor, selectIsSignedIn);
    const snapshot = actor.getSnapshot();
    expect(selectUser(snapshot)).toEqual(engineer);
    expect(selectRoleNames(snapshot)).toEqual(['USER']);
    expect(selectHasPermission('MY_OPEN_CALLS', 'VIEW')(snapshot)).toBe(true);
    expect(selectIsAccessLoading(snapshot)).toBe(false);
    await requests.resolve('permissions', [
      { screenCode: 'MY_URGENT_CALLS', privileges: [{ code: 'VIEW' }] },
      { screenCode: 'SITE_CONFIGURATION', privileges: [{ code: 'SHOW_NAVIGATION' }] },
    ]);
    expect(selectHasPermission('MY_OPEN_CALLS', 'VIEW')(actor.getSnapshot())).toBe(false);
    expect(selectHasPermission('MY_URGENT_CALLS', 'VIEW')(actor.getSnapshot())).toBe(true);
    expect(selectShowsNavigation(actor.getSnapshot())).toBe(true);
    expect(selectPermissions(actor.getSnapshot())).toHaveLength(2);
  });

  it('stays signed out, clears the store and warns when a stored value does not decrypt', async () => {
    const store = createMemoryStore();
    const warn = vi.fn<(message: string) => void>();
    configureStorage({ backend: store, warn });
    storeSignIn({ token: 't-1', user: engineer, timezone: 'Asia/Kolkata' });
    store.setItem('tn_ah', 'garbage');
    actor = startWithRealRestore(createDeferredRequests());
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(warn).toHaveBeenCalledWith('Login again');
    expect(store.size).toBe(0);
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });

  it('stays signed out on a first visit', async () => {
    configureStorage({ backend: createMemoryStore() });
    actor = startWithRealRestore(createDeferredRequests());
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    const snapshot = actor.getSnapshot();
    expect(selectIsSignedIn(snapshot)).toBe(false);
    expect(selectSignInError(snapshot)).toBeNull();
    expect(selectSideMenu(snapshot)).toEqual([]);
    expect(selectPreferencesActor(snapshot)).toBeDefined();
  });
});

describe('module actors', () => {
  it('open lazily once per module, only while signed in, and stop on sign-out', async () => {
    configureStorage({ backend: createMemoryStore() });
    const requests = createDeferredRequests();
    actor = startWithRealRestore(requests);
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    actor.send({ type: 'module.open', module: 'role' });
    expect(selectModuleActor('role')(actor.getSnapshot())).toBeUndefined();

    actor.send({ type: 'session.signIn', email: 'admin@demo.local', password: 'Demo-Admin-2026' });
    await requests.resolve('login', { token: 't', user: { ...engineer, roles: [{ name: 'ADMIN' }] }, timezone: 'Asia/Kolkata' });
    expect(selectIsAccessLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'module.open', module: 'role' });
    actor.send({ type: 'module.open', module: 'role' });
    actor.send({ type: 'module.open', module: 'lead' });
    actor.send({ type: 'module.open', module: 'unknown-module' });
    const role = selectModuleActor('role')(actor.getSnapshot());
    expect(role).toBe(actor.system.get('role'));
    expect(actor.getSnapshot().context.openModules).toEqual(['role', 'lead']);
    expect(actor.getSnapshot().status).toBe('active');

    actor.send({ type: 'session.signOut' });
    expect(actor.system.get('role')).toBeUndefined();
    expect(role?.getSnapshot().status).toBe('stopped');
    await requests.resolve('logout', {});
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });
});
