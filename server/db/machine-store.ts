/**
 * Finding a machine instance by whatever code a scan or a person gives: the SQL behind
 * server/domain/machines/machine-card.ts, kept in the data layer.
 */
import { tableName } from '../../src/contract/modules/define';
import { svcMachineInstance } from '../../src/contract/modules/machines';
import type { Queryable } from './pool';

const MACHINES = `"${tableName(svcMachineInstance)}"`;

/**
 * The _id of the tenant's machine whose _id is `machineId` or `code`, or whose alternateId or serialNo is `code` in
 * any letter case; an _id match on machineId wins, then one on code. Empty strings stand for "not given".
 */
export async function machineIdByCode(db: Queryable, tenantId: string, machineId: string, code: string): Promise<string | undefined> {
  const { rows } = await db.query<{ _id: string }>(
    `select _id from ${MACHINES}
     where subscriber_id = $1 and (_id = $2 or _id = $3 or lower(body->>'alternateId') = lower($3) or lower(body->>'serialNo') = lower($3))
     order by (_id = $2) desc, (_id = $3) desc limit 1`,
    [tenantId, machineId, code],
  );
  return rows[0]?._id;
}
