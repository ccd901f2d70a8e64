/**
 * Migration 016: invoice items stored without `active` (the demo seed skipped the schema's default) showed a blank
 * Active column and were found by neither value of the Active filter. After it they are active, as the default says;
 * an item someone made inactive stays inactive.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { tableName } from '../../src/contract/modules/index';
import { runMigrations } from '../../server/db/migrations';
import { createPool, type Db } from '../../server/db/pool';

const adminUrl = inject('pgAdminUrl');
const name = `${inject('pgRunPrefix')}items_active_${randomBytes(3).toString('hex')}`;
let db: Db | undefined;

afterAll(async () => {
  await db?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin.end();
});

describe('migration 016_invoice_items_active', () => {
  it('makes an invoice item that never said active, once, and leaves an inactive one as it is', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/' + name;
    db = createPool(url.toString(), 2);
    await runMigrations(db);
    const table = tableName({ name: 'invoice-item-master' });
    const rows: Array<[string, Record<string, unknown>]> = [
      ['item-seeded', { itemName: 'Breakdown visit charge', ratePaise: 150000 }],
      ['item-off', { itemName: 'Old AMC rate', ratePaise: 100, active: false }],
    ];
    for (const [id, body] of rows) await db.query(`insert into "${table}" (_id, subscriber_id, body) values ($1, 't-1', $2)`, [id, JSON.stringify(body)]);
    // As a database migrated before 016 was written: the migration runs on its next start.
    await db.query(`delete from schema_migrations where id = '016_invoice_items_active'`);
    expect((await runMigrations(db)).applied).toEqual(['016_invoice_items_active']);
    const bodies = Object.fromEntries((await db.query<{ _id: string; body: Record<string, unknown> }>(`select _id, body from "${table}"`)).rows.map((r) => [r._id, r.body]));
    expect(bodies['item-seeded']).toEqual({ itemName: 'Breakdown visit charge', ratePaise: 150000, active: true });
    expect(bodies['item-off']).toEqual({ itemName: 'Old AMC rate', ratePaise: 100, active: false });
    expect((await runMigrations(db)).applied).toEqual([]);
  });
});
