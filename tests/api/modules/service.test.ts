/**
 * Service rules through HTTP: the ticket lifecycle (SLA from priority, assignment, resolution, final
 * states), update-status and operator tickets, view-scoped access for the engineer and the client, system
 * tickets (acknowledge, close, KPI), expenses by ticket number, the work log of a ticket, the job card PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../../helpers/test-db';
import { expectPdf, findOne } from './support';

const SVC = '/api/app/svc-ticket';
const TICKET = '/api/app/ticket';
const SYSTEM = '/api/app/system-ticket';
const HOUR = 3_600_000;

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
beforeAll(async () => {
  t = await testDb();
  [admin, engineer] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('engineer@demo.local')]);
});
afterAll(() => t.close());

describe('ticket lifecycle', () => {
  it('a new ticket gets reportedAt and an SLA due time from its priority; an engineer makes it Assigned', async () => {
    const before = Date.now();
    const res = await t.call(admin, 'POST', SVC, { ticketType: 'Breakdown Maintenance', title: 'Hydraulic power pack leaking', priority: 'Urgent', assignedTo: engineer.user._id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'Assigned', assignedTo: engineer.user._id });
    expect(res.body.alternateId).toMatch(/^TKT-\d{4}-\d{6}$/);
    const reported = Date.parse(String(res.body.reportedAt));
    expect(reported).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(String(res.body.slaDueAt)) - reported).toBe(4 * HOUR);

    const low = await t.call(admin, 'POST', SVC, { ticketType: 'Action', title: 'Repaint guard', priority: 'Low', reportedAt: '2026-03-02T10:00:00+05:30' });
    expect(low.body).toMatchObject({ status: 'Open', slaDueAt: '2026-03-05T04:30:00.000Z' });
    const bumped = await t.call(admin, 'PUT', `${SVC}/${low.body._id}`, { priority: 'High' });
    expect(bumped.body.slaDueAt).toBe('2026-03-02T12:30:00.000Z');
  });

  it('a PUT naming a status takes the one step there: Assigned needs an engineer, Resolved a resolution; Closed is final', async () => {
    const created = await t.call(admin, 'POST', SVC, { ticketType: 'Breakdown Maintenance', title: 'Chiller tripping on HP', priority: 'High' });
    const id = created.body._id;
    const unassigned = await t.call(admin, 'PUT', `${SVC}/${id}`, { status: 'Assigned' });
    expect(unassigned.status).toBe(400);
    expect(unassigned.body.message).toBe('assignedTo: Choose the engineer');
    const skipped = await t.call(admin, 'PUT', `${SVC}/${id}`, { status: 'Resolved', resolution: 'Condenser cleaned' });
    expect(skipped.status).toBe(409);
    expect(skipped.body.message).toBe(`Ticket ${created.body.alternateId} is Open: you can "Assign", "Start work" or "Cancel ticket"`);
    const assigned = await t.call(admin, 'PUT', `${SVC}/${id}`, { status: 'Assigned', assignedTo: engineer.user._id });
    expect(assigned.body).toMatchObject({ status: 'Assigned', assignedTo: engineer.user._id });
    const unresolved = await t.call(admin, 'PUT', `${SVC}/${id}`, { status: 'Resolved' });
    expect(unresolved.status).toBe(400);
    expect(unresolved.body.message).toBe('resolution: Describe the resolution first');
    const resolved = await t.call(admin, 'PUT', `${SVC}/${id}`, { status: 'Resolved', resolution: 'Condenser cleaned' });
    expect(resolved.body).toMatchObject({ status: 'Resolved', resolution: 'Condenser cleaned', resolvedAt: expect.any(String), resolvedBy: admin.user._id });
    const closed = await t.call(admin, 'PUT', `${SVC}/${id}`, { status: 'Closed' });
    expect(closed.body).toMatchObject({ status: 'Closed', closedAt: expect.any(String), closedBy: admin.user._id, resolvedAt: resolved.body.resolvedAt });
    const reopen = await t.call(admin, 'PUT', `${SVC}/${id}`, { status: 'Open' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe(`Ticket ${created.body.alternateId} is Closed: nothing more can be done with it`);
    const edit = await t.call(admin, 'PUT', `${SVC}/${id}`, { title: 'Chiller tripping on high pressure' });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'A closed ticket cannot be changed: raise a new ticket', allowedEvents: [] });
    const history = await t.call(admin, 'GET', `${SVC}/history/${id}`);
    expect((history.body.data ?? []).map((h) => h.event)).toEqual(['assign', 'resolve', 'close']);
  });

  it('a ticket is never created past its start, and is cancelled only with a reason', async () => {
    const closed = await t.call(admin, 'POST', TICKET, { title: 'Already fixed', status: 'Closed' });
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe('status: A new ticket starts as Open or Assigned');
    const created = await t.call(admin, 'POST', TICKET, { title: 'Duplicate of GTK-2026-000001' });
    const bare = await t.call(admin, 'PATCH', `${TICKET}/transition/${created.body._id}`, { event: 'cancel' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('cancelReason: Say why the ticket is cancelled');
    const cancelled = await t.call(admin, 'PATCH', `${TICKET}/transition/${created.body._id}`, { event: 'cancel', cancelReason: 'Raised twice' });
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', cancelReason: 'Raised twice', cancelledBy: admin.user._id, allowedEvents: [] });
  });

  it('update-status moves a generic ticket with the same rules; operative-ticket raises an operator ticket', async () => {
    const created = await t.call(admin, 'POST', TICKET, { title: 'Conveyor belt slipping', priority: 'Medium' });
    const moved = await t.call(admin, 'PATCH', `${TICKET}/update-status/${created.body._id}`, { status: 'In Progress', assignedTo: engineer.user._id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'In Progress', assignedTo: engineer.user._id });
    const bad = await t.call(admin, 'PATCH', `${TICKET}/update-status/${created.body._id}`, { status: 'Done' });
    expect(bad.status).toBe(400);

    const operative = await t.call(admin, 'POST', `${TICKET}/operative-ticket`, { title: 'Press P-2 light curtain fault' });
    expect(operative.status, JSON.stringify(operative.body)).toBe(201);
    expect(operative.body).toMatchObject({ source: 'Operator', priority: 'High', status: 'Open', reportedBy: admin.user.name });
    expect(Date.parse(String(operative.body.slaDueAt)) - Date.parse(String(operative.body.reportedAt))).toBe(8 * HOUR);
  });

  it('the engineer reaches tickets only through the views they hold, and only their own', async () => {
    const mine = await t.call(admin, 'POST', TICKET, { title: 'Spindle warm-up alarm', assignedTo: engineer.user._id });
    const other = await t.call(admin, 'POST', TICKET, { title: 'Someone else’s call' });
    const list = await t.call(engineer, 'GET', TICKET);
    const ids = (list.body.data ?? []).map((r) => r._id);
    expect(ids).toContain(mine.body._id);
    expect(ids).not.toContain(other.body._id);
    expect((await t.call(engineer, 'PATCH', `${TICKET}/update-status/${other.body._id}`, { status: 'In Progress' })).status).toBe(404);
    const progressed = await t.call(engineer, 'PATCH', `${TICKET}/update-status/${mine.body._id}`, { status: 'In Progress' });
    expect(progressed.status).toBe(200);
  });

  it('the client user sees their company’s tickets only', async () => {
    const client = await t.signIn('client@demo.local');
    const list = await t.call(client, 'GET', TICKET);
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    expect((list.body.data ?? []).every((r) => r.clientId === client.user.client?._id)).toBe(true);
  });
});

describe('system tickets', () => {
  async function raise(severity = 'Warning'): Promise<ApiBody> {
    const res = await t.call(admin, 'POST', SYSTEM, { title: 'Discharge temperature high on CP-01', severity, raisedAt: new Date(Date.now() - 30 * 60_000).toISOString() });
    expect(res.status).toBe(201);
    return res.body;
  }

  it('acknowledge moves Open to Acknowledged once, with who and when', async () => {
    const ticket = await raise();
    const res = await t.call(admin, 'PUT', `${SYSTEM}/acknowledgedTicketState/${ticket._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Acknowledged', acknowledgedBy: admin.user._id, acknowledgedAt: expect.any(String) });
    const again = await t.call(admin, 'PUT', `${SYSTEM}/acknowledgedTicketState/${ticket._id}`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: `System ticket ${ticket.alternateId} is Acknowledged: you can "Close"` });
  });

  it('closeTicket closes (acknowledging an open one too); a critical ticket needs closing remarks', async () => {
    const warning = await raise();
    const closed = await t.call(admin, 'PUT', `${SYSTEM}/closeTicket/${warning._id}`, {});
    expect(closed.body).toMatchObject({ status: 'Closed', closedBy: admin.user._id, acknowledgedBy: admin.user._id });
    expect((await t.call(admin, 'PUT', `${SYSTEM}/closeTicket/${warning._id}`, {})).status).toBe(409);

    const critical = await raise('Critical');
    const bare = await t.call(admin, 'PUT', `${SYSTEM}/closeTicket/${critical._id}`, {});
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('closingRemarks: Say what was done before closing a critical ticket');
    const done = await t.call(admin, 'PUT', `${SYSTEM}/closeTicket/${critical._id}`, { closingRemarks: 'Cooler fins cleaned' });
    expect(done.body).toMatchObject({ status: 'Closed', closingRemarks: 'Cooler fins cleaned' });
  });

  it('dashboard-charts/systemTicketKpi counts by status and severity with response times', async () => {
    const res = await t.call(admin, 'POST', '/api/app/dashboard-charts/systemTicketKpi', {});
    expect(res.status).toBe(200);
    const kpi = res.body.data as unknown as { total: number; byStatus: Record<string, number>; bySeverity: Record<string, number>; meanMinutesToAcknowledge: number | null; byDay: Array<{ count: number }> };
    expect(kpi.total).toBe(Object.values(kpi.byStatus).reduce((a, b) => a + b, 0));
    expect(kpi.total).toBe(Object.values(kpi.bySeverity).reduce((a, b) => a + b, 0));
    expect(kpi.byDay.reduce((sum, d) => sum + d.count, 0)).toBe(kpi.total);
    expect(kpi.meanMinutesToAcknowledge).toBeGreaterThan(0);
    const future = await t.call(admin, 'POST', '/api/app/dashboard-charts/systemTicketKpi', { from: '2099-01-01T00:00:00Z' });
    expect((future.body.data as unknown as { total: number }).total).toBe(0);
  });
});

describe('records of a ticket', () => {
  it('getDataFromTicketId answers the expenses of one ticket number with their total', async () => {
    const ticket = await findOne(t, admin, SVC, 'title', 'VMC M-03 spindle overheating, alarm 2003');
    const res = await t.call(admin, 'POST', '/api/app/expense/getDataFromTicketId', { alternateId: ticket.alternateId });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect((res.body.data ?? []).every((e) => e.ticketAlternateId === ticket.alternateId)).toBe(true);
    expect(res.body.totalAmountPaise).toBe(45600 + 18000);
    expect((await t.call(admin, 'POST', '/api/app/expense/getDataFromTicketId', {})).status).toBe(400);
  });

  it('svc-ticket-workLog/{id} answers the ticket’s work log in time order with hours', async () => {
    const ticket = await findOne(t, admin, SVC, 'title', 'VMC M-03 spindle overheating, alarm 2003');
    const res = await t.call(admin, 'GET', `/api/app/worklog/svc-ticket-workLog/${ticket._id}`);
    expect(res.status).toBe(200);
    const starts = (res.body.data ?? []).map((w) => Date.parse(String(w.startedAt)));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(res.body.totalHours).toBe(5);
    expect((await t.call(admin, 'GET', '/api/app/worklog/svc-ticket-workLog/000000000000000000000000')).status).toBe(404);
  });

  it('generatePdf answers the job card', async () => {
    const ticket = await findOne(t, admin, SVC, 'title', 'VMC M-03 spindle overheating, alarm 2003');
    expectPdf(await t.call(admin, 'POST', `${SVC}/generatePdf/${ticket._id}`));
  });

  it('feedback is read by id under its module path', async () => {
    const feedback = (await t.call(admin, 'GET', '/api/app/svc-feedBack')).body.data?.[0];
    expect(feedback).toBeDefined();
    const res = await t.call(admin, 'GET', `/api/app/svc-feedBack/getById/${feedback?._id}`);
    expect(res.status).toBe(200);
    expect(res.body.rating).toBe(feedback?.rating);
  });
});
