/**
 * The occurrences preventive plans have raised tickets for: the SQL behind server/domain/service/maintenance-tickets.ts.
 * The primary key (tenant, plan, occurrence) is the only guard against a second ticket for one occurrence: an
 * in-memory check would not see another process, nor a run before a restart.
 */
import type { RaisedTicketRow } from '../../src/contract/maintenanceShapes';
import { tableName } from '../../src/contract/modules/define';
import { svcTicket } from '../../src/contract/modules/serviceTickets';
import type { Queryable } from './pool';

const TICKETS = `"${tableName(svcTicket)}"`;

/**
 * Claims the plan's occurrence for a ticket about to be raised, inside the caller's transaction: true when this
 * caller has it, false when it was claimed already (by this process or another; a concurrent claim waits for the
 * first to commit or roll back, then finds it taken or free).
 */
export async function claimOccurrence(tx: Queryable, tenantId: string, planId: string, occurrenceNo: number, occurrenceDate: string, reason: 'time' | 'meter'): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into maintenance_occurrences (subscriber_id, plan_id, occurrence_no, occurrence_date, reason) values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [tenantId, planId, occurrenceNo, occurrenceDate, reason],
  );
  return rowCount === 1;
}

export async function setOccurrenceTicket(tx: Queryable, tenantId: string, planId: string, occurrenceNo: number, ticketId: string): Promise<void> {
  await tx.query(`update maintenance_occurrences set ticket_id = $4 where subscriber_id = $1 and plan_id = $2 and occurrence_no = $3`, [tenantId, planId, occurrenceNo, ticketId]);
}

/**
 * Marks the occurrence a ticket was raised for as done, once: the occurrence number when this call did it, undefined
 * when the ticket raised none or it was done already (resolved, then closed).
 */
export async function markOccurrenceDone(tx: Queryable, tenantId: string, planId: string, ticketId: string): Promise<number | undefined> {
  const { rows } = await tx.query<{ occurrence_no: number }>(
    `update maintenance_occurrences set done_at = now() where subscriber_id = $1 and plan_id = $2 and ticket_id = $3 and done_at is null returning occurrence_no`,
    [tenantId, planId, ticketId],
  );
  return rows[0]?.occurrence_no;
}

/** The tickets a plan has raised, newest occurrence first, with each ticket's number and status. */
export async function raisedTickets(db: Queryable, tenantId: string, planId: string): Promise<RaisedTicketRow[]> {
  const { rows } = await db.query<{ occurrence_no: number; occurrence_date: string; reason: 'time' | 'meter'; ticket_id: string; alternate_id: string | null; status: string | null; raised_at: Date; done_at: Date | null }>(
    `select o.occurrence_no, to_char(o.occurrence_date, 'YYYY-MM-DD') as occurrence_date, o.reason, o.ticket_id, t.body->>'alternateId' as alternate_id, t.body->>'status' as status, o.raised_at, o.done_at
     from maintenance_occurrences o left join ${TICKETS} t on t.subscriber_id = o.subscriber_id and t._id = o.ticket_id
     where o.subscriber_id = $1 and o.plan_id = $2 and o.ticket_id is not null order by o.occurrence_no desc limit 50`,
    [tenantId, planId],
  );
  return rows.map((row) => ({
    occurrenceNo: row.occurrence_no,
    occurrenceDate: row.occurrence_date,
    reason: row.reason,
    ticketId: row.ticket_id,
    alternateId: row.alternate_id,
    status: row.status,
    raisedAt: row.raised_at.toISOString(),
    doneAt: row.done_at ? row.done_at.toISOString() : null,
  }));
}
