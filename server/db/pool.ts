/** The PostgreSQL pool and the small query surface every data-layer function accepts. */
import pg from 'pg';

/** A pool or a client inside a transaction: repositories accept either. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: readonly unknown[]): Promise<pg.QueryResult<R>>;
}

export type Db = pg.Pool;

export function createPool(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its server (restart, kill) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in one transaction on one client; rolls back on any error so nothing is half-written. */
export async function inTransaction<T>(db: Db, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
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
