/**
 * The client core against the real API host (the Fastify app on a port, its socket.io, a database cloned
 * from the seeded template): the session and module actors with their real I/O, as the browser runs them.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type Actor } from 'xstate';
import { configureHttp, resetHttpConfig } from '../../src/api/http';
import { configureStorage, createMemoryStore, readStored } from '../../src/api/storage';
import { hasPermission } from '../../src/contract/permissions';
import type { ResourceActorRef } from '../../src/machines/resource';
import { selectModuleActor, selectSignatureActor, selectChangePasswordActor } from '../../src/machines/selectors';
import { SESSION_SYSTEM_ID, sessionMachine } from '../../src/machines/session';
import { loadModuleLogic } from '../../src/machines/sessionLogic';
import { attachRealtime, type Realtime } from '../../server/realtime/socket';
import { testDb, type TestDb } from '../helpers/test-db';
import { recordNotices, type NoticeRecorder } from './support/notices';

let t: TestDb;
let realtime: Realtime;
let session: Actor<typeof sessionMachine>;
let recorder: NoticeRecorder;
const store = createMemoryStore();
const reload = vi.fn<(path: string) => void>();
const navigate = vi.fn<(path: string) => void>();

beforeAll(async () => {
  // The cached lists' code comes with the screens that show a module (sessionLogic.ts): brought first, as they do.
  await loadModuleLogic();
  t = await testDb();
  realtime = attachRealtime(t.app.server, { db: t.db, hub: t.hub });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  configureHttp({ baseURL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, reload, navigate });
  configureStorage({ backend: store, warn: () => undefined });
  recorder = recordNotices();
  session = createActor(sessionMachine, { systemId: SESSION_SYSTEM_ID, input: {} }).start();
});

afterAll(async () => {
  session.stop();
  recorder.release();
  resetHttpConfig();
  await realtime.close();
  await t.close();
});

const roleActor = () => selectModuleActor('role')(session.getSnapshot()) as ResourceActorRef;
const roleNames = () => roleActor().getSnapshot().context.list.data.map((record) => record.name);

describe('the client core against the API host', () => {
  it('starts signed out on a first visit', async () => {
    await waitFor(session, (snapshot) => snapshot.matches('signedOut'));
  });

  it('keeps a refused sign-in in the form, without the session-expired reload', async () => {
    session.send({ type: 'session.signIn', email: 'admin@demo.local', password: 'wrong-password' });
    await waitFor(session, (snapshot) => snapshot.matches('signedOut') && snapshot.context.signInError !== null);
    expect(session.getSnapshot().context.signInError).toEqual({ message: 'Invalid email or password', words: { key: 'refusal.wrongPassword', values: {} } });
    expect(reload).not.toHaveBeenCalled();
  });

  it('signs in, stores the session, loads permissions and the side menu', async () => {
    session.send({ type: 'session.signIn', email: 'admin@demo.local', password: 'Demo-Admin-2026' });
    await waitFor(session, (snapshot) => snapshot.matches({ authenticated: { permissions: 'ready', sideMenu: 'ready' } }), {
      timeout: 10_000,
    });
    const { context } = session.getSnapshot();
    expect(context.user?.email).toBe('admin@demo.local');
    expect(readStored('tn_ah')).toBe(context.token);
    expect(readStored('loggedIN')).toBe(true);
    expect(readStored('subscriberId')).toBe(context.user?.subscriberId);
    expect(hasPermission(context.permissions, 'MANAGE_ROLE', 'VIEW')).toBe(true);
    expect(readStored('p_m__')).toEqual(context.permissions);
    expect(context.sideMenu.length).toBeGreaterThan(0);
    expect(readStored('m1e2n3u4')).toEqual(context.sideMenu);
  });

  it('lists, creates (at the end for roles), refuses a duplicate with the module text, updates and deletes', async () => {
    session.send({ type: 'module.open', module: 'role' });
    roleActor().send({ type: 'resource.list' });
    await waitFor(roleActor(), (snapshot) => snapshot.matches({ list: 'loaded' }));
    const total = roleActor().getSnapshot().context.list.total;
    expect(total).toBeGreaterThan(0);

    roleActor().send({ type: 'resource.create', body: { name: 'AUDITOR', description: 'Reads everything' } });
    await waitFor(roleActor(), (snapshot) => snapshot.matches({ create: 'succeeded' }));
    expect(roleNames().at(-1)).toBe('AUDITOR');
    const auditor = roleActor().getSnapshot().context.create.data;
    roleActor().send({ type: 'resource.reset' });

    roleActor().send({ type: 'resource.create', body: { name: 'AUDITOR' } });
    await waitFor(roleActor(), (snapshot) => snapshot.matches({ create: 'failed' }));
    expect(roleActor().getSnapshot().context.create.error).toMatchObject({ code: 11000, keyValue: { name: 'AUDITOR' } });
    expect(recorder.messages()).toContain('Role Name Already In use.');

    roleActor().send({ type: 'resource.update', id: auditor?._id ?? '', body: { _id: auditor?._id, description: 'Audits' } });
    await waitFor(roleActor(), (snapshot) => snapshot.matches({ update: 'succeeded' }));
    expect(roleActor().getSnapshot().context.list.data.find((record) => record._id === auditor?._id)).toMatchObject({
      name: 'AUDITOR',
      description: 'Audits',
    });

    roleActor().send({ type: 'resource.remove', id: auditor?._id ?? '' });
    await waitFor(roleActor(), (snapshot) => snapshot.matches({ remove: 'succeeded' }));
    await expect.poll(roleNames).not.toContain('AUDITOR');
  });

  it("refreshes an open module's list when another client writes to it", async () => {
    const other = await t.signIn('admin@demo.local');
    const created = await t.call(other, 'POST', '/api/app/role', { name: 'PLANNER' });
    expect(created.status).toBe(201);
    await expect.poll(roleNames, { timeout: 10_000 }).toContain('PLANNER');
  });

  it("shows the server's message when the current password is wrong", async () => {
    const flow = selectChangePasswordActor(session.getSnapshot());
    flow?.send({ type: 'password.submit', values: { oldPassword: 'Wrong@123', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2024' } });
    await waitFor(flow!, (snapshot) => snapshot.matches('failed'));
    // The server names the field in its 400 messages; the notice shows its message as sent.
    expect(recorder.notices.at(-1)).toEqual({ message: 'Current password is incorrect', words: { key: 'refusal.currentPasswordWrong', values: {} }, color: 'red' });
    expect(session.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('saves a signature and the session user carries it', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const flow = selectSignatureActor(session.getSnapshot());
    flow?.send({ type: 'signature.save', dataUrl: png });
    await waitFor(flow!, (snapshot) => snapshot.matches('saved'));
    await expect.poll(() => session.getSnapshot().context.user?.eSign).toBe(png);
    expect(readStored('user')?.eSign).toBe(png);
    expect(session.getSnapshot().context.user?.roles.map((role) => role.name)).toContain('ADMIN');
  });

  it('signs out: the token is revoked and every stored item is gone', async () => {
    const token = session.getSnapshot().context.token ?? '';
    session.send({ type: 'session.signOut' });
    await waitFor(session, (snapshot) => snapshot.matches('signedOut'));
    expect(store.keys()).toEqual([]);
    expect(session.system.get('role')).toBeUndefined();
    expect((await t.call(token, 'GET', '/api/app/role')).status).toBe(401);
  });
});
