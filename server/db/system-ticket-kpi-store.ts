/**
 * The system ticket dashboard's aggregates (POST dashboard-charts/systemTicketKpi), counted and summed in
 * PostgreSQL: the SQL behind server/domain/service/system-tickets.ts, which turns the rows into the figures.
 * A ticket's time is its raisedAt (the alarm's), else when its row was created.
 */
import { tableName } from '../../src/contract/modules/define';
import { systemTicket } from '../../src/contract/modules/service';
import type { Queryable } from './pool';

const TABLE = `"${tableName(systemTicket)}"`;
const RAISED = `coalesce((body->>'raisedAt')::timestamptz, created_at)`;
/** $1 tenant, $2 from and $3 to (null: open-ended). */
const WHERE = `subscriber_id = $1 and ($2::timestamptz is null or ${RAISED} >= $2) and ($3::timestamptz is null or ${RAISED} <= $3)`;

export interface KpiRange {
  tenantId: string;
  from: string | null;
  to: string | null;
}

export interface KpiSummaryRow {
  status: string;
  severity: string;
  /** Counts and sums arrive as text (bigint, numeric). */
  n: string;
  ack_minutes: string | null;
  close_minutes: string | null;
}

/** Tickets by status and severity, with the summed minutes to acknowledge and to close. */
export async function kpiSummary(db: Queryable, range: KpiRange): Promise<KpiSummaryRow[]> {
  const { rows } = await db.query<KpiSummaryRow>(
    `select body->>'status' as status, body->>'severity' as severity, count(*) as n,
              sum(extract(epoch from ((body->>'acknowledgedAt')::timestamptz - ${RAISED})) / 60) as ack_minutes,
              sum(extract(epoch from ((body->>'closedAt')::timestamptz - ${RAISED})) / 60) as close_minutes
       from ${TABLE} where ${WHERE} group by 1, 2`,
    [range.tenantId, range.from, range.to],
  );
  return rows;
}

/** Tickets raised per calendar day in India (YYYY-MM-DD), oldest first. */
export async function kpiByDay(db: Queryable, range: KpiRange): Promise<Array<{ date: string; n: string }>> {
  const { rows } = await db.query<{ date: string; n: string }>(
    `select to_char((${RAISED}) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as date, count(*) as n from ${TABLE} where ${WHERE} group by 1 order by 1`,
    [range.tenantId, range.from, range.to],
  );
  return rows;
}
