/** socket.io on a real port: token handshake, tenant rooms, record.changed, refusal of another tenant. */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachRealtime, type Realtime } from '../../server/realtime/socket';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let realtime: Realtime;
let url: string;
let admin: SignedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await testDb();
  realtime = attachRealtime(t.app.server, { db: t.db, hub: t.hub });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.signIn('admin@demo.local');
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await realtime.close();
  await t.close();
});

function open(auth: Record<string, string> | undefined, query?: Record<string, string>): Socket {
  const socket = connect(url, { path: '/socket.io', auth, query, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

function once<T>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

function addUser(socket: Socket, subscriberId: string): Promise<{ ok: boolean; room?: string; message?: string }> {
  return socket.timeout(5_000).emitWithAck('addUser', subscriberId);
}

describe('realtime', () => {
  it('refuses a connection without a valid token', async () => {
    const none = open(undefined);
    const error = await once<Error>(none, 'connect_error');
    expect(error.message).toMatch(/Authentication failed/);
    const forged = open({ token: 'forged' });
    expect((await once<Error>(forged, 'connect_error')).message).toMatch(/Authentication failed/);
  });

  it("joins its own tenant's room and receives record.changed after a write", async () => {
    const socket = open({ token: admin.token });
    await once(socket, 'connect');
    const joined = await addUser(socket, admin.user.subscriberId);
    expect(joined).toEqual({ ok: true, room: `tenant:${admin.user.subscriberId}` });
    const changed = once<{ module: string; op: string; _id: string }>(socket, 'record.changed');
    const created = await t.call(admin, 'POST', '/api/app/privilege', { name: 'Approve', code: 'APPROVE' });
    expect(created.status).toBe(201);
    expect(await changed).toEqual({ module: 'privilege', op: 'create', _id: created.body._id });
  });

  it('accepts the token in the query string too', async () => {
    const socket = open(undefined, { token: admin.token });
    await once(socket, 'connect');
    expect((await addUser(socket, admin.user.subscriberId)).ok).toBe(true);
  });

  it("refuses another tenant's id with an error event and does not join its room", async () => {
    const acme = await t.signIn('admin@acme.local');
    const spy = open({ token: admin.token });
    await once(spy, 'connect');
    const error = once<{ message: string }>(spy, 'error');
    const answer = await addUser(spy, acme.user.subscriberId);
    expect(answer.ok).toBe(false);
    expect((await error).message).toMatch(/your own subscriber/);

    const received: unknown[] = [];
    spy.on('record.changed', (event) => received.push(event));
    const acmeSocket = open({ token: acme.token });
    await once(acmeSocket, 'connect');
    await addUser(acmeSocket, acme.user.subscriberId);
    const acmeChanged = once(acmeSocket, 'record.changed');
    expect((await t.call(acme, 'POST', '/api/app/privilege', { name: 'Approve', code: 'APPROVE' })).status).toBe(201);
    await acmeChanged;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
  });

  it('disconnects the sockets of a session that signs out', async () => {
    const session = await t.signIn('engineer@demo.local');
    const socket = open({ token: session.token });
    await once(socket, 'connect');
    const gone = once(socket, 'disconnect');
    expect((await t.call(session, 'POST', '/api/auth/logout')).status).toBe(200);
    await gone;
    expect(socket.connected).toBe(false);
  });

  it("closes a person's socket as soon as they are made Inactive, and leaves the others connected", async () => {
    const clerk = await t.signIn('clerk@demo.local');
    const socket = open({ token: clerk.token });
    await once(socket, 'connect');
    const bystander = open({ token: admin.token });
    await once(bystander, 'connect');
    const bystanderGone = vi.fn();
    bystander.on('disconnect', bystanderGone);

    // A change that leaves the session valid keeps the socket: it is read again, not dropped on suspicion.
    expect((await t.call(admin, 'PUT', `/api/app/subscriber-user/${clerk.user._id}`, { designation: 'Senior Accounts Executive' })).status).toBe(200);
    expect((await addUser(socket, clerk.user.subscriberId)).ok).toBe(true);

    const gone = once<string>(socket, 'disconnect');
    expect((await t.call(admin, 'PUT', `/api/app/subscriber-user/${clerk.user._id}`, { status: 'Inactive' })).status).toBe(200);
    // The server closed it (a client-side close would say 'io client disconnect').
    expect(await gone).toBe('io server disconnect');
    expect((await addUser(bystander, admin.user.subscriberId)).ok).toBe(true);
    expect(bystanderGone).not.toHaveBeenCalled();
  });
});
