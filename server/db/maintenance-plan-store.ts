/**
 * The scheduler's read of the preventive-maintenance plans, across tenants: the SQL behind
 * server/domain/service/maintenance-schedule.ts, which decides and takes each plan's clock step.
 */
import { preventiveMaintenance } from '../../src/contract/modules/serviceScheduling';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

const PLANS = `"${tableName(preventiveMaintenance)}"`;

export interface PlanRow {
  _id: string;
  subscriber_id: string;
  body: Record<string, unknown>;
}

/**
 * Every tenant's plans in one of `statuses` whose nextDueDate (YYYY-MM-DD, compared as text) is on or before
 * `today`, by tenant then _id.
 */
export async function plansDueBy(db: Queryable, today: string, statuses: readonly string[]): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(
    `select _id, subscriber_id, body from ${PLANS} where body->>'status' = any($2::text[]) and body->>'nextDueDate' <= $1 order by subscriber_id, _id`,
    [today, statuses],
  );
  return rows;
}
