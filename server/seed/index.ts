/**
 * The demo seed: runs once, when the demo subscriber is absent, in one transaction (a crash mid-seed
 * leaves nothing behind, and the next start seeds again). Concurrent starts wait on an advisory lock.
 */
import { tableName } from '../../src/contract/modules/define';
import { subscriber } from '../../src/contract/modules/admin';
import { inTransaction, type Db } from '../db/pool';
import { ensurePlatformTenant } from '../domain/admin/platform-tenant';
import { demoRecordSeeders } from './demo-records';
import { DEMO_GSTIN, seedDemoTenants } from './demo-tenant';
import { ADVISORY_LOCKS } from '../db/advisory-locks';


/** Seeds the demo tenants when absent; answers whether it did. */
export async function seedDemo(db: Db): Promise<{ seeded: boolean; ids?: Record<string, string> }> {
  // The platform's tenant first: the operator's account is made there.
  const platform = await ensurePlatformTenant(db);
  return inTransaction(db, async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.seed]);
    const existing = await tx.query(`select 1 from ${tableName(subscriber)} where body->>'gstNo' = $1`, [DEMO_GSTIN]);
    if (existing.rowCount) return { seeded: false };
    const ids = await seedDemoTenants(tx, platform.tenantId);
    for (const seeder of demoRecordSeeders) await seeder({ db: tx, tenantId: ids.subscriber as string, ids });
    return { seeded: true, ids };
  });
}
