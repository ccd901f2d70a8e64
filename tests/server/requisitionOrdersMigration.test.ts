/**
 * Migration 014 (issue 39 item 5): a requisition sent to purchase before it kept every order it made held only the
 * first, as purchaseOrderId; after the migration it holds it in purchaseOrderIds, which its view names and links.
 * One already holding purchaseOrderIds, and one never sent, are left as they are.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { tableName } from '../../src/contract/modules/index';
import { runMigrations } from '../../server/db/migrations';
import { createPool, type Db } from '../../server/db/pool';

const adminUrl = inject('pgAdminUrl');
const name = `${inject('pgRunPrefix')}req_po_${randomBytes(3).toString('hex')}`;
let db: Db | undefined;

afterAll(async () => {
  await db?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin.end();
});

describe('migration 014_requisition_purchase_orders', () => {
  it("moves a requisition's single purchaseOrderId into purchaseOrderIds, once", async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${admin.escapeIdentifier(name)}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/' + name;
    db = createPool(url.toString(), 2);
    await runMigrations(db);
    const table = tableName({ name: 'purchase-order-requisition' });
    const rows: Array<[string, Record<string, unknown>]> = [
      ['req-old', { title: 'Sent before', status: 'Sent To Purchase', purchaseOrderId: 'po-1' }],
      ['req-new', { title: 'Sent after', status: 'Sent To Purchase', purchaseOrderIds: ['po-2', 'po-3'] }],
      ['req-draft', { title: 'Never sent', status: 'Draft' }],
    ];
    for (const [id, body] of rows) await db.query(`insert into "${table}" (_id, subscriber_id, body) values ($1, 't-1', $2)`, [id, JSON.stringify(body)]);
    // As a database migrated before 014 was written: the migration runs on its next start.
    await db.query(`delete from schema_migrations where id = '014_requisition_purchase_orders'`);
    expect((await runMigrations(db)).applied).toEqual(['014_requisition_purchase_orders']);
    const bodies = Object.fromEntries((await db.query<{ _id: string; body: Record<string, unknown> }>(`select _id, body from "${table}"`)).rows.map((r) => [r._id, r.body]));
    expect(bodies['req-old']).toEqual({ title: 'Sent before', status: 'Sent To Purchase', purchaseOrderIds: ['po-1'] });
    expect(bodies['req-new']).toEqual({ title: 'Sent after', status: 'Sent To Purchase', purchaseOrderIds: ['po-2', 'po-3'] });
    expect(bodies['req-draft']).toEqual({ title: 'Never sent', status: 'Draft' });
    expect((await runMigrations(db)).applied).toEqual([]);
  });
});
