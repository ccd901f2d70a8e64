/**
 * Brings one tenant up to what the product offers it (tenant-catalogue.ts), idempotently, inside the caller's
 * transaction. Tenant provisioning is the same walk from nothing (tenant-provisioning.ts); at every start,
 * reconcileTenants (tenant-upgrade.ts) runs it for each tenant whose catalogue fingerprint is behind.
 *
 * What it does, and what it leaves alone:
 * - privilege records and features the tenant lacks are added, and a feature gains the privileges the
 *   catalogue now gives it;
 * - each built-in role gains the grants the catalogue gives it and that were never delivered; a delivered
 *   grant the role no longer holds was taken away by a person and stays away; a built-in role the tenant
 *   deleted is not brought back, and one renamed stays the product's (it is bound by _id);
 * - the side menu gains new entries in their place (menu-merge.ts);
 * - a customer tenant loses what is platform-only: those features, their grants in the built-in roles, and
 *   their menu entries (the server ignores them in any role as well: server/auth/sessions.ts);
 * - nothing else a tenant made (its roles, features, menu entries, privileges) is read for change or written.
 *
 * A tenant provisioned before this bookkeeping existed ("legacy") is taken as it stands: the roles and menu
 * entries it has count as delivered, and a grant of a feature it already had but a role lacks counts as taken
 * away (provisioning granted every original grant of the features it created).
 */
import { feature, privilege, role } from '../../../src/contract/modules/admin';
import { isPlatformFeature } from '../../../src/contract/modules/index';
import { privilegeDescription } from '../../../src/contract/productTexts';
import type { Queryable } from '../../db/pool';
import { repo, type ApiRecord } from '../../db/repository';
import { markTenantReconciled, readDeliveries, readSideMenu, recordDeliveries, writeSideMenu, type Delivery } from '../../db/tenant-catalogue-store';
import { mergeMenu } from './menu-merge';
import { productSideMenu, type MenuItem } from './side-menu';
import { ORIGINAL_ROLES, tenantOffer, type BuiltInRoleName, type TenantKind } from './tenant-catalogue';

/** What a reconcile changed in one tenant (empty lists: nothing). */
export interface TenantChanges {
  privileges: string[];
  features: string[];
  /** `FEATURE:PRIVILEGE` added to an existing feature record. */
  featurePrivileges: string[];
  roles: string[];
  /** `ROLE FEATURE:PRIVILEGE` granted. */
  grants: string[];
  menu: string[];
  /** Platform-only features, grants and menu entries taken out of a customer tenant. */
  withdrawn: string[];
  /** Built-in roles not added because the tenant has its own role of that name. */
  skippedRoles: string[];
}

export interface ReconcileResult {
  changes: TenantChanges;
  /** The built-in roles' ids by name (deleted ones absent). */
  roleIds: Partial<Record<BuiltInRoleName, string>>;
}

export interface ReconcileOptions extends TenantKind {
  /** Provisioned before the bookkeeping existed: see the header. */
  legacy: boolean;
}

interface RoleGrantEntry {
  feature: string;
  privileges: string[];
}

/** Names listed per kind of change in the log line; the count is always whole. */
const LOGGED_NAMES = 12;

const grantKey = (roleName: string, code: string, privilegeCode: string): string => `${roleName} ${code}:${privilegeCode}`;

export function hasChanges(changes: TenantChanges): boolean {
  return Object.values(changes).some((list) => list.length > 0);
}

/** One line for the start-up log: what was added or taken out. */
export function describeChanges(changes: TenantChanges): string {
  const part = (label: string, list: readonly string[]): string | undefined => {
    if (list.length === 0) return undefined;
    const shown = list.length > LOGGED_NAMES ? [...list.slice(0, LOGGED_NAMES), `… ${list.length - LOGGED_NAMES} more`] : list;
    return `${label} ${list.length} (${shown.join(', ')})`;
  };
  return [
    part('+privileges', changes.privileges),
    part('+features', changes.features),
    part('+feature privileges', changes.featurePrivileges),
    part('+roles', changes.roles),
    part('+grants', changes.grants),
    part('+menu entries', changes.menu),
    part('-platform-only', changes.withdrawn),
    part('roles not added (the tenant has its own of that name)', changes.skippedRoles),
  ]
    .filter(Boolean)
    .join('; ');
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A role's grants with feature and privilege references resolved to codes (roles may hold either). */
function grantsByCode(record: ApiRecord, featureCode: ReadonlyMap<string, string>, privilegeCode: ReadonlyMap<string, string>): RoleGrantEntry[] {
  const entries = Array.isArray(record.features) ? (record.features as unknown[]) : [];
  const result: RoleGrantEntry[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    const { feature: ref, privileges } = entry as { feature?: unknown; privileges?: unknown };
    const code = str(ref);
    if (!code) continue;
    const held = Array.isArray(privileges) ? privileges.map(str).filter((p): p is string => p !== undefined) : [];
    result.push({ feature: featureCode.get(code) ?? code, privileges: held.map((p) => privilegeCode.get(p) ?? p) });
  }
  return result;
}

export async function reconcileTenant(tx: Queryable, tenantId: string, options: ReconcileOptions): Promise<ReconcileResult> {
  const offer = tenantOffer(options);
  const changes: TenantChanges = { privileges: [], features: [], featurePrivileges: [], roles: [], grants: [], menu: [], withdrawn: [], skippedRoles: [] };
  const deliveries = await readDeliveries(tx, tenantId);
  const delivered = (kind: Delivery['kind']): Map<string, Delivery> => new Map(deliveries.filter((d) => d.kind === kind).map((d) => [d.key, d]));
  const newDeliveries: Delivery[] = [];

  // Privileges.
  const privilegeRepo = repo(tx, privilege, tenantId);
  const privilegeRows = (await privilegeRepo.list()).data;
  const privilegeCode = new Map(privilegeRows.map((p) => [p._id, str(p.code) ?? p._id]));
  const privilegeCodes = new Set(privilegeCode.values());
  for (const offered of offer.privileges) {
    if (privilegeCodes.has(offered.code)) continue;
    await privilegeRepo.create({ name: offered.name, code: offered.code, description: privilegeDescription(offered.name) });
    changes.privileges.push(offered.code);
  }

  // Features.
  const featureRepo = repo(tx, feature, tenantId);
  const featureRows = (await featureRepo.list()).data;
  const featureCode = new Map(featureRows.map((f) => [f._id, str(f.code) ?? f._id]));
  const hadFeatures = new Set(featureCode.values());
  for (const row of featureRows) {
    const code = str(row.code);
    if (!options.platform && code && isPlatformFeature(code)) {
      await featureRepo.remove(row._id);
      changes.withdrawn.push(`feature ${code}`);
    }
  }
  for (const offered of offer.features) {
    const row = featureRows.find((f) => f.code === offered.code);
    if (!row) {
      await featureRepo.create({ name: offered.name, code: offered.code, description: offered.description, privileges: [...offered.privileges] });
      changes.features.push(offered.code);
      continue;
    }
    const held = Array.isArray(row.privileges) ? row.privileges.map(str).filter((p): p is string => p !== undefined) : [];
    const missing = offered.privileges.filter((p) => !held.includes(p));
    if (missing.length === 0) continue;
    await featureRepo.update(row._id, { privileges: [...held, ...missing] });
    changes.featurePrivileges.push(...missing.map((p) => `${offered.code}:${p}`));
  }

  // Built-in roles and their grants.
  const roleRepo = repo(tx, role, tenantId);
  const roleRows = (await roleRepo.list()).data;
  const roleDeliveries = delivered('role');
  const grantDeliveries = delivered('grant');
  const roleIds: Partial<Record<BuiltInRoleName, string>> = {};
  for (const offered of offer.roles) {
    const roleDelivery = roleDeliveries.get(offered.name);
    const sameName = roleRows.find((r) => r.name === offered.name);
    let record: ApiRecord | undefined;
    if (roleDelivery) {
      record = roleDelivery.ref ? roleRows.find((r) => r._id === roleDelivery.ref) : undefined;
      if (!record) continue; // deleted by a person: not brought back
    } else if (sameName && options.legacy) {
      record = sameName;
    } else if (options.legacy && ORIGINAL_ROLES.includes(offered.name)) {
      newDeliveries.push({ kind: 'role', key: offered.name, ref: null }); // provisioned once, deleted since
      continue;
    } else if (sameName) {
      changes.skippedRoles.push(offered.name);
      continue;
    } else {
      record = await roleRepo.create({ name: offered.name, description: offered.description, features: [] });
      roleRows.push(record);
      changes.roles.push(offered.name);
    }
    if (!roleDelivery) newDeliveries.push({ kind: 'role', key: offered.name, ref: record._id });
    roleIds[offered.name] = record._id;

    const entries = grantsByCode(record, featureCode, privilegeCode);
    let changed = false;
    if (!options.platform) {
      for (const entry of entries.filter((e) => isPlatformFeature(e.feature))) changes.withdrawn.push(`${offered.name} ${entry.feature}`);
      const kept = entries.filter((e) => !isPlatformFeature(e.feature));
      changed = kept.length !== entries.length;
      entries.splice(0, entries.length, ...kept);
    }
    for (const [code, privileges] of offered.grants) {
      for (const privilegeCodeOffered of privileges) {
        const key = grantKey(offered.name, code, privilegeCodeOffered);
        if (grantDeliveries.has(key)) continue;
        newDeliveries.push({ kind: 'grant', key, ref: null });
        const entry = entries.find((e) => e.feature === code);
        if (entry?.privileges.includes(privilegeCodeOffered)) continue;
        if (options.legacy && hadFeatures.has(code) && ORIGINAL_ROLES.includes(offered.name) && !changes.roles.includes(offered.name)) continue; // taken away before the bookkeeping
        if (entry) entry.privileges.push(privilegeCodeOffered);
        else entries.push({ feature: code, privileges: [privilegeCodeOffered] });
        changes.grants.push(key);
        changed = true;
      }
    }
    if (changed) await roleRepo.update(record._id, { features: entries });
  }

  // Side menu.
  const stored = await readSideMenu<MenuItem>(tx, tenantId);
  const withdrawnEntries = options.platform ? new Set<string>() : new Set(platformEntryIds(productSideMenu()));
  const menuDeliveries = delivered('menu');
  const merge = mergeMenu(stored ?? [], offer.menu, new Set(menuDeliveries.keys()), withdrawnEntries);
  if (!stored || merge.added.length > 0 || merge.removed.length > 0) await writeSideMenu(tx, tenantId, merge.items);
  changes.menu.push(...(stored ? merge.added : []));
  changes.withdrawn.push(...merge.removed.map((id) => `menu ${id}`));
  newDeliveries.push(...merge.delivered.filter((id) => !menuDeliveries.has(id)).map((key) => ({ kind: 'menu' as const, key, ref: null })));

  await recordDeliveries(tx, tenantId, newDeliveries);
  await markTenantReconciled(tx, tenantId, options.platform, offer.fingerprint);
  return { changes, roleIds };
}

function platformEntryIds(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [...(item.code && isPlatformFeature(item.code) ? [item._id] : []), ...platformEntryIds(item.children)]);
}
