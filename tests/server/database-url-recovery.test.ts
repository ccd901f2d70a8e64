/**
 * DATABASE_URL mode (issue 16): the server on a PostgreSQL server it does not own. When that server drops
 * every connection of the app (pg_terminate_backend, as a restart or a failover does), the process must
 * not crash on its idle clients' errors, calls answer 503 rather than 500 while a connection is being
 * re-made, and the pool recovers by itself. The PostgreSQL server is the one the suite runs on: the
 * embedded test cluster, or the machine's server when the suite runs with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, exited, freePort, signIn, startServer, storedCodes, until, waitForHealth, type ServerProcess } from '../helpers/server-process';
import { cloneTemplate, dropDatabase, withDatabase } from '../helpers/test-db';

const adminUrl = inject('pgAdminUrl');
const dbName = `${inject('pgRunPrefix')}url_${randomBytes(4).toString('hex')}`;
let server: ServerProcess | undefined;

beforeAll(async () => {
  await cloneTemplate(adminUrl, inject('pgTemplate'), dbName);
  server = await startServer({ httpPort: await freePort(), databaseUrl: withDatabase(adminUrl, dbName) });
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  await dropDatabase(adminUrl, dbName);
}, 60_000);

async function terminateAppConnections(): Promise<number> {
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

describe('DATABASE_URL: the pool recovers when the server drops its connections', { timeout: 60_000 }, () => {
  it('answers 503 (never 500) while reconnecting, keeps running, and serves again on new connections', async () => {
    const running = server as ServerProcess;
    const port = running.httpPort;
    const token = await signIn(port);
    // Several calls at once, so that the pool holds several idle connections to lose.
    const warm = await Promise.all(Array.from({ length: 6 }, (_, i) => api(port, 'POST', '/api/app/privilege', { name: `Before ${i}`, code: `URL_BEFORE_${i}` }, token)));
    expect(warm.map((r) => r.status)).toEqual(Array(6).fill(201));

    // The pool's connections and the health monitor's.
    expect(await terminateAppConnections()).toBeGreaterThanOrEqual(2);

    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let next = 0;
    await until('a write succeeds on a new connection', async () => {
      const code = `URL_AFTER_${next++}`;
      const res = await api(port, 'POST', '/api/app/privilege', { name: `After ${code}`, code }, token);
      statuses.push(res.status);
      if (res.status === 201) acknowledged.push(code);
      return res.status === 201;
    }, 30_000);
    await waitForHealth(port, 'up', 30_000);
    for (let i = 0; i < 10; i++) {
      const code = `URL_STEADY_${i}`;
      expect((await api(port, 'POST', '/api/app/privilege', { name: code, code }, token)).status).toBe(201);
      acknowledged.push(code);
    }

    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(running.child.exitCode).toBeNull();
    const stored = await storedCodes(port, token);
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
    expect(running.output()).toContain('database connection closed while idle');
  });
});
