/**
 * Migration 014 (issue 39 item 5): a requisition sent to purchase before it kept every order it made held only the
 * first, as purchaseOrderId; after the migration it holds it in purchaseOrderIds, which its view names and links.
 * One already holding purchaseOrderIds, and one never sent, are left as they are.
 */
import { describe, expect, it } from 'vitest';
import { tableName } from '../../src/contract/modules/index';
import { runMigrations } from '../../server/db/migrations';
import { bodiesOf, forgetMigration, migratedScratchDb, storeBodies } from '../helpers/migration-db';

const openDb = migratedScratchDb('req_po');

describe('migration 014_requisition_purchase_orders', () => {
  it("moves a requisition's single purchaseOrderId into purchaseOrderIds, once", async () => {
    const db = await openDb();
    const table = tableName({ name: 'purchase-order-requisition' });
    const rows: Array<[string, Record<string, unknown>]> = [
      ['req-old', { title: 'Sent before', status: 'Sent To Purchase', purchaseOrderId: 'po-1' }],
      ['req-new', { title: 'Sent after', status: 'Sent To Purchase', purchaseOrderIds: ['po-2', 'po-3'] }],
      ['req-draft', { title: 'Never sent', status: 'Draft' }],
    ];
    await storeBodies(db, table, rows);
    // As a database migrated before 014 was written: the migration runs on its next start.
    await forgetMigration(db, '014_requisition_purchase_orders');
    expect((await runMigrations(db)).applied).toEqual(['014_requisition_purchase_orders']);
    const bodies = await bodiesOf(db, table);
    expect(bodies['req-old']).toEqual({ title: 'Sent before', status: 'Sent To Purchase', purchaseOrderIds: ['po-1'] });
    expect(bodies['req-new']).toEqual({ title: 'Sent after', status: 'Sent To Purchase', purchaseOrderIds: ['po-2', 'po-3'] });
    expect(bodies['req-draft']).toEqual({ title: 'Never sent', status: 'Draft' });
    expect((await runMigrations(db)).applied).toEqual([]);
  });
});
