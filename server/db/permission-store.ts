/**
 * The admin module tables a user's permissions are read from (roles, features, privileges): the SQL behind
 * server/auth/sessions.ts's loadPermissions and the sign-in profile's role names, kept in the data layer.
 */
import { feature, privilege, role } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

/** A role's body as permissions read it; entries are checked by the caller (a role is tenant-editable JSON). */
export interface RoleBody {
  features?: Array<{ feature?: unknown; privileges?: unknown }>;
}

/** The tenant's roles named by _id or by name (either style of reference is held by a user record). */
export async function readRoleBodies(db: Queryable, tenantId: string, roleRefs: readonly string[]): Promise<RoleBody[]> {
  const { rows } = await db.query<{ body: RoleBody }>(
    `select body from ${tableName(role)} where subscriber_id = $1 and (_id = any($2::text[]) or body->>'name' = any($2::text[]))`,
    [tenantId, [...roleRefs]],
  );
  return rows.map((r) => r.body);
}

export interface IdCode {
  _id: string;
  code: string;
}

/** The codes of the tenant's feature or privilege records (`def`) among `ids`. */
export async function codesById(db: Queryable, def: typeof feature | typeof privilege, tenantId: string, ids: readonly string[]): Promise<IdCode[]> {
  const { rows } = await db.query<IdCode>(`select _id, body->>'code' as code from ${tableName(def)} where subscriber_id = $1 and _id = any($2::text[])`, [tenantId, ids]);
  return rows;
}

/** The names of the tenant's roles with these _ids (the roles shown in the sign-in answer). */
export async function roleNames(db: Queryable, tenantId: string, roleIds: readonly unknown[]): Promise<Array<{ _id: string; name: string }>> {
  const { rows } = await db.query<{ _id: string; name: string }>(`select _id, body->>'name' as name from ${tableName(role)} where subscriber_id = $1 and _id = any($2::text[])`, [tenantId, roleIds]);
  return rows;
}

/** A feature record as role editing checks it: its code and the privilege codes it offers (null: none listed). */
export interface FeatureOffer {
  _id: string;
  code: string;
  privileges: string[] | null;
}

/** The tenant's features named by _id or by code. */
export async function featuresByRef(db: Queryable, tenantId: string, refs: readonly string[]): Promise<FeatureOffer[]> {
  const { rows } = await db.query<FeatureOffer>(
    `select _id, body->>'code' as code, array(select jsonb_array_elements_text(coalesce(body->'privileges', '[]'::jsonb))) as privileges
     from ${tableName(feature)} where subscriber_id = $1 and (_id = any($2::text[]) or body->>'code' = any($2::text[]))`,
    [tenantId, refs],
  );
  return rows;
}

/** Every privilege record of the tenant with its code (to turn privilege _ids into codes). */
export async function allPrivilegeCodes(db: Queryable, tenantId: string): Promise<IdCode[]> {
  const { rows } = await db.query<IdCode>(`select _id, body->>'code' as code from ${tableName(privilege)} where subscriber_id = $1`, [tenantId]);
  return rows;
}

/** The tenant's roles named by _id or by name, as _id and name. */
export async function rolesByRef(db: Queryable, tenantId: string, roleRefs: readonly string[]): Promise<Array<{ _id: string; name: string }>> {
  const { rows } = await db.query<{ _id: string; name: string }>(
    `select _id, body->>'name' as name from ${tableName(role)} where subscriber_id = $1 and (_id = any($2::text[]) or body->>'name' = any($2::text[]))`,
    [tenantId, [...roleRefs]],
  );
  return rows;
}
