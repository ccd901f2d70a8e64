/** Migrations and the demo seed: idempotent, complete, and the hook for demo records of other modules. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { catalogue, tableName } from '../../src/contract/modules/index';
import { runMigrations } from '../../server/db/migrations';
import { createPool, type Db } from '../../server/db/pool';
import { demoRecordSeeders, type DemoSeedContext } from '../../server/seed/demo-records';
import { seedDemo } from '../../server/seed/index';

const adminUrl = inject('pgAdminUrl');
const created: string[] = [];

async function emptyDatabase(): Promise<Db> {
  const name = `${inject('pgRunPrefix')}empty_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = '/' + name;
  return createPool(url.toString(), 3);
}

const pools: Db[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin.end();
});

describe('migrations and seed', () => {
  it('create every catalogue table with its unique indexes, and run again without change', async () => {
    const db = await emptyDatabase();
    pools.push(db);
    const first = await runMigrations(db);
    expect(first.applied).toContain('001_platform');
    for (const def of catalogue) {
      const { rows } = await db.query<{ found: string | null }>('select to_regclass($1) as found', [tableName(def)]);
      expect(rows[0]?.found, def.name).toBe(tableName(def));
      const indexes = await db.query<{ indexdef: string }>('select indexdef from pg_indexes where tablename = $1', [tableName(def)]);
      for (const field of def.unique ?? []) expect(indexes.rows.some((i) => i.indexdef.includes(`'${field}'`) && /UNIQUE/.test(i.indexdef)), `${def.name}.${field}`).toBe(true);
    }
    expect((await runMigrations(db)).applied).toEqual([]);
  });

  it('seeds the demo tenants once, calling every demo record seeder with the ids it created', async () => {
    const db = await emptyDatabase();
    pools.push(db);
    await runMigrations(db);
    const calls: DemoSeedContext[] = [];
    const seeder = async (ctx: DemoSeedContext): Promise<void> => {
      calls.push(ctx);
      await ctx.db.query(`insert into m_privilege (_id, subscriber_id, body) values ('seeded-by-hook', $1, '{"name":"Hook","code":"HOOK"}')`, [ctx.tenantId]);
    };
    demoRecordSeeders.push(seeder);
    try {
      const first = await seedDemo(db);
      expect(first.seeded).toBe(true);
      const second = await seedDemo(db);
      expect(second.seeded).toBe(false);
    } finally {
      demoRecordSeeders.splice(demoRecordSeeders.indexOf(seeder), 1);
    }
    expect(calls).toHaveLength(1);
    const ids = calls[0]?.ids ?? {};
    for (const key of ['subscriber', 'acmeSubscriber', 'platformTenant', 'adminUser', 'engineerUser', 'clientUser', 'operatorUser', 'acmeAdminUser', 'client', 'roleADMIN', 'roleUSER', 'roleCLIENT', 'roleOPERATOR']) {
      expect(typeof ids[key], key).toBe('string');
    }
    expect(calls[0]?.tenantId).toBe(ids.subscriber);

    const users = await db.query<{ email: string; subscriber_id: string; platform_operator: boolean }>('select email, subscriber_id, platform_operator from credentials order by email');
    expect(users.rows.map((u) => u.email)).toEqual(['admin@acme.local', 'admin@demo.local', 'approver@demo.local', 'clerk@demo.local', 'client@demo.local', 'engineer@demo.local', 'operator@demo.local', 'purchase@demo.local', 'qa@demo.local', 'stores@demo.local']);
    expect(users.rows.filter((u) => u.platform_operator).map((u) => u.email)).toEqual(['operator@demo.local']);
    // The operator is in the platform's own tenant; everyone else in a customer's (issue 35).
    expect(users.rows.filter((u) => u.subscriber_id === ids.platformTenant).map((u) => u.email)).toEqual(['operator@demo.local']);
    expect((await db.query('select subscriber_id from platform_tenant')).rows).toEqual([{ subscriber_id: ids.platformTenant }]);
    const subscribers = await db.query<{ name: string; gst: string }>(`select body->>'companyName' as name, body->>'gstNo' as gst from m_subscriber order by 1`);
    expect(subscribers.rows).toEqual([
      { name: 'Acme Facility Services LLP', gst: '29AAFCA5678K1Z2' },
      { name: 'Demo Industries Pvt Ltd', gst: '27AAACD1234F1Z5' },
      { name: 'FieldOps Platform', gst: null },
    ]);
    const hook = await db.query('select 1 from m_privilege where _id = $1', ['seeded-by-hook']);
    expect(hook.rowCount).toBe(1);
  });
});
