/**
 * GET /api/health for load balancers and supervisors, and the gate that answers 503 to every other API
 * call while the database is down. Both read the in-memory DatabaseHealth (server/db/database-health.ts):
 * no query per call, so asking every second costs nothing, and a call during an outage is refused at once
 * instead of waiting on a dead connection.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHealth } from '../db/database-health';
import type { ErrorBody } from '../../src/contract/errorShapes';
import { refusal } from '../../src/contract/refusalMessages';

/** What a call is answered while the database is down: its English and its words. */
export const DATABASE_UNAVAILABLE = refusal('databaseUnavailable');
/** Seconds a client is told to wait before retrying (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** Calls that need no database: the health check itself and the API docs. */
function needsDatabase(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  if (!pathname.startsWith('/api/')) return false; // the client's static files
  return pathname !== '/api/health' && !pathname.startsWith('/api/docs');
}

/** Must be registered before the access hook: signing in and session lookups need the database too. */
export function registerDatabaseGate(app: FastifyInstance, health: DatabaseHealth): void {
  // A callback hook (nothing waits; an async hook costs every request a promise).
  app.addHook('onRequest', (request, reply, done) => {
    if (health.state === 'up' || !needsDatabase(request)) return done();
    // Answering without calling done() tells Fastify the hook answered: no other hook or handler runs.
    void reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ ...DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE' } satisfies ErrorBody);
  });
}

/**
 * `listener` is the session-change listener's connection. Down while the database is up (a moment after a
 * restart), the answer stays 200, `degraded`: every call is served correctly, sessions are only read from the
 * database each time, so a load balancer must not take the process out of service for it.
 */
const healthBody = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['up', 'down']), listener: z.enum(['up', 'down']) });

export async function healthRoutes(app: FastifyInstance, health: DatabaseHealth): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: { kind: 'public' } },
      // Asked every second by load balancers: a log line per call would drown everything else.
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Whether this server can serve: 200 while its database is up, 503 while it is down; `listener` says whether the session-change listener is connected (no sign-in, no query)',
        security: [],
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const listener = health.listener;
      if (health.state === 'down') return reply.code(503).send({ status: 'degraded', db: 'down', listener });
      return { status: listener === 'up' ? ('ok' as const) : ('degraded' as const), db: 'up' as const, listener };
    },
  );
}
