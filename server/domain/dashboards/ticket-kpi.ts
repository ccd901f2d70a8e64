/**
 * GET /api/app/dashboard-charts/ticketKpi?days=30: the ticket dashboard's figures over the tickets the
 * caller may see (both ticket modules, narrowed by their views; see ticket-rows.ts).
 *
 * The population is "the period's tickets and the whole backlog": tickets reported within the last
 * `days` days plus every ticket still open, however old, so a long-open ticket never drops out of the
 * counts by status, priority, type and engineer. Ageing buckets count open tickets by how long ago they
 * were reported; the daily series counts tickets reported and tickets done on each day of the period in
 * the tenant's time zone (every day present, zeros included).
 */
import { OPEN_TICKET_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../src/contract/modules/service';
import { subscriberUser } from '../../../src/contract/modules/admin';
import { tableName } from '../../../src/contract/modules/define';
import type { SessionUser } from '../../auth/sessions';
import type { Queryable } from '../../db/pool';
import { countsByKey, tenantTimeZone } from './figures';
import { TICKET_TYPES, ticketsCte, visibleTicketSources } from './ticket-rows';
import type { VisibleRows } from './visibility';
import { AGEING_BUCKETS, type Count, type EngineerLoad, type TicketKpi } from '../../../src/contract/dashboardShapes';

/** The busiest engineers first; a tenant with more engineers shows the top ones (the list view has them all). */
const ENGINEER_ROWS = 25;

function periodSql(values: unknown[], zone: string, days: number): { start: string; first: string; today: string; zone: string } {
  values.push(zone);
  const zoneParam = `$${values.length}`;
  values.push(days);
  const daysParam = `$${values.length}::int`;
  const today = `(now() at time zone ${zoneParam})::date`;
  const first = `(${today} - (${daysParam} - 1))`;
  // Midnight of the first day, in the tenant's zone, as an instant.
  return { start: `(${first}::timestamp at time zone ${zoneParam})`, first, today, zone: zoneParam };
}

/** Counts by status, priority and type over the population (see the header). */
async function grouped(db: Queryable, sources: readonly VisibleRows[], zone: string, days: number) {
  const values: unknown[] = [];
  const { cte, openList } = ticketsCte(sources, values);
  const period = periodSql(values, zone, days);
  const { rows } = await db.query<{ status: string; priority: string; type: string; n: string; urgent: string; overdue: string }>(
    `${cte} select status, priority, type, count(*) as n,
            count(*) filter (where status = any(${openList}) and priority = 'Urgent') as urgent,
            count(*) filter (where status = any(${openList}) and sla_due_at < now()) as overdue
     from tickets where opened_at >= ${period.start} or status = any(${openList}) group by status, priority, type`,
    values,
  );
  return rows;
}

async function engineerLoads(db: Queryable, sources: readonly VisibleRows[], tenantId: string, zone: string, days: number): Promise<EngineerLoad[]> {
  const values: unknown[] = [];
  const { cte, openList } = ticketsCte(sources, values);
  const period = periodSql(values, zone, days);
  values.push(tenantId);
  const { rows } = await db.query<{ engineer_id: string | null; name: string | null; open: string; done: string; total: string }>(
    `${cte} select t.assigned_to as engineer_id, u.body->>'name' as name,
            count(*) filter (where t.status = any(${openList})) as open,
            count(*) filter (where t.done_at is not null) as done, count(*) as total
     from (select * from tickets where opened_at >= ${period.start} or status = any(${openList})) t
     left join "${tableName(subscriberUser)}" u on u._id = t.assigned_to and u.subscriber_id = $${values.length}
     group by 1, 2 order by open desc, total desc, name nulls last limit ${ENGINEER_ROWS}`,
    values,
  );
  return rows.map((r) => ({ engineerId: r.engineer_id, name: r.name, open: Number(r.open), done: Number(r.done), total: Number(r.total) }));
}

async function ageing(db: Queryable, sources: readonly VisibleRows[]): Promise<Count[]> {
  const values: unknown[] = [];
  const { cte, openList } = ticketsCte(sources, values);
  const age = `now() - opened_at`;
  const { rows } = await db.query<{ key: string; n: string }>(
    `${cte} select case when ${age} < interval '1 day' then '${AGEING_BUCKETS[0]}'
                       when ${age} < interval '3 days' then '${AGEING_BUCKETS[1]}'
                       when ${age} < interval '7 days' then '${AGEING_BUCKETS[2]}'
                       when ${age} < interval '30 days' then '${AGEING_BUCKETS[3]}'
                       else '${AGEING_BUCKETS[4]}' end as key, count(*) as n
     from tickets where status = any(${openList}) group by 1`,
    values,
  );
  return countsByKey(AGEING_BUCKETS, rows);
}

async function daily(db: Queryable, sources: readonly VisibleRows[], zone: string, days: number) {
  const values: unknown[] = [];
  const { cte } = ticketsCte(sources, values);
  const period = periodSql(values, zone, days);
  const local = (column: string) => `(${column} at time zone ${period.zone})::date`;
  const { rows } = await db.query<{ date: string; opened: string; closed: string }>(
    `${cte}, series as (select generate_series(${period.first}, ${period.today}, interval '1 day')::date as d),
     opened as (select ${local('opened_at')} as d, count(*) as n from tickets where opened_at >= ${period.start} group by 1),
     closed as (select ${local('done_at')} as d, count(*) as n from tickets where done_at >= ${period.start} group by 1)
     select to_char(s.d, 'YYYY-MM-DD') as date, coalesce(o.n, 0) as opened, coalesce(c.n, 0) as closed
     from series s left join opened o on o.d = s.d left join closed c on c.d = s.d order by s.d`,
    values,
  );
  return rows.map((r) => ({ date: r.date, opened: Number(r.opened), closed: Number(r.closed) }));
}

/** Undefined when the caller may see neither ticket module. */
export async function ticketKpi(db: Queryable, user: SessionUser, days: number): Promise<TicketKpi | undefined> {
  const sources = visibleTicketSources(user);
  if (!sources) return undefined;
  const zone = await tenantTimeZone(db, user.tenantId);
  const [rows, byEngineer, aged, series] = await Promise.all([
    grouped(db, sources, zone, days),
    engineerLoads(db, sources, user.tenantId, zone, days),
    ageing(db, sources),
    daily(db, sources, zone, days),
  ]);
  const sum = (pick: (r: (typeof rows)[number]) => string) => rows.reduce((total, r) => total + Number(pick(r)), 0);
  const open = rows.filter((r) => (OPEN_TICKET_STATUSES as readonly string[]).includes(r.status)).reduce((total, r) => total + Number(r.n), 0);
  return {
    days,
    from: series[0]?.date ?? '',
    to: series.at(-1)?.date ?? '',
    total: sum((r) => r.n),
    open,
    urgent: sum((r) => r.urgent),
    overdue: sum((r) => r.overdue),
    byStatus: countsByKey(TICKET_STATUSES, rows.map((r) => ({ key: r.status, n: r.n }))),
    byPriority: countsByKey(TICKET_PRIORITIES, rows.map((r) => ({ key: r.priority, n: r.n }))),
    byType: countsByKey(TICKET_TYPES, rows.map((r) => ({ key: r.type, n: r.n }))),
    byEngineer,
    ageing: aged,
    daily: series,
  };
}
