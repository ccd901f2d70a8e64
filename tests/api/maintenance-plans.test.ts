/**
 * Preventive plans that raise tickets (issue 31 item 1), through HTTP and the scheduler with a controlled day:
 * by time a lead time ahead, by meter when a reading crosses the threshold, whichever comes first; one ticket per
 * occurrence across runs and across two connections racing; the plan moving on when its ticket is done; the
 * plan's schedule (next five occurrences, tickets raised); bad input refused naming the field; tenancy and privileges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { addDays } from '../../src/contract/maintenanceOccurrences';
import { todayInIndia } from '../../server/domain/records';
import { raisePlanTickets } from '../../server/domain/service/maintenance-tickets';
import { createPool, type Db } from '../../server/db/pool';
import { testDb, withDatabase, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const PLANS = '/api/app/preventive-maintenance';
const MACHINES = '/api/app/svc-machine-instances';
const TICKETS = '/api/app/svc-ticket';

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let acme: SignedIn;
let machineId: string;
let checklistId: string;
const today = todayInIndia();

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  acme = await t.signIn('admin@acme.local');
  // A machine of its own, so the seed's meters and plans do not count.
  const type = (await t.call(admin, 'GET', '/api/app/svc-machine-type?limit=1')).body.data?.[0]?._id;
  const machine = await t.call(admin, 'POST', MACHINES, { machineTypeId: type, serialNo: 'PM-TEST-0001', name: 'Test press' });
  expect(machine.status, JSON.stringify(machine.body)).toBe(201);
  machineId = String(machine.body._id);
  checklistId = String((await t.call(admin, 'GET', '/api/app/checklist-view?limit=1')).body.data?.[0]?._id);
});
afterAll(() => t.close());

async function createPlan(body: Record<string, unknown>, machine = machineId): Promise<ApiBody> {
  const res = await t.call(admin, 'POST', PLANS, { title: 'Press lubrication', machineInstanceId: machine, startDate: today, assignedTo: engineer.user._id, checklistId, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const plan = async (id: string): Promise<ApiBody> => (await t.call(admin, 'GET', `${PLANS}/getById/${id}`)).body;
const ticketsOf = async (planId: string, db: Db = t.db) =>
  (await db.query<{ _id: string; body: ApiBody }>(`select _id, body from m_svc_ticket where body->>'planId' = $1 order by (body->>'occurrenceNo')::int`, [planId])).rows;
const reading = (kind: string, value: number, extra: Record<string, unknown> = {}, who: SignedIn = admin, machine = machineId) =>
  t.call(who, 'POST', `${MACHINES}/meter-reading/${machine}`, { kind, reading: value, ...extra });
const newMachine = async (serialNo: string): Promise<string> => {
  const type = (await t.call(admin, 'GET', '/api/app/svc-machine-type?limit=1')).body.data?.[0]?._id;
  return String((await t.call(admin, 'POST', MACHINES, { machineTypeId: type, serialNo, name: serialNo })).body._id);
};

describe('a plan by time', () => {
  it('raises one Preventive Maintenance ticket a lead time ahead, assigned to its engineer with its checklist, and never twice', async () => {
    const created = await createPlan({ frequency: 'Monthly', nextDueDate: addDays(today, 10) });
    const id = String(created._id);
    // Ten days out with the default lead of seven: nothing yet, on the save nor on today's pass.
    expect(await ticketsOf(id)).toEqual([]);
    expect(await raisePlanTickets(t.db, t.hub, today, { tenantId: admin.user.subscriberId, planId: id })).toEqual([]);
    // Four days on, the occurrence is within the lead time.
    const raised = await raisePlanTickets(t.db, t.hub, addDays(today, 4), { tenantId: admin.user.subscriberId, planId: id });
    expect(raised).toHaveLength(1);
    const [ticket] = await ticketsOf(id);
    expect(ticket?.body).toMatchObject({
      ticketType: 'Preventive Maintenance',
      status: 'Assigned',
      assignedTo: engineer.user._id,
      machineInstanceId: machineId,
      planId: id,
      occurrenceNo: 1,
      occurrenceDate: addDays(today, 10),
      checklistId,
    });
    expect((ticket?.body.checklist as unknown[]).length).toBeGreaterThan(0);
    // Later passes, and a pass across every tenant, raise nothing more for this occurrence.
    expect(await raisePlanTickets(t.db, t.hub, addDays(today, 5), { tenantId: admin.user.subscriberId, planId: id })).toEqual([]);
    expect((await raisePlanTickets(t.db, t.hub, addDays(today, 12))).filter((r) => r.planId === id)).toEqual([]);
    expect(await ticketsOf(id)).toHaveLength(1);
    // The engineer finds it among his tickets.
    const mine = await t.call(engineer, 'GET', '/api/app/ticket/view/ticket-assigned-to-me');
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect((mine.body.data ?? []).some((row) => row._id === ticket?._id)).toBe(true);
  });

  it('saved with an occurrence already inside its lead time, raises the ticket at once; a shorter lead waits', async () => {
    const soon = await createPlan({ intervalCount: 2, intervalUnit: 'Weeks', nextDueDate: addDays(today, 5) });
    expect(await ticketsOf(String(soon._id))).toHaveLength(1);
    const shortLead = await createPlan({ intervalCount: 2, intervalUnit: 'Weeks', nextDueDate: addDays(today, 5), leadDays: 2 });
    expect(await ticketsOf(String(shortLead._id))).toHaveLength(0);
    expect(await raisePlanTickets(t.db, t.hub, addDays(today, 3), { tenantId: admin.user.subscriberId, planId: String(shortLead._id) })).toHaveLength(1);
    // Changed so its occurrence falls inside the lead time: raised on the save.
    const later = await createPlan({ frequency: 'Quarterly', nextDueDate: addDays(today, 40) });
    expect(await ticketsOf(String(later._id))).toHaveLength(0);
    const edited = await t.call(admin, 'PUT', `${PLANS}/${String(later._id)}`, { nextDueDate: addDays(today, 1) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await ticketsOf(String(later._id))).toHaveLength(1);
  });

  it('paused, raises nothing; resumed with an occurrence inside its lead time, raises its ticket at once (not at the next hourly pass)', async () => {
    const paused = await createPlan({ frequency: 'Quarterly', nextDueDate: addDays(today, 40) });
    const id = String(paused._id);
    const pausing = await t.call(admin, 'PATCH', `${PLANS}/transition/${id}`, { event: 'pause', pauseReason: 'Machine shut for the monsoon' });
    expect(pausing.status, JSON.stringify(pausing.body)).toBe(200);
    // Brought forward while paused: a paused plan owes nothing.
    const moved = await t.call(admin, 'PUT', `${PLANS}/${id}`, { nextDueDate: addDays(today, 2) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await ticketsOf(id)).toHaveLength(0);
    const resumed = await t.call(admin, 'PATCH', `${PLANS}/transition/${id}`, { event: 'resume' });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.status).toBe('Scheduled');
    const raised = await ticketsOf(id);
    expect(raised).toHaveLength(1);
    expect(raised[0]?.body).toMatchObject({ ticketType: 'Preventive Maintenance', assignedTo: engineer.user._id });
  });

  it('moves to its next occurrence when the ticket is resolved (from schedule or from completion), and raises that one in turn', async () => {
    const bySchedule = await createPlan({ frequency: 'Monthly', nextDueDate: addDays(today, 3) });
    const id = String(bySchedule._id);
    const [ticket] = await ticketsOf(id);
    const resolved = await t.call(engineer, 'PATCH', `${TICKETS}/transition/${ticket?._id}`, { event: 'resolve', resolution: 'Lubricated, way covers cleaned' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const moved = await plan(id);
    expect(moved).toMatchObject({ status: 'Scheduled', occurrenceNo: 2, lastDoneDate: today });
    // From schedule: the rhythm's next day after the due day (a month on), not a month from today.
    const [y, m, d] = addDays(today, 3).split('-').map(Number) as [number, number, number];
    const monthOn = new Date(Date.UTC(y, m, Math.min(d, new Date(Date.UTC(y, m + 1, 0)).getUTCDate()))).toISOString().slice(0, 10);
    expect(moved.nextDueDate).toBe(monthOn);
    const history = (await t.call(admin, 'GET', `${PLANS}/history/${id}`)).body.data ?? [];
    expect(history.map((h) => h.event)).toContain('occurrenceDone');
    // Closing the resolved ticket does not move the plan a second time.
    expect((await t.call(admin, 'PATCH', `${TICKETS}/transition/${ticket?._id}`, { event: 'close' })).status).toBe(200);
    expect((await plan(id)).occurrenceNo).toBe(2);
    // The next occurrence's ticket comes a lead time before its day.
    const next = await raisePlanTickets(t.db, t.hub, addDays(String(moved.nextDueDate), -7), { tenantId: admin.user.subscriberId, planId: id });
    expect(next).toHaveLength(1);
    expect((await ticketsOf(id)).map((row) => row.body.occurrenceNo)).toEqual([1, 2]);

    const byCompletion = await createPlan({ intervalCount: 10, intervalUnit: 'Days', nextDueDate: addDays(today, 2), nextFrom: 'Completion' });
    const [its] = await ticketsOf(String(byCompletion._id));
    expect((await t.call(admin, 'PATCH', `${TICKETS}/transition/${its?._id}`, { event: 'resolve', resolution: 'Done early' })).status).toBe(200);
    expect((await plan(String(byCompletion._id))).nextDueDate).toBe(addDays(today, 10));
  });

  it('a plan saved before triggers and occurrence numbers (the seed’s) raises its ticket and moves on when it is done', async () => {
    const { rows } = await t.db.query<{ _id: string; body: ApiBody }>(`select _id, body from m_preventive_maintenance where subscriber_id = $1 and body->>'title' = 'Compressor 2000-hour service (CP-01)'`, [admin.user.subscriberId]);
    const legacy = rows[0];
    expect(legacy?.body.trigger).toBeUndefined();
    expect(legacy?.body.occurrenceNo).toBeUndefined();
    const due = String(legacy?.body.nextDueDate);
    // Raised by this pass, or already by the pass across every tenant in the first test: one ticket either way.
    await raisePlanTickets(t.db, t.hub, addDays(due, -7), { tenantId: admin.user.subscriberId, planId: legacy?._id });
    const raised = await ticketsOf(String(legacy?._id));
    expect(raised).toHaveLength(1);
    const [ticket] = raised;
    expect(ticket?.body).toMatchObject({ ticketType: 'Preventive Maintenance', occurrenceNo: 1, occurrenceDate: due, assignedTo: engineer.user._id });
    expect((await t.call(engineer, 'PATCH', `${TICKETS}/transition/${ticket?._id}`, { event: 'resolve', resolution: 'Separator and filters changed' })).status).toBe(200);
    const moved = await plan(String(legacy?._id));
    expect(moved).toMatchObject({ status: 'Scheduled', occurrenceNo: 2 });
    // Quarterly, from schedule: three months after the due day.
    const [y, m, d] = due.split('-').map(Number) as [number, number, number];
    expect(moved.nextDueDate).toBe(new Date(Date.UTC(y, m + 2, Math.min(d, new Date(Date.UTC(y, m + 3, 0)).getUTCDate()))).toISOString().slice(0, 10));
  });

  it('shows its next five occurrences and the tickets it raised', async () => {
    const created = await createPlan({ frequency: 'Weekly', nextDueDate: addDays(today, 2) });
    const res = await t.call(admin, 'GET', `${PLANS}/schedule/${String(created._id)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as unknown as { occurrences: Array<{ date: string; reason: string }>; tickets: Array<{ occurrenceNo: number; alternateId: string; status: string }> };
    expect(data.occurrences.map((o) => o.date)).toEqual([2, 9, 16, 23, 30].map((n) => addDays(today, n)));
    expect(data.occurrences.every((o) => o.reason === 'time')).toBe(true);
    expect(data.tickets).toHaveLength(1);
    expect(data.tickets[0]).toMatchObject({ occurrenceNo: 1, status: 'Assigned' });
    expect(data.tickets[0]?.alternateId).toMatch(/^TKT-/);
  });
});

describe('a plan by meter', () => {
  it('raises its ticket when a reading crosses the threshold, counted from the reading when it was saved', async () => {
    const machine = await newMachine('PM-TEST-METER');
    expect((await reading('Running Hours', 1000, {}, admin, machine)).status).toBe(200);
    const created = await createPlan({ trigger: 'Meter', meterKind: 'Running Hours', meterInterval: 500 }, machine);
    expect(created.meterBaseline).toBe(1000);
    expect(created.nextDueDate).toBeUndefined();
    const below = await reading('Running Hours', 1499, {}, admin, machine);
    expect(below.body).toMatchObject({ raisedTickets: [] });
    const crossed = await reading('Running Hours', 1503, {}, admin, machine);
    expect(crossed.status, JSON.stringify(crossed.body)).toBe(200);
    expect((crossed.body.raisedTickets as string[]).length).toBe(1);
    const [ticket] = await ticketsOf(String(created._id));
    expect(ticket?.body).toMatchObject({ ticketType: 'Preventive Maintenance', occurrenceDate: today });
    // Another reading past the threshold raises nothing more for the occurrence.
    expect((await reading('Running Hours', 1600, {}, admin, machine)).body).toMatchObject({ raisedTickets: [] });
    // Done: the next threshold is the next 500 after the baseline (from schedule): 2000 h.
    expect((await t.call(admin, 'PATCH', `${TICKETS}/transition/${ticket?._id}`, { event: 'resolve', resolution: 'Oil changed' })).status).toBe(200);
    expect(await plan(String(created._id))).toMatchObject({ meterBaseline: 1500, occurrenceNo: 2 });
    expect((await reading('Running Hours', 1999, {}, admin, machine)).body).toMatchObject({ raisedTickets: [] });
    expect(((await reading('Running Hours', 2000, {}, admin, machine)).body.raisedTickets as string[]).length).toBe(1);
  });

  it('on a machine without a reading, waits for the first one and counts from it: nothing owed at once, the card asks for it', async () => {
    const machine = await newMachine('PM-TEST-UNREAD');
    const created = await createPlan({ trigger: 'Meter', meterKind: 'Running Hours', meterInterval: 500 }, machine);
    const id = String(created._id);
    // No reading to count from: no baseline (not 0, which would make a first reading of 12,000 h 24 occurrences late).
    expect(created.meterBaseline).toBeUndefined();
    const waiting = await t.call(admin, 'GET', `${PLANS}/schedule/${id}`);
    expect(waiting.body.data).toMatchObject({ occurrences: [], waitsForReading: { machineId: machine, kind: 'Running Hours', unit: 'h', interval: 500 } });
    // The machine's card (and the machines' own meters call) names the plan waiting for that reading.
    const card = await t.call(admin, 'GET', `/api/app/machine-dashboard/card/${machine}/meters`);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.awaitingReading).toEqual([{ _id: id, alternateId: created.alternateId, title: 'Press lubrication', kind: 'Running Hours', interval: 500 }]);

    // The first reading starts the count: nothing is owed at 12,000 h; the next occurrence is at 12,500 h.
    expect((await reading('Running Hours', 12_000, {}, admin, machine)).body).toMatchObject({ raisedTickets: [] });
    expect(await ticketsOf(id)).toEqual([]);
    expect((await t.call(admin, 'GET', `${MACHINES}/meters/${machine}`)).body.awaitingReading).toEqual([]);
    const started = await t.call(admin, 'GET', `${PLANS}/schedule/${id}`);
    expect(started.body.data).toMatchObject({ waitsForReading: null });
    expect((await reading('Running Hours', 12_499, {}, admin, machine)).body).toMatchObject({ raisedTickets: [] });
    expect(((await reading('Running Hours', 12_500, {}, admin, machine)).body.raisedTickets as string[]).length).toBe(1);
    // Saved again, the plan keeps the count it was scheduled by: from the first reading.
    expect((await t.call(admin, 'PUT', `${PLANS}/${id}`, { title: 'Press lubrication (grease)', version: (await plan(id)).version })).status).toBe(200);
    expect(await plan(id)).toMatchObject({ meterBaseline: 12_000 });
  });

  it('whichever comes first: the meter before the date, or the date before the meter', async () => {
    const machine = await newMachine('PM-TEST-EITHER');
    expect((await reading('Cycles', 0, {}, admin, machine)).status).toBe(200);
    const meterFirst = await createPlan({ trigger: 'Whichever first', frequency: 'Yearly', nextDueDate: addDays(today, 200), meterKind: 'Cycles', meterInterval: 100 }, machine);
    const timeFirst = await createPlan({ trigger: 'Whichever first', frequency: 'Monthly', nextDueDate: addDays(today, 20), meterKind: 'Cycles', meterInterval: 100000 }, machine);
    const crossed = await reading('Cycles', 150, {}, admin, machine);
    expect((crossed.body.raisedTickets as string[]).length).toBe(1);
    expect((await ticketsOf(String(meterFirst._id)))[0]?.body).toMatchObject({ occurrenceDate: today });
    expect(await ticketsOf(String(timeFirst._id))).toEqual([]);
    expect(await raisePlanTickets(t.db, t.hub, addDays(today, 13), { tenantId: admin.user.subscriberId, planId: String(timeFirst._id) })).toHaveLength(1);
    expect((await ticketsOf(String(timeFirst._id)))[0]?.body).toMatchObject({ occurrenceDate: addDays(today, 20) });
    const occurrences = await t.call(admin, 'GET', `${PLANS}/schedule/${String(meterFirst._id)}`);
    expect((occurrences.body.data as unknown as { meter: { lastReading: number } }).meter.lastReading).toBe(150);
  });
});

describe('two schedulers racing', () => {
  it('raise one ticket per occurrence between two connections, run after run', async () => {
    const other = createPool(withDatabase(inject('pgAdminUrl'), t.dbName), 5);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1) ids.push(String((await createPlan({ frequency: 'Monthly', nextDueDate: addDays(today, 30 + i) }))._id));
      const day = addDays(today, 28);
      const runs = await Promise.all([
        raisePlanTickets(t.db, t.hub, day, { tenantId: admin.user.subscriberId }),
        raisePlanTickets(other, t.hub, day, { tenantId: admin.user.subscriberId }),
        raisePlanTickets(t.db, t.hub, day, { tenantId: admin.user.subscriberId }),
        raisePlanTickets(other, t.hub, day, { tenantId: admin.user.subscriberId }),
      ]);
      const raisedForMine = runs.flat().filter((r) => ids.includes(r.planId));
      expect(raisedForMine).toHaveLength(4);
      for (const id of ids) expect(await ticketsOf(id, other)).toHaveLength(1);
    } finally {
      await other.end();
    }
  });
});

describe('bad input', () => {
  const count = async () => Number((await t.db.query<{ n: string }>('select count(*) as n from m_preventive_maintenance')).rows[0]?.n);

  it('is refused naming the field, and writes nothing', async () => {
    const before = await count();
    const base = { title: 'Bad plan', machineInstanceId: machineId, startDate: today };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ trigger: 'Meter', meterInterval: 500 }, 'meterKind'],
      [{ trigger: 'Meter', meterKind: 'Running Hours' }, 'meterInterval'],
      [{ trigger: 'Time' }, 'frequency'],
      [{ intervalCount: 3 }, 'intervalUnit'],
      [{ frequency: 'Monthly', leadDays: -1 }, 'leadDays'],
      [{ frequency: 'Monthly', trigger: 'Sometimes' }, 'trigger'],
      [{ frequency: 'Monthly', fixedDates: ['2026-13-01'] }, 'fixedDates'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call(admin, 'POST', PLANS, { ...base, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.message), JSON.stringify(body)).toContain(field);
    }
    expect(await count()).toBe(before);
  });
});

describe('the new calls', () => {
  it('are the tenant’s own: another tenant gets 404, an engineer without the plans’ screen 403', async () => {
    const created = await createPlan({ frequency: 'Monthly', nextDueDate: addDays(today, 60) });
    expect((await t.call(acme, 'GET', `${PLANS}/schedule/${String(created._id)}`)).status).toBe(404);
    expect((await t.call(engineer, 'GET', `${PLANS}/schedule/${String(created._id)}`)).status).toBe(403);
    expect((await t.call(acme, 'GET', `${MACHINES}/meters/${machineId}`)).status).toBe(404);
    expect((await t.call(acme, 'POST', `${MACHINES}/meter-reading/${machineId}`, { kind: 'Cycles', reading: 1 })).status).toBe(404);
    expect((await t.call(acme, 'POST', `${MACHINES}/meters/${machineId}`, { kind: 'Cycles' })).status).toBe(404);
  });
});
