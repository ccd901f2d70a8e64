/**
 * Issue 29's fault test with DATABASE_URL: the compiled server on a PostgreSQL server it does not run, every
 * backend of the app terminated (pg_terminate_backend: what a restart or a failover does to it) three times
 * while several clients write (creates, lifecycle steps, a streamed list being read). The process never exits;
 * a call caught by it answers 503 (never a 500, a refused connection or a call over 2 s); the pool, the health
 * probe and the session-change listener heal by themselves each time; every write acknowledged with a 2xx is
 * there afterwards, looked up by id.
 *
 * It runs in every run of the suite, on the suite's own PostgreSQL server: the embedded test cluster
 * (tests/setup/global-db.ts), or the machine's server when the suite runs with DATABASE_URL. The server under
 * test gets a database of its own cloned from the suite's template, so only its backends are terminated.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { missingAcknowledged, startFaultLoad, summarise, unacceptable, watchHealth, type Fault } from '../helpers/fault-load';
import { buildServerBundle, type ServerBundle } from '../helpers/server-bundle';
import { exited, freePort, healthOf, signIn, startServer, until, type ServerProcess } from '../helpers/server-process';
import { cloneTemplate, dropDatabase, withDatabase } from '../helpers/test-db';

const adminUrl = inject('pgAdminUrl');
const dbName = `${inject('pgRunPrefix')}fault_${randomBytes(4).toString('hex')}`;
let bundle: ServerBundle | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  await cloneTemplate(adminUrl, inject('pgTemplate'), dbName);
  bundle = await buildServerBundle();
  server = await startServer({ httpPort: await freePort(), databaseUrl: withDatabase(adminUrl, dbName), entry: bundle.entry });
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  await dropDatabase(adminUrl, dbName);
  bundle?.remove();
}, 60_000);

/** Terminates every backend of the server's database (its pool, its probe, its LISTEN); answers how many. */
async function terminateAppBackends(): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Materialised first: in one WHERE clause the planner may call pg_terminate_backend on any row, ours too.
    const { rows } = await admin.query<{ n: number }>(
      'with app as materialized (select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) select count(*)::int as n from app where pg_terminate_backend(pid)',
      [dbName],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await admin.end();
  }
}

describe('DATABASE_URL: the compiled server survives its backends being terminated three times under writes', { timeout: 60_000 }, () => {
  it('never exits, answers 503 to the calls caught, heals by itself, and keeps every acknowledged write', async () => {
    const running = server as ServerProcess;
    const port = running.httpPort;
    const token = await signIn(port);
    const load = startFaultLoad(port, token, 'FAULT_URL');
    const watch = watchHealth(port);
    const faults: Fault[] = [];
    try {
      for (let round = 1; round <= 3; round++) {
        const before = load.acknowledged();
        await until(`20 more writes are acknowledged before termination ${round}`, () => load.acknowledged() >= before + 20, 30_000);
        const at = Date.now();
        // At least the pool's connections in use, the probe's and the listener's.
        expect(await terminateAppBackends()).toBeGreaterThanOrEqual(3);
        faults.push({ from: at, to: Date.now() });
        // The listener lost its connection, said so, and is back (it waits 250 ms before it reconnects).
        await until(`the health check says the listener is down (termination ${round})`, () => watch.samples.some((h) => h.at > at && h.listener === 'down'), 10_000);
        await until(`the health check says all is well again (termination ${round})`, () => watch.samples.some((h) => h.at > at && h.listener === 'up' && h.db === 'up'), 30_000);
        const healed = load.acknowledged();
        await until(`writes are acknowledged again after termination ${round}`, () => load.acknowledged() >= healed + 10, 30_000);
        expect(running.child.exitCode).toBeNull();
      }
    } finally {
      await load.stop();
      await watch.stop();
    }

    expect(running.child.exitCode).toBeNull();
    expect(unacceptable(load.answers, faults), summarise(load.answers)).toEqual([]);
    // The calls in flight when the backends went were answered 503: some were caught, every time.
    for (const { from, to } of faults) expect(load.answers.some((a) => a.outcome === 503 && a.startedAt <= to + 1_000 && a.endedAt >= from)).toBe(true);
    expect(watch.samples.filter((h) => h.db === 'unreachable')).toEqual([]);
    // The listener reconnects with backoff (up to 5 s between tries): wait for health to say so, never a fixed sleep.
    await until('the change listener is back', async () => (await healthOf(port)).json.listener === 'up', 30_000);
    expect(await healthOf(port)).toMatchObject({ status: 200, json: { status: 'ok', db: 'up', listener: 'up' } });
    expect(await missingAcknowledged(port, token, load)).toEqual([]);
    expect(load.steps.length).toBeGreaterThan(0);
    expect(load.answers.filter((a) => a.kind === 'list' && a.outcome === 200).length).toBeGreaterThan(0);
    expect(running.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  });
});
