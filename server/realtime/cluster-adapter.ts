/**
 * Socket.IO across app processes (issue 36): @socket.io/postgres-adapter carries every room broadcast, every
 * `disconnectSockets` and `fetchSockets` of one process to the others through PostgreSQL's LISTEN/NOTIFY on the
 * database the app already uses: no other server to run. A write made through process B reaches the browsers
 * connected to process A within milliseconds, to the same rooms (so the same tenant and privilege filters).
 *
 * It gets a small pool of its own (one connection listening, one for NOTIFY and the attachments' clean-up), so
 * that it never takes a connection the requests need. The adapter's listening client has no 'error' listener of
 * its own; the pool (../db/side-pool.ts) gives every client one: the loss is logged, the adapter sees the client
 * end and listens again on a new connection 1 to 3 s later.
 * Events sent while it is reconnecting are lost to the other processes (their lists refresh on the next change).
 *
 * Events larger than a NOTIFY (8,000 bytes) go through the table `socket_io_attachments` (migration 011).
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import { createSidePool } from '../db/side-pool';

export const LIVE_UPDATES_APPLICATION_NAME = 'fieldops live updates';

export interface ClusterAdapter {
  /** What `new Server(…, { adapter })` takes. */
  adapter: ReturnType<typeof createAdapter>;
  /** Ends its pool, after socket.io has closed the adapter. */
  close(): Promise<void>;
}

export function clusterAdapter(databaseUrl: string, log: (message: string) => void): ClusterAdapter {
  const say = (message: string): void => log(`live updates across processes: ${message}`);
  const { pool, close } = createSidePool(databaseUrl, { applicationName: LIVE_UPDATES_APPLICATION_NAME, max: 2, onLost: (message) => say(`${message}; listening again shortly`) });
  const adapter = createAdapter(pool, { tableName: 'socket_io_attachments', errorHandler: (error) => say(error.message) });
  return {
    adapter,
    close,
  };
}
