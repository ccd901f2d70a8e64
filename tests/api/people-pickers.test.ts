/**
 * Issue 39 item 2: a person picker offers who may do the work. GET {module}/people/{field} answers the tenant's active
 * staff whose privileges let them do it, for the record named (recordId) within its scope, with their load today.
 * The generated privilege and tenancy cases of the call are catalogue-access.test.ts's (it is a catalogue call);
 * its reply schema is checked in catalogue-replies.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
let acme: SignedIn;
let dispatcher: SignedIn;

const SVC = '/api/app/svc-ticket';

interface Offered {
  _id: string;
  name: string;
  openTickets: number;
  visitsToday: number;
}

async function created(who: SignedIn, url: string, body: unknown): Promise<ApiBody> {
  const res = await t.call(who, 'POST', url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function offered(who: SignedIn, url: string): Promise<Offered[]> {
  const res = await t.call(who, 'GET', url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.total).toBe(res.body.data?.length);
  return res.body.data as unknown as Offered[];
}

/** A member of staff whose one role grants `features`. */
async function staffWith(name: string, features: Array<{ feature: string; privileges: string[] }>): Promise<string> {
  const role = await created(admin, '/api/app/role', { name: `ROLE_${name.replace(/\W/g, '_').toUpperCase()}`, features });
  const user = await created(admin, '/api/app/subscriber-user', { name, email: `${name.replace(/\W/g, '').toLowerCase()}@demo.local`, password: 'Picker-Test-2026', roles: [role._id] });
  return String(user._id);
}

beforeAll(async () => {
  t = await testDb();
  [admin, acme] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('admin@acme.local')]);
  // The dispatcher assigns breakdown tickets; he is not the administrator.
  await staffWith('Dispatch Desk', [{ feature: 'BREAKDOWN_MAINTENENCE', privileges: ['VIEW', 'CREATE', 'UPDATE'] }]);
  dispatcher = await t.signIn('dispatchdesk@demo.local', 'Picker-Test-2026');
});
afterAll(() => t.close());

describe('GET svc-ticket/people/assignedTo (the Assign picker)', () => {
  it('offers the engineers for a breakdown ticket, never QA, accounts, purchase, stores or a client', async () => {
    const ticket = await created(dispatcher, SVC, { ticketType: 'Breakdown Maintenance', title: 'Hydraulic pressure drops on press P-4' });
    const names = (await offered(dispatcher, `${SVC}/people/assignedTo?recordId=${ticket._id}`)).map((p) => p.name);
    expect(names).toContain('Ravi Patil'); // the field engineer (USER: his calls, within their scope)
    expect(names).toContain('Asha Kulkarni'); // the administrator holds every privilege
    expect(names).toContain('Dispatch Desk');
    for (const notAnEngineer of ['Ishaan Rao', 'Kiran Desai', 'Farah Khan', 'Priya Nair', 'Sunil Jadhav', 'Meera Shah', 'Neha Joshi']) expect(names).not.toContain(notAnEngineer);
  });

  it("a person who reaches tickets through a view is offered only for the tickets that view shows", async () => {
    await staffWith('Presale Engineer', [{ feature: 'PRESALE_MAINTENANCE_TICKET', privileges: ['VIEW', 'UPDATE'] }]);
    const breakdown = await created(admin, SVC, { ticketType: 'Breakdown Maintenance', title: 'Gearbox noise on conveyor C-2' });
    const presale = await created(admin, SVC, { ticketType: 'Pre-Sale Maintenance', title: 'Survey before the chiller rental' });
    expect((await offered(admin, `${SVC}/people/assignedTo?recordId=${breakdown._id}`)).map((p) => p.name)).not.toContain('Presale Engineer');
    expect((await offered(admin, `${SVC}/people/assignedTo?recordId=${presale._id}`)).map((p) => p.name)).toContain('Presale Engineer');
  });

  it("says each person's load today: open tickets assigned, field visits starting today", async () => {
    const engineerId = String((await t.signIn('engineer@demo.local')).user._id);
    const before = (await offered(admin, `${SVC}/people/assignedTo`)).find((p) => p._id === engineerId)!;
    await created(admin, SVC, { ticketType: 'Breakdown Maintenance', title: 'Coolant pump seized on lathe L-7', assignedTo: engineerId });
    await created(admin, '/api/app/feactivity', { engineer: engineerId, activityType: 'Site Visit', startAt: new Date().toISOString() });
    const after = (await offered(admin, `${SVC}/people/assignedTo`)).find((p) => p._id === engineerId)!;
    expect(after.openTickets).toBe(before.openTickets + 1);
    expect(after.visitsToday).toBe(before.visitsToday + 1);
  });

  it('refuses a field that is not a person picker, naming it, and another tenant’s ticket is not found', async () => {
    const unknown = await t.call(admin, 'GET', `${SVC}/people/title`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^field: /);
    const ticket = await created(admin, SVC, { ticketType: 'Breakdown Maintenance', title: 'Belt slipping on blower B-1' });
    expect((await t.call(acme, 'GET', `${SVC}/people/assignedTo?recordId=${ticket._id}`)).status).toBe(404);
    // Another tenant's people are never offered.
    const acmeNames = (await offered(acme, `${SVC}/people/assignedTo`)).map((p) => p.name);
    expect(acmeNames).not.toContain('Ravi Patil');
    expect(acmeNames).toContain('Arjun Menon');
  });
});

describe('the same rule on every person picker', () => {
  it("a spare-part request's requester is whoever may raise one; a lead's and a proposal's owner whoever works the pipeline", async () => {
    const requesters = (await offered(admin, '/api/app/request-spare/people/requestedBy')).map((p) => p.name);
    expect(requesters).toEqual(expect.arrayContaining(['Ravi Patil', 'Sunil Jadhav', 'Asha Kulkarni']));
    expect(requesters).not.toContain('Priya Nair');
    expect(requesters).not.toContain('Ishaan Rao');
    const owners = (await offered(admin, '/api/app/lead/people/owner')).map((p) => p.name);
    expect(owners).toContain('Asha Kulkarni');
    expect(owners).not.toContain('Ravi Patil');
    // A proposal's owner likewise: whoever may work proposals, not the whole staff (the engineer may not).
    const proposalOwners = (await offered(admin, '/api/app/proposal/people/owner')).map((p) => p.name);
    expect(proposalOwners).toContain('Asha Kulkarni');
    expect(proposalOwners).not.toContain('Ravi Patil');
    const planEngineers = (await offered(admin, '/api/app/preventive-maintenance/people/assignedTo')).map((p) => p.name);
    expect(planEngineers).toContain('Ravi Patil');
    expect(planEngineers).not.toContain('Farah Khan');
  });
});
