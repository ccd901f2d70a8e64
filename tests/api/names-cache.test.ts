/**
 * The names cache (issue 30, server/domain/names-cache.ts): a ticket's detail names its client from memory once read,
 * and a renamed client is named anew at once in this process (the hub), and in another app process on the same
 * database (PostgreSQL's NOTIFY from the rename triggers), whoever renamed it, a plain SQL update included. Names are
 * kept per tenant.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPool, type Db } from '../../server/db/pool';
import { buildApp } from '../../server/app';
import { createNamesCache } from '../../server/domain/names-cache';
import { testDb, withDatabase, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let otherDb: Db;
let other: FastifyInstance;
let admin: SignedIn;
let client: ApiBody;
let ticket: ApiBody;

async function live(app: FastifyInstance): Promise<void> {
  for (const until = Date.now() + 10_000; !app.namesCache.live && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(app.namesCache.live).toBe(true);
}

beforeAll(async () => {
  t = await testDb();
  // A second app process on the same database: its own pool, hub and caches.
  otherDb = createPool(withDatabase(inject('pgAdminUrl'), t.dbName), 3);
  other = await buildApp({ db: otherDb, config: t.config, logger: false });
  await live(t.app);
  await live(other);
  admin = await t.signIn('admin@demo.local');
  const made = await t.call(admin, 'POST', '/api/app/client', { companyName: 'Names Cache Castings Pvt Ltd', email: 'names-cache@example.in', phone: '9822000000' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  client = made.body;
  const raised = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Names cache: furnace door', clientId: client._id });
  expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  ticket = raised.body;
});
afterAll(async () => {
  await other.close();
  await otherDb.end();
  await t.close();
});

const nameIn = async (app: FastifyInstance): Promise<string | undefined> => {
  const res = await app.inject({ method: 'GET', url: `/api/app/svc-ticket/getById/${String(ticket._id)}`, headers: { token: admin.token } });
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { names: Record<string, string> }).names.clientId;
};

async function eventually(app: FastifyInstance, expected: string | undefined): Promise<string | undefined> {
  for (const until = Date.now() + 5_000; ; ) {
    const name = await nameIn(app);
    if (name === expected || Date.now() > until) return name;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('kept names follow renames', () => {
  it('a rename through the API is read at once in this process and shortly after in another', async () => {
    expect(await nameIn(t.app)).toBe('Names Cache Castings Pvt Ltd');
    expect(await nameIn(other)).toBe('Names Cache Castings Pvt Ltd');
    const renamed = await t.call(admin, 'PUT', `/api/app/client/${String(client._id)}`, { companyName: 'Names Cache Foundry LLP' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await nameIn(t.app)).toBe('Names Cache Foundry LLP');
    expect(await eventually(other, 'Names Cache Foundry LLP')).toBe('Names Cache Foundry LLP');
  });

  it('a rename by plain SQL (another tool) reaches both processes', async () => {
    await nameIn(t.app);
    await nameIn(other);
    await t.db.query(`update m_client set body = body || '{"companyName": "Names Cache Forgings"}'::jsonb where _id = $1`, [client._id]);
    expect(await eventually(t.app, 'Names Cache Forgings')).toBe('Names Cache Forgings');
    expect(await eventually(other, 'Names Cache Forgings')).toBe('Names Cache Forgings');
  });

  it('an edit that leaves the name alone keeps it; a deleted record names nothing', async () => {
    await t.db.query(`update m_client set body = body || '{"phone": "9822000001"}'::jsonb where _id = $1`, [client._id]);
    expect(await nameIn(other)).toBe('Names Cache Forgings');
    await t.db.query('delete from m_client where _id = $1', [client._id]);
    expect(await eventually(t.app, undefined)).toBeUndefined();
    expect(await eventually(other, undefined)).toBeUndefined();
  });
});

describe('the cache itself', () => {
  it('keeps names per tenant, and keeps nothing read before a change', () => {
    const cache = createNamesCache();
    cache.setLive(true);
    cache.put('tenant-a', 'client', 'c1', 'Kalyani Forge', cache.generation);
    expect(cache.get('tenant-a', 'client', 'c1')).toBe('Kalyani Forge');
    expect(cache.get('tenant-b', 'client', 'c1')).toBeUndefined();
    const since = cache.generation;
    cache.forget('tenant-a', 'client', 'c1');
    cache.put('tenant-a', 'client', 'c1', 'stale', since);
    expect(cache.get('tenant-a', 'client', 'c1')).toBeUndefined();
    cache.setLive(false);
    cache.put('tenant-a', 'client', 'c1', 'not live', cache.generation);
    expect(cache.get('tenant-a', 'client', 'c1')).toBeUndefined();
  });
});
