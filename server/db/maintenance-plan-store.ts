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

/**
 * Live plans (`statuses`) whose current occurrence has no ticket yet, across tenants or for one tenant and plan:
 * what the ticket-raising pass looks at (server/domain/service/maintenance-tickets.ts decides which are due).
 */
export async function plansAwaitingTicket(db: Queryable, statuses: readonly string[], only: { tenantId?: string; planId?: string } = {}): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>(
    `select p._id, p.subscriber_id, p.body from ${PLANS} p
     where p.body->>'status' = any($1::text[])
       and ($2::text is null or p.subscriber_id = $2) and ($3::text is null or p._id = $3)
       and not exists (
         select 1 from maintenance_occurrences o
         where o.subscriber_id = p.subscriber_id and o.plan_id = p._id and o.occurrence_no = coalesce((p.body->>'occurrenceNo')::int, 1)
       )
     order by p.subscriber_id, p._id`,
    [statuses, only.tenantId ?? null, only.planId ?? null],
  );
  return rows;
}

/** The live plans of one machine counting a meter of `kind`: those a new reading of that meter may bring due. */
export async function planIdsOnMeter(db: Queryable, tenantId: string, machineId: string, kind: string, statuses: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ _id: string }>(
    `select _id from ${PLANS} where subscriber_id = $1 and body->>'machineInstanceId' = $2 and body->>'meterKind' = $3 and body->>'trigger' <> 'Time' and body->>'status' = any($4::text[])`,
    [tenantId, machineId, kind, statuses],
  );
  return rows.map((row) => row._id);
}
