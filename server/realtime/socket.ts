/**
 * socket.io on the API's own HTTP server (path /socket.io). A socket authenticates with its session
 * token (handshake `auth.token`, or `token` in the query) and emits `addUser` with its subscriber id;
 * it joins `tenant:<id>` only when that is its session's tenant, and with it one room per module its person may
 * read (`read:<tenant>:<module>`: the module's VIEW privilege, or a view of it). Writes reach the module's room as
 * `record.changed` { module, op, _id }, and `ticket.assigned` { userId, module, _id, alternateId, title } when a
 * ticket is given to someone. Sockets of revoked sessions are disconnected, and so are those whose session a
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
import { catalogue, opPrivilege } from '../../src/contract/modules/index';
import { moduleGrant } from '../auth/module-grants';
import { findSession, type SessionUser } from '../auth/sessions';
import type { Db } from '../db/pool';
import { clusterAdapter, type ClusterAdapter } from './cluster-adapter';
import type { RealtimeHub } from './hub';

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
/** The sockets that joined their tenant and may read `module`: where its record.changed goes. */
export const readRoom = (tenantId: string, module: string): string => `read:${tenantId}:${module}`;
/** Every socket of a session, of a person, of a tenant (joined at connection): to close them from any process. */
const sessionRoom = (tokenHash: string): string => `session:${tokenHash}`;
const personRoom = (userId: string): string => `person:${userId}`;
const membersRoom = (tenantId: string): string => `members:${tenantId}`;

/** What one process asks the others when a person or a tenant changed (Socket.IO's server-side emit). */
const RECHECK = 'fieldops:recheck-sessions';

const CATALOGUE_MODULES: ReadonlySet<string> = new Set(catalogue.map((def) => def.name));

/** The modules whose changes this person may hear of: those they may read, as HTTP would let them (./../auth/module-grants.ts). */
function readableModules(user: SessionUser): string[] {
  return catalogue.filter((def) => moduleGrant(user, def.name, def.feature, opPrivilege.list).allowed).map((def) => def.name);
}

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
  /** What each socket of this process may read, worked out once from its session at the handshake. */
  const readable = new WeakMap<Socket, string[]>();
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
        readable.set(socket, readableModules(found.user));
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
      void socket.join([room, ...(readable.get(socket) ?? []).map((module) => readRoom(identity.tenantId, module))]);
      reply({ ok: true, room });
    });
  });

  /** Reads the sessions of this process's sockets in `room` again, and disconnects those no longer valid. */
  const recheckHere = (room: string): void => {
    for (const socket of io.of('/').sockets.values()) {
      const token = tokens.get(socket);
      if (!token || !socket.rooms.has(room)) continue;
      findSession(deps.db, token)
        .then((found) => {
          if (!found.ok) socket.disconnect(true);
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

  const unsubscribe = deps.hub.subscribe((message) => {
    if (message.type === 'record.changed') {
      const { module, _id } = message.event;
      // A module of the catalogue goes to those who may read it; anything else to the tenant, as before.
      const room = CATALOGUE_MODULES.has(module) ? readRoom(message.tenantId, module) : tenantRoom(message.tenantId);
      io.to(room).emit('record.changed', message.event);
      if (module === subscriberUser.name) recheck(personRoom(_id));
      else if (module === subscriber.name) recheck(membersRoom(_id));
      return;
    }
    if (message.type === 'ticket.assigned') {
      // To the tenant's room: each browser keeps the notice meant for its own person (the title is the tenant's).
      io.to(tenantRoom(message.tenantId)).emit('ticket.assigned', message.event);
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
