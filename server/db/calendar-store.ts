/**
 * The calendars' reads (issue 31): bookings (resource-view) and visits (feactivity) that overlap a window, read by a
 * date-range query in PostgreSQL rather than every record of the tenant filtered in Node. The SQL behind
 * server/domain/service/calendar.ts.
 *
 * Times are stored in the record's body as ISO text with an offset (the catalogue refuses one without), so they are
 * compared as instants through `fieldops_instant(text)` (migration 015): text to timestamptz. PostgreSQL marks that
 * cast stable, not immutable, because a text without an offset would be read in the session's zone; with the offset
 * always there the answer never depends on the session, which is what lets the function be declared immutable and
 * index the times.
 *
 * A visit without an end lasts an hour on the calendar; its index is on its end or, without one, its start, which is
 * never later than its calendar end, so that bound is safe for the index and the exact end is checked beside it.
 */
import { feActivity, resourceView } from '../../src/contract/modules/serviceScheduling';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';
import { toApiRecord, type ApiRecord, type Row } from './repository';

const BOOKINGS = `"${tableName(resourceView)}"`;
const VISITS = `"${tableName(feActivity)}"`;

/** Migration 015: the immutable text-to-instant the calendar's indexes and reads use (see the header for why). */
export const CALENDAR_INSTANT_MIGRATION = `
  create or replace function fieldops_instant(value text) returns timestamptz
    language sql immutable parallel safe returns null on null input
    as $$ select value::timestamptz $$;
`;

/**
 * The calendar's indexes on the module tables (made after the numbered migrations, so created here, idempotently, at
 * every start): bookings by start and by end, visits by start and by end-or-start, each within its tenant.
 */
export async function ensureCalendarIndexes(db: Queryable): Promise<void> {
  const statements = [
    `create index if not exists m_resource_view_start on ${BOOKINGS} (subscriber_id, fieldops_instant(body->>'start'))`,
    `create index if not exists m_resource_view_end on ${BOOKINGS} (subscriber_id, fieldops_instant(body->>'end'))`,
    `create index if not exists m_feactivity_start on ${VISITS} (subscriber_id, fieldops_instant(body->>'startAt'))`,
    `create index if not exists m_feactivity_end on ${VISITS} (subscriber_id, fieldops_instant(coalesce(body->>'endAt', body->>'startAt')))`,
  ];
  for (const statement of statements) await db.query(statement);
}

/** A window of instants [from, to): what overlaps it starts before `to` and ends after `from`. */
export interface InstantWindow {
  from: Date;
  to: Date;
}

const ROW = '_id, subscriber_id, created_at, updated_at, version, body';

/** The tenant's bookings (of one engineer when given) overlapping the window, by start. */
export async function bookingsBetween(db: Queryable, tenantId: string, window: InstantWindow, engineer?: string): Promise<ApiRecord[]> {
  const { rows } = await db.query<Row>(
    `select ${ROW} from ${BOOKINGS}
     where subscriber_id = $1 and ($2::text is null or body->>'resource' = $2)
       and fieldops_instant(body->>'start') < $4 and fieldops_instant(body->>'end') > $3
     order by fieldops_instant(body->>'start'), _id`,
    [tenantId, engineer ?? null, window.from, window.to],
  );
  return rows.map((row) => toApiRecord(resourceView, row));
}

/** The tenant's visits (of one engineer when given) overlapping the window, by start; a visit without an end lasts an hour. */
export async function visitsBetween(db: Queryable, tenantId: string, window: InstantWindow, engineer?: string): Promise<ApiRecord[]> {
  const { rows } = await db.query<Row>(
    `select ${ROW} from ${VISITS}
     where subscriber_id = $1 and ($2::text is null or body->>'engineer' = $2)
       and fieldops_instant(body->>'startAt') < $4
       and fieldops_instant(coalesce(body->>'endAt', body->>'startAt')) > $3::timestamptz - interval '1 hour'
       and coalesce(fieldops_instant(body->>'endAt'), fieldops_instant(body->>'startAt') + interval '1 hour') > $3
     order by fieldops_instant(body->>'startAt'), _id`,
    [tenantId, engineer ?? null, window.from, window.to],
  );
  return rows.map((row) => toApiRecord(feActivity, row));
}

/** Which of the ticket numbers have a booking or a visit at any time (the rest are the calendar's unscheduled tickets). */
export async function ticketsOnCalendar(db: Queryable, tenantId: string, alternateIds: readonly string[]): Promise<Set<string>> {
  if (alternateIds.length === 0) return new Set();
  const { rows } = await db.query<{ ticket: string }>(
    `select body->>'ticketAlternateId' as ticket from ${BOOKINGS} where subscriber_id = $1 and body->>'ticketAlternateId' = any($2::text[])
     union
     select body->>'ticketAlternateId' from ${VISITS} where subscriber_id = $1 and body->>'ticketAlternateId' = any($2::text[])`,
    [tenantId, alternateIds],
  );
  return new Set(rows.map((row) => row.ticket));
}

/**
 * A ticket's bookings and visits with `engineer` that have not started by `after`, but `except` (the entry being
 * dragged): what follows the ticket when it moves to another engineer. Leave is no ticket's. Ids by start.
 */
export async function comingEntriesOfTicket(
  db: Queryable,
  tenantId: string,
  ticket: { alternateId: string; engineer: string },
  after: Date,
  except: { bookingId?: string; visitId?: string },
): Promise<{ bookingIds: string[]; visitIds: string[] }> {
  const [bookings, visits] = await Promise.all([
    db.query<{ _id: string }>(
      `select _id from ${BOOKINGS}
       where subscriber_id = $1 and body->>'ticketAlternateId' = $2 and body->>'resource' = $3 and fieldops_instant(body->>'start') >= $4
         and coalesce(body->>'allocationType', 'Ticket') <> 'Leave' and _id <> $5
       order by fieldops_instant(body->>'start'), _id`,
      [tenantId, ticket.alternateId, ticket.engineer, after, except.bookingId ?? ''],
    ),
    db.query<{ _id: string }>(
      `select _id from ${VISITS}
       where subscriber_id = $1 and body->>'ticketAlternateId' = $2 and body->>'engineer' = $3 and fieldops_instant(body->>'startAt') >= $4
         and body->>'activityType' <> 'Leave' and _id <> $5
       order by fieldops_instant(body->>'startAt'), _id`,
      [tenantId, ticket.alternateId, ticket.engineer, after, except.visitId ?? ''],
    ),
  ]);
  return { bookingIds: bookings.rows.map((r) => r._id), visitIds: visits.rows.map((r) => r._id) };
}
