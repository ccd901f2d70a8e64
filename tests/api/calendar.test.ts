/**
 * The calendars through HTTP (issue 31, item 3; server/domain/service/calendar.ts). Written into the second tenant
 * (Acme, Asia/Kolkata), which the demo seed leaves empty, so every entry is known:
 *
 * | who | what | when (IST) |
 * | Ravi | booking "Spindle rebuild" for service ticket T (Assigned to Ravi) | Tue 10:00–12:00 |
 * | Asha | booking "Compressor survey" | Tue 10:00–12:00 |
 * | Asha | leave | Wed all day |
 * | — | generic ticket G, Open, no engineer, no booking (unscheduled) | |
 * | Asha, later | a logged visit (feactivity) for T | Thu 09:00–10:00 |
 *
 * A refused drag says why (leave, double booking, bad input naming the field) and writes nothing; a drag that passes
 * moves the booking, the ticket's engineer and the ticket's history in one call; another tenant's records are not
 * found; an engineer holding My Calendar only reads his own and drags nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';
import { userWith } from './modules/support';

const BASE = '/api/app/resource-view';
/** A Tuesday well ahead; times are IST (+05:30). */
const TUE = '2030-01-15';
const WED = '2030-01-16';
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();
/** A day as the history writes it, DD/MM/YYYY. */
const dmy = (day: string) => day.split('-').reverse().join('/');

let t: TestDb;
let acme: SignedIn;
let demo: SignedIn;
let ravi: SignedIn;
let asha: SignedIn;
const ids: Record<string, string> = {};

async function created(who: SignedIn, path: string, body: Record<string, unknown>): Promise<ApiBody> {
  const res = await t.call(who, 'POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

async function record(path: string, id: string): Promise<ApiBody> {
  const res = await t.call(acme, 'GET', `${path}/getById/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as unknown as ApiBody) ?? res.body;
}

const calendarRole = [{ feature: 'MY_CALENDER', privileges: ['VIEW'] }, { feature: 'MY_OPEN_CALLS', privileges: ['VIEW'] }];

beforeAll(async () => {
  t = await testDb();
  acme = await t.signIn('admin@acme.local');
  demo = await t.signIn('admin@demo.local');
  ravi = await userWith(t, acme, calendarRole);
  asha = await userWith(t, acme, calendarRole);
  const svc = await created(acme, '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Spindle overheating', priority: 'High', assignedTo: ravi.user._id });
  ids.svc = String(svc._id);
  ids.svcAlt = String(svc.alternateId);
  const generic = await created(acme, '/api/app/ticket', { title: 'Barrel zone 3 not heating', priority: 'Urgent' });
  ids.generic = String(generic._id);
  ids.genericAlt = String(generic.alternateId);
  ids.raviBooking = String((await created(acme, BASE, { resource: ravi.user._id, title: `Spindle rebuild ${ids.svcAlt}`, start: ist(TUE, '10:00'), end: ist(TUE, '12:00'), ticketAlternateId: ids.svcAlt }))._id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the resource calendar', () => {
  beforeAll(async () => {
    ids.ashaBooking = String((await created(acme, BASE, { resource: asha.user._id, title: 'Compressor survey', start: ist(TUE, '10:00'), end: ist(TUE, '12:00') }))._id);
    ids.ashaLeave = String((await created(acme, BASE, { resource: asha.user._id, title: 'Leave', start: ist(WED, '00:00'), end: ist(WED, '23:59'), allocationType: 'Leave' }))._id);
  });

  it("shows every engineer's bookings in the week and the open tickets without a booking", async () => {
    const res = await t.call(acme, 'GET', `${BASE}/calendar?from=${TUE}&to=${WED}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as unknown as { engineers: Array<{ _id: string; name: string }>; entries: Array<Record<string, unknown>>; unscheduled: Array<Record<string, unknown>>; timeZone: string };
    expect(body.timeZone).toBe('Asia/Kolkata');
    expect(body.engineers.map((e) => e._id)).toEqual(expect.arrayContaining([ravi.user._id, asha.user._id]));
    const keys = body.entries.map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining([`booking:${ids.raviBooking}`, `booking:${ids.ashaBooking}`, `booking:${ids.ashaLeave}`]));
    expect(body.entries.find((e) => e.key === `booking:${ids.ashaLeave}`)).toMatchObject({ leave: true, movable: false });
    expect(body.entries.find((e) => e.key === `booking:${ids.raviBooking}`)).toMatchObject({ movable: true, ticketAlternateId: ids.svcAlt, start: ist(TUE, '10:00') });
    // The generic ticket has no booking; the service ticket has one.
    expect(body.unscheduled.map((u) => u.alternateId)).toContain(ids.genericAlt);
    expect(body.unscheduled.map((u) => u.alternateId)).not.toContain(ids.svcAlt);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await record(BASE, ids.raviBooking);
    const noEngineer = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, start: ist(TUE, '14:00'), end: ist(TUE, '15:00') });
    expect(noEngineer.status).toBe(400);
    expect(noEngineer.body.message).toMatch(/^resource: /);
    const backwards = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: asha.user._id, start: ist(TUE, '15:00'), end: ist(TUE, '14:00') });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('end: End must be after start');
    const noOffset = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: asha.user._id, start: '2030-01-15 14:00', end: ist(TUE, '15:00') });
    expect(noOffset.status).toBe(400);
    expect(noOffset.body.message).toMatch(/^start: /);
    const badKind = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'meeting', id: ids.raviBooking, resource: asha.user._id, start: ist(TUE, '14:00'), end: ist(TUE, '15:00') });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toMatch(/^kind: /);
    const after = await record(BASE, ids.raviBooking);
    expect(after).toMatchObject({ resource: before.resource, start: before.start, end: before.end });
  });

  it("refuses a drag onto an engineer's leave, saying so, and moves nothing", async () => {
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: asha.user._id, start: ist(WED, '10:00'), end: ist(WED, '12:00') });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CALENDAR_ON_LEAVE');
    expect(res.body.message).toBe(`${asha.user.name} is on leave from 16/01/2030 00:00 to 16/01/2030 23:59: choose another engineer or time`);
    // Its words go beside the English: the client says it in the person's language (issue 34).
    expect(res.body.words).toEqual({ key: 'refusal.calendarOnLeave', values: { engineer: asha.user.name, from: '16/01/2030 00:00', to: '16/01/2030 23:59' } });
    expect(await record(BASE, ids.raviBooking)).toMatchObject({ resource: ravi.user._id, start: ist(TUE, '10:00') });
    expect(await record('/api/app/svc-ticket', ids.svc)).toMatchObject({ assignedTo: ravi.user._id });
  });

  it('refuses a drag onto a booked slot, naming the booking and its time in IST, and moves nothing', async () => {
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: asha.user._id, start: ist(TUE, '11:00'), end: ist(TUE, '13:00') });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CALENDAR_DOUBLE_BOOKED');
    expect(res.body.message).toBe(`${asha.user.name} is already booked 10:00–12:00 on 15/01/2030: Compressor survey`);
    expect(await record(BASE, ids.raviBooking)).toMatchObject({ resource: ravi.user._id });
    expect(await record('/api/app/svc-ticket', ids.svc)).toMatchObject({ assignedTo: ravi.user._id });
  });

  it("moves the booking, the ticket's engineer and the ticket's history in one call", async () => {
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: asha.user._id, start: ist(TUE, '14:00'), end: ist(TUE, '16:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ticket).toMatchObject({ module: 'svc-ticket', _id: ids.svc, assignedTo: asha.user._id });
    expect(await record(BASE, ids.raviBooking)).toMatchObject({ resource: asha.user._id, start: ist(TUE, '14:00'), end: ist(TUE, '16:00') });
    expect(await record('/api/app/svc-ticket', ids.svc)).toMatchObject({ assignedTo: asha.user._id });
    const history = (await t.call(acme, 'GET', `/api/app/svc-ticket/history/${ids.svc}`)).body.data ?? [];
    expect(history.at(-2)).toMatchObject({ event: 'edit', note: `Assigned To: ${ravi.user.name} → ${asha.user.name}` });
    expect(history.at(-1)).toMatchObject({ event: 'edit', note: `On the calendar: ${asha.user.name}, ${dmy(TUE)} 14:00 – 16:00` });
    // Moving it later within the engineer's own day is not a clash with itself, and the history says where it went.
    const later = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: asha.user._id, start: ist(TUE, '15:00'), end: ist(TUE, '17:00') });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const after = (await t.call(acme, 'GET', `/api/app/svc-ticket/history/${ids.svc}`)).body.data ?? [];
    expect(after).toHaveLength(history.length + 1);
    expect(after.at(-1)).toMatchObject({ event: 'edit', note: `On the calendar: ${asha.user.name}, ${dmy(TUE)} 15:00 – 17:00` });
  });

  it('books an unscheduled ticket onto an engineer: the booking is made and the ticket takes its assign step', async () => {
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'ticket', id: ids.generic, resource: ravi.user._id, start: ist(TUE, '13:00'), end: ist(TUE, '15:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = res.body.booking as Record<string, unknown>;
    expect(booking).toMatchObject({ resource: ravi.user._id, ticketAlternateId: ids.genericAlt, allocationType: 'Ticket', start: ist(TUE, '13:00') });
    expect(await record('/api/app/ticket', ids.generic)).toMatchObject({ status: 'Assigned', assignedTo: ravi.user._id });
    const history = (await t.call(acme, 'GET', `/api/app/ticket/history/${ids.generic}`)).body.data ?? [];
    expect(history.at(-2)).toMatchObject({ event: 'assign', from: 'Open', to: 'Assigned' });
    expect(history.at(-1)).toMatchObject({ event: 'edit', note: `On the calendar: ${ravi.user.name}, ${dmy(TUE)} 13:00 – 15:00` });
    const calendar = await t.call(acme, 'GET', `${BASE}/calendar?from=${TUE}&to=${TUE}`);
    expect((calendar.body.unscheduled as Array<{ alternateId: string }>).map((u) => u.alternateId)).not.toContain(ids.genericAlt);
  });

  it("moves a logged visit too: the activity's engineer and time, and its ticket's engineer and history, in one call", async () => {
    const THU = '2030-01-17';
    const visit = await created(acme, '/api/app/feactivity', { engineer: asha.user._id, activityType: 'Site Visit', ticketAlternateId: ids.svcAlt, startAt: ist(THU, '09:00'), endAt: ist(THU, '10:00') });
    const calendar = await t.call(acme, 'GET', `${BASE}/calendar?from=${THU}&to=${THU}`);
    expect((calendar.body.entries as Array<Record<string, unknown>>).find((e) => e.key === `visit:${String(visit._id)}`)).toMatchObject({ kind: 'visit', movable: true, engineer: asha.user._id });
    // Onto Asha's leave day: refused, nothing moves.
    const onLeave = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'visit', id: String(visit._id), resource: asha.user._id, start: ist(WED, '09:00'), end: ist(WED, '10:00') });
    expect(onLeave.status).toBe(409);
    expect(onLeave.body.code).toBe('CALENDAR_ON_LEAVE');
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'visit', id: String(visit._id), resource: ravi.user._id, start: ist(THU, '11:00'), end: ist(THU, '12:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await record('/api/app/feactivity', String(visit._id))).toMatchObject({ engineer: ravi.user._id, startAt: ist(THU, '11:00'), endAt: ist(THU, '12:00') });
    expect(await record('/api/app/svc-ticket', ids.svc)).toMatchObject({ assignedTo: ravi.user._id });
    // The ticket's other coming work with Asha (its Tuesday booking) follows it back to Ravi, at its own time.
    expect(await record(BASE, ids.raviBooking)).toMatchObject({ resource: ravi.user._id, start: ist(TUE, '15:00'), end: ist(TUE, '17:00') });
    const history = (await t.call(acme, 'GET', `/api/app/svc-ticket/history/${ids.svc}`)).body.data ?? [];
    expect(history.at(-3)).toMatchObject({ event: 'edit', note: `Assigned To: ${asha.user.name} → ${ravi.user.name}` });
    expect(history.at(-2)).toMatchObject({ event: 'edit', note: `On the calendar: ${ravi.user.name}, ${dmy(THU)} 11:00 – 12:00` });
    expect(history.at(-1)).toMatchObject({ event: 'edit', note: `Also moved to ${ravi.user.name}: Spindle rebuild ${ids.svcAlt} ${dmy(TUE)} 15:00 – 17:00` });
  });

  it("keeps to the caller's tenant: another tenant's booking is not found, another tenant's engineer is refused", async () => {
    const fromDemo = await t.call(demo, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: demo.user._id, start: ist(TUE, '18:00'), end: ist(TUE, '19:00') });
    expect(fromDemo.status).toBe(404);
    const toDemoEngineer = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: demo.user._id, start: ist(TUE, '18:00'), end: ist(TUE, '19:00') });
    expect(toDemoEngineer.status).toBe(400);
    expect(toDemoEngineer.body.message).toMatch(/^resource: /);
    const demoCalendar = await t.call(demo, 'GET', `${BASE}/calendar?from=${TUE}&to=${WED}`);
    expect(demoCalendar.status).toBe(200);
    expect((demoCalendar.body.entries as Array<{ recordId: string }>).map((e) => e.recordId)).not.toContain(ids.raviBooking);
    expect(await record(BASE, ids.raviBooking)).toMatchObject({ resource: ravi.user._id });
  });

  it('lets an engineer with My Calendar read his own calendar only, and drag nothing', async () => {
    const mine = await t.call(ravi, 'GET', `${BASE}/my-calendar?from=${TUE}&to=${WED}`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const entries = mine.body.entries as Array<{ engineer: string; movable: boolean; recordId: string }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.engineer === ravi.user._id && !e.movable)).toBe(true);
    expect(mine.body.unscheduled).toEqual([]);
    expect((await t.call(ravi, 'GET', `${BASE}/calendar?from=${TUE}&to=${WED}`)).status).toBe(403);
    const drag = await t.call(ravi, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: ravi.user._id, start: ist(TUE, '18:00'), end: ist(TUE, '19:00') });
    expect(drag.status).toBe(403);
    expect(await record(BASE, ids.raviBooking)).toMatchObject({ resource: ravi.user._id, start: ist(TUE, '15:00') });
  });

  it('refuses a span longer than a month view, naming the field', async () => {
    const res = await t.call(acme, 'GET', `${BASE}/calendar?from=2030-01-01&to=2030-06-01`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^to: /);
  });
});

describe('reads by date range, in SQL', () => {
  const FEB = (day: number) => `2030-02-${String(day).padStart(2, '0')}`;

  it('answers only what overlaps the window: an entry spanning into it is there, one before or after it is not', async () => {
    const before = await created(acme, BASE, { resource: ravi.user._id, title: 'Before the window', start: ist(FEB(3), '10:00'), end: ist(FEB(3), '11:00') });
    const spanning = await created(acme, BASE, { resource: ravi.user._id, title: 'Overnight run-in', start: ist(FEB(4), '22:00'), end: ist(FEB(5), '02:00') });
    const inside = await created(acme, '/api/app/feactivity', { engineer: ravi.user._id, activityType: 'Site Visit', startAt: ist(FEB(5), '09:00') });
    // A visit without an end lasts an hour: one that started 23:30 the day before reaches into the window.
    const lateVisit = await created(acme, '/api/app/feactivity', { engineer: ravi.user._id, activityType: 'Repair', startAt: ist(FEB(4), '23:30') });
    const after = await created(acme, BASE, { resource: ravi.user._id, title: 'After the window', start: ist(FEB(6), '10:00'), end: ist(FEB(6), '11:00') });
    const res = await t.call(acme, 'GET', `${BASE}/calendar?from=${FEB(5)}&to=${FEB(5)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const keys = (res.body.entries as Array<{ key: string }>).map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining([`booking:${String(spanning._id)}`, `visit:${String(inside._id)}`, `visit:${String(lateVisit._id)}`]));
    expect(keys).not.toContain(`booking:${String(before._id)}`);
    expect(keys).not.toContain(`booking:${String(after._id)}`);
    // My Calendar reads the same window for the engineer himself.
    const mine = await t.call(ravi, 'GET', `${BASE}/my-calendar?from=${FEB(5)}&to=${FEB(5)}`);
    const mineKeys = (mine.body.entries as Array<{ key: string }>).map((e) => e.key);
    expect(mineKeys).toEqual(expect.arrayContaining([`booking:${String(spanning._id)}`, `visit:${String(inside._id)}`]));
    expect(mineKeys).not.toContain(`booking:${String(after._id)}`);
  });

  it('keeps a ticket booked outside the window out of the unscheduled list', async () => {
    const ticket = await created(acme, '/api/app/ticket', { title: 'Hopper level switch', priority: 'Low' });
    await created(acme, BASE, { resource: asha.user._id, title: 'Hopper', start: ist(FEB(20), '10:00'), end: ist(FEB(20), '11:00'), ticketAlternateId: String(ticket.alternateId) });
    const res = await t.call(acme, 'GET', `${BASE}/calendar?from=${FEB(5)}&to=${FEB(5)}`);
    expect((res.body.unscheduled as Array<{ alternateId: string }>).map((u) => u.alternateId)).not.toContain(String(ticket.alternateId));
  });

  it('reads the window through the time indexes, not by scanning the tables', async () => {
    const plan = async (sql: string) => {
      const client = await t.db.connect();
      try {
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
        await client.query('rollback');
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        client.release();
      }
    };
    const bookings = await plan(`select _id from m_resource_view where subscriber_id = 'x' and fieldops_instant(body->>'start') < now() and fieldops_instant(body->>'end') > now() - interval '1 day'`);
    expect(bookings).toMatch(/m_resource_view_(start|end)/);
    const visits = await plan(`select _id from m_feactivity where subscriber_id = 'x' and fieldops_instant(body->>'startAt') < now() and fieldops_instant(coalesce(body->>'endAt', body->>'startAt')) > now() - interval '1 day'`);
    expect(visits).toMatch(/m_feactivity_(start|end)/);
  });
});

describe("a ticket's other coming work follows it to the new engineer", () => {
  const MAR = (day: number) => `2030-03-${String(day).padStart(2, '0')}`;
  let ticket: ApiBody;
  let booking: ApiBody;
  let comingVisit: ApiBody;
  let comingBooking: ApiBody;
  let pastVisit: ApiBody;

  beforeAll(async () => {
    ticket = await created(acme, '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Gearbox noise', priority: 'High', assignedTo: ravi.user._id });
    const alt = String(ticket.alternateId);
    booking = await created(acme, BASE, { resource: ravi.user._id, title: `Gearbox ${alt}`, start: ist(MAR(4), '10:00'), end: ist(MAR(4), '12:00'), ticketAlternateId: alt });
    comingVisit = await created(acme, '/api/app/feactivity', { engineer: ravi.user._id, activityType: 'Repair', ticketAlternateId: alt, startAt: ist(MAR(6), '09:00'), endAt: ist(MAR(6), '11:00') });
    comingBooking = await created(acme, BASE, { resource: ravi.user._id, title: `Gearbox follow-up ${alt}`, start: ist(MAR(8), '14:00'), end: ist(MAR(8), '15:00'), ticketAlternateId: alt });
    // What Ravi already did on it stays his.
    pastVisit = await created(acme, '/api/app/feactivity', { engineer: ravi.user._id, activityType: 'Site Visit', ticketAlternateId: alt, startAt: '2026-01-05T09:00:00+05:30', endAt: '2026-01-05T10:00:00+05:30' });
  });

  it("refuses the move when a following visit would clash with the new engineer's day, and moves nothing", async () => {
    const busy = await created(acme, BASE, { resource: asha.user._id, title: 'Boiler inspection', start: ist(MAR(6), '10:00'), end: ist(MAR(6), '12:00') });
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: String(booking._id), resource: asha.user._id, start: ist(MAR(4), '10:00'), end: ist(MAR(4), '12:00') });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CALENDAR_DOUBLE_BOOKED');
    expect(res.body.message).toBe(`${asha.user.name} is already booked 10:00–12:00 on 06/03/2030: Boiler inspection`);
    expect(await record(BASE, String(booking._id))).toMatchObject({ resource: ravi.user._id });
    expect(await record('/api/app/feactivity', String(comingVisit._id))).toMatchObject({ engineer: ravi.user._id });
    expect(await record('/api/app/svc-ticket', String(ticket._id))).toMatchObject({ assignedTo: ravi.user._id });
    expect((await t.call(acme, 'DELETE', `${BASE}/${String(busy._id)}`)).status).toBeLessThan(300);
  });

  it('moves the coming visits and bookings with the ticket in the same call, leaves the past ones, and says so in the history', async () => {
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: String(booking._id), resource: asha.user._id, start: ist(MAR(4), '13:00'), end: ist(MAR(4), '15:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await record(BASE, String(booking._id))).toMatchObject({ resource: asha.user._id, start: ist(MAR(4), '13:00') });
    expect(await record('/api/app/feactivity', String(comingVisit._id))).toMatchObject({ engineer: asha.user._id, startAt: ist(MAR(6), '09:00') });
    expect(await record(BASE, String(comingBooking._id))).toMatchObject({ resource: asha.user._id, start: ist(MAR(8), '14:00') });
    expect(await record('/api/app/feactivity', String(pastVisit._id))).toMatchObject({ engineer: ravi.user._id });
    expect(await record('/api/app/svc-ticket', String(ticket._id))).toMatchObject({ assignedTo: asha.user._id });
    const history = (await t.call(acme, 'GET', `/api/app/svc-ticket/history/${String(ticket._id)}`)).body.data ?? [];
    expect(history.slice(-3).map((h) => h.note)).toEqual([
      `Assigned To: ${ravi.user.name} → ${asha.user.name}`,
      `On the calendar: ${asha.user.name}, 04/03/2030 13:00 – 15:00`,
      `Also moved to ${asha.user.name}: Repair 06/03/2030 09:00 – 11:00; Gearbox follow-up ${String(ticket.alternateId)} 08/03/2030 14:00 – 15:00`,
    ]);
    // Asha's calendar has them all now; Ravi's has none of the coming work.
    const calendar = await t.call(acme, 'GET', `${BASE}/calendar?from=${MAR(4)}&to=${MAR(8)}`);
    const entries = calendar.body.entries as Array<{ key: string; engineer: string }>;
    for (const key of [`booking:${String(booking._id)}`, `visit:${String(comingVisit._id)}`, `booking:${String(comingBooking._id)}`]) {
      expect(entries.find((e) => e.key === key)?.engineer).toBe(asha.user._id);
    }
  });

  it('writes the ticket history on a move of time alone, and moves nothing else', async () => {
    const before = (await t.call(acme, 'GET', `/api/app/svc-ticket/history/${String(ticket._id)}`)).body.data ?? [];
    const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'visit', id: String(comingVisit._id), resource: asha.user._id, start: ist(MAR(7), '09:00'), end: ist(MAR(7), '11:00') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await t.call(acme, 'GET', `/api/app/svc-ticket/history/${String(ticket._id)}`)).body.data ?? [];
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ event: 'edit', note: `On the calendar: ${asha.user.name}, 07/03/2030 09:00 – 11:00` });
    expect(await record(BASE, String(comingBooking._id))).toMatchObject({ resource: asha.user._id, start: ist(MAR(8), '14:00') });
  });
});

describe("the subscriber's time zone", () => {
  it('is a setting on the subscriber: a zone the runtime does not know is refused naming the field, and nothing is written', async () => {
    const operator = await t.signIn('operator@demo.local');
    const bad = await t.call(operator, 'PUT', `/api/saas/subscriber/${acme.user.subscriberId}`, { timezone: 'Mars/Olympus_Mons' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('timezone: Time zone is not valid: give an IANA name such as Asia/Kolkata');
    const read = await t.call(operator, 'GET', `/api/saas/subscriber/getById/${acme.user.subscriberId}`);
    expect((read.body.data as unknown as Record<string, unknown> | undefined)?.timezone ?? read.body.timezone).toBe('Asia/Kolkata');
  });

  it("writes a refusal's times in the subscriber's zone: the same clash read in New York after the setting changes", async () => {
    const operator = await t.signIn('operator@demo.local');
    const set = await t.call(operator, 'PUT', `/api/saas/subscriber/${acme.user.subscriberId}`, { timezone: 'America/New_York' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    try {
      const res = await t.call(acme, 'POST', `${BASE}/reschedule`, { kind: 'booking', id: ids.raviBooking, resource: ravi.user._id, start: ist(TUE, '13:30'), end: ist(TUE, '14:30') });
      expect(res.status).toBe(409);
      // Ravi's 13:00–15:00 IST booking is 02:30–04:30 in New York.
      expect(res.body.message).toBe(`${ravi.user.name} is already booked 02:30–04:30 on 15/01/2030: ${ids.genericAlt} Barrel zone 3 not heating`);
    } finally {
      await t.call(operator, 'PUT', `/api/saas/subscriber/${acme.user.subscriberId}`, { timezone: 'Asia/Kolkata' });
    }
  });
});
