/**
 * The supervisor's policy (server/db/embedded-supervision.ts) on a stand-in postmaster: restart with
 * backoff, a log line at each step, the database marked down meanwhile, a bounded number of attempts,
 * and a crash loop counted as one outage. And the HTTP side of the health state: GET /api/health and the
 * 503 gate. The real postmaster is killed in tests/server/supervision.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { isConnectionError } from '../../server/db/connection-errors';
import { DatabaseHealth } from '../../server/db/database-health';
import { superviseEmbedded } from '../../server/db/embedded-supervision';
import { testDb, type TestDb } from '../helpers/test-db';

/** A postmaster stand-in: `crash()` fires the exit listeners; `restart` fails while `failing` is set. */
function fakePostmaster() {
  const listeners: Array<(how: string) => void> = [];
  const fake = {
    pid: 100,
    failing: 0,
    restarts: 0,
    onUnexpectedExit(listener: (how: string) => void) {
      listeners.push(listener);
    },
    async restart() {
      fake.restarts += 1;
      if (fake.failing > 0) {
        fake.failing -= 1;
        throw new Error('port in use');
      }
      fake.pid += 1;
    },
    crash(how = 'signal SIGKILL') {
      for (const listener of listeners) listener(how);
    },
  };
  return fake;
}

function recorder() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`) } };
}

const settle = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(check()).toBe(true);
};

describe('embedded PostgreSQL supervision', () => {
  it('marks the database down, restarts after failed attempts, and says so at each step', async () => {
    const pg = fakePostmaster();
    const health = new DatabaseHealth();
    const { lines, log } = recorder();
    let restarted = 0;
    superviseEmbedded({ embedded: pg, health, log, backoffMs: [1, 1, 1, 1], onRestarted: () => (restarted += 1), onGiveUp: () => expect.fail('gave up') });
    pg.failing = 2;
    pg.crash();
    expect(health.state).toBe('down');
    await settle(() => restarted === 1);
    expect(pg.restarts).toBe(3);
    expect(lines).toEqual([
      'error embedded PostgreSQL 100 exited unexpectedly (signal SIGKILL); restarting it',
      'warn embedded PostgreSQL: restart attempt 1 of 4 in 1 ms',
      'error embedded PostgreSQL: restart attempt 1 of 4 failed: port in use',
      'warn embedded PostgreSQL: restart attempt 2 of 4 in 1 ms',
      'error embedded PostgreSQL: restart attempt 2 of 4 failed: port in use',
      'warn embedded PostgreSQL: restart attempt 3 of 4 in 1 ms',
      expect.stringMatching(/^info embedded PostgreSQL restarted as process 101 \(attempt 3, \d+ ms\)$/),
    ]);
  });

  it('gives up after its attempts, and counts a crash loop as one outage', async () => {
    const pg = fakePostmaster();
    const { log } = recorder();
    const reasons: string[] = [];
    superviseEmbedded({ embedded: pg, health: new DatabaseHealth(), log, backoffMs: [1, 1, 1], stableAfterMs: 60_000, onGiveUp: (reason) => reasons.push(reason) });
    // Comes back twice, dies again at once each time; then cannot be brought back.
    pg.crash();
    await settle(() => pg.restarts === 1);
    pg.crash();
    await settle(() => pg.restarts === 2);
    pg.failing = 10;
    pg.crash();
    await settle(() => reasons.length === 1);
    expect(pg.restarts).toBe(3);
    expect(reasons[0]).toBe('embedded PostgreSQL could not be brought back after 3 restart attempts');
  });

  it('gives a fresh budget to a postmaster that stayed up, and does nothing once stopped', async () => {
    const pg = fakePostmaster();
    const { log } = recorder();
    const supervision = superviseEmbedded({ embedded: pg, health: new DatabaseHealth(), log, backoffMs: [1], stableAfterMs: 0, onGiveUp: () => expect.fail('gave up') });
    for (let i = 1; i <= 3; i++) {
      pg.crash();
      await settle(() => pg.restarts === i);
    }
    supervision.stop();
    pg.crash();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pg.restarts).toBe(3);
  });
});

describe('connection errors', () => {
  it('tells a lost or refused connection from a bad query', () => {
    const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });
    expect(isConnectionError(withCode('connect ECONNREFUSED 127.0.0.1:5', 'ECONNREFUSED'))).toBe(true);
    expect(isConnectionError(withCode('write EPIPE', 'EPIPE'))).toBe(true);
    expect(isConnectionError(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionError(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionError(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isConnectionError(withCode('syntax error at or near "x"', '42601'))).toBe(false);
    expect(isConnectionError(new Error('something else'))).toBe(false);
  });
});

describe('GET /api/health and the 503 gate', () => {
  let t: TestDb;
  const health = new DatabaseHealth();
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await testDb();
    app = await buildApp({ db: t.db, config: t.config, logger: false, health });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('answers ok without signing in while the database is up, and every call is served', async () => {
    // The session-change listener connects a moment after the app is built.
    await settle(() => health.listener === 'up');
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'up', listener: 'up' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.local', password: 'Demo-Admin-2026' } })).statusCode).toBe(200);
  });

  it('answers degraded while it is down, and every other API call 503 at once with a message', async () => {
    health.markDown('test');
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded', db: 'down', listener: 'up' });
      for (const [method, url] of [['POST', '/api/auth/login'], ['GET', '/api/app/role'], ['GET', '/api/public/public-terms-and-conditions/getLatestTandC']] as const) {
        const call = await app.inject({ method, url, payload: method === 'POST' ? { email: 'admin@demo.local', password: 'Demo-Admin-2026' } : undefined });
        expect(call.statusCode, url).toBe(503);
        expect(call.json()).toEqual({ message: expect.stringMatching(/^The database is unavailable right now/), words: { key: 'refusal.databaseUnavailable', values: {} }, code: 'DATABASE_UNAVAILABLE' });
        expect(call.headers['retry-after']).toBe('5');
      }
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      health.markUp();
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 200 degraded while only the session-change listener is down: every call is still served', async () => {
    health.setListening(false);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'degraded', db: 'up', listener: 'down' });
      expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.local', password: 'Demo-Admin-2026' } })).statusCode).toBe(200);
    } finally {
      health.setListening(true);
    }
  });
});
