/**
 * socket.io on the API's own HTTP server (path /socket.io). A socket authenticates with its session
 * token (handshake `auth.token`, or `token` in the query) and emits `addUser` with its subscriber id;
 * only when that is its session's tenant does it join the rooms its grants open (./audience.ts). Writes reach
 * the people who may read the record as `record.changed` { module, op, _id }, and the assignee alone hears
 * `ticket.assigned` { userId, module, _id, alternateId, title } when a ticket is given to him (issue 35). Sockets of
 * revoked sessions are disconnected, and so are those whose session a
 * change of its user or tenant ended (a person made Inactive, a tenant suspended): their sessions are read
 * again at once, as HTTP would on the next call (issue 29: a deactivated person stayed connected).
 *
 * Across app processes (issue 36): with a database URL, the rooms are shared through PostgreSQL
 * (./cluster-adapter.ts), so a broadcast, a disconnect by room and a fetch of a room's sockets reach the sockets of
 * every process. That is why every socket also joins rooms naming its session, its person and its tenant: a
 * sign-out or a deactivation made through one process closes the sockets connected to any other.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { catalogue } from '../../src/contract/modules/index';
import { findSession, type SessionUser } from '../auth/sessions';
import type { Db } from '../db/pool';
import { repo } from '../db/repository';
import { hasFilteredViews, roomsFor, roomsOf, userRoom } from './audience';
import { clusterAdapter, type ClusterAdapter } from './cluster-adapter';
import type { RealtimeHub, RecordChanged } from './hub';

export interface SocketIdentity {
  userId: string;
  tenantId: string;
  tokenHash: string;
}

export interface Realtime {
  io: Server;
  close(): Promise<void>;
}

export const tenantRoom = (tenantId: string): string => `tenant:${tenantId}`;
/** Every socket of a session, of a person, of a tenant (joined at connection): to close them from any process. */
const sessionRoom = (tokenHash: string): string => `session:${tokenHash}`;
/** A person's sockets: the audience's own room of a person (./audience.ts), joined at connection already. */
const personRoom = userRoom;
const membersRoom = (tenantId: string): string => `members:${tenantId}`;

/** What one process asks the others when a person or a tenant changed (Socket.IO's server-side emit). */
const RECHECK = 'fieldops:recheck-sessions';

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

export interface RealtimeDeps {
  db: Db;
  hub: RealtimeHub;
  /** Share rooms with the other app processes on this database (./cluster-adapter.ts); in-process only when absent. */
  databaseUrl?: string;
  log?: (message: string) => void;
}

export function attachRealtime(server: HttpServer, deps: RealtimeDeps): Realtime {
  const cluster: ClusterAdapter | undefined = deps.databaseUrl ? clusterAdapter(deps.databaseUrl, deps.log ?? (() => undefined)) : undefined;
  const io = new Server(server, { path: '/socket.io', serveClient: false, ...(cluster ? { adapter: cluster.adapter } : {}) });
  /**
   * Each socket's token, to read its session again when its user or tenant changes. Kept here, not in socket.data,
   * which the adapter sends to other processes through PostgreSQL when they fetch sockets.
   */
  const tokens = new WeakMap<Socket, string>();

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) return next(new Error('Authentication failed: token missing'));
    findSession(deps.db, token)
      .then((found) => {
        if (!found.ok) return next(new Error('Authentication failed: session is not valid'));
        const identity: SocketIdentity = { userId: found.user._id, tenantId: found.user.tenantId, tokenHash: found.user.tokenHash };
        socket.data.identity = identity;
        tokens.set(socket, token);
        // Plain strings in socket.data, so an adapter spanning processes can carry them.
        socket.data.rooms = roomsOf(found.user);
        next();
      })
      .catch(() => next(new Error('Authentication failed')));
  });

  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    void socket.join([sessionRoom(identity.tokenHash), personRoom(identity.userId), membersRoom(identity.tenantId)]);
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
   * Reads the sessions of this process's sockets in `room` again: those no longer valid are disconnected, the
   * others take the rooms their grants open now.
   */
  const recheckHere = (room: string): void => {
    for (const socket of io.of('/').sockets.values()) {
      const token = tokens.get(socket);
      if (!token || !socket.rooms.has(room)) continue;
      findSession(deps.db, token)
        .then((found) => {
          if (!found.ok) socket.disconnect(true);
          else regroup(socket, found.user);
        })
        // The database is unavailable: the socket stays until the session can be read (HTTP answers 503 meanwhile).
        .catch(() => undefined);
    }
  };
  /** The same on every process: each reads the sessions of its own sockets (tokens never leave their process). */
  const recheck = (room: string): void => {
    recheckHere(room);
    // The in-process adapter has no other process to tell (and warns when asked).
    if (cluster) io.serverSideEmit(RECHECK, room);
  };
  io.on(RECHECK, (room: unknown) => {
    if (typeof room === 'string') recheckHere(room);
  });

  /**
   * A change goes to the module's readers and, for a module also read through filtered views, to the rooms of the
   * views the record passes now (its body read once; a deleted record's only to the module's readers) and of those it
   * passed before the write when the write said (`before`): a record that left someone's view is taken off their list.
   */
  const sendChange = async (tenantId: string, { module, op, _id, before }: RecordChanged): Promise<void> => {
    const event = { module, op, _id };
    const def = catalogue.find((m) => m.name === event.module);
    let body: Record<string, unknown> | undefined;
    if (def && hasFilteredViews(def.name) && event.op !== 'remove' && event.op !== 'delete') {
      body = await repo(deps.db, def, tenantId)
        .getBody(event._id)
        // The database is unavailable: the module's readers still hear of it.
        .catch(() => undefined);
    }
    const rooms = before && hasFilteredViews(module) ? [...new Set([...roomsFor(tenantId, module, body), ...roomsFor(tenantId, module, before)])] : roomsFor(tenantId, module, body);
    if (rooms.length > 0) io.to(rooms).emit('record.changed', event);
  };

  const unsubscribe = deps.hub.subscribe((message) => {
    if (message.type === 'record.changed') {
      void sendChange(message.tenantId, message.event);
      const { module, _id } = message.event;
      if (module === subscriberUser.name) recheck(personRoom(_id));
      else if (module === subscriber.name) recheck(membersRoom(_id));
      // A role's grants changed: its tenant's people may read more or less now.
      else if (module === 'role' || module === 'feature') recheck(membersRoom(message.tenantId));
      return;
    }
    if (message.type === 'ticket.assigned') {
      // To the assignee alone: the title is his ticket's, not his colleagues' business.
      io.to(userRoom(message.event.userId)).emit('ticket.assigned', message.event);
      return;
    }
    io.in(message.tokenHashes.map(sessionRoom)).disconnectSockets(true);
  });

  return {
    io,
    async close() {
      unsubscribe();
      io.disconnectSockets(true);
      // Close the engine's connections but leave the HTTP server to Fastify's own close.
      io.engine.close();
      // The adapter stops listening with its namespace; then its pool can go.
      if (cluster) {
        await io.of('/').adapter.close();
        await cluster.close();
      }
    },
  };
}
