/**
 * Issue 29: every kind of client the server holds out of the pool (a transaction, a list's cursor, a row or
 * advisory lock inside a transaction, the LISTEN connection) survives its connection being terminated
 * (pg_terminate_backend, what a killed postmaster or a failover does to each backend). The holder gets a
 * connection error (the request's 503), the broken client leaves the pool, the next query gets a fresh
 * connection, and nothing is emitted without a listener: vitest fails the file on any uncaught error.
 *
 * The backend is terminated while the client sits idle between two queries: that is when node-postgres has
 * no query to hand the error to and emits 'error' on the client, which crashed the server before.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { privilege } from '../../src/contract/modules/admin';
import { AUTH_CHANNEL, listenForAuthChanges, type AuthChange } from '../../server/db/auth-changes';
import { isConnectionError } from '../../server/db/connection-errors';
import { holdClient, type HeldClient } from '../../server/db/held-client';
import { createPool, inTransaction, type Db } from '../../server/db/pool';
import { ALL_TENANTS, LIST_BATCH_ROWS, repo } from '../../server/db/repository';
import { until } from '../helpers/server-process';
import { testDb, withDatabase, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: pg.Client;
/** A pool of its own per test file, told of held clients' losses as the server's is. */
let db: Db;
const heldLosses: Error[] = [];
const APPLICATION = 'fieldops-held-clients-test';

beforeAll(async () => {
  t = await testDb();
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  // Named, so that its backends are told from those of the test database's app (which listens too).
  const url = new URL(withDatabase(inject('pgAdminUrl'), t.dbName));
  url.searchParams.set('application_name', APPLICATION);
  db = createPool(url.toString(), 4, { onHeldClientError: (error) => heldLosses.push(error) });
});

afterAll(async () => {
  await db.end();
  await admin.end();
  await t.close();
});

async function backendPid(client: pg.ClientBase): Promise<number> {
  return (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid as number;
}

async function terminate(pid: number): Promise<void> {
  expect((await admin.query<{ done: boolean }>('select pg_terminate_backend($1) as done', [pid])).rows[0]?.done).toBe(true);
}

/** Rejects with what `work` threw, or fails when it did not throw. */
async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.fail('expected a failure'),
    (error: unknown) => error,
  );
}

/** The pool serves again on a new connection, and holds no broken client. */
async function poolServes(): Promise<void> {
  expect((await db.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
  expect(db.totalCount).toBeLessThanOrEqual(4);
}

describe('held clients whose connection is terminated', () => {
  it('a transaction: its next query fails with a connection error, nothing is committed, the client is discarded', async () => {
    const losses = heldLosses.length;
    let pid = 0;
    const code = `HELD_TX_${Date.now()}`;
    const error = await failure(
      inTransaction(db, async (tx) => {
        pid = await backendPid(tx);
        await repo(tx, privilege, ALL_TENANTS).create({ name: 'Held transaction', code });
        await terminate(pid);
        // The 'error' event comes with the server's message; the transaction's next query finds the client broken.
        await until('the held client hears of it', () => heldLosses.length > losses, 5_000);
        await tx.query('select 1');
      }),
    );
    expect(isConnectionError(error)).toBe(true);
    await poolServes();
    const stored = await repo(db, privilege, ALL_TENANTS).list({ filters: { code } });
    expect(stored.total).toBe(0);
  });

  it('a transaction holding row and advisory locks: the locks go with the connection, the next writer takes them at once', async () => {
    const tenantId = 'held-lock-tenant';
    const target = await repo(db, privilege, tenantId).create({ name: 'Lock target', code: `HELD_LOCK_${Date.now()}` });
    const error = await failure(
      inTransaction(db, async (tx) => {
        await tx.query('select pg_advisory_xact_lock(29)');
        // The row lock a lifecycle step takes before it reads, decides and writes.
        expect(await repo(tx, privilege, tenantId).lockForChange(target._id)).toBeDefined();
        await terminate(await backendPid(tx));
        await tx.query('select 1');
      }),
    );
    expect(isConnectionError(error)).toBe(true);
    // Another transaction takes the same locks without waiting: the server let go of them with the backend.
    const began = Date.now();
    await inTransaction(db, async (tx) => {
      await tx.query('select pg_advisory_xact_lock(29)');
      expect(await repo(tx, privilege, tenantId).lockForChange(target._id)).toBeDefined();
    });
    expect(Date.now() - began).toBeLessThan(2_000);
    await poolServes();
  });

  it('a client held for a session lock (as migrations hold theirs): the loss is heard, release discards it', async () => {
    const held = await holdClient(db);
    await held.client.query('select pg_advisory_lock(2929)');
    await terminate(await backendPid(held.client));
    expect(await held.whenLost).toBeInstanceOf(Error);
    expect(isConnectionError(held.lost)).toBe(true);
    held.release();
    held.release(); // twice is harmless (a holder's error path and its finally may both release)
    const other = await holdClient(db);
    expect((await other.client.query<{ got: boolean }>('select pg_try_advisory_lock(2929) as got')).rows[0]?.got).toBe(true);
    await other.client.query('select pg_advisory_unlock(2929)');
    other.release();
    await poolServes();
  });

  it("a streamed list's cursor: the next batch fails with a connection error and the cursor's client is freed", async () => {
    // More rows than one batch, so that the cursor is still open after the first.
    await db.query(
      `insert into "m_privilege" (_id, subscriber_id, body, created_at, updated_at)
       select 'held-cursor-' || g, 'held-cursor-tenant', jsonb_build_object('name', 'Cursor ' || g, 'code', 'HELD_CURSOR_' || g), clock_timestamp(), clock_timestamp()
       from generate_series(1, $1::int) g`,
      [LIST_BATCH_ROWS + 100],
    );
    const stream = repo(db, privilege, ALL_TENANTS).stream({});
    const first = await stream.batches.next();
    expect(first.done).toBe(false);
    expect(await stream.total).toBeGreaterThan(0);
    // The cursor's backend: the one inside the list's query (its portal stays open between batches).
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity where application_name = $1 and query like 'select * from "m_privilege"%'`,
      [APPLICATION],
    );
    expect(rows).toHaveLength(1);
    const cursorPid = rows[0]?.pid;
    await terminate(cursorPid as number);
    const error = await failure(
      (async () => {
        for (let batch = await stream.batches.next(); !batch.done; batch = await stream.batches.next());
      })(),
    ).finally(() => stream.batches.return(undefined));
    expect(isConnectionError(error)).toBe(true);
    // Given back (discarded): the pool is not short of a client, and a new stream reads to the end.
    await poolServes();
    const again = repo(db, privilege, ALL_TENANTS).stream({});
    let count = 0;
    for await (const batch of again.batches) count += batch.length;
    expect(count).toBe(await again.total);
  });

  it('streamed lists whose backends are terminated at any moment: each ends (read whole or failed), none hangs', async () => {
    // The moment matters: pg-cursor drops an error that arrives between a portal's last row and its
    // ReadyForQuery, so a read there waited for ever (found by the DATABASE_URL fault test). Thirty tries
    // at random moments hit every phase of a short list: connect, first read, end, close.
    const readWhole = async (): Promise<string> => {
      const stream = repo(db, privilege, ALL_TENANTS).stream({});
      stream.total.catch(() => undefined);
      try {
        for await (const batch of stream.batches) void batch;
        await stream.total;
        return 'read';
      } catch (error) {
        return isConnectionError(error) ? 'lost' : `failed: ${(error as Error).message}`;
      }
    };
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 30; round++) {
      const lists = Array.from({ length: 3 }, () => Promise.race([readWhole(), new Promise<string>((resolve) => setTimeout(() => resolve('hung'), 3_000).unref())]));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5)); // a random moment, not a wait for a state
      await admin.query('with app as materialized (select pid from pg_stat_activity where application_name = $1) select count(*) from app where pg_terminate_backend(pid)', [APPLICATION]);
      for (const outcome of await Promise.all(lists)) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect([...outcomes.keys()].filter((outcome) => outcome !== 'read' && outcome !== 'lost'), JSON.stringify([...outcomes])).toEqual([]);
    expect(db.waitingCount).toBe(0);
    // The last round's kill may have found a client idle in the pool, whose end the pool hears only when the socket
    // says so: a query sent before that meets the dead connection (seen once in CI, at 1 run in about 20). The idle
    // clients are ended here on purpose, and the pool is asked again once their backends are gone and their sockets
    // have been read, which is what "serves again on a new connection" means.
    // (materialized: the filter runs before the kill, as in the rounds above)
    const { rows } = await admin.query<{ pid: number }>('with app as materialized (select pid from pg_stat_activity where application_name = $1) select pid from app where pg_terminate_backend(pid)', [APPLICATION]);
    const ended = rows.map((row) => row.pid);
    await until('the ended backends are gone', async () => (await admin.query('select 1 from pg_stat_activity where pid = any($1::int[])', [ended])).rowCount === 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await poolServes();
  });

  it('the LISTEN connection: says it is down, reconnects by itself, and hears changes again', async () => {
    const states: boolean[] = [];
    const changes: AuthChange[] = [];
    const listener = listenForAuthChanges(db, { onChange: (change) => changes.push(change), onConnected: (connected) => states.push(connected) });
    try {
      await until('LISTEN is in place', () => states.at(-1) === true, 10_000);
      const listening = (): Promise<pg.QueryResult<{ pid: number }>> =>
        admin.query('select pid from pg_stat_activity where application_name = $1 and query = $2', [APPLICATION, `listen ${AUTH_CHANNEL}`]);
      const { rows } = await listening();
      expect(rows).toHaveLength(1);
      await terminate(rows[0]?.pid as number);
      await until('the listener says it lost its connection', () => states.includes(false), 5_000);
      await until('LISTEN is in place again', () => states.at(-1) === true && states.lastIndexOf(true) > states.indexOf(false), 10_000);
      // Subscribed again: a change announced now arrives.
      await db.query('select pg_notify($1, $2)', [AUTH_CHANNEL, 'user:after-reconnect']);
      await until('the change arrives', () => changes.some((change) => change.id === 'after-reconnect'), 5_000);
      // One LISTEN connection, not one per attempt.
      expect((await listening()).rows).toHaveLength(1);
    } finally {
      await listener.close();
    }
    await poolServes();
  });
});

/** `count` waits answered with a batch each, as a cursor's reads are; only weak references to the batches are kept. */
async function readBatches(held: HeldClient, count: number): Promise<Array<WeakRef<object>>> {
  const batches: Array<WeakRef<object>> = [];
  for (let read = 0; read < count; read++) batches.push(new WeakRef(await held.untilLost(Promise.resolve({ rows: Array.from({ length: 1_000 }, (_, i) => ({ i })) }))));
  return batches;
}

describe('a held client keeps nothing of the waits it has answered', () => {
  it("a settled untilLost's value can be collected while the client is still held (a list's batches are not kept)", async () => {
    // The collector, as node's --expose-gc gives it, without restarting the worker with the flag.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const held = await holdClient(db);
    try {
      const batches = await readBatches(held, 5);
      // A few rounds: a WeakRef's target is kept until the end of the job that read it.
      for (let round = 0; round < 3 && batches.some((batch) => batch.deref()); round++) {
        await new Promise((resolve) => setImmediate(resolve));
        gc();
      }
      expect(batches.filter((batch) => batch.deref() !== undefined).length, 'batches still reachable from the held client').toBe(0);
      // And the loss is still heard by a wait in flight.
      // Its failure is taken at once: the loss may reject the wait before terminate() returns.
      const waiting = failure(held.untilLost(new Promise(() => undefined)));
      await terminate(await backendPid(held.client));
      expect(isConnectionError(await waiting)).toBe(true);
    } finally {
      held.release();
    }
  });
});
