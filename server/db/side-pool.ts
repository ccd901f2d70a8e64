/**
 * A small pool of its own for a library that holds connections for long (the Socket.IO adapter's LISTEN:
 * server/realtime/cluster-adapter.ts), so that it never takes a connection the requests need.
 *
 * Such a library may hold a client without an 'error' listener; a lost connection would then be an uncaught
 * 'error' event that ends the process (issue 29). Every client of this pool gets one for its whole life: the loss is
 * reported to `onLost` (once per kind of failure, not once per try during an outage) and the library sees its
 * client end, as it expects.
 */
import pg from 'pg';
import type { Db } from './pool';

export interface SidePool {
  pool: Db;
  /**
   * Ends every connection of the pool, also one the library is holding or still opening (a reconnect under way
   * when the server stops would otherwise keep \`pool.end()\`, and a PostgreSQL stopping for us, waiting for ever).
   */
  close(): Promise<void>;
}

export function createSidePool(databaseUrl: string, options: { applicationName: string; max: number; onLost: (message: string) => void }): SidePool {
  // Named, so that an operator (and the tests) can tell its connections in pg_stat_activity.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, application_name: options.applicationName });
  let lastReported = '';
  const report = (message: string): void => {
    if (message === lastReported) return;
    lastReported = message;
    options.onLost(message);
  };
  pool.on('error', (error) => report(`an idle connection was lost (${error.message})`));
  const clients = new Set<pg.PoolClient>();
  let closing = false;
  pool.on('connect', (client) => {
    lastReported = '';
    clients.add(client);
    client.once('end', () => clients.delete(client));
    if (closing) void client.end().catch(() => undefined);
    client.on('error', (error) => report(`the connection was lost (${error.message})`));
  });
  return {
    pool,
    async close() {
      closing = true;
      for (const client of clients) await client.end().catch(() => undefined);
      await Promise.race([pool.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}
