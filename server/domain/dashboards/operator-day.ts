/**
 * GET /api/app/dashboard-charts/operatorDay: a field engineer's day, always about the signed-in person.
 * - tickets: their open tickets (assigned to them, open status), urgent and overdue counts, the list
 *   ordered most pressing first (urgent, then the earliest SLA due time), at most 50;
 * - maintenance (with VIEW on preventive maintenance): plans assigned to them that are due today or
 *   overdue and neither Completed nor Cancelled;
 * - calendar (with VIEW on the resource view, e.g. through "My Calendar"): their allocations from today
 *   to six days ahead, so the day's jobs and the week's preventive visits show together.
 * Each part is absent when the module behind it is closed to the person.
 */
import { preventiveMaintenance, resourceView } from '../../../src/contract/modules/service';
import type { SessionUser } from '../../auth/sessions';
import type { Queryable } from '../../db/pool';
import { tenantTimeZone } from './figures';
import { ticketsCte, visibleTicketSources } from './ticket-rows';
import { visibleRows, type VisibleRows } from './visibility';
import type { MyTicket, MyMaintenance, MyAllocation, OperatorDay } from '../../../src/contract/dashboardShapes';

const MY_TICKET_ROWS = 50;

async function myTickets(db: Queryable, sources: readonly VisibleRows[], userId: string): Promise<NonNullable<OperatorDay['tickets']>> {
  const values: unknown[] = [userId];
  const { cte, openList } = ticketsCte(sources, values, `body->>'assignedTo' = $1`);
  const { rows } = await db.query<MyTicket & { total: string; urgent: string; overdue_n: string }>(
    `${cte}, mine as (select * from tickets where status = any(${openList}))
     select m._id as "_id", m.module, m.alternate_id as "alternateId", m.title, m.type, m.status, m.priority,
            to_char(m.sla_due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "slaDueAt",
            coalesce(m.sla_due_at < now(), false) as overdue,
            (select count(*) from mine) as total,
            (select count(*) from mine where priority = 'Urgent') as urgent,
            (select count(*) from mine where sla_due_at < now()) as overdue_n
     from mine m
     order by (m.priority = 'Urgent') desc, m.sla_due_at asc nulls last, m.opened_at asc
     limit ${MY_TICKET_ROWS}`,
    values,
  );
  const first = rows[0];
  return {
    open: Number(first?.total ?? 0),
    urgent: Number(first?.urgent ?? 0),
    overdue: Number(first?.overdue_n ?? 0),
    items: rows.map(({ total: _t, urgent: _u, overdue_n: _o, ...item }) => item),
  };
}

async function myMaintenance(db: Queryable, plans: VisibleRows, userId: string, zone: string): Promise<NonNullable<OperatorDay['maintenance']>> {
  const values: unknown[] = [userId, zone];
  const today = `(now() at time zone $2)::date`;
  const { rows } = await db.query<MyMaintenance>(
    `select _id as "_id", body->>'alternateId' as "alternateId", body->>'title' as title, body->>'nextDueDate' as "nextDueDate",
            body->>'status' as status, (body->>'nextDueDate')::date < ${today} as overdue
     from ${plans.table}
     where ${plans.where(values)} and body->>'assignedTo' = $1 and body->>'status' not in ('Completed', 'Cancelled')
       and (body->>'nextDueDate')::date <= ${today}
     order by (body->>'nextDueDate')::date, body->>'title'`,
    values,
  );
  return { dueToday: rows.filter((r) => !r.overdue).length, overdue: rows.filter((r) => r.overdue).length, items: rows };
}

async function myCalendar(db: Queryable, allocations: VisibleRows, userId: string, zone: string): Promise<NonNullable<OperatorDay['calendar']>> {
  const values: unknown[] = [userId, zone];
  const dayStart = (offset: number) => `(((now() at time zone $2)::date + ${offset})::timestamp at time zone $2)`;
  const { rows } = await db.query<MyAllocation>(
    `select _id as "_id", body->>'title' as title, body->>'start' as start, body->>'end' as "end",
            body->>'allocationType' as "allocationType", body->>'ticketAlternateId' as "ticketAlternateId"
     from ${allocations.table}
     where ${allocations.where(values)} and body->>'resource' = $1
       and (body->>'start')::timestamptz < ${dayStart(7)} and (body->>'end')::timestamptz >= ${dayStart(0)}
     order by (body->>'start')::timestamptz limit 50`,
    values,
  );
  return { items: rows };
}

export async function operatorDay(db: Queryable, user: SessionUser): Promise<OperatorDay> {
  const sources = visibleTicketSources(user);
  const plans = visibleRows(user, preventiveMaintenance);
  const allocations = visibleRows(user, resourceView);
  const zone = await tenantTimeZone(db, user.tenantId);
  const [tickets, maintenance, calendar, today] = await Promise.all([
    sources && myTickets(db, sources, user._id),
    plans && myMaintenance(db, plans, user._id, zone),
    allocations && myCalendar(db, allocations, user._id, zone),
    db.query<{ date: string }>(`select to_char((now() at time zone $1)::date, 'YYYY-MM-DD') as date`, [zone]),
  ]);
  return {
    date: today.rows[0]?.date ?? '',
    ...(tickets ? { tickets } : {}),
    ...(maintenance ? { maintenance } : {}),
    ...(calendar ? { calendar } : {}),
  };
}
