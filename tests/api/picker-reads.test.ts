/**
 * Picker reads (src/contract/pickerReads.ts): the field engineer raising a spare-part request picks the part from the
 * parts master, which is the stores' (found walking the engineer's job 3: the Part picker said "not open to your role"
 * and the request could not be made). GET spare-part-inventory/getParts answers whoever may make or edit a spare-part
 * request, with the part's number, name, unit and stock only; the rest of the master stays refused, and so does the
 * read to anyone who may not raise or edit a request. The request's Machine Instance picker said the same (found walking
 * the same form at 390 px): GET svc-machine-instances/getMachinesToPick answers him each machine's number, name and
 * serial plate, and nothing else of the machine master.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const PARTS = '/api/app/spare-part-inventory';
const MACHINES = '/api/app/svc-machine-instances';

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let clerk: SignedIn;
let requestReader: SignedIn;

async function created(who: SignedIn, url: string, body: unknown): Promise<ApiBody> {
  const res = await t.call(who, 'POST', url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

interface Picked {
  _id: string;
  partNumber?: string;
  partName?: string;
  stockQty?: number;
  [field: string]: unknown;
}

async function picked(who: SignedIn, query = ''): Promise<Picked[]> {
  const res = await t.call(who, 'GET', `${PARTS}/getParts${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as unknown as Picked[];
}

beforeAll(async () => {
  t = await testDb();
  [admin, engineer, clerk] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('engineer@demo.local'), t.signIn('clerk@demo.local')]);
  // Someone who reads the spare-part requests but neither raises nor edits one: he picks no part.
  const role = await created(admin, '/api/app/role', { name: 'REQUEST_READER', features: [{ feature: 'SPAREPART_REQUEST', privileges: ['VIEW'] }] });
  await created(admin, '/api/app/subscriber-user', { name: 'Request Reader', email: 'requestreader@demo.local', password: 'Picker-Test-2026', roles: [role._id] });
  requestReader = await t.signIn('requestreader@demo.local', 'Picker-Test-2026');
});
afterAll(() => t.close());

describe('GET spare-part-inventory/getParts for the field engineer (SPAREPART_REQUEST VIEW, CREATE; no MANAGE_SPARE_PART)', () => {
  it('answers every part by number, name, unit and stock, and nothing of its price, supplier, bin or value', async () => {
    const parts = await picked(engineer);
    const bearing = parts.find((p) => p.partNumber === 'BRG-7014-C');
    expect(bearing).toMatchObject({ partName: 'Angular contact bearing 7014 C P4 (spindle)', unit: 'Nos' });
    expect(typeof bearing?.stockQty).toBe('number');
    expect(parts.length).toBe((await picked(admin)).length);
    for (const part of parts) {
      for (const hidden of ['unitPricePaise', 'stockValuePaise', 'supplierId', 'binLocation', 'hsnCode', 'reorderLevel', 'leadTimeDays']) expect(part, hidden).not.toHaveProperty(hidden);
    }
  });

  it('is not asked about what it leaves out: a filter, search or sort on a hidden field tells nothing', async () => {
    const all = (await picked(engineer)).map((p) => p._id).sort();
    // The bearing's price and bin: a filter on them is ignored, a search for them finds nothing shown.
    expect((await picked(engineer, '?unitPricePaise=1850000')).map((p) => p._id).sort()).toEqual(all);
    expect(await picked(engineer, '?search=R1-A3')).toEqual([]);
    expect((await picked(engineer, '?search=BRG-7014')).map((p) => p.partNumber)).toEqual(['BRG-7014-C']);
    const byPrice = (await picked(engineer, '?sort=unitPricePaise&order=desc')).map((p) => p._id);
    expect(byPrice).toEqual((await picked(engineer, '?order=desc')).map((p) => p._id));
  });

  it('opens nothing else of the parts master: its list, a part, its ledger, low stock and every write stay 403', async () => {
    const [part] = await picked(engineer);
    const id = String(part?._id);
    for (const [method, url] of [
      ['GET', PARTS],
      ['GET', `${PARTS}/getById/${id}`],
      ['GET', `${PARTS}/ledger/${id}`],
      ['GET', `${PARTS}/lowStock`],
      ['PUT', `${PARTS}/${id}`],
      ['DELETE', `${PARTS}/${id}`],
    ] as const) {
      const res = await t.call(engineer, method, url, method === 'PUT' ? { partName: 'Renamed by the engineer' } : undefined);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const create = await t.call(engineer, 'POST', PARTS, { partNumber: 'ENG-1', partName: 'Made by the engineer', unitPricePaise: 100 });
    expect(create.status).toBe(403);
  });

  it('lets him finish the job: a request for the part he picked is raised', async () => {
    const part = (await picked(engineer)).find((p) => p.partNumber === 'BRG-7014-C');
    const request = await created(engineer, '/api/app/request-spare', { items: [{ partId: part?._id, quantity: 1 }] });
    expect(request.status).toBe('Requested');
  });
});

describe('GET spare-part-inventory/getParts is still refused', () => {
  it('to an accounts clerk, who has nothing to do with parts', async () => {
    const res = await t.call(clerk, 'GET', `${PARTS}/getParts`);
    expect(res.status).toBe(403);
  });

  it('to someone who only reads spare-part requests (no CREATE or UPDATE on them)', async () => {
    const res = await t.call(requestReader, 'GET', `${PARTS}/getParts`);
    expect(res.status).toBe(403);
  });
});

async function machinesPicked(who: SignedIn, query = ''): Promise<Picked[]> {
  const res = await t.call(who, 'GET', `${MACHINES}/getMachinesToPick${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as unknown as Picked[];
}

describe('GET svc-machine-instances/getMachinesToPick for the field engineer (no SVC_MACHINE_INSTANCE)', () => {
  it('answers every machine by number, name and serial, and nothing of its client, asset, status, warranty or QR code', async () => {
    const machines = await machinesPicked(engineer);
    const vmc = machines.find((m) => m.serialNo === 'BFW-45-22817');
    expect(vmc).toMatchObject({ name: 'VMC Bay 1 / M-03' });
    expect(String(vmc?.alternateId)).toMatch(/^MI-/);
    expect(machines.length).toBe((await machinesPicked(admin)).length);
    for (const machine of machines) {
      // Beside the record's stamps, its number, name and serial; `names` names none of the machine's references.
      const shown = Object.keys(machine).filter((f) => !['_id', 'createdAt', 'updatedAt', 'names'].includes(f));
      expect(shown.sort()).toEqual(['alternateId', 'name', 'serialNo']);
      expect(machine.names ?? {}).toEqual({});
      for (const hidden of ['clientId', 'assetId', 'machineTypeId', 'status', 'warrantyUntil', 'installationDate', 'runningHours', 'qrCode']) expect(machine, hidden).not.toHaveProperty(hidden);
    }
  });

  it('is not asked about what it leaves out: a filter on a machine\'s client or status tells nothing', async () => {
    const all = (await machinesPicked(engineer)).map((m) => m._id).sort();
    expect((await machinesPicked(engineer, '?status=Breakdown')).map((m) => m._id).sort()).toEqual(all);
    expect(await machinesPicked(engineer, '?search=Breakdown')).toEqual([]);
    expect((await machinesPicked(engineer, '?search=BFW-45-22817')).map((m) => m.name)).toEqual(['VMC Bay 1 / M-03']);
  });

  it('opens nothing else of the machine master: its list, a machine, its BOM and meters, and every write stay 403', async () => {
    const [machine] = await machinesPicked(engineer);
    const id = String(machine?._id);
    for (const [method, url] of [
      ['GET', MACHINES],
      ['GET', `${MACHINES}/getById/${id}`],
      ['GET', `${MACHINES}/getBomFromMachine/${id}`],
      ['GET', `${MACHINES}/meters/${id}`],
      ['PATCH', `${MACHINES}/generate-qr-code/${id}`],
      ['PUT', `${MACHINES}/${id}`],
      ['DELETE', `${MACHINES}/${id}`],
    ] as const) {
      const res = await t.call(engineer, method, url, method === 'PUT' ? { name: 'Renamed by the engineer' } : undefined);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const create = await t.call(engineer, 'POST', MACHINES, { machineTypeId: String(machine?._id), serialNo: 'ENG-1' });
    expect(create.status).toBe(403);
  });

  it('lets him name the machine of his request: it is raised with the machine he picked', async () => {
    const machine = (await machinesPicked(engineer)).find((m) => m.serialNo === 'BFW-45-22817');
    const part = (await picked(engineer)).find((p) => p.partNumber === 'BRG-7014-C');
    const request = await created(engineer, '/api/app/request-spare', { machineInstanceId: machine?._id, items: [{ partId: part?._id, quantity: 1 }] });
    expect(request.machineInstanceId).toBe(machine?._id);
  });
});

describe('GET svc-machine-instances/getMachinesToPick is still refused', () => {
  it('to an accounts clerk, who raises no spare-part request', async () => {
    const res = await t.call(clerk, 'GET', `${MACHINES}/getMachinesToPick`);
    expect(res.status).toBe(403);
  });

  it('to someone who only reads spare-part requests (no CREATE or UPDATE on them)', async () => {
    const res = await t.call(requestReader, 'GET', `${MACHINES}/getMachinesToPick`);
    expect(res.status).toBe(403);
  });
});
