/**
 * socket.io on the API's own HTTP server (path /socket.io). A socket authenticates with its session
 * token (handshake `auth.token`, or `token` in the query) and emits `addUser` with its subscriber id;
 * it joins `tenant:<id>` only when that is its session's tenant. Writes reach the room as
 * `record.changed` { module, op, _id }, and `ticket.assigned` { userId, module, _id, alternateId, title } when a
 * ticket is given to someone. Sockets of revoked sessions are disconnected, and so are those whose session a
 * change of its user or tenant ended (a person made Inactive, a tenant suspended): their sessions are read
 * again at once, as HTTP would on the next call (issue 29: a deactivated person stayed connected).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { findSession } from '../auth/sessions';
import type { Db } from '../db/pool';
import type { RealtimeHub } from './hub';

export interface SocketIdentity {
  userId: string;
  tenantId: string;
  tokenHash: string;
  /** Kept to read the session again when its user or tenant changes. */
  token: string;
}

export interface Realtime {
  io: Server;
  close(): Promise<void>;
}

export const tenantRoom = (tenantId: string): string => `tenant:${tenantId}`;

function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const query = socket.handshake.query.token;
  const fromQuery = Array.isArray(query) ? query[0] : query;
  if (fromQuery) return fromQuery;
  const header = socket.handshake.headers.token;
  return typeof header === 'string' && header ? header : undefined;
}

type Ack = (answer: { ok: boolean; room?: string; message?: string }) => void;

export function attachRealtime(server: HttpServer, deps: { db: Db; hub: RealtimeHub }): Realtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false });

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) return next(new Error('Authentication failed: token missing'));
    findSession(deps.db, token)
      .then((found) => {
        if (!found.ok) return next(new Error('Authentication failed: session is not valid'));
        const identity: SocketIdentity = { userId: found.user._id, tenantId: found.user.tenantId, tokenHash: found.user.tokenHash, token };
        socket.data.identity = identity;
        next();
      })
      .catch(() => next(new Error('Authentication failed')));
  });

  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    socket.on('addUser', (payload: unknown, ack?: unknown) => {
      const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
      const requested = typeof payload === 'string' ? payload : (payload as { subscriberId?: unknown } | null)?.subscriberId;
      if (requested !== identity.tenantId) {
        const message = "You can only join your own subscriber's channel";
        socket.emit('error', { message });
        reply({ ok: false, message });
        return;
      }
      const room = tenantRoom(identity.tenantId);
      void socket.join(room);
      reply({ ok: true, room });
    });
  });

  const identityOf = (socket: Socket): SocketIdentity | undefined => socket.data.identity as SocketIdentity | undefined;

  /** Reads the sessions of the sockets `affected` picks again, and disconnects those no longer valid. */
  const recheck = (affected: (identity: SocketIdentity) => boolean): void => {
    for (const socket of io.sockets.sockets.values()) {
      const identity = identityOf(socket);
      if (!identity || !affected(identity)) continue;
      findSession(deps.db, identity.token)
        .then((found) => {
          if (!found.ok) socket.disconnect(true);
        })
        // The database is unavailable: the socket stays until the session can be read (HTTP answers 503 meanwhile).
        .catch(() => undefined);
    }
  };

  const unsubscribe = deps.hub.subscribe((message) => {
    if (message.type === 'record.changed') {
      io.to(tenantRoom(message.tenantId)).emit('record.changed', message.event);
      const { module, _id } = message.event;
      if (module === subscriberUser.name) recheck((identity) => identity.userId === _id);
      else if (module === subscriber.name) recheck((identity) => identity.tenantId === _id);
      return;
    }
    if (message.type === 'ticket.assigned') {
      // To the tenant's room: each browser keeps the notice meant for its own person (the title is the tenant's).
      io.to(tenantRoom(message.tenantId)).emit('ticket.assigned', message.event);
      return;
    }
    const revoked = new Set(message.tokenHashes);
    for (const socket of io.sockets.sockets.values()) {
      if (revoked.has(identityOf(socket)?.tokenHash ?? '')) socket.disconnect(true);
    }
  });

  return {
    io,
    async close() {
      unsubscribe();
      io.disconnectSockets(true);
      // Close the engine's connections but leave the HTTP server to Fastify's own close.
      io.engine.close();
    },
  };
}
