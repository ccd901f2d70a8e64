/**
 * GET /api/app/dashboard-charts/servicePerformance?days=90 (route serve-dashboard, code SERVE_DASHBAORD):
 * how well service was delivered on the tickets reported within the last `days` days that the caller may
 * see (ticket-rows.ts gives the shared definitions).
 *
 * - SLA: a done ticket met its SLA when its work ended (done_at) by its SLA due time (slaDueAt), and
 *   missed it otherwise; an open ticket is breached once its due time has passed, on track before;
 *   tickets without a due time are counted apart (noSla), never as met.
 * - Time to close: hours from reported to done, mean and median, over the period's done tickets.
 * - Per engineer: assigned, done, still open, SLA met and missed, mean hours to close.
 * - Feedback (only with VIEW on the feedback module): ratings 1 to 5 given within the period.
 */
import { subscriberUser } from '../../../src/contract/modules/admin';
import { tableName } from '../../../src/contract/modules/define';
import { feedback } from '../../../src/contract/modules/service';
import type { SessionUser } from '../../auth/sessions';
import type { Queryable } from '../../db/pool';
import { roundedOrNull, tenantTimeZone } from './figures';
import { ticketsCte, visibleTicketSources } from './ticket-rows';
import { visibleRows, type VisibleRows } from './visibility';
import type { FeedbackFigures, ServicePerformance } from '../../../src/contract/dashboardShapes';

const hoursToClose = `extract(epoch from (done_at - opened_at)) / 3600`;
const MET = `done_at is not null and sla_due_at is not null and done_at <= sla_due_at`;
const MISSED = `done_at is not null and sla_due_at is not null and done_at > sla_due_at`;

function periodStart(values: unknown[], zone: string, days: number): string {
  values.push(zone);
  const zoneParam = `$${values.length}`;
  values.push(days);
  return `(((now() at time zone ${zoneParam})::date - ($${values.length}::int - 1))::timestamp at time zone ${zoneParam})`;
}

async function ticketFigures(db: Queryable, sources: readonly VisibleRows[], tenantId: string, zone: string, days: number) {
  const totalsValues: unknown[] = [];
  const start = periodStart(totalsValues, zone, days);
  const totals = ticketsCte(sources, totalsValues, `coalesce((body->>'reportedAt')::timestamptz, created_at) >= ${start}`);
  const engineerValues: unknown[] = [];
  const engineerStart = periodStart(engineerValues, zone, days);
  const perEngineer = ticketsCte(sources, engineerValues, `coalesce((body->>'reportedAt')::timestamptz, created_at) >= ${engineerStart}`);
  engineerValues.push(tenantId);
  const [summary, engineers] = await Promise.all([
    db.query<{ total: string; done: string; met: string; missed: string; breached: string; on_track: string; no_sla: string; mean: string | null; median: string | null }>(
      `${totals.cte} select count(*) as total, count(done_at) as done,
              count(*) filter (where ${MET}) as met, count(*) filter (where ${MISSED}) as missed,
              count(*) filter (where status = any(${totals.openList}) and sla_due_at < now()) as breached,
              count(*) filter (where status = any(${totals.openList}) and sla_due_at >= now()) as on_track,
              count(*) filter (where sla_due_at is null) as no_sla,
              round(avg(${hoursToClose}) filter (where done_at is not null)::numeric, 1) as mean,
              round((percentile_cont(0.5) within group (order by ${hoursToClose}) filter (where done_at is not null))::numeric, 1) as median
       from tickets`,
      totalsValues,
    ),
    db.query<{ engineer_id: string | null; name: string | null; assigned: string; done: string; open: string; met: string; missed: string; mean: string | null }>(
      `${perEngineer.cte} select t.assigned_to as engineer_id, u.body->>'name' as name, count(*) as assigned, count(t.done_at) as done,
              count(*) filter (where t.status = any(${perEngineer.openList})) as open,
              count(*) filter (where ${MET}) as met, count(*) filter (where ${MISSED}) as missed,
              round(avg(${hoursToClose}) filter (where t.done_at is not null)::numeric, 1) as mean
       from tickets t left join "${tableName(subscriberUser)}" u on u._id = t.assigned_to and u.subscriber_id = $${engineerValues.length}
       group by 1, 2 order by assigned desc, name nulls last limit 25`,
      engineerValues,
    ),
  ]);
  const row = summary.rows[0];
  const met = Number(row?.met ?? 0);
  const missed = Number(row?.missed ?? 0);
  return {
    total: Number(row?.total ?? 0),
    done: Number(row?.done ?? 0),
    sla: {
      met,
      missed,
      breached: Number(row?.breached ?? 0),
      onTrack: Number(row?.on_track ?? 0),
      noSla: Number(row?.no_sla ?? 0),
      metPercent: met + missed === 0 ? null : Math.round((met / (met + missed)) * 1000) / 10,
    },
    meanHoursToClose: roundedOrNull(row?.mean),
    medianHoursToClose: roundedOrNull(row?.median),
    byEngineer: engineers.rows.map((r) => ({
      engineerId: r.engineer_id,
      name: r.name,
      assigned: Number(r.assigned),
      done: Number(r.done),
      open: Number(r.open),
      slaMet: Number(r.met),
      slaMissed: Number(r.missed),
      meanHoursToClose: roundedOrNull(r.mean),
    })),
  };
}

async function feedbackFigures(db: Queryable, rows: VisibleRows, zone: string, days: number): Promise<FeedbackFigures> {
  const values: unknown[] = [];
  const where = rows.where(values);
  const start = periodStart(values, zone, days);
  const { rows: found } = await db.query<{ rating: string; n: string }>(
    `select (body->>'rating')::int as rating, count(*) as n from ${rows.table} where ${where} and created_at >= ${start} group by 1`,
    values,
  );
  const byRating = [1, 2, 3, 4, 5].map((rating) => ({ rating, count: Number(found.find((r) => Number(r.rating) === rating)?.n ?? 0) }));
  const count = byRating.reduce((sum, r) => sum + r.count, 0);
  const points = byRating.reduce((sum, r) => sum + r.rating * r.count, 0);
  return { count, average: count === 0 ? null : Math.round((points / count) * 100) / 100, byRating };
}

export async function servicePerformance(db: Queryable, user: SessionUser, days: number): Promise<ServicePerformance> {
  const sources = visibleTicketSources(user);
  const ratings = visibleRows(user, feedback);
  const zone = await tenantTimeZone(db, user.tenantId);
  const [tickets, feedbackFound, fromRow] = await Promise.all([
    sources && ticketFigures(db, sources, user.tenantId, zone, days),
    ratings && feedbackFigures(db, ratings, zone, days),
    db.query<{ from: string }>(`select to_char((now() at time zone $1)::date - ($2::int - 1), 'YYYY-MM-DD') as from`, [zone, days]),
  ]);
  return {
    days,
    from: fromRow.rows[0]?.from ?? '',
    ...(tickets ? { tickets } : {}),
    ...(feedbackFound ? { feedback: feedbackFound } : {}),
  };
}
