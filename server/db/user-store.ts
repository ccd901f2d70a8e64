/**
 * Reads of the subscriber-user module table by role: the SQL behind server/domain/admin/users.ts's users-by-role
 * calls and roles.ts's check before a role is deleted, kept in the data layer. (A user's credentials are in
 * credential-store.ts.)
 */
import { subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';
import type { Row } from './repository';

/** How many of the tenant's users hold the role (by _id). */
export async function countRoleHolders(db: Queryable, tenantId: string, roleId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from ${tableName(subscriberUser)} where subscriber_id = $1 and body->'roles' ? $2`, [tenantId, roleId]);
  return Number(rows[0]?.n ?? 0);
}

/** The tenant's users holding any of the role references, by name then _id. */
export async function usersHoldingAnyRole(db: Queryable, tenantId: string, roleRefs: readonly string[]): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `select * from ${tableName(subscriberUser)} where subscriber_id = $1 and body->'roles' ?| $2::text[] order by body->>'name', _id`,
    [tenantId, roleRefs],
  );
  return rows;
}
