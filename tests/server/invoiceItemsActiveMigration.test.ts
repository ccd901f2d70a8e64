/**
 * Migration 016: invoice items stored without `active` (the demo seed skipped the schema's default) showed a blank
 * Active column and were found by neither value of the Active filter. After it they are active, as the default says;
 * an item someone made inactive stays inactive.
 */
import { describe, expect, it } from 'vitest';
import { tableName } from '../../src/contract/modules/index';
import { runMigrations } from '../../server/db/migrations';
import { bodiesOf, forgetMigration, migratedScratchDb, storeBodies } from '../helpers/migration-db';

const openDb = migratedScratchDb('items_active');

describe('migration 016_invoice_items_active', () => {
  it('makes an invoice item that never said active, once, and leaves an inactive one as it is', async () => {
    const db = await openDb();
    const table = tableName({ name: 'invoice-item-master' });
    const rows: Array<[string, Record<string, unknown>]> = [
      ['item-seeded', { itemName: 'Breakdown visit charge', ratePaise: 150000 }],
      ['item-off', { itemName: 'Old AMC rate', ratePaise: 100, active: false }],
    ];
    await storeBodies(db, table, rows);
    // As a database migrated before 016 was written: the migration runs on its next start.
    await forgetMigration(db, '016_invoice_items_active');
    expect((await runMigrations(db)).applied).toEqual(['016_invoice_items_active']);
    const bodies = await bodiesOf(db, table);
    expect(bodies['item-seeded']).toEqual({ itemName: 'Breakdown visit charge', ratePaise: 150000, active: true });
    expect(bodies['item-off']).toEqual({ itemName: 'Old AMC rate', ratePaise: 100, active: false });
    expect((await runMigrations(db)).applied).toEqual([]);
  });
});
