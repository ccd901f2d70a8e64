/**
 * PostgreSQL aggregates of the machine dashboard (dashboard-machine): machines counted by type, status and
 * location; preventive-maintenance plans falling due; machines ranked by breakdown tickets. Every statement
 * filters each table it reads by the tenant, joins included.
 */
import { tableName } from '../../../src/contract/modules/define';
import { asset } from '../../../src/contract/modules/assets';
import { svcMachineInstance, svcMachineType } from '../../../src/contract/modules/machines';
import { OPEN_TICKET_STATUSES, preventiveMaintenance, svcTicket } from '../../../src/contract/modules/service';
import type { Queryable } from '../../db/pool';
import type { BreakdownRank, CountBy, PlanDue } from '../../../src/contract/machineShapes';

const MACHINES = `"${tableName(svcMachineInstance)}"`;
const TYPES = `"${tableName(svcMachineType)}"`;
const ASSETS = `"${tableName(asset)}"`;
const PLANS = `"${tableName(preventiveMaintenance)}"`;
const TICKETS = `"${tableName(svcTicket)}"`;

/** A machine without a status is Running: the field's default. */
const STATUS = `coalesce(m.body->>'status', 'Running')`;

export async function machinesByType(db: Queryable, tenantId: string): Promise<CountBy[]> {
  const { rows } = await db.query<{ key: string | null; label: string | null; count: string }>(
    `select m.body->>'machineTypeId' as key, t.body->>'machineName' as label, count(*) as count
     from ${MACHINES} m left join ${TYPES} t on t._id = m.body->>'machineTypeId' and t.subscriber_id = $1
     where m.subscriber_id = $1
     group by 1, 2 order by count(*) desc, 2`,
    [tenantId],
  );
  return rows.map((r) => ({ key: r.key, label: r.label, count: Number(r.count) }));
}

export async function machinesByStatus(db: Queryable, tenantId: string): Promise<CountBy[]> {
  const { rows } = await db.query<{ key: string; count: string }>(
    `select ${STATUS} as key, count(*) as count from ${MACHINES} m where m.subscriber_id = $1 group by 1 order by count(*) desc, 1`,
    [tenantId],
  );
  return rows.map((r) => ({ key: r.key, label: r.key, count: Number(r.count) }));
}

/** The machine's own asset (usually a unit), named with its parent (the plant) after a middle dot. */
export async function machinesByLocation(db: Queryable, tenantId: string): Promise<CountBy[]> {
  const { rows } = await db.query<{ key: string | null; label: string | null; count: string }>(
    `select m.body->>'assetId' as key,
            concat_ws(' · ', a.body->>'name', p.body->>'name') as label,
            count(*) as count
     from ${MACHINES} m
     left join ${ASSETS} a on a._id = m.body->>'assetId' and a.subscriber_id = $1
     left join ${ASSETS} p on p._id = a.body->>'parentId' and p.subscriber_id = $1
     where m.subscriber_id = $1
     group by 1, 2 order by count(*) desc, 2`,
    [tenantId],
  );
  return rows.map((r) => ({ key: r.key, label: r.key ? r.label || null : null, count: Number(r.count) }));
}

/** Plans still to do (not Completed or Cancelled) due on or before `today` + `withinDays`, soonest first. */
export async function plansDue(db: Queryable, tenantId: string, today: string, withinDays: number): Promise<PlanDue[]> {
  const { rows } = await db.query<{ _id: string; alternate_id: string | null; title: string; machine_id: string; machine_name: string | null; due: string; status: string; days_left: number }>(
    `select pm._id, pm.body->>'alternateId' as alternate_id, pm.body->>'title' as title, pm.body->>'machineInstanceId' as machine_id,
            coalesce(m.body->>'name', m.body->>'serialNo') as machine_name, pm.body->>'nextDueDate' as due,
            coalesce(pm.body->>'status', 'Scheduled') as status, ((pm.body->>'nextDueDate')::date - $2::date) as days_left
     from ${PLANS} pm left join ${MACHINES} m on m._id = pm.body->>'machineInstanceId' and m.subscriber_id = $1
     where pm.subscriber_id = $1 and coalesce(pm.body->>'status', 'Scheduled') not in ('Completed', 'Cancelled')
       and (pm.body->>'nextDueDate')::date <= $2::date + $3::int
     order by (pm.body->>'nextDueDate')::date, pm.body->>'title'`,
    [tenantId, today, withinDays],
  );
  return rows.map((r) => ({
    _id: r._id,
    alternateId: r.alternate_id,
    title: r.title,
    machineInstanceId: r.machine_id,
    machineName: r.machine_name,
    nextDueDate: r.due,
    status: r.status,
    daysLeft: Number(r.days_left),
  }));
}

/** Machines with the most Breakdown Maintenance tickets reported since `since`, most first. */
export async function topBreakdownMachines(db: Queryable, tenantId: string, since: Date, limit: number): Promise<BreakdownRank[]> {
  const { rows } = await db.query<{ machine_id: string; machine_name: string | null; alternate_id: string | null; tickets: string; open: string }>(
    `select t.body->>'machineInstanceId' as machine_id, coalesce(m.body->>'name', m.body->>'serialNo') as machine_name,
            m.body->>'alternateId' as alternate_id, count(*) as tickets,
            count(*) filter (where coalesce(t.body->>'status', 'Open') = any($4::text[])) as open
     from ${TICKETS} t join ${MACHINES} m on m._id = t.body->>'machineInstanceId' and m.subscriber_id = $1
     where t.subscriber_id = $1 and t.body->>'ticketType' = 'Breakdown Maintenance'
       and coalesce((t.body->>'reportedAt')::timestamptz, t.created_at) >= $2::timestamptz
     group by 1, 2, 3 order by count(*) desc, 2 limit $3`,
    [tenantId, since.toISOString(), limit, [...OPEN_TICKET_STATUSES]],
  );
  return rows.map((r) => ({ machineInstanceId: r.machine_id, machineName: r.machine_name, alternateId: r.alternate_id, tickets: Number(r.tickets), open: Number(r.open) }));
}
