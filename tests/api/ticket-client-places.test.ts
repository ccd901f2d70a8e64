/**
 * A ticket's machine and site are its client's (found walking the dispatcher's first job: Kalyani Forge's ticket was
 * saved with Sunrise's chiller and then showed Kalyani at Sunrise's site). Through HTTP, as the dispatcher: another
 * client's machine or site is refused naming the field and both clients, and nothing is written; the client's own
 * machine is taken, its site filled from it; an edit that changes the client away from the ticket's machine is
 * refused the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const SVC = '/api/app/svc-ticket';

let t: TestDb;
let admin: SignedIn;
let machines: ApiBody[];
let clients: Map<string, string>;

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  machines = ((await t.call(admin, 'GET', '/api/app/svc-machine-instances?limit=100')).body.data ?? []) as ApiBody[];
  clients = new Map((((await t.call(admin, 'GET', '/api/app/client?limit=100')).body.data ?? []) as ApiBody[]).map((c) => [String(c._id), String(c.name ?? c.clientName ?? '')]));
});
afterAll(() => t.close());

/** Two machines of two different clients from the demo data. */
function twoClientsMachines(): [ApiBody, ApiBody] {
  const first = machines.find((m) => typeof m.clientId === 'string');
  const second = machines.find((m) => typeof m.clientId === 'string' && m.clientId !== first?.clientId);
  if (!first || !second) throw new Error('the demo data has no two machines of two clients');
  return [first, second];
}

async function ticketCount(): Promise<number> {
  return Number((await t.call(admin, 'GET', `${SVC}?limit=1`)).body.total);
}

describe("a ticket's machine and site are its client's", () => {
  it("refuses another client's machine, naming the field and both clients, and writes nothing", async () => {
    const [mine, theirs] = twoClientsMachines();
    const before = await ticketCount();
    const res = await t.call(admin, 'POST', SVC, { ticketType: 'Breakdown Maintenance', title: 'Chiller tripping', priority: 'High', clientId: mine.clientId, machineInstanceId: theirs._id });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const message = JSON.stringify(res.body);
    expect(message).toContain('machineInstanceId');
    expect(message).toContain(clients.get(String(theirs.clientId)));
    expect(message).toContain(clients.get(String(mine.clientId)));
    expect(await ticketCount()).toBe(before);
  });

  it("takes the client's own machine and fills its site from it", async () => {
    const [mine] = twoClientsMachines();
    const res = await t.call(admin, 'POST', SVC, { ticketType: 'Breakdown Maintenance', title: 'Spindle noise', priority: 'Medium', clientId: mine.clientId, machineInstanceId: mine._id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ clientId: mine.clientId, machineInstanceId: mine._id, ...(mine.assetId ? { assetId: mine.assetId } : {}) });
  });

  it("refuses an edit that moves the ticket to a client its machine is not, and keeps the ticket as it was", async () => {
    const [mine, theirs] = twoClientsMachines();
    const made = await t.call(admin, 'POST', SVC, { ticketType: 'Breakdown Maintenance', title: 'Coolant pump seized', priority: 'Low', clientId: mine.clientId, machineInstanceId: mine._id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const edit = await t.call(admin, 'PUT', `${SVC}/${String(made.body._id)}`, { clientId: theirs.clientId, version: made.body.version });
    expect(edit.status, JSON.stringify(edit.body)).toBe(400);
    expect(JSON.stringify(edit.body)).toContain('machineInstanceId');
    expect((await t.call(admin, 'GET', `${SVC}/getById/${String(made.body._id)}`)).body.clientId).toBe(mine.clientId);
  });
});
