/**
 * The platform's own tenant (issue 35): the subscriber "FieldOps Platform" holds the platform operator's account,
 * the prospects' subscription requests and the platform's other records, and is the only tenant offered the
 * platform-only features. No customer administrator can see or change any of it: it is another tenant.
 *
 * Made once, at start (before the reconcile) and by the demo seed, in one transaction:
 * - a fresh database gets the tenant, provisioned as the platform's;
 * - a database of an older version, where the operator lived in a customer tenant (the demo's Demo Industries),
 *   also gets its operators moved in with the platform's records (subscription requests, their questions,
 *   histories and links); that tenant's roles lose their platform-only grants, its OPERATOR role goes when nobody
 *   there holds it, and it becomes a customer's: the reconcile that follows takes the platform-only features and
 *   menu entries out of it.
 */
import { role, subscriber } from '../../../src/contract/modules/admin';
import { platformFeatures } from '../../../src/contract/modules/index';
import { subscriptionRequest, subscriptionRequestQa } from '../../../src/contract/modules/sales';
import { newId } from '../../db/ids';
import { inTransaction, type Db } from '../../db/pool';
import { ALL_TENANTS, repo } from '../../db/repository';
import { lockPlatformTenant, markCustomerTenant, moveOperator, moveRecords, operatorsOutside, readPlatformTenant, recordPlatformTenant, withdrawPlatformRoles } from '../../db/platform-tenant-store';
import { provisionTenant } from './tenant-provisioning';

export const PLATFORM_TENANT_NAME = 'FieldOps Platform';

/** The platform's records, kept in the platform tenant. */
const PLATFORM_MODULES = [subscriptionRequest, subscriptionRequestQa];
const PLATFORM_FEATURE_CODES = platformFeatures.map((f) => f.code);

export interface PlatformTenantResult {
  tenantId: string;
  created: boolean;
  /** Operator accounts moved in, and the customer tenants they came from. */
  movedOperators: string[];
  fromTenants: string[];
  movedRecords: number;
}

/** Makes the platform tenant when missing and moves in what belongs to it; idempotent. */
export async function ensurePlatformTenant(db: Db, options: { log?: (line: string) => void } = {}): Promise<PlatformTenantResult> {
  const result = await inTransaction(db, async (tx) => {
    await lockPlatformTenant(tx);
    let tenantId = await readPlatformTenant(tx);
    const created = tenantId === undefined;
    if (tenantId === undefined) {
      tenantId = newId();
      await repo(tx, subscriber, ALL_TENANTS).create({ companyName: PLATFORM_TENANT_NAME, timezone: 'Asia/Kolkata', status: 'Active', headerImages: [] }, { id: tenantId });
      await provisionTenant(tx, tenantId, { platform: true });
      await recordPlatformTenant(tx, tenantId);
    }
    const outside = await operatorsOutside(tx, tenantId);
    const fromTenants = [...new Set(outside.map((o) => o.tenantId))];
    let movedRecords = 0;
    if (outside.length > 0) {
      const operatorRole = (await repo(tx, role, tenantId).list()).data.find((r) => r.name === 'OPERATOR');
      for (const { userId } of outside) await moveOperator(tx, userId, tenantId, operatorRole ? [operatorRole._id] : []);
      for (const from of fromTenants) {
        movedRecords += await moveRecords(tx, from, tenantId, PLATFORM_MODULES);
        await withdrawPlatformRoles(tx, from, PLATFORM_FEATURE_CODES);
        await markCustomerTenant(tx, from);
      }
    }
    return { tenantId, created, movedOperators: outside.map((o) => o.userId), fromTenants, movedRecords };
  });
  if (result.created) options.log?.(`platform tenant "${PLATFORM_TENANT_NAME}" (${result.tenantId}) made`);
  if (result.movedOperators.length > 0) {
    options.log?.(
      `platform operator account(s) ${result.movedOperators.join(', ')} and ${result.movedRecords} platform record(s) moved from tenant(s) ${result.fromTenants.join(', ')} to the platform tenant; those tenants are customers' now`,
    );
  }
  return result;
}
