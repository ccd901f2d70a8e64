/**
 * The machine card for the field and the client's machines (issue 31 items 5 and 6), through HTTP:
 * - GET machine-dashboard/card/{id} and the scan's lookup open a machine's card to whoever holds
 *   SVC_MACHINE_INSTANCE VIEW, or may work an open ticket on that machine (the engineer with his ticket on it);
 *   anyone else, a machine of another tenant, and a client's user (he works no ticket) are answered 404 with words
 *   that say why, never the card;
 * - the card's meters (GET …/card/{id}/meters, POST …/card/{id}/meter-reading) open on the same terms: the engineer
 *   reads the hour meter of the machine he works on, and his reading raises the plan it makes owed;
 * - GET machine-dashboard/ticket-machines lists a client's user his own company's machines only (never the tenant's),
 *   the service team the tenant's; a ticket a client raises for another company's machine or site is refused naming
 *   the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const CARD = '/api/app/machine-dashboard/card';
const LOOKUP = '/api/app/machine-dashboard/lookup';
const CHOICES = '/api/app/machine-dashboard/ticket-machines';
const REFUSAL = /^No machine .* that you may open: a machine's card opens to whoever may see the machines or works an open ticket on it$/;

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let client: SignedIn;
let acme: SignedIn;
let machines: ApiBody[];

const machine = (name: string): ApiBody => {
  const found = machines.find((m) => m.name === name);
  if (!found) throw new Error(`no machine ${name}`);
  return found;
};

beforeAll(async () => {
  t = await testDb();
  [admin, engineer, client, acme] = await Promise.all(['admin@demo.local', 'engineer@demo.local', 'client@demo.local', 'admin@acme.local'].map((e) => t.signIn(e)));
  machines = (await t.call(admin, 'GET', `/api/app/svc-machine-instances?limit=${Number.MAX_SAFE_INTEGER}`)).body.data ?? [];
});
afterAll(() => t.close());

describe("a machine's card", () => {
  it('opens to the engineer while he has an open ticket on the machine, from the ticket (by id) and from a scan; not before, not after it is closed', async () => {
    const chiller = machine('Chiller CH-01');
    const before = await t.call(engineer, 'GET', `${CARD}/${chiller._id}`);
    expect(before.status).toBe(404);
    expect(before.body.message).toMatch(REFUSAL);
    expect((await t.call(engineer, 'GET', `${LOOKUP}?code=${encodeURIComponent(String(chiller.serialNo))}`)).status).toBe(404);

    const made = await t.call(admin, 'POST', '/api/app/ticket', { title: 'Chiller CH-01 low refrigerant alarm', machineInstanceId: chiller._id, assignedTo: engineer.user._id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const card = await t.call(engineer, 'GET', `${CARD}/${chiller._id}`);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.machine).toMatchObject({ _id: chiller._id, name: 'Chiller CH-01' });
    expect(card.body.location).toMatchObject({ name: 'Chiller Plant Room' });
    expect((card.body.openTickets as { items: ApiBody[] }).items.map((i) => i._id)).toContain(made.body._id);
    // The QR code's link and a typed serial number resolve for him too.
    const scanned = await t.call(engineer, 'GET', `${LOOKUP}?code=${encodeURIComponent(`http://localhost/app/machine-scanning?machineId=${String(chiller._id)}&code=${String(chiller.alternateId)}`)}`);
    expect(scanned.status).toBe(200);
    expect(scanned.body.machine).toMatchObject({ _id: chiller._id });
    expect((await t.call(engineer, 'GET', `${LOOKUP}?code=${encodeURIComponent(String(chiller.serialNo))}`)).body.machine).toMatchObject({ _id: chiller._id });

    // Another machine stays closed to him: his ticket opens only its own machine's card.
    const press = await t.call(engineer, 'GET', `${CARD}/${String(machine('IMM-150 Line 2')._id)}`);
    expect(press.status).toBe(404);

    // Once the ticket is cancelled there is no open ticket to work: the card closes again.
    expect((await t.call(admin, 'PATCH', `/api/app/ticket/transition/${String(made.body._id)}`, { event: 'cancel', cancelReason: 'Raised twice' })).status).toBe(200);
    expect((await t.call(engineer, 'GET', `${CARD}/${chiller._id}`)).status).toBe(404);
  });

  it("another engineer's open ticket on the machine does not open it to him", async () => {
    const moulding = machine('IMM-150 Line 2');
    const made = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'IMM-150 barrel heater zone 3 fault', machineInstanceId: moulding._id, assignedTo: admin.user._id });
    expect(made.status).toBe(201);
    expect((await t.call(engineer, 'GET', `${CARD}/${moulding._id}`)).status).toBe(404);
    // The admin holds the machine privilege: every card of the tenant.
    expect((await t.call(admin, 'GET', `${CARD}/${moulding._id}`)).status).toBe(200);
  });

  it("refuses another tenant's machine even to its holder of every privilege, and a client's user of another company", async () => {
    const cp01 = machine('Compressor CP-01');
    const foreign = await t.call(acme, 'GET', `${CARD}/${cp01._id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toMatch(REFUSAL);
    expect((await t.call(acme, 'GET', `${LOOKUP}?code=${encodeURIComponent(String(cp01.serialNo))}`)).status).toBe(404);
    // Sunrise Textiles' user and Kalyani Forge's compressor, even with an open ticket on it.
    await t.call(admin, 'POST', '/api/app/ticket', { title: 'CP-01 oil carry-over', machineInstanceId: cp01._id, assignedTo: engineer.user._id });
    expect((await t.call(client, 'GET', `${CARD}/${cp01._id}`)).status).toBe(404);
    expect((await t.call(null, 'GET', `${CARD}/${cp01._id}`)).status).toBe(401);
  });

  it('names the field of a bad request', async () => {
    const long = await t.call(engineer, 'GET', `${LOOKUP}?machineId=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('Machine id is too long');
    const nothing = await t.call(engineer, 'GET', LOOKUP);
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('code: Code is required');
  });
});

describe("a machine's meters on its card", () => {
  const meters = (id: unknown) => `${CARD}/${String(id)}/meters`;
  const reading = (id: unknown) => `${CARD}/${String(id)}/meter-reading`;

  it('the engineer working an open ticket on the machine reads its meters and takes a reading, which raises the plan it makes owed', async () => {
    const hc2 = machine('Humidification chiller HC-2');
    expect((await t.call(engineer, 'GET', meters(hc2._id))).status).toBe(404);
    const before = await t.call(engineer, 'POST', reading(hc2._id), { kind: 'Running Hours', reading: 120 });
    expect(before.status).toBe(404);
    expect(before.body.message).toMatch(REFUSAL);

    const made = await t.call(admin, 'POST', '/api/app/ticket', { title: 'HC-2 pump not building pressure', machineInstanceId: hc2._id, assignedTo: engineer.user._id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const first = await t.call(engineer, 'POST', reading(hc2._id), { kind: 'Running Hours', reading: 120 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ data: { kind: 'Running Hours', lastReading: 120 }, raisedTickets: [] });
    // A plan counting the hour meter starts from the 120 hours he read.
    const plan = await t.call(admin, 'POST', '/api/app/preventive-maintenance', { title: '500-hour chiller service', machineInstanceId: hc2._id, startDate: new Date().toISOString().slice(0, 10), trigger: 'Meter', meterKind: 'Running Hours', meterInterval: 500 });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const read = await t.call(engineer, 'GET', meters(hc2._id));
    expect(read.status).toBe(200);
    expect(read.body.data?.[0]).toMatchObject({ kind: 'Running Hours', lastReading: 120, readings: [{ reading: 120, source: 'person', byName: engineer.user.name }] });

    // The counter is read as it is: never lower than the last reading unless it is a reset with its reason.
    const lower = await t.call(engineer, 'POST', reading(hc2._id), { kind: 'Running Hours', reading: 100 });
    expect(lower.status).toBe(400);
    expect(lower.body.message).toMatch(/^reading: Reading cannot be lower than the last one \(120\)/);
    const noKind = await t.call(engineer, 'POST', reading(hc2._id), { reading: 130 });
    expect(noKind.status).toBe(400);
    expect(noKind.body.message).toMatch(/kind/);

    // 500 hours since the plan began counting: the plan's ticket is raised by his reading.
    const crossed = await t.call(engineer, 'POST', reading(hc2._id), { kind: 'Running Hours', reading: 640 });
    expect(crossed.status, JSON.stringify(crossed.body)).toBe(200);
    expect((crossed.body.raisedTickets as string[]).length).toBe(1);
  });

  it("stay closed to a client's user and to another tenant, in the card's words", async () => {
    const cp01 = machine('Compressor CP-01');
    for (const who of [client, acme]) {
      const read = await t.call(who, 'GET', meters(cp01._id));
      expect(read.status).toBe(404);
      expect(read.body.message).toMatch(REFUSAL);
      expect((await t.call(who, 'POST', reading(cp01._id), { kind: 'Cycles', reading: 5 })).status).toBe(404);
    }
    const still = await t.call(admin, 'GET', meters(cp01._id));
    expect(still.body.data?.find((m: ApiBody) => m.kind === 'Cycles')).toBeUndefined();
  });
});

describe('the machines a ticket may be raised for', () => {
  it("lists a client's user his company's machines only, by name with their site", async () => {
    const res = await t.call(client, 'GET', CHOICES);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = (res.body.data ?? []).map((m) => m.name);
    expect(names).toEqual(['Humidification chiller HC-2', 'Weaving air compressor AC-1']);
    expect(res.body.total).toBe(2);
    expect((res.body.data ?? [])[1]).toMatchObject({ name: 'Weaving air compressor AC-1', siteName: 'Weaving Utilities', serialNo: 'ELGI-EG37-7014' });
    for (const m of res.body.data ?? []) expect(machine(String(m.name)).clientId).toBe(client.user.client?._id ?? machine('Weaving air compressor AC-1').clientId);
  });

  it("lists the service team the tenant's machines, and another tenant nothing of this one", async () => {
    const ours = await t.call(admin, 'GET', CHOICES);
    expect((ours.body.data ?? []).map((m) => m.name)).toEqual(expect.arrayContaining(['Compressor CP-01', 'Weaving air compressor AC-1', 'Chiller CH-01']));
    const theirs = await t.call(acme, 'GET', CHOICES);
    expect(theirs.status).toBe(200);
    expect((theirs.body.data ?? []).map((m) => m._id)).not.toEqual(expect.arrayContaining([machine('Compressor CP-01')._id]));
  });

  it("the client raises a ticket for his machine, which takes its site; another company's machine or site is refused naming the field", async () => {
    const own = machine('Weaving air compressor AC-1');
    const raised = await t.call(client, 'POST', '/api/app/ticket', { title: 'AC-1 trips on start', machineInstanceId: own._id });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    expect(raised.body).toMatchObject({ machineInstanceId: own._id, assetId: own.assetId, clientId: own.clientId, source: 'Client Portal', reportedBy: client.user.name });

    const others = await t.call(client, 'POST', '/api/app/ticket', { title: 'Not ours', machineInstanceId: machine('Compressor CP-01')._id });
    expect(others.status).toBe(400);
    expect(others.body.message).toBe('machineInstanceId: Choose one of your company’s machines');
    const site = await t.call(client, 'POST', '/api/app/ticket', { title: 'Not ours either', assetId: machine('Compressor CP-01').assetId });
    expect(site.status).toBe(400);
    expect(site.body.message).toBe('assetId: Choose one of your company’s sites');
  });
});

describe("a machine's next preventive maintenance on its card", () => {
  const today = new Date().toISOString().slice(0, 10);
  const todayIndia = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const newMachine = async (serialNo: string): Promise<string> => {
    const type = (await t.call(admin, 'GET', '/api/app/svc-machine-type?limit=1')).body.data?.[0]?._id;
    const made = await t.call(admin, 'POST', '/api/app/svc-machine-instances', { machineTypeId: type, serialNo, name: serialNo });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return String(made.body._id);
  };
  const plan = async (machineId: string, body: Record<string, unknown>) => {
    const made = await t.call(admin, 'POST', '/api/app/preventive-maintenance', { machineInstanceId: machineId, startDate: today, ...body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return String(made.body._id);
  };
  const nextOf = async (machineId: string) => {
    const card = await t.call(admin, 'GET', `${CARD}/${machineId}`);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    return card.body.nextMaintenance;
  };

  it('names a plan by meter waiting for the machine’s first reading, then the reading it waits for, never "none planned"', async () => {
    const machineId = await newMachine('CARD-NEXT-METER');
    const id = await plan(machineId, { title: 'Separator every 1,000 h', trigger: 'Meter', meterKind: 'Running Hours', meterInterval: 1000 });
    // No reading yet: the plan counts from the first one.
    expect(await nextOf(machineId)).toEqual({ _id: id, title: 'Separator every 1,000 h', status: 'Scheduled', meter: { kind: 'Running Hours', unit: 'h' } });
    // A first reading of 4,200 h: the plan falls at 5,200 h (no usage per day yet, so no date to forecast).
    expect((await t.call(admin, 'POST', `${CARD}/${machineId}/meter-reading`, { kind: 'Running Hours', reading: 4200 })).status).toBe(200);
    expect(await nextOf(machineId)).toEqual({ _id: id, title: 'Separator every 1,000 h', status: 'Scheduled', meter: { kind: 'Running Hours', unit: 'h', threshold: 5200 } });
  });

  it('names the plan whose meter gets there first at its present use, with the day it is expected (the demo CP-01: 8,120 h read, about 16 h a day, 8,150 h due)', async () => {
    const next = await nextOf(String(machine('Compressor CP-01')._id));
    expect(next).toMatchObject({ title: 'CP-01 separator element and oil filter', meter: { kind: 'Running Hours', unit: 'h', threshold: 8150 } });
    const expected = String((next as { meter: { expectedDate?: string } }).meter.expectedDate);
    // 30 h to go at about 16 h a day: two days from today (India's day).
    const days = Math.round((Date.parse(expected) - Date.parse(todayIndia())) / 86_400_000);
    expect(days).toBe(2);
  });

  it('gives a plan by date before a plan by meter whose day cannot be told, and a whichever-first plan both its date and its reading', async () => {
    const machineId = await newMachine('CARD-NEXT-BOTH');
    expect((await t.call(admin, 'POST', `${CARD}/${machineId}/meter-reading`, { kind: 'Cycles', reading: 100 })).status).toBe(200);
    await plan(machineId, { title: 'Clutch every 50,000 cycles', trigger: 'Meter', meterKind: 'Cycles', meterInterval: 50000 });
    const due = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const either = await plan(machineId, { title: 'Yearly or 80,000 cycles', trigger: 'Whichever first', frequency: 'Yearly', nextDueDate: due, meterKind: 'Cycles', meterInterval: 80000 });
    expect(await nextOf(machineId)).toEqual({ _id: either, title: 'Yearly or 80,000 cycles', status: 'Scheduled', nextDueDate: due, meter: { kind: 'Cycles', unit: 'cycles', threshold: 80100 } });
  });
});
