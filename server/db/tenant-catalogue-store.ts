/**
 * The reconcile's bookkeeping (migration 003_tenant_catalogue) and the stored side menu: the SQL behind
 * server/domain/admin/tenant-reconcile.ts, kept in the data layer.
 */
import { subscriber } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

export type DeliveryKind = 'role' | 'grant' | 'menu';

export interface Delivery {
  kind: DeliveryKind;
  key: string;
  /** The built-in role's _id for a role delivery (null once the tenant deleted it). */
  ref: string | null;
}

export interface TenantCatalogueState {
  tenantId: string;
  companyName: string;
  /** Null for a tenant provisioned before the reconcile existed (no bookkeeping yet). */
  platform: boolean | null;
  fingerprint: string | null;
  /** The tenant hosts the platform operator's account. */
  hostsOperator: boolean;
}

/** Every tenant with its bookkeeping, one query. */
export async function listTenantStates(db: Queryable): Promise<TenantCatalogueState[]> {
  const { rows } = await db.query<{ _id: string; company_name: string | null; platform: boolean | null; fingerprint: string | null; hosts_operator: boolean }>(
    `select s._id, s.body->>'companyName' as company_name, tc.platform, tc.fingerprint,
            exists (select 1 from credentials c where c.subscriber_id = s._id and c.platform_operator) as hosts_operator
     from ${tableName(subscriber)} s
     left join tenant_catalogue tc on tc.subscriber_id = s._id
     order by s.created_at, s._id`,
  );
  return rows.map((r) => ({ tenantId: r._id, companyName: r.company_name ?? r._id, platform: r.platform, fingerprint: r.fingerprint, hostsOperator: r.hosts_operator }));
}

/**
 * Serialises work on one tenant's catalogue across processes (several app processes starting on one
 * database) until the transaction ends; answers the fingerprint as it stands once the lock is held.
 */
export async function lockTenantCatalogue(tx: Queryable, tenantId: string): Promise<{ fingerprint: string | null; known: boolean }> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('tenant-catalogue'), hashtext($1))`, [tenantId]);
  const { rows } = await tx.query<{ fingerprint: string | null }>('select fingerprint from tenant_catalogue where subscriber_id = $1', [tenantId]);
  return { fingerprint: rows[0]?.fingerprint ?? null, known: rows.length > 0 };
}

/** Starts the bookkeeping of a tenant being provisioned now (nothing delivered yet). */
export async function startTenantCatalogue(tx: Queryable, tenantId: string, platform: boolean): Promise<void> {
  await tx.query('insert into tenant_catalogue (subscriber_id, platform) values ($1, $2) on conflict (subscriber_id) do nothing', [tenantId, platform]);
}

export async function markTenantReconciled(tx: Queryable, tenantId: string, platform: boolean, fingerprint: string): Promise<void> {
  await tx.query(
    `insert into tenant_catalogue (subscriber_id, platform, fingerprint, reconciled_at) values ($1, $2, $3, now())
     on conflict (subscriber_id) do update set platform = excluded.platform, fingerprint = excluded.fingerprint, reconciled_at = excluded.reconciled_at`,
    [tenantId, platform, fingerprint],
  );
}

export async function readDeliveries(tx: Queryable, tenantId: string): Promise<Delivery[]> {
  const { rows } = await tx.query<Delivery>('select kind, key, ref from catalogue_deliveries where subscriber_id = $1', [tenantId]);
  return rows;
}

/** Records deliveries (already recorded ones keep their first record, except a role's ref, which follows). */
export async function recordDeliveries(tx: Queryable, tenantId: string, deliveries: readonly Delivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  await tx.query(
    `insert into catalogue_deliveries (subscriber_id, kind, key, ref)
     select $1, kind, key, ref from unnest($2::text[], $3::text[], $4::text[]) as d(kind, key, ref)
     on conflict (subscriber_id, kind, key) do update set ref = excluded.ref where catalogue_deliveries.kind = 'role'`,
    [tenantId, deliveries.map((d) => d.kind), deliveries.map((d) => d.key), deliveries.map((d) => d.ref)],
  );
}

/** The tenant's stored menu (a tree of the domain's menu items), or undefined when it has none. */
export async function readSideMenu<Item>(db: Queryable, tenantId: string): Promise<Item[] | undefined> {
  const { rows } = await db.query<{ items: Item[] }>('select items from side_menus where subscriber_id = $1', [tenantId]);
  return rows[0]?.items;
}

export async function writeSideMenu<Item>(tx: Queryable, tenantId: string, items: readonly Item[]): Promise<void> {
  await tx.query(
    `insert into side_menus (subscriber_id, items) values ($1, $2::jsonb)
     on conflict (subscriber_id) do update set items = excluded.items, updated_at = now()`,
    [tenantId, JSON.stringify(items)],
  );
}
