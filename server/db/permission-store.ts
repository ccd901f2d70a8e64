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

/** The codes of the tenant's feature records among `ids`. */
export async function featureCodes(db: Queryable, tenantId: string, ids: readonly string[]): Promise<IdCode[]> {
  const { rows } = await db.query<IdCode>(`select _id, body->>'code' as code from ${tableName(feature)} where subscriber_id = $1 and _id = any($2::text[])`, [tenantId, ids]);
  return rows;
}

/** The codes of the tenant's privilege records among `ids`. */
export async function privilegeCodes(db: Queryable, tenantId: string, ids: readonly string[]): Promise<IdCode[]> {
  const { rows } = await db.query<IdCode>(`select _id, body->>'code' as code from ${tableName(privilege)} where subscriber_id = $1 and _id = any($2::text[])`, [tenantId, ids]);
  return rows;
}

/** The names of the tenant's roles with these _ids (the roles shown in the sign-in answer). */
export async function roleNames(db: Queryable, tenantId: string, roleIds: readonly unknown[]): Promise<Array<{ _id: string; name: string }>> {
  const { rows } = await db.query<{ _id: string; name: string }>(`select _id, body->>'name' as name from ${tableName(role)} where subscriber_id = $1 and _id = any($2::text[])`, [tenantId, roleIds]);
  return rows;
}
