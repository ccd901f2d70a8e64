/**
 * The calendars (issue 31, item 3): what the resource calendar and My Calendar show, and the dispatcher's drag.
 *
 * A reschedule is one call in one transaction: the target engineer's user row is locked (two drags onto one engineer
 * are judged one after the other), the booking is locked and its version checked, the target's leave and bookings are
 * read and judged by the contract's rule (src/contract/calendar.ts `clashFor`, the same words the screen shows), the
 * booking is moved (or made, for an unscheduled ticket), and the ticket's engineer follows through its lifecycle: an
 * Open ticket takes its `assign` step, a ticket at work is edited (assignedTo), each with its history row ("Assigned
 * To: Ravi Patil → Asha Kulkarni"). Any refusal, the ticket's included, writes nothing.
 */
import { moduleNamed, type ModuleDef } from '../../../src/contract/modules/index';
import { feActivity, preventiveMaintenance, resourceView, svcTicket, ticket, OPEN_TICKET_STATUSES } from '../../../src/contract/modules/service';
import { role, subscriberUser } from '../../../src/contract/modules/admin';
import { clashFor, clashSaid, typedTitle, type CalendarEntry, type Clash, type CalendarReply, type RescheduleBody, type RescheduleReply, type UnscheduledTicket } from '../../../src/contract/calendar';
import { dayBounds, formatDateTime, formatTime } from '../../../src/contract/zonedTime';
import { occurrencesBetween } from '../../../src/contract/maintenanceOccurrences';
import { lifecycleOf } from '../../../src/machines/lifecycles/index';
import { inTransaction, type Queryable } from '../../db/pool';
import { bookingsBetween, comingEntriesOfTicket, ticketsOnCalendar, visitsBetween, type InstantWindow } from '../../db/calendar-store';
import { repo, type ApiRecord } from '../../db/repository';
import { hasPrivilege } from '../../auth/sessions';
import { tenantTimeZone } from '../dashboards/figures';
import { DomainError, forbidden, invalid, missingRecord } from '../errors';
import { refusal, type RefusalKey } from '../../../src/contract/refusalMessages';
import { editIn, noteInHistory, staleVersion } from '../lifecycle-edits';
import { transitionIn } from '../lifecycle';
import type { CallContext, HandlersOf } from '../call-context';
import { occurrencePlanOf, RAISING_STATES } from './maintenance-tickets';
import { peopleCalls } from '../people';
import { formerBodyOf, withFormerBody } from '../former-body';

type Body = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A visit without an end lasts an hour on the calendar. */
const VISIT_DEFAULT_MS = 3_600_000;
/** Plan states that raise no occurrence. */
const PLAN_ENDED = new Set(['Completed', 'Cancelled', 'Paused']);

/**
 * The days a plan's work falls on between two days (src/contract/maintenanceOccurrences.ts): by its rhythm or fixed
 * dates. An occurrence by meter has no day until a reading forecasts one, so the calendar shows the time ones only.
 */
export function planOccurrenceDays(plan: Body, from: string, to: string): string[] {
  return occurrencesBetween(occurrencePlanOf(plan), from, to).map((occurrence) => occurrence.date);
}

function bookingEntry(r: ApiRecord, movable: boolean): CalendarEntry | undefined {
  const engineer = str(r.resource);
  const start = str(r.start);
  const end = str(r.end);
  if (!engineer || !start || !end) return undefined;
  const type = str(r.allocationType) ?? 'Ticket';
  const leave = type === 'Leave';
  return {
    key: `booking:${r._id}`,
    kind: 'booking',
    recordId: r._id,
    title: str(r.title) ?? typedTitle(type),
    engineer,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    allDay: false,
    type,
    leave,
    ...(str(r.ticketAlternateId) ? { ticketAlternateId: str(r.ticketAlternateId) } : {}),
    ...(str(r.colour) ? { colour: str(r.colour) } : {}),
    movable: movable && !leave,
  };
}

function visitEntry(r: ApiRecord, movable: boolean): CalendarEntry | undefined {
  const engineer = str(r.engineer);
  const start = str(r.startAt);
  if (!engineer || !start) return undefined;
  const startMs = Date.parse(start);
  const endMs = str(r.endAt) ? Date.parse(String(r.endAt)) : startMs + VISIT_DEFAULT_MS;
  const type = str(r.activityType) ?? 'Site Visit';
  const ticketAlt = str(r.ticketAlternateId);
  return {
    key: `visit:${r._id}`,
    kind: 'visit',
    recordId: r._id,
    title: typedTitle(type, ticketAlt, str(r.remarks)),
    engineer,
    start: new Date(startMs).toISOString(),
    end: new Date(Math.max(endMs, startMs + 60_000)).toISOString(),
    allDay: false,
    type,
    leave: type === 'Leave',
    ...(ticketAlt ? { ticketAlternateId: ticketAlt } : {}),
    movable: movable && type !== 'Leave',
  };
}

function occurrenceEntries(plan: ApiRecord, from: string, to: string, zone: string): CalendarEntry[] {
  const engineer = str(plan.assignedTo);
  if (!engineer || PLAN_ENDED.has(String(plan.status))) return [];
  return planOccurrenceDays(plan, from, to).map((day) => {
    const { start, end } = dayBounds(day, zone);
    return {
      key: `occurrence:${plan._id}:${day}`,
      kind: 'occurrence' as const,
      recordId: plan._id,
      title: [str(plan.alternateId), str(plan.title)].filter(Boolean).join(' '),
      engineer,
      start: start.toISOString(),
      end: end.toISOString(),
      allDay: true,
      type: 'Preventive Maintenance',
      leave: false,
      movable: false,
    };
  });
}

/**
 * Bookings and visits of the tenant (of one engineer when given) overlapping the window, read by a date-range query
 * (server/db/calendar-store.ts), as entries; `movable` says which the caller may drag (bookings on the dispatcher's
 * calendar; visits too for whoever may change field activities).
 */
async function timedEntries(db: Queryable, tenantId: string, engineer: string | undefined, window: InstantWindow, movable: { bookings: boolean; visits: boolean }): Promise<CalendarEntry[]> {
  const [bookings, visits] = await Promise.all([bookingsBetween(db, tenantId, window, engineer), visitsBetween(db, tenantId, window, engineer)]);
  return [...bookings.map((b) => bookingEntry(b, movable.bookings)), ...visits.map((v) => visitEntry(v, movable.visits))].filter((e): e is CalendarEntry => e !== undefined);
}

/** Staff who work on the calendar: active subscriber users whose roles grant My Calendar. */
async function calendarStaff(ctx: CallContext): Promise<Array<{ _id: string; name: string }>> {
  const [users, roles] = await Promise.all([
    repo(ctx.db, subscriberUser, ctx.user.tenantId).rows({ filters: { status: 'Active', userType: 'Subscriber-User' } }),
    repo(ctx.db, role, ctx.user.tenantId).rows(),
  ]);
  const calendarRoles = new Set(
    roles.filter((r) => (Array.isArray(r.features) ? r.features : []).some((f: { feature?: unknown; privileges?: unknown }) => f.feature === 'MY_CALENDER' && Array.isArray(f.privileges) && f.privileges.includes('VIEW'))).map((r) => r._id),
  );
  return users
    .filter((u) => Array.isArray(u.roles) && u.roles.some((id) => calendarRoles.has(String(id))))
    .map((u) => ({ _id: u._id, name: str(u.name) ?? u._id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function openTickets(ctx: CallContext): Promise<Array<ApiRecord & { module: 'svc-ticket' | 'ticket' }>> {
  const status = [...OPEN_TICKET_STATUSES];
  const [svc, generic] = await Promise.all([
    repo(ctx.db, svcTicket, ctx.user.tenantId).rows({ filters: { status } }),
    repo(ctx.db, ticket, ctx.user.tenantId).rows({ filters: { status } }),
  ]);
  return [...svc.map((r) => ({ ...r, module: 'svc-ticket' as const })), ...generic.map((r) => ({ ...r, module: 'ticket' as const }))];
}

interface Window {
  from: string;
  to: string;
}

async function calendarOf(ctx: CallContext, { from, to }: Window, mine: boolean): Promise<CalendarReply> {
  const zone = await tenantTimeZone(ctx.db, ctx.user.tenantId);
  const window = { from: dayBounds(from, zone).start, to: dayBounds(to, zone).end };
  const me = mine ? ctx.user._id : undefined;
  const [timed, plans, staff, tickets] = await Promise.all([
    timedEntries(ctx.db, ctx.user.tenantId, me, window, { bookings: !mine, visits: !mine && hasPrivilege(ctx.user, feActivity.feature, 'UPDATE') }),
    repo(ctx.db, preventiveMaintenance, ctx.user.tenantId).rows({ filters: { status: RAISING_STATES, ...(me ? { assignedTo: me } : {}) } }),
    mine ? Promise.resolve([{ _id: ctx.user._id, name: ctx.user.name }]) : calendarStaff(ctx),
    mine ? Promise.resolve([]) : openTickets(ctx),
  ]);
  const entries = [...timed, ...plans.flatMap((p) => occurrenceEntries(p, from, to, zone))].sort((a, b) => a.start.localeCompare(b.start));
  // Whoever has work in the window is a row too, even without the calendar role.
  const names = new Map(staff.map((s) => [s._id, s.name]));
  const missing = [...new Set(entries.map((e) => e.engineer))].filter((id) => !names.has(id));
  if (missing.length > 0) {
    const users = repo(ctx.db, subscriberUser, ctx.user.tenantId);
    for (const u of await Promise.all(missing.map((id) => users.getById(id)))) if (u) names.set(u._id, str(u.name) ?? u._id);
  }
  // A ticket booked on any day, inside the window or not, is scheduled.
  const booked = await ticketsOnCalendar(ctx.db, ctx.user.tenantId, tickets.map((t) => str(t.alternateId)).filter((alt): alt is string => alt !== undefined));
  const unscheduled: UnscheduledTicket[] = tickets
    .filter((t) => str(t.alternateId) && !booked.has(String(t.alternateId)))
    .map((t) => ({
      module: t.module,
      _id: t._id,
      alternateId: String(t.alternateId),
      title: str(t.title) ?? '',
      priority: str(t.priority) ?? 'Medium',
      status: str(t.status) ?? 'Open',
      ...(str(t.assignedTo) ? { assignedTo: str(t.assignedTo) } : {}),
    }));
  return {
    from,
    to,
    timeZone: zone,
    engineers: [...names].map(([_id, name]) => ({ _id, name })).filter((e) => !mine || e._id === ctx.user._id),
    entries: entries.filter((e) => names.has(e.engineer)),
    unscheduled,
  };
}

/** The resource calendar: the dispatcher's (RESOURCE_VIEW), never through My Calendar's view. */
async function calendar(ctx: CallContext): Promise<CalendarReply> {
  if (ctx.scopes) throw forbidden(refusal('resourceCalendarNeedsView'));
  return calendarOf(ctx, ctx.req.query as Window, false);
}

async function myCalendar(ctx: CallContext): Promise<CalendarReply> {
  return calendarOf(ctx, ctx.req.query as Window, true);
}

/** The ticket a booking is for, by its number, in either ticket module. */
async function ticketByNumber(tx: Queryable, tenantId: string, alternateId: string): Promise<{ def: ModuleDef; record: ApiRecord } | undefined> {
  for (const def of [svcTicket, ticket]) {
    const [record] = await repo(tx, def, tenantId).rows({ filters: { alternateId }, limit: 1 });
    if (record) return { def, record };
  }
  return undefined;
}

/** The ticket's engineer follows the booking, through its lifecycle (a step when Open, an edit when at work). */
/**
 * The booking or visit being dragged, locked for the move: refused when it is missing, when the screen's copy is stale,
 * or when it is leave (changed on its own record, never by dragging). Answers its title and the ticket it is for.
 */
async function lockMovable(
  tx: Queryable,
  tenantId: string,
  def: ModuleDef,
  what: { noun: string; leaveRefusal: RefusalKey; id: string; version?: number },
  nameOf: (body: Body) => string,
  isLeave: (body: Body) => boolean,
): Promise<{ title: string; ticketRef: { def: ModuleDef; record: ApiRecord } | undefined }> {
  const locked = await repo(tx, def, tenantId).lockForChange(what.id);
  if (!locked) throw missingRecord(def.name, what.id);
  const name = nameOf(locked.body);
  if (what.version !== undefined && what.version !== locked.version) throw await staleVersion(tx, tenantId, def, what.noun, what.id, name, locked.version);
  if (isLeave(locked.body)) throw new DomainError('conflict', refusal(what.leaveRefusal, { name }), { code: 'CALENDAR_LEAVE_NOT_MOVED' });
  const alt = str(locked.body.ticketAlternateId);
  return { title: name, ticketRef: alt ? await ticketByNumber(tx, tenantId, alt) : undefined };
}

/** Where the ticket now sits on the calendar, in the ticket's history: a move of time alone changes no field of it. */
async function scheduledNote(tx: Queryable, ctx: CallContext, def: ModuleDef, ticket: ApiRecord, slot: { engineerName: string; start: string; end: string; zone: string }): Promise<void> {
  const note = `On the calendar: ${slot.engineerName}, ${formatDateTime(slot.start, slot.zone)} – ${formatTime(slot.end, slot.zone)}`;
  await noteInHistory(tx, ctx, def.name, ticket._id, String(ticket.status ?? ''), 'edit', note);
}

async function ticketFollows(tx: Queryable, ctx: CallContext, def: ModuleDef, id: string, engineer: string): Promise<NonNullable<RescheduleReply['ticket']>> {
  const lifecycle = lifecycleOf(def.name);
  const ticketCtx: CallContext = { ...ctx, def, scopes: undefined, repo: repo(tx, def, ctx.user.tenantId) };
  const current = await repo(tx, def, ctx.user.tenantId).getById(id);
  if (!current) throw missingRecord(def.name, id);
  let after: ApiRecord = current;
  if (current.assignedTo !== engineer) {
    if (!lifecycle) after = (await repo(tx, def, ctx.user.tenantId).update(id, { assignedTo: engineer })) ?? current;
    else if (current.status === 'Open' && lifecycle.events.assign) after = await transitionIn(tx, ticketCtx, id, { event: 'assign', data: { assignedTo: engineer } });
    else after = await editIn(tx, ticketCtx, def, lifecycle, id, { assignedTo: engineer });
  }
  // The engineer it was with hears of the move too (his My Open Calls loses it): ../former-body.ts.
  return withFormerBody({ module: def.name as 'svc-ticket' | 'ticket', _id: id, alternateId: String(after.alternateId ?? ''), assignedTo: engineer, status: String(after.status ?? '') }, current);
}

/** A clash refused with the person's sentence and what it clashes with (the screen reads the key to mark it). */
function refuseClash(clash: Clash | undefined, resource: string, engineerName: string, zone: string): void {
  if (!clash) return;
  throw new DomainError('conflict', clashSaid(clash, engineerName, zone), {
    code: clash.kind === 'leave' ? 'CALENDAR_ON_LEAVE' : 'CALENDAR_DOUBLE_BOOKED',
    keyValue: { resource, clashWith: clash.entry.key, start: clash.entry.start, end: clash.entry.end },
  });
}

/**
 * When a ticket moves to another engineer, its other bookings and visits still to come with the old engineer follow
 * it (those already started are what the old engineer did, and stay his). Each is locked and judged against the new
 * engineer's calendar, the dragged entry at its new time included, as the drag itself is; any clash refuses the whole
 * move. Answers the entries that follow, as they stand before the move.
 */
async function followingEntries(
  tx: Queryable,
  tenantId: string,
  ticket: { alternateId: string; from: string; to: string; toName: string },
  moved: { key: string | undefined; start: string; end: string; title: string },
  zone: string,
): Promise<CalendarEntry[]> {
  const coming = await comingEntriesOfTicket(tx, tenantId, { alternateId: ticket.alternateId, engineer: ticket.from }, new Date(), {
    bookingId: moved.key?.startsWith('booking:') ? moved.key.slice('booking:'.length) : undefined,
    visitId: moved.key?.startsWith('visit:') ? moved.key.slice('visit:'.length) : undefined,
  });
  const entries: CalendarEntry[] = [];
  for (const [def, ids, toEntry] of [
    [resourceView, coming.bookingIds, bookingEntry],
    [feActivity, coming.visitIds, visitEntry],
  ] as const) {
    const records = repo(tx, def, tenantId);
    for (const id of ids) {
      const locked = await records.lockForChange(id);
      const entry = locked ? toEntry({ _id: id, createdAt: '', updatedAt: '', ...locked.body }, true) : undefined;
      if (entry) entries.push(entry);
    }
  }
  entries.sort((a, b) => a.start.localeCompare(b.start));
  const placed: CalendarEntry = { key: moved.key ?? 'new-booking', kind: 'booking', recordId: '', title: moved.title, engineer: ticket.to, start: moved.start, end: moved.end, allDay: false, type: 'Ticket', leave: false, movable: true };
  for (const entry of entries) {
    const theirs = await timedEntries(tx, tenantId, ticket.to, { from: new Date(entry.start), to: new Date(entry.end) }, { bookings: true, visits: true });
    const others = [...theirs.filter((e) => e.key !== moved.key), placed, ...entries.filter((e) => e !== entry).map((e) => ({ ...e, engineer: ticket.to }))];
    refuseClash(clashFor(others, ticket.to, entry.start, entry.end, entry.key), ticket.to, ticket.toName, zone);
  }
  return entries;
}

/** The ticket's history names what followed it to the new engineer: "Also moved to Asha Kulkarni: Site Visit 17/01/2030 09:00 – 10:00". */
async function followedNote(tx: Queryable, ctx: CallContext, def: ModuleDef, ticket: ApiRecord, engineerName: string, following: readonly CalendarEntry[], zone: string): Promise<void> {
  const items = following.map((e) => `${e.kind === 'visit' ? e.type : e.title} ${formatDateTime(e.start, zone)} – ${formatTime(e.end, zone)}`);
  await noteInHistory(tx, ctx, def.name, ticket._id, String(ticket.status ?? ''), 'edit', `Also moved to ${engineerName}: ${items.join('; ')}`);
}

async function reschedule(ctx: CallContext): Promise<RescheduleReply> {
  const body = ctx.req.body as RescheduleBody;
  const tenantId = ctx.user.tenantId;
  const start = new Date(body.start).toISOString();
  const end = new Date(body.end).toISOString();
  const zone = await tenantTimeZone(ctx.db, tenantId);
  // A ticket from the side list is booked by whoever may work tickets; the machine judges them again on the ticket.
  const followers: CalendarEntry[] = [];
  const result = await inTransaction(ctx.db, async (tx) => {
    const users = repo(tx, subscriberUser, tenantId);
    const engineer = await users.lockForChange(body.resource);
    if (!engineer || engineer.body.userType === 'Client-User' || engineer.body.status === 'Inactive') throw invalid('resource', refusal('noActiveEngineer'));
    const engineerName = str(engineer.body.name) ?? body.resource;

    const bookings = repo(tx, resourceView, tenantId);
    const visits = repo(tx, feActivity, tenantId);
    let bookingId: string | undefined;
    let visitId: string | undefined;
    let ticketRef: { def: ModuleDef; record: ApiRecord } | undefined;
    let title: string;
    if (body.kind === 'booking') {
      const moved = await lockMovable(tx, tenantId, resourceView, { noun: 'Booking', leaveRefusal: 'leaveBookingNotDragged', id: body.id, version: body.version }, (b) => str(b.title) ?? body.id, (b) => b.allocationType === 'Leave');
      bookingId = body.id;
      ({ title, ticketRef } = moved);
    } else if (body.kind === 'visit') {
      // A visit is the engineer's own log: moving it to someone else is a coordinator's work (field-activity.ts).
      if (!hasPrivilege(ctx.user, feActivity.feature, 'UPDATE')) throw forbidden(refusal('moveVisitNeedsUpdate'));
      const moved = await lockMovable(tx, tenantId, feActivity, { noun: 'Visit', leaveRefusal: 'leaveActivityNotDragged', id: body.id, version: body.version }, (b) => [str(b.activityType), str(b.ticketAlternateId)].filter(Boolean).join(' ') || body.id, (b) => b.activityType === 'Leave');
      visitId = body.id;
      ({ title, ticketRef } = moved);
    } else {
      const def = moduleNamed(body.kind);
      const record = await repo(tx, def, tenantId).getById(body.id);
      if (!record) throw missingRecord(def.name, body.id);
      if (!(OPEN_TICKET_STATUSES as readonly string[]).includes(String(record.status))) {
        throw new DomainError('conflict', refusal('calendarTicketClosed', { name: String(record.alternateId), status: String(record.status) }), { code: 'CALENDAR_TICKET_CLOSED' });
      }
      ticketRef = { def, record };
      title = [str(record.alternateId), str(record.title)].filter(Boolean).join(' ');
    }
    if (ticketRef && !['svc-ticket', 'ticket'].some((m) => hasPrivilege(ctx.user, moduleNamed(m).feature, 'UPDATE'))) {
      throw forbidden(refusal('moveChangesEngineer', { name: String(ticketRef.record.alternateId) }));
    }

    const movedKey = bookingId ? `booking:${bookingId}` : visitId ? `visit:${visitId}` : undefined;
    const theirs = await timedEntries(tx, tenantId, body.resource, { from: new Date(start), to: new Date(end) }, { bookings: true, visits: true });
    refuseClash(clashFor(theirs, body.resource, start, end, movedKey), body.resource, engineerName, zone);
    // The ticket's other coming work with its old engineer goes with it to the new one (judged the same way first).
    const previous = str(ticketRef?.record.assignedTo);
    const following =
      ticketRef && previous && previous !== body.resource
        ? await followingEntries(tx, tenantId, { alternateId: String(ticketRef.record.alternateId ?? ''), from: previous, to: body.resource, toName: engineerName }, { key: movedKey, start, end, title }, zone)
        : [];

    const booking = visitId
      ? await visits.update(visitId, { engineer: body.resource, startAt: start, endAt: end })
      : bookingId
      ? await bookings.update(bookingId, { resource: body.resource, start, end })
      : await bookings.create({ resource: body.resource, title, start, end, allocationType: 'Ticket', ticketAlternateId: String(ticketRef?.record.alternateId ?? '') });
    if (!booking) throw missingRecord('resource-view', body.id);
    for (const entry of following) {
      if (entry.kind === 'visit') await visits.update(entry.recordId, { engineer: body.resource });
      else await bookings.update(entry.recordId, { resource: body.resource });
    }
    const followed = ticketRef ? await ticketFollows(tx, ctx, ticketRef.def, ticketRef.record._id, body.resource) : undefined;
    if (ticketRef) await scheduledNote(tx, ctx, ticketRef.def, ticketRef.record, { engineerName, start, end, zone });
    if (ticketRef && following.length > 0) await followedNote(tx, ctx, ticketRef.def, ticketRef.record, engineerName, following, zone);
    followers.push(...following);
    return { booking, ticket: followed };
  });
  if (body.kind === 'visit') ctx.hub.recordChanged(tenantId, { module: feActivity.name, op: 'update', _id: result.booking._id });
  else ctx.notify(body.kind === 'booking' ? 'update' : 'create', result.booking._id);
  if (result.ticket) {
    const before = formerBodyOf(result.ticket);
    ctx.hub.recordChanged(tenantId, { module: result.ticket.module, op: 'update', _id: result.ticket._id, ...(before ? { before } : {}) });
  }
  for (const entry of followers) ctx.hub.recordChanged(tenantId, { module: entry.kind === 'visit' ? feActivity.name : resourceView.name, op: 'update', _id: entry.recordId });
  return result.ticket ? { booking: result.booking, ticket: result.ticket } : { booking: result.booking };
}

export const resourceViewHandlers = {
  calls: {
    ...peopleCalls,
    calendar: { handler: calendar },
    myCalendar: { handler: myCalendar },
    reschedule: { handler: reschedule },
  },
} satisfies HandlersOf<'resource-view'>;

