/**
 * socket.io on the API's own HTTP server (path /socket.io). A socket authenticates with its session
 * token (handshake `auth.token`, or `token` in the query) and emits `addUser` with its subscriber id;
 * only when that is its session's tenant does it join the rooms its grants open (./audience.ts). Writes reach
 * the people who may read the record as `record.changed` { module, op, _id }, and the assignee alone hears
 * `ticket.assigned` { userId, module, _id, alternateId, title } when a ticket is given to him (issue 35). Sockets of revoked sessions are disconnected, and so are those whose session a
 * change of its user or tenant ended (a person made Inactive, a tenant suspended): their sessions are read
 * again at once, as HTTP would on the next call (issue 29: a deactivated person stayed connected).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { catalogue } from '../../src/contract/modules/index';
import { findSession, type SessionUser } from '../auth/sessions';
import type { Db } from '../db/pool';
import { repo } from '../db/repository';
import { hasFilteredViews, roomsFor, roomsOf, userRoom } from './audience';
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
        // Plain strings in socket.data, so an adapter spanning processes can carry them.
        socket.data.rooms = roomsOf(found.user);
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
      // The tenant's room carries nothing now; the rooms of what this person may read carry the events.
      void socket.join([room, ...((socket.data.rooms as string[] | undefined) ?? [])]);
      socket.data.joined = true;
      reply({ ok: true, room });
    });
  });

  const identityOf = (socket: Socket): SocketIdentity | undefined => socket.data.identity as SocketIdentity | undefined;

  /** Moves a socket to the rooms its person's grants open now (a role or a feature changed). */
  const regroup = (socket: Socket, user: SessionUser): void => {
    const before = new Set((socket.data.rooms as string[] | undefined) ?? []);
    const now = roomsOf(user);
    socket.data.rooms = now;
    if (!socket.data.joined) return;
    for (const room of before) if (!now.includes(room)) void socket.leave(room);
    void socket.join(now.filter((room) => !before.has(room)));
  };

  /**
   * Reads the sessions of the sockets `affected` picks again: those no longer valid are disconnected, the others
   * take the rooms their grants open now.
   */
  const recheck = (affected: (identity: SocketIdentity) => boolean): void => {
    for (const socket of io.sockets.sockets.values()) {
      const identity = identityOf(socket);
      if (!identity || !affected(identity)) continue;
      findSession(deps.db, identity.token)
        .then((found) => {
          if (!found.ok) socket.disconnect(true);
          else regroup(socket, found.user);
        })
        // The database is unavailable: the socket stays until the session can be read (HTTP answers 503 meanwhile).
        .catch(() => undefined);
    }
  };

  /**
   * A change goes to the module's readers and, for a module also read through filtered views, to the rooms of the
   * views the record passes now (its body read once; a deleted record's only to the module's readers).
   */
  const sendChange = async (tenantId: string, event: { module: string; op: string; _id: string }): Promise<void> => {
    const def = catalogue.find((m) => m.name === event.module);
    let body: Record<string, unknown> | undefined;
    if (def && hasFilteredViews(def.name) && event.op !== 'remove' && event.op !== 'delete') {
      body = await repo(deps.db, def, tenantId)
        .getBody(event._id)
        // The database is unavailable: the module's readers still hear of it.
        .catch(() => undefined);
    }
    const rooms = roomsFor(tenantId, event.module, body);
    if (rooms.length > 0) io.to(rooms).emit('record.changed', event);
  };

  const unsubscribe = deps.hub.subscribe((message) => {
    if (message.type === 'record.changed') {
      void sendChange(message.tenantId, message.event);
      const { module, _id } = message.event;
      if (module === subscriberUser.name) recheck((identity) => identity.userId === _id);
      else if (module === subscriber.name) recheck((identity) => identity.tenantId === _id);
      // A role's grants changed: its tenant's people may read more or less now.
      else if (module === 'role' || module === 'feature') recheck((identity) => identity.tenantId === message.tenantId);
      return;
    }
    if (message.type === 'ticket.assigned') {
      // To the assignee alone: the title is his ticket's, not his colleagues' business.
      io.to(userRoom(message.event.userId)).emit('ticket.assigned', message.event);
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
