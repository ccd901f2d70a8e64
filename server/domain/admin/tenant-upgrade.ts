/**
 * At every start, after the migrations: each tenant whose catalogue fingerprint is behind the product's is
 * reconciled (tenant-reconcile.ts), one transaction per tenant, so a release's new modules, features, roles
 * and menu entries reach every existing tenant. Tenants already up to date cost nothing beyond one query for
 * all of them. Several processes starting on one database serialise per tenant on an advisory lock, and the
 * later one finds the work done.
 */
import { inTransaction, type Db } from '../../db/pool';
import { listTenantStates, lockTenantCatalogue } from '../../db/tenant-catalogue-store';
import { ensurePlatformTenant } from './platform-tenant';
import { tenantOffer } from './tenant-catalogue';
import { describeChanges, hasChanges, reconcileTenant, type TenantChanges } from './tenant-reconcile';

export interface TenantUpgrade {
  tenantId: string;
  companyName: string;
  changes: TenantChanges;
  ms: number;
}

export interface UpgradeOptions {
  /** One line per tenant that changed. */
  log?: (line: string) => void;
  /** Reconcile every tenant, even one whose fingerprint is current (tests: to show a second pass changes nothing). */
  force?: boolean;
}

/** Answers the tenants it reconciled (changed or not); logs only those that changed. */
export async function reconcileTenants(db: Db, options: UpgradeOptions = {}): Promise<TenantUpgrade[]> {
  // The platform's own tenant first: an older database's operator moves out of the customer tenant that held it,
  // which the loop below then turns into a customer's (its platform-only features withdrawn).
  await ensurePlatformTenant(db, { log: options.log });
  const done: TenantUpgrade[] = [];
  for (const tenant of await listTenantStates(db)) {
    // A tenant without bookkeeping is the operator's when it hosts the operator's account.
    const platform = tenant.platform ?? tenant.hostsOperator;
    const offer = tenantOffer({ platform });
    if (!options.force && tenant.fingerprint === offer.fingerprint) continue;
    const started = performance.now();
    const changes = await inTransaction(db, async (tx) => {
      const current = await lockTenantCatalogue(tx, tenant.tenantId);
      if (!options.force && current.fingerprint === offer.fingerprint) return undefined; // another process did it
      return (await reconcileTenant(tx, tenant.tenantId, { platform, legacy: !current.known })).changes;
    });
    if (!changes) continue;
    const ms = performance.now() - started;
    done.push({ tenantId: tenant.tenantId, companyName: tenant.companyName, changes, ms });
    if (hasChanges(changes)) options.log?.(`tenant "${tenant.companyName}" (${tenant.tenantId}) brought up to the catalogue in ${Math.round(ms)} ms: ${describeChanges(changes)}`);
  }
  return done;
}
