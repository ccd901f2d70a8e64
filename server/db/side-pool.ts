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

export function createSidePool(databaseUrl: string, options: { applicationName: string; max: number; onLost: (message: string) => void }): Db {
  // Named, so that an operator (and the tests) can tell its connections in pg_stat_activity.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, application_name: options.applicationName });
  let lastReported = '';
  const report = (message: string): void => {
    if (message === lastReported) return;
    lastReported = message;
    options.onLost(message);
  };
  pool.on('error', (error) => report(`an idle connection was lost (${error.message})`));
  pool.on('connect', (client) => {
    lastReported = '';
    client.on('error', (error) => report(`the connection was lost (${error.message})`));
  });
  return pool;
}
