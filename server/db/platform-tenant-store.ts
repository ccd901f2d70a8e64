/**
 * The platform's own tenant (migration 013, server/domain/admin/platform-tenant.ts): which subscriber it is, and
 * the SQL that moves the platform operator's account and the platform's records into it from the customer tenant
 * an older version kept them in.
 */
import { role, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

/** The platform tenant's subscriber id, or undefined before it is made. */
export async function readPlatformTenant(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ subscriber_id: string }>('select subscriber_id from platform_tenant');
  return rows[0]?.subscriber_id;
}

export async function recordPlatformTenant(tx: Queryable, subscriberId: string): Promise<void> {
  await tx.query('insert into platform_tenant (subscriber_id) values ($1)', [subscriberId]);
}

/** Serialises the making of the platform tenant across processes starting at once, until the transaction ends. */
export async function lockPlatformTenant(tx: Queryable): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('platform-tenant'))`);
}

/** The operator accounts kept outside the platform tenant, with the tenant each is in. */
export async function operatorsOutside(tx: Queryable, platformId: string): Promise<Array<{ userId: string; tenantId: string }>> {
  const { rows } = await tx.query<{ user_id: string; subscriber_id: string }>(
    'select user_id, subscriber_id from credentials where platform_operator and subscriber_id <> $1 order by user_id',
    [platformId],
  );
  return rows.map((r) => ({ userId: r.user_id, tenantId: r.subscriber_id }));
}

/**
 * Moves one operator's account to the platform tenant: the user record (its roles replaced by `roleIds`, no client
 * company), its credentials and its live sessions (the person stays signed in; the session caches hear of it).
 */
export async function moveOperator(tx: Queryable, userId: string, platformId: string, roleIds: readonly string[]): Promise<void> {
  await tx.query(
    `update "${tableName(subscriberUser)}" set subscriber_id = $2, body = jsonb_set(body - 'clientId', '{roles}', $3::jsonb), updated_at = now() where _id = $1`,
    [userId, platformId, JSON.stringify(roleIds)],
  );
  await tx.query('update credentials set subscriber_id = $2 where user_id = $1', [userId, platformId]);
  await tx.query('update sessions set subscriber_id = $2 where user_id = $1', [userId, platformId]);
}

/**
 * Moves every record of the given module tables from one tenant to the platform tenant, with their lifecycle
 * histories and public links; answers how many records moved.
 */
export async function moveRecords(tx: Queryable, fromTenant: string, platformId: string, modules: ReadonlyArray<{ name: string }>): Promise<number> {
  let moved = 0;
  for (const def of modules) {
    const { rows } = await tx.query<{ _id: string }>(`update "${tableName(def)}" set subscriber_id = $2 where subscriber_id = $1 returning _id`, [fromTenant, platformId]);
    const ids = rows.map((r) => r._id);
    moved += ids.length;
    if (ids.length === 0) continue;
    await tx.query('update lifecycle_history set subscriber_id = $2 where subscriber_id = $1 and module = $3 and record_id = any($4::text[])', [fromTenant, platformId, def.name, ids]);
    await tx.query('update public_links set subscriber_id = $2 where subscriber_id = $1 and record_id = any($3::text[])', [fromTenant, platformId, ids]);
  }
  return moved;
}

/**
 * The tenant is a customer's from now on: the next reconcile withdraws the platform-only features from it. A tenant
 * without bookkeeping (older than the reconcile) has no row to change: it is a customer's once it hosts no operator.
 */
export async function markCustomerTenant(tx: Queryable, tenantId: string): Promise<void> {
  await tx.query('update tenant_catalogue set platform = false, fingerprint = null where subscriber_id = $1', [tenantId]);
}

/**
 * The former platform tenant's roles lose their platform-only grants (`codes`), which no customer tenant honours
 * anyway, and its OPERATOR role goes when nobody left in the tenant holds it.
 */
export async function withdrawPlatformRoles(tx: Queryable, tenantId: string, codes: readonly string[]): Promise<void> {
  const roles = `"${tableName(role)}"`;
  await tx.query(
    `update ${roles} r set body = jsonb_set(body, '{features}', (
        select coalesce(jsonb_agg(f order by n), '[]'::jsonb) from jsonb_array_elements(r.body->'features') with ordinality as e(f, n)
         where not (f->>'feature' = any($2::text[]))))
      where subscriber_id = $1 and jsonb_typeof(body->'features') = 'array'`,
    [tenantId, codes],
  );
  const { rows } = await tx.query<{ _id: string }>(
    `delete from ${roles} r where subscriber_id = $1 and body->>'name' = 'OPERATOR'
        and not exists (select 1 from "${tableName(subscriberUser)}" u where u.subscriber_id = $1 and u.body->'roles' ? r._id)
      returning _id`,
    [tenantId],
  );
  if (rows.length > 0) await tx.query(`delete from catalogue_deliveries where subscriber_id = $1 and kind = 'role' and key = 'OPERATOR'`, [tenantId]);
}
