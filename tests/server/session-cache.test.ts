/**
 * Sessions cached in memory (issue 17): a repeat request reads nothing, and every change a session is made of
 * ends the cached copy, in this process at once and in another app process on the same database through
 * PostgreSQL's NOTIFY: a revoked session, a role that lost a feature, a user made inactive, a suspended tenant,
 * a password change. "Another writer" is plain SQL here, as a second process or an operator in psql would be.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { role, subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import { buildApp } from '../../server/app';
import { createSessionCache } from '../../server/auth/session-cache';
import { tokenHash } from '../../server/auth/sessions';
import { createPool, type Db, type Queryable } from '../../server/db/pool';
import { testDb, withDatabase, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let otherDb: Db;
let other: FastifyInstance;

beforeAll(async () => {
  t = await testDb();
  // A second app process on the same database: its own pool, its own hub, its own cache.
  otherDb = createPool(withDatabase(inject('pgAppUrl'), t.dbName), 3);
  other = await buildApp({ db: otherDb, config: t.config, logger: false });
});
afterAll(async () => {
  await other.close();
  await otherDb.end();
  await t.close();
});

async function statusIn(app: FastifyInstance, who: SignedIn, url: string): Promise<{ status: number; message?: string }> {
  const res = await app.inject({ method: 'GET', url, headers: { token: who.token } });
  return { status: res.statusCode, message: res.statusCode === 200 ? undefined : (JSON.parse(res.body) as { message?: string }).message };
}

/** The test database, counting the queries made through it. */
function counting(): { db: Queryable; reads: () => number } {
  let queries = 0;
  const db = {
    query<R extends pg.QueryResultRow>(text: string | pg.QueryConfig, values?: readonly unknown[]) {
      queries++;
      return typeof text === 'string' ? t.db.query<R>(text, values as unknown[] | undefined) : t.db.query<R>(text);
    },
  } as Queryable;
  return { db, reads: () => queries };
}

/** Polls until `expected` (the notification crosses processes asynchronously), failing after 5 s. */
async function eventually(app: FastifyInstance, who: SignedIn, url: string, expected: number): Promise<{ status: number; message?: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await statusIn(app, who, url);
    if (answer.status === expected || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Both processes serve `who` from their caches. */
async function cachedInBoth(who: SignedIn, url: string): Promise<void> {
  await eventually(other, who, url, 200);
  for (let i = 0; i < 3; i++) {
    expect((await statusIn(t.app, who, url)).status).toBe(200);
    expect((await statusIn(other, who, url)).status).toBe(200);
  }
}

describe('the session cache', () => {
  it('serves a repeat lookup without reading the database, and reads again once told of a change', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    const { db: counted, reads } = counting();
    const cache = createSessionCache();
    cache.setLive(true);
    expect((await cache.find(counted, clerk.token)).ok).toBe(true);
    const firstRead = reads();
    expect(firstRead).toBeGreaterThan(0);
    const again = await Promise.all([cache.find(counted, clerk.token), cache.find(counted, clerk.token)]);
    expect(again.every((found) => found.ok)).toBe(true);
    expect(reads()).toBe(firstRead);
    cache.forgetTokens([tokenHash(clerk.token)]);
    await cache.find(counted, clerk.token);
    expect(reads()).toBeGreaterThan(firstRead);
  });

  it('caches nothing while it is not live (no change listener): every lookup reads', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    const { db: counted, reads } = counting();
    const cache = createSessionCache();
    await cache.find(counted, clerk.token);
    const once = reads();
    await cache.find(counted, clerk.token);
    expect(reads()).toBe(2 * once);
    expect(cache.size).toBe(0);
  });

  it('makes one read for many requests of one person arriving together', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    const { db: counted, reads } = counting();
    const cache = createSessionCache();
    cache.setLive(true);
    await Promise.all(Array.from({ length: 20 }, () => cache.find(counted, clerk.token)));
    const single = createSessionCache();
    const alone = counting();
    await single.find(alone.db, clerk.token);
    expect(reads()).toBe(alone.reads());
  });

  it('re-reads a session after its maximum age', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    let clock = 1_000;
    const { db: counted, reads } = counting();
    const cache = createSessionCache({ maxAgeMs: 60_000, now: () => Date.now() + clock });
    cache.setLive(true);
    await cache.find(counted, clerk.token);
    const once = reads();
    clock += 59_000;
    await cache.find(counted, clerk.token);
    expect(reads()).toBe(once);
    clock += 2_000;
    await cache.find(counted, clerk.token);
    expect(reads()).toBe(2 * once);
  });
});

describe('a change ends cached sessions in every app process', () => {
  const PAYMENTS = '/api/app/payment?limit=1';

  it('signing out in one process ends the session in the other', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    await cachedInBoth(clerk, PAYMENTS);
    expect((await t.call(clerk, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await statusIn(t.app, clerk, PAYMENTS)).status).toBe(401);
    expect(await eventually(other, clerk, PAYMENTS, 401)).toEqual({ status: 401, message: 'Your session has ended: please sign in again' });
  });

  it('a password change in one process ends the other sessions in both', async () => {
    const first = await t.signIn('clerk@demo.local');
    const second = await t.signIn('clerk@demo.local');
    await cachedInBoth(second, PAYMENTS);
    const changed = await t.call(first, 'PUT', '/api/auth/changePassword', { oldPassword: 'Demo-Clerk-2026', newPassword: 'Clerk-Ledger-2027' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await statusIn(t.app, second, PAYMENTS)).status).toBe(401);
    expect((await eventually(other, second, PAYMENTS, 401)).status).toBe(401);
    expect((await statusIn(other, first, PAYMENTS)).status).toBe(200);
    expect((await t.call(first, 'PUT', '/api/auth/changePassword', { oldPassword: 'Clerk-Ledger-2027', newPassword: 'Demo-Clerk-2026' })).status).toBe(200);
  });

  it('a role that loses a feature, changed by another writer, refuses it in both', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    await cachedInBoth(clerk, PAYMENTS);
    const roles = tableName(role);
    const before = await t.db.query<{ body: Record<string, unknown> }>(`select body from ${roles} where body->>'name' = 'ACCOUNTS_CLERK' and subscriber_id = $1`, [clerk.user.subscriberId]);
    await t.db.query(`update ${roles} set body = jsonb_set(body, '{features}', '[]'::jsonb) where body->>'name' = 'ACCOUNTS_CLERK' and subscriber_id = $1`, [clerk.user.subscriberId]);
    expect((await eventually(t.app, clerk, PAYMENTS, 403)).status).toBe(403);
    expect((await eventually(other, clerk, PAYMENTS, 403)).status).toBe(403);
    await t.db.query(`update ${roles} set body = $2 where body->>'name' = 'ACCOUNTS_CLERK' and subscriber_id = $1`, [clerk.user.subscriberId, before.rows[0]?.body]);
    expect((await eventually(other, clerk, PAYMENTS, 200)).status).toBe(200);
  });

  it('a user made inactive by another writer is signed out in both', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    await cachedInBoth(clerk, PAYMENTS);
    const users = tableName(subscriberUser);
    await t.db.query(`update ${users} set body = body || '{"status":"Inactive"}' where _id = $1`, [clerk.user._id]);
    expect(await eventually(t.app, clerk, PAYMENTS, 401)).toEqual({ status: 401, message: 'Your account is inactive' });
    expect(await eventually(other, clerk, PAYMENTS, 401)).toEqual({ status: 401, message: 'Your account is inactive' });
    await t.db.query(`update ${users} set body = body || '{"status":"Active"}' where _id = $1`, [clerk.user._id]);
    expect((await eventually(other, clerk, PAYMENTS, 200)).status).toBe(200);
  });

  it('a suspended tenant is cut off in both', async () => {
    const acme = await t.signIn('admin@acme.local');
    await cachedInBoth(acme, '/api/app/role?limit=1');
    await t.db.query(`update ${tableName(subscriber)} set body = body || '{"status":"Suspended"}' where _id = $1`, [acme.user.subscriberId]);
    expect(await eventually(t.app, acme, '/api/app/role?limit=1', 401)).toEqual({ status: 401, message: "Your organisation's subscription is suspended" });
    expect(await eventually(other, acme, '/api/app/role?limit=1', 401)).toEqual({ status: 401, message: "Your organisation's subscription is suspended" });
    await t.db.query(`update ${tableName(subscriber)} set body = body || '{"status":"Active"}' where _id = $1`, [acme.user.subscriberId]);
  });

  it('after its listening connection is cut, a process listens again and changes still reach it', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    await cachedInBoth(clerk, PAYMENTS);
    const cut = await t.db.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen fieldops_auth%'`);
    expect(cut.rowCount).toBe(2);
    // Both listen again (one connection each), then a revocation by another writer reaches both.
    const deadline = Date.now() + 10_000;
    while ((await t.db.query(`select 1 from pg_stat_activity where datname = current_database() and query ilike 'listen fieldops_auth%'`)).rowCount !== 2) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cachedInBoth(clerk, PAYMENTS);
    await t.db.query('update sessions set revoked_at = now() where token_hash = $1', [tokenHash(clerk.token)]);
    expect((await eventually(t.app, clerk, PAYMENTS, 401)).status).toBe(401);
    expect((await eventually(other, clerk, PAYMENTS, 401)).status).toBe(401);
  });
});
