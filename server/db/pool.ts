/** The PostgreSQL pool and the small query surface every data-layer function accepts. */
import pg from 'pg';
import { holdClient, onHeldClientLost } from './held-client';

/** A pool or a client inside a transaction: repositories accept either. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: readonly unknown[]): Promise<pg.QueryResult<R>>;
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
}

const statementNames = new Map<string, string>();
/** Beyond this many distinct texts, queries go unnamed: a bound, should a caller pass varying texts. */
const MAX_PREPARED = 2_000;

/**
 * A query PostgreSQL parses and plans once per connection, not on every call: for the fixed-shape queries
 * of the hot paths (a record by id). Named from its text, so the same text always has the same name.
 */
export function prepared(text: string, values: readonly unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `fieldops_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name === undefined ? { text, values: [...values] } : { name, text, values: [...values] };
}

export type Db = pg.Pool;

export interface PoolOptions {
  /**
   * An idle client lost its server (restart, kill, pg_terminate_backend). The pool has already dropped it
   * and the next query opens a new connection; the server logs it and checks the database. Tests leave it
   * out: their databases are dropped under idle clients on purpose.
   */
  onIdleClientError?: (error: Error) => void;
  /**
   * A client held for a transaction, a cursor, a lock or LISTEN lost its server. Its holder gets the error
   * (the request answers 503) and the client is discarded on release; this hears of it so the server can
   * check the database at once.
   */
  onHeldClientError?: (error: Error) => void;
  /**
   * How long a query may wait for a connection, new or from the full pool (none when absent). The server
   * sets it so that a request to an unreachable database fails (503) in seconds instead of hanging until
   * the operating system gives up on the socket.
   */
  connectionTimeoutMillis?: number;
}

export function createPool(connectionString: string, max = 10, options: PoolOptions = {}): Db {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: options.connectionTimeoutMillis ?? 0 });
  // Without a listener, an idle client's error would be an uncaught 'error' event and crash the process.
  pool.on('error', (error) => options.onIdleClientError?.(error));
  if (options.onHeldClientError) onHeldClientLost(pool, options.onHeldClientError);
  return pool;
}

/**
 * Runs `work` in one transaction on one client; rolls back on any error so nothing is half-written. A client
 * whose connection broke is not rolled back (the server already did, or never got the transaction) but
 * discarded, and the error its query gave is what the caller sees (a connection error: 503).
 */
export async function inTransaction<T>(db: Db, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const held = await holdClient(db);
  const { client } = held;
  // A rollback that fails means the connection is not fit for the next transaction.
  let doubt: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    if (!held.lost) await client.query('rollback').catch((rollbackError: Error) => (doubt = rollbackError));
    throw error;
  } finally {
    held.release(doubt);
  }
}

/** PostgreSQL error with its SQLSTATE, as pg reports it. */
export interface PgError extends Error {
  code: string;
  constraint?: string;
  detail?: string;
}

export function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as Partial<PgError>).code === 'string' && /^[0-9A-Z]{5}$/.test((error as PgError).code);
}
