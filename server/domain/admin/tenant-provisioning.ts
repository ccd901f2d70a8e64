/**
 * A new tenant's base records: the privilege records, the features, the built-in roles and the side menu the
 * catalogue offers its kind of tenant. It is the boot-time reconcile walked from nothing, so a new tenant and
 * an upgraded one end up with the same things. Used when the operator creates a subscriber, and by the demo seed.
 */
import type { Queryable } from '../../db/pool';
import { startTenantCatalogue } from '../../db/tenant-catalogue-store';
import type { BuiltInRoleName, TenantKind } from './tenant-catalogue';
import { reconcileTenant } from './tenant-reconcile';

/** Provisions the tenant inside the caller's transaction; answers the built-in roles' ids by name. */
export async function provisionTenant(tx: Queryable, tenantId: string, kind: TenantKind): Promise<Partial<Record<BuiltInRoleName, string>>> {
  await startTenantCatalogue(tx, tenantId, kind.platform);
  const { roleIds } = await reconcileTenant(tx, tenantId, { platform: kind.platform, legacy: false });
  return roleIds;
}
