/**
 * The ticket call views across every ticket kind (GET /api/app/ticket/view/{route}, issue 13): a service ticket
 * assigned to the engineer appears in each of his views beside his generic tickets, another engineer's does
 * not; his views' code lets him read and work his service ticket (and only his); a client user's view holds his
 * company's tickets of every kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';
import { expectPdf, userWith } from './modules/support';
import { pdfText } from '../helpers/pdf-text';
import { TICKET_CALL_VIEW_ROUTES } from '../../src/contract/routes';
import { mayUseModule } from '../../src/contract/screenAccess';
import { DEMO_USERS } from '../../server/seed/demo-tenant';

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let client: SignedIn;
let breakdown: ApiBody;
let urgentGeneric: ApiBody;
let others: ApiBody;
let clientsOwn: ApiBody;

const view = (who: SignedIn, route: string) => t.call(who, 'GET', `/api/app/ticket/view/${route}`);
const idsOf = (res: { body: ApiBody }) => (res.body.data ?? []).map((r) => r._id);

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  client = await t.signIn('client@demo.local');
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call(admin, 'POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  breakdown = await post('/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Compressor CP-01 tripping on high temperature', priority: 'High', assignedTo: engineer.user._id });
  urgentGeneric = await post('/api/app/ticket', { title: 'Coolant leak near pump housing', priority: 'Urgent', assignedTo: engineer.user._id });
  others = await post('/api/app/svc-ticket', { ticketType: 'Installation and Commissioning', title: 'Install chiller at plant 2', priority: 'Urgent', assignedTo: admin.user._id });
  // The client's company, as the server stamps it on a ticket he raises.
  const raised = await t.call(client, 'POST', '/api/app/ticket', { title: 'Loom 14 stopped' });
  expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  clientsOwn = await post('/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Press brake hydraulic leak', clientId: raised.body.clientId });
  clientsOwn.raised = raised.body._id;
});
afterAll(() => t.close());

describe('the call views list every ticket kind', () => {
  it("the engineer's views hold his service and generic tickets, each with its kind and his name, and nobody else's", async () => {
    for (const route of ['my-open-tickets', 'ticket-assigned-to-me']) {
      const res = await view(engineer, route);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(idsOf(res)).toEqual(expect.arrayContaining([breakdown._id, urgentGeneric._id]));
      expect(idsOf(res)).not.toContain(others._id);
      expect(res.body.total).toBe(idsOf(res).length);
      for (const row of res.body.data ?? []) expect(row.assignedTo).toBe(engineer.user._id);
      const row = (res.body.data ?? []).find((r) => r._id === breakdown._id);
      expect(row).toMatchObject({ module: 'svc-ticket', kind: 'Breakdown Maintenance', assigneeName: engineer.user.name });
      expect(row?.names).toMatchObject({ assignedTo: engineer.user.name });
      expect((res.body.data ?? []).find((r) => r._id === urgentGeneric._id)).toMatchObject({ module: 'ticket', kind: 'Generic' });
    }
    const urgent = await view(engineer, 'my-urgent-tickets');
    expect(idsOf(urgent)).toContain(urgentGeneric._id);
    expect(idsOf(urgent)).not.toContain(breakdown._id);
  });

  it('an administrator sees every kind in the open and urgent calls, most urgent first', async () => {
    const open = await view(admin, 'open-calls');
    expect(idsOf(open)).toEqual(expect.arrayContaining([breakdown._id, urgentGeneric._id, others._id]));
    // Priority first (Urgent, High, Medium, Low), then the SLA due soonest, overdue first and no promise last.
    const rows = open.body.data ?? [];
    const rank = (r: ApiBody) => ['Low', 'Medium', 'High', 'Urgent'].indexOf(String(r.priority));
    const due = (r: ApiBody) => (r.slaDueAt ? Date.parse(String(r.slaDueAt)) : Number.POSITIVE_INFINITY);
    for (const [i, row] of rows.entries()) {
      const next = rows[i + 1];
      if (!next) break;
      expect(rank(row), `${String(row.alternateId)} before ${String(next.alternateId)}`).toBeGreaterThanOrEqual(rank(next));
      if (rank(row) === rank(next)) expect(due(row), `${String(row.alternateId)} due before ${String(next.alternateId)}`).toBeLessThanOrEqual(due(next));
    }
    expect(rank(rows[0]!)).toBe(3);
    expect(idsOf(await view(admin, 'urgent-calls'))).toEqual(expect.arrayContaining([urgentGeneric._id, others._id]));
  });

  it("names each row's client as the module's list does (what an engineer, who may not list the clients, reads)", async () => {
    const company = await t.call(admin, 'GET', `/api/app/client/getById/${String(clientsOwn.clientId)}`);
    expect(company.status).toBe(200);
    const row = ((await view(admin, 'open-calls')).body.data ?? []).find((r) => r._id === clientsOwn._id);
    expect(row?.names).toMatchObject({ clientId: company.body.companyName });
    const list = await t.call(admin, 'GET', '/api/app/svc-ticket?limit=1000');
    expect((list.body.data ?? []).find((r) => r._id === clientsOwn._id)?.names).toEqual(row?.names);
    expect((await t.call(engineer, 'GET', '/api/app/client?limit=1')).status).toBe(403);
  });

  it('his views let the engineer read and work his service ticket, and only his', async () => {
    expect((await t.call(engineer, 'GET', `/api/app/svc-ticket/getById/${breakdown._id}`)).body).toMatchObject({ status: 'Assigned', allowedEvents: expect.arrayContaining(['start']) });
    expect((await t.call(engineer, 'GET', `/api/app/svc-ticket/getById/${others._id}`)).status).toBe(404);
    const started = await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${breakdown._id}`, { event: 'start' });
    expect(started.body).toMatchObject({ status: 'In Progress' });
    expect((await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${others._id}`, { event: 'start' })).status).toBe(404);
    const list = await t.call(engineer, 'GET', '/api/app/svc-ticket');
    for (const row of list.body.data ?? []) expect(row.assignedTo).toBe(engineer.user._id);
  });

  it("the client's view holds his company's tickets of every kind", async () => {
    const res = await view(client, 'ticket-client-list');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(idsOf(res)).toEqual(expect.arrayContaining([clientsOwn._id, clientsOwn.raised]));
    expect(idsOf(res)).not.toContain(breakdown._id);
    for (const row of res.body.data ?? []) expect(row.clientId).toBe(clientsOwn.clientId);
  });

  it('a client raises a ticket from the portal with what a customer sets, and is refused, by name, what the service team sets', async () => {
    const staffOnly = await t.call(client, 'POST', '/api/app/ticket', { title: 'Loom 9 belt slipping', assignedTo: engineer.user._id });
    expect(staffOnly.status).toBe(400);
    expect(staffOnly.body.message).toBe('assignedTo: A client does not set this on a ticket: the service team does');
    const promise = await t.call(client, 'POST', '/api/app/ticket', { title: 'Loom 9 belt slipping', slaDueAt: '2026-12-01T10:00:00+05:30' });
    expect(promise.body.message).toBe('slaDueAt: A client does not set this on a ticket: the service team does');
    const raised = await t.call(client, 'POST', '/api/app/ticket', { title: 'Loom 9 belt slipping', description: 'Since the morning shift', priority: 'High' });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    expect(raised.body).toMatchObject({ status: 'Open', source: 'Client Portal', reportedBy: client.user.name, clientId: clientsOwn.clientId });
    expect(idsOf(await view(client, 'ticket-client-list'))).toContain(raised.body._id);
    // The demo client's role raises and reads; editing a ticket is not his (the screen offers no edit).
    expect((await t.call(client, 'PUT', `/api/app/ticket/${raised.body._id}`, { resolution: 'Fixed it myself' })).status).toBe(403);
  });

  it("a ticket raised for a machine is for the machine's client and site unless it names them", async () => {
    const machines = await t.call(admin, 'GET', `/api/app/svc-machine-instances?limit=${Number.MAX_SAFE_INTEGER}`);
    const placed = (machines.body.data ?? []).find((m) => m.clientId && m.assetId);
    expect(placed, 'the demo has a machine at a client site').toBeDefined();
    const raised = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Noise at start-up', machineInstanceId: placed?._id });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    expect(raised.body).toMatchObject({ clientId: placed?.clientId, assetId: placed?.assetId });
    const named = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Noise at start-up', machineInstanceId: placed?._id, clientId: clientsOwn.clientId });
    expect(named.body.clientId).toBe(clientsOwn.clientId);
  });

  it('an unknown view is a 404 naming the views; a person without any ticket grant is refused', async () => {
    const res = await view(admin, 'everything');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/^No ticket view everything: the views are my-open-tickets, /);
    const clerk = await t.signIn('clerk@demo.local');
    expect((await view(clerk, 'open-calls')).status).toBe(403);
  });
});

describe("a ticket's timeline", () => {
  it('the engineer comments on his ticket and logs his own work, in his own name; another ticket is not his to touch', async () => {
    const said = await t.call(engineer, 'POST', `/api/app/svc-ticket/comment/${breakdown._id}`, { comment: 'Oil cooler fins choked with dust', internal: true });
    expect(said.status, JSON.stringify(said.body)).toBe(201);
    expect(said.body).toMatchObject({ ticketId: breakdown._id, author: engineer.user._id, internal: true });
    const logged = await t.call(engineer, 'POST', `/api/app/svc-ticket/worklog/${breakdown._id}`, { activity: 'Cleaned the oil cooler, changed oil and filter', hours: 1.5, engineer: admin.user._id });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    expect(logged.body).toMatchObject({ engineer: engineer.user._id, hours: 1.5 });
    expect(Date.parse(String(logged.body.endedAt)) - Date.parse(String(logged.body.startedAt))).toBe(90 * 60_000);
    const zero = await t.call(engineer, 'POST', `/api/app/svc-ticket/worklog/${breakdown._id}`, { activity: 'Nothing', hours: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('hours: Hours must be more than 0');
    expect((await t.call(engineer, 'POST', `/api/app/svc-ticket/comment/${others._id}`, { comment: 'Not mine' })).status).toBe(404);

    const timeline = await t.call(engineer, 'GET', `/api/app/svc-ticket/activity/${breakdown._id}`);
    expect(timeline.status).toBe(200);
    expect((timeline.body.data ?? []).map((e) => [e.kind, e.text, (e.by as { name?: string } | undefined)?.name])).toEqual([
      ['worklog', 'Cleaned the oil cooler, changed oil and filter', engineer.user.name],
      ['comment', 'Oil cooler fins choked with dust', engineer.user.name],
    ]);
  });

  it("internal comments never reach a client's user; his own comment is never internal", async () => {
    await t.call(admin, 'POST', `/api/app/svc-ticket/comment/${clientsOwn._id}`, { comment: 'Customer owes two invoices: do not promise a date', internal: true });
    await t.call(admin, 'POST', `/api/app/svc-ticket/comment/${clientsOwn._id}`, { comment: 'Engineer visits tomorrow at 10:00' });
    const his = await t.call(client, 'POST', `/api/app/svc-ticket/comment/${clientsOwn._id}`, { comment: 'Please call before coming', internal: true });
    expect(his.status, JSON.stringify(his.body)).toBe(201);
    expect(his.body.internal).toBe(false);
    const seen = await t.call(client, 'GET', `/api/app/svc-ticket/activity/${clientsOwn._id}`);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const texts = (seen.body.data ?? []).map((e) => e.text);
    expect(texts).toEqual(['Please call before coming', 'Engineer visits tomorrow at 10:00']);
    const staff = await t.call(admin, 'GET', `/api/app/svc-ticket/activity/${clientsOwn._id}`);
    expect((staff.body.data ?? []).map((e) => e.text)).toContain('Customer owes two invoices: do not promise a date');
    expect((await t.call(client, 'GET', `/api/app/svc-ticket/activity/${breakdown._id}`)).status).toBe(404);
  });

  it('the engineer a ticket is assigned to may not rate his own work; the service desk may, on the client’s word', async () => {
    const made = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Belt squeal on CP-01', priority: 'Medium', assignedTo: engineer.user._id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (const step of [{ event: 'start' }, { event: 'resolve', resolution: 'Belt tensioned' }]) {
      expect((await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${made.body._id}`, step)).status).toBe(200);
    }
    const own = await t.call(engineer, 'POST', `/api/app/svc-ticket/feedback/${made.body._id}`, { rating: 5 });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(`The work on ${made.body.alternateId} is yours: its client rates it`);
    expect((await t.call(admin, 'GET', `/api/app/svc-ticket/activity/${made.body._id}`)).body.data?.some((e) => e.kind === 'feedback')).toBe(false);
    const desk = await t.call(admin, 'POST', `/api/app/svc-ticket/feedback/${made.body._id}`, { rating: 4, comments: 'Client said on the phone: quiet now' });
    expect(desk.status, JSON.stringify(desk.body)).toBe(201);
  });

  it('the client rates the work once it is resolved, once', async () => {
    const early = await t.call(client, 'POST', `/api/app/svc-ticket/feedback/${clientsOwn._id}`, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`${clientsOwn.alternateId} is Open: the work is rated once it is resolved`);
    for (const step of [{ event: 'start' }, { event: 'resolve', resolution: 'Hose replaced' }]) {
      expect((await t.call(admin, 'PATCH', `/api/app/svc-ticket/transition/${clientsOwn._id}`, step)).status).toBe(200);
    }
    const wrong = await t.call(client, 'POST', `/api/app/svc-ticket/feedback/${clientsOwn._id}`, { rating: 6 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('rating: Rating must be 1 to 5');
    const rated = await t.call(client, 'POST', `/api/app/svc-ticket/feedback/${clientsOwn._id}`, { rating: 4, comments: 'Quick and tidy' });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    expect(rated.body).toMatchObject({ ticketId: clientsOwn._id, rating: 4, givenBy: client.user.name });
    expect((await t.call(client, 'POST', `/api/app/svc-ticket/feedback/${clientsOwn._id}`, { rating: 5 })).status).toBe(409);
    const seen = await t.call(admin, 'GET', `/api/app/svc-ticket/activity/${clientsOwn._id}`);
    expect((seen.body.data ?? []).find((e) => e.kind === 'feedback')).toMatchObject({ rating: 4, text: 'Quick and tidy', by: { name: client.user.name } });
  });

  it('the engineer asks the stores for a part for his ticket, chosen from a list he may read; the request is on the timeline', async () => {
    const choices = await t.call(engineer, 'GET', `/api/app/svc-ticket/parts/${breakdown._id}`);
    expect(choices.status, JSON.stringify(choices.body)).toBe(200);
    const coupling = (choices.body.data ?? []).find((p) => p.partNumber === 'CPL-SPD-48');
    expect(coupling).toMatchObject({ partName: expect.any(String), stockQty: expect.any(Number) });
    expect(coupling).not.toHaveProperty('unitPricePaise');
    expect((await t.call(engineer, 'GET', '/api/app/spare-part-inventory')).status).toBe(403);

    const none = await t.call(engineer, 'POST', `/api/app/svc-ticket/spare-request/${breakdown._id}`, { items: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('items: Add at least one part');
    const asked = await t.call(engineer, 'POST', `/api/app/svc-ticket/spare-request/${breakdown._id}`, { items: [{ partId: coupling?._id, quantity: 2 }] });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ ticketAlternateId: breakdown.alternateId, requestedBy: engineer.user._id, status: 'Requested', items: [{ partId: coupling?._id, quantity: 2 }] });
    const timeline = await t.call(engineer, 'GET', `/api/app/svc-ticket/activity/${breakdown._id}`);
    expect((timeline.body.data ?? []).find((e) => e.kind === 'spare-request')).toMatchObject({ status: 'Requested', text: `${String(coupling?.partName)} × 2`, by: { name: engineer.user.name } });
    expect((await t.call(engineer, 'POST', `/api/app/svc-ticket/spare-request/${others._id}`, { items: [{ partId: coupling?._id, quantity: 1 }] })).status).toBe(404);
  });

  it("the job card holds the client, the machine, the work, the part and the customer's signature taken on resolving", async () => {
    const machines = await t.call(admin, 'GET', `/api/app/svc-machine-instances?limit=${Number.MAX_SAFE_INTEGER}`);
    const cp01 = (machines.body.data ?? []).find((m) => m.name === 'Compressor CP-01');
    const made = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'CP-01 trips on high temperature', machineInstanceId: cp01?._id, assignedTo: engineer.user._id });
    const id = String(made.body._id);
    await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${id}`, { event: 'start' });
    await t.call(engineer, 'POST', `/api/app/svc-ticket/worklog/${id}`, { activity: 'Cleaned the oil cooler', hours: 1.5 });
    const parts = await t.call(engineer, 'GET', `/api/app/svc-ticket/parts/${id}`);
    const coupling = (parts.body.data ?? []).find((p) => p.partNumber === 'CPL-SPD-48');
    await t.call(engineer, 'POST', `/api/app/svc-ticket/spare-request/${id}`, { items: [{ partId: coupling?._id, quantity: 1 }] });

    const scribble = await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${id}`, { event: 'resolve', resolution: 'Cooler cleaned', customerSignatureUrl: 'data:image/jpeg;base64,AAAA' });
    expect(scribble.status).toBe(400);
    expect(scribble.body.message).toBe('customerSignatureUrl: The signature must be a PNG image drawn on the pad');
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const resolved = await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${id}`, { event: 'resolve', resolution: 'Cooler cleaned; oil and filter changed', customerSignatureUrl: png });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.customerSignatureUrl).toBe(png);

    const pdf = expectPdf(await t.call(engineer, 'POST', `/api/app/svc-ticket/generatePdf/${id}`));
    const text = pdfText(pdf);
    for (const words of [String(cp01?.name), 'Kalyani Forge', 'Cleaned the oil cooler', '1.50', 'Total', String(coupling?.partName), 'Cooler cleaned; oil and filter changed', 'Customer signature', engineer.user.name]) {
      expect(text, words).toContain(words);
    }
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('the team discusses, the engineer adds an expense with its receipt photo and attaches a photo; the client sees the photo but not the team’s talk or money', async () => {
    const photo = { name: 'cooler-fins.png', mimeType: 'image/png', contentBase64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' };
    const made = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Dryer fan noisy', clientId: clientsOwn.clientId, assignedTo: engineer.user._id });
    const id = String(made.body._id);

    expect((await t.call(engineer, 'POST', `/api/app/svc-ticket/discussion/${id}`, { message: 'Can stores hold a spare fan?' })).status).toBe(201);
    const noAmount = await t.call(engineer, 'POST', `/api/app/svc-ticket/expense/${id}`, { category: 'Travel', amountPaise: 0 });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.message).toBe('amountPaise: Amount must be more than ₹0');
    const spent = await t.call(engineer, 'POST', `/api/app/svc-ticket/expense/${id}`, { category: 'Travel', amountPaise: 42_000, description: 'Chakan and back', receipt: { ...photo, name: 'bus-ticket.png' } });
    expect(spent.status, JSON.stringify(spent.body)).toBe(201);
    expect(spent.body).toMatchObject({ ticketAlternateId: made.body.alternateId, incurredBy: engineer.user._id, status: 'Submitted', billUrl: expect.stringMatching(/^\/files\/tickets\//) });
    const attached = await t.call(engineer, 'POST', `/api/app/svc-ticket/attachment/${id}`, photo);
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    const url = String((attached.body.attachments as Array<{ url: string }>)[0]?.url);

    const team = await t.call(engineer, 'GET', `/api/app/svc-ticket/activity/${id}`);
    expect((team.body.data ?? []).map((e) => e.kind).sort()).toEqual(['attachment', 'discussion', 'expense']);
    expect((team.body.data ?? []).find((e) => e.kind === 'expense')).toMatchObject({ amountPaise: 42_000, category: 'Travel', fileUrl: spent.body.billUrl });
    const bytes = await t.call(engineer, 'POST', `/api/app/svc-ticket/file/${id}`, { url });
    expect(bytes.body).toMatchObject({ data: photo.contentBase64, mimeType: 'image/png', name: 'cooler-fins.png' });
    expect((await t.call(engineer, 'POST', `/api/app/svc-ticket/file/${id}`, { url: '/files/someone-elses.pdf' })).status).toBe(404);

    const seen = await t.call(client, 'GET', `/api/app/svc-ticket/activity/${id}`);
    expect((seen.body.data ?? []).map((e) => e.kind)).toEqual(['attachment']);
    expect((await t.call(client, 'POST', `/api/app/svc-ticket/file/${id}`, { url })).status).toBe(200);
    const clientTalk = await t.call(client, 'POST', `/api/app/svc-ticket/discussion/${id}`, { message: 'Me too' });
    expect(clientTalk.status).toBe(403);
  });

  it('the engineer is told when a ticket is given to him, raised with him or assigned later, with the way to its page', async () => {
    const told: Array<Record<string, unknown>> = [];
    const stop = t.hub.subscribe((message) => {
      if (message.type === 'ticket.assigned') told.push({ tenantId: message.tenantId, ...message.event });
    });
    try {
      const raised = await t.call(admin, 'POST', '/api/app/ticket', { title: 'Chiller alarm on line 3', assignedTo: engineer.user._id });
      const later = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Action', title: 'Tighten the coupling guard' });
      await t.call(admin, 'PATCH', `/api/app/svc-ticket/transition/${later.body._id}`, { event: 'assign', assignedTo: engineer.user._id });
      // Taking a ticket oneself tells nobody.
      await t.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${breakdown._id}`, { event: 'hold', holdReason: 'Waiting for the part' });
      expect(told).toEqual([
        { tenantId: admin.user.subscriberId, userId: engineer.user._id, module: 'ticket', _id: raised.body._id, alternateId: raised.body.alternateId, title: 'Chiller alarm on line 3' },
        { tenantId: admin.user.subscriberId, userId: engineer.user._id, module: 'svc-ticket', _id: later.body._id, alternateId: later.body.alternateId, title: 'Tighten the coupling guard' },
      ]);
    } finally {
      stop();
    }
  });

  it('an engineer logs field activity in his own name only; a coordinator may log anyone’s', async () => {
    const fieldOnly = await userWith(t, admin, [{ feature: 'FE_ACTIVITY', privileges: ['VIEW', 'CREATE'] }]);
    const someoneElse = await t.call(fieldOnly, 'POST', '/api/app/feactivity', { engineer: engineer.user._id, activityType: 'Site Visit', startAt: '2026-11-26T09:30:00+05:30' });
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.body.message).toBe('engineer: You log field activity in your own name');
    const own = await t.call(fieldOnly, 'POST', '/api/app/feactivity', { engineer: fieldOnly.user._id, activityType: 'Site Visit', startAt: '2026-11-26T09:30:00+05:30' });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect((await t.call(admin, 'POST', '/api/app/feactivity', { engineer: engineer.user._id, activityType: 'Travel', startAt: '2026-11-26T08:30:00+05:30' })).status).toBe(201);
  });
});

/**
 * Issue 34 item 5: every call view as every demo role. The admin's Client Tickets answered 400 "body: A value is out
 * of range or malformed": a person without a client company had `$client` resolved to a text holding a NUL, which
 * PostgreSQL refuses. Now a view answers 200 to whoever may read tickets (by the module's feature or one of its
 * views) and 403 to anyone else, never a 400 or a 500.
 */
describe('each call view as each demo role', () => {
  const grantsOf = async (who: SignedIn) => {
    const roles = await t.db.query<{ body: { features?: Array<{ feature: string; privileges: string[] }> } }>(`select body from m_role where _id = any($1::text[])`, [who.user.roles.map((r) => r._id)]);
    return roles.rows.flatMap((r) => r.body.features ?? []).map((g) => ({ screenCode: g.feature, privileges: g.privileges.map((code) => ({ code })) }));
  };

  it.each(DEMO_USERS.map((u) => [u.email] as const))('%s', async (email) => {
    const who = await t.signIn(email);
    const mayRead = mayUseModule(await grantsOf(who), 'ticket') || mayUseModule(await grantsOf(who), 'svc-ticket');
    for (const route of TICKET_CALL_VIEW_ROUTES) {
      const res = await view(who, route);
      expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(mayRead ? 200 : 403);
      if (res.status === 200) expect(res.body.total).toBe(idsOf(res).length);
    }
  });

  it("the admin's Client Tickets lists the tickets of the tenant's clients, of every kind, and no ticket without a client", async () => {
    const res = await view(admin, 'ticket-client-list');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(idsOf(res)).toEqual(expect.arrayContaining([clientsOwn._id, clientsOwn.raised]));
    expect(idsOf(res)).not.toContain(breakdown._id);
    for (const row of res.body.data ?? []) expect(row.clientId).toBeTruthy();
  });

  it('someone holding only Client Tickets without a client company sees none (the view names no company of his)', async () => {
    const staff = await userWith(t, admin, [{ feature: 'CLIENT_TICKET', privileges: ['VIEW'] }]);
    const res = await view(staff, 'ticket-client-list');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ data: [], total: 0 });
  });
});
