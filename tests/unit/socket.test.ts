/**
 * The session's socket actor against a real socket.io server: the token in the handshake, `addUser` with
 * the subscriber id on connect, and `record.changed` relayed to the session as `socket.recordChanged`.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assign, createActor, setup, waitFor } from 'xstate';
import { configureHttp, resetHttpConfig } from '../../src/api/http';
import { socketActor, type RecordChanged } from '../../src/machines/session';

let http: HttpServer;
let io: Server;
const handshakes: Array<{ token: unknown; subscriberId?: unknown }> = [];

beforeAll(async () => {
  http = createServer();
  io = new Server(http);
  io.on('connection', (socket) => {
    const entry: { token: unknown; subscriberId?: unknown } = { token: socket.handshake.auth.token };
    handshakes.push(entry);
    socket.on('addUser', (subscriberId: unknown) => {
      entry.subscriberId = subscriberId;
      void socket.join(`tenant:${String(subscriberId)}`);
      socket.emit('joined');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  configureHttp({ baseURL: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
});

afterAll(async () => {
  resetHttpConfig();
  await io.close();
});

const host = setup({
  types: { context: {} as { changes: RecordChanged[] }, events: {} as { type: 'socket.recordChanged' } & RecordChanged },
  actors: { socket: socketActor },
}).createMachine({
  context: { changes: [] },
  invoke: { src: 'socket', input: { token: 'token-xyz', subscriberId: 'sub-1' } },
  on: {
    'socket.recordChanged': {
      actions: assign(({ context, event }) => ({
        changes: [...context.changes, { module: event.module, op: event.op, _id: event._id }],
      })),
    },
  },
});

describe('socket actor', () => {
  it('authenticates, joins its tenant and relays record changes until stopped', async () => {
    const actor = createActor(host).start();
    await expect.poll(() => handshakes.at(-1)?.subscriberId, { timeout: 5000 }).toBe('sub-1');
    expect(handshakes.at(-1)?.token).toBe('token-xyz');

    io.to('tenant:sub-1').emit('record.changed', { module: 'role', op: 'update', _id: 'r1' });
    io.to('tenant:other').emit('record.changed', { module: 'role', op: 'remove', _id: 'r2' });
    await waitFor(actor, (snapshot) => snapshot.context.changes.length > 0, { timeout: 5000 });
    expect(actor.getSnapshot().context.changes).toEqual([{ module: 'role', op: 'update', _id: 'r1' }]);

    actor.stop();
    await expect.poll(async () => (await io.fetchSockets()).length, { timeout: 5000 }).toBe(0);
  });
});
