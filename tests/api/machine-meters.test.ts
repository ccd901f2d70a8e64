/**
 * Machines' meters (issue 31 item 2), through HTTP: a person's readings (never lower than the last, unless a reset
 * with its reason; refused naming the field and writing nothing), a sensor's counter mapped to a meter, the usage
 * per day, and who may call what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInIndia } from '../../server/domain/records';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const MACHINES = '/api/app/svc-machine-instances';

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let client: SignedIn;
let acme: SignedIn;

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  client = await t.signIn('client@demo.local');
  acme = await t.signIn('admin@acme.local');
});
afterAll(() => t.close());

async function newMachine(serialNo: string): Promise<string> {
  const type = (await t.call(admin, 'GET', '/api/app/svc-machine-type?limit=1')).body.data?.[0]?._id;
  const res = await t.call(admin, 'POST', MACHINES, { machineTypeId: type, serialNo, name: serialNo });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body._id);
}

type Meter = { kind: string; lastReading: number | null; dailyUsage: number | null; readings: Array<{ reading: number; reset: boolean; resetReason: string | null; source: string; byName: string }> };
const meters = async (id: string): Promise<Meter[]> => (await t.call(admin, 'GET', `${MACHINES}/meters/${id}`)).body.data as unknown as Meter[];
const readingCount = async () => Number((await t.db.query<{ n: string }>('select count(*) as n from meter_readings')).rows[0]?.n);

describe('a person’s reading', () => {
  it('adds the meter on the first reading and keeps the readings newest first, with who read them', async () => {
    const id = await newMachine('METER-0001');
    expect(await meters(id)).toEqual([]);
    const first = await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Running Hours', reading: 120, readAt: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'Running Hours', unit: 'h', lastReading: 120 });
    expect((await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Running Hours', reading: 152 })).status).toBe(200);
    const [meter] = await meters(id);
    expect(meter).toMatchObject({ kind: 'Running Hours', lastReading: 152 });
    expect(meter?.readings.map((r) => r.reading)).toEqual([152, 120]);
    expect(meter?.readings[0]).toMatchObject({ source: 'person', byName: admin.user.name, reset: false });
    // 32 hours over two days.
    expect(meter?.dailyUsage).toBeCloseTo(16, 0);
  });

  it('lower than the last is refused naming reading; a reset needs its reason; neither writes anything', async () => {
    const id = await newMachine('METER-0002');
    expect((await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Cycles', reading: 5000 })).status).toBe(200);
    const before = await readingCount();
    const lower = await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Cycles', reading: 4999 });
    expect(lower.status).toBe(400);
    expect(String(lower.body.message)).toMatch(/^reading: Reading cannot be lower than the last one \(5000\)/);
    // Its words go beside the English: the client says it in the person's language (issue 34).
    expect(lower.body.words).toEqual({ key: 'refusal.readingBelowLast', values: { last: 5000, field: 'reading' } });
    const noReason = await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Cycles', reading: 10, reset: true });
    expect(noReason.status).toBe(400);
    expect(String(noReason.body.message)).toContain('resetReason');
    for (const [body, field] of [
      [{ kind: 'Cycles', reading: -1 }, 'reading'],
      [{ kind: 'Cycles', reading: 'many' }, 'reading'],
      [{ kind: 'Fuel', reading: 1 }, 'kind'],
      [{ kind: 'Cycles', reading: 6000, readAt: new Date(Date.now() + 86_400_000).toISOString() }, 'readAt'],
    ] as const) {
      const res = await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.message), JSON.stringify(body)).toContain(field);
    }
    expect(await readingCount()).toBe(before);
    expect((await meters(id))[0]?.lastReading).toBe(5000);
    const reset = await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Cycles', reading: 10, reset: true, resetReason: 'Counter replaced' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await meters(id))[0]?.readings[0]).toMatchObject({ reading: 10, reset: true, resetReason: 'Counter replaced' });
  });

  it('after a reset, a plan counting the meter still falls due on its lifetime count', async () => {
    const id = await newMachine('METER-0003');
    expect((await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Running Hours', reading: 900 })).status).toBe(200);
    const plan = await t.call(admin, 'POST', '/api/app/preventive-maintenance', { title: '1000-hour service', machineInstanceId: id, startDate: todayInIndia(), trigger: 'Meter', meterKind: 'Running Hours', meterInterval: 1000 });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    // The hour meter was replaced at 900 h: 950 more hours on the new one make 1850 in all, short of 1900.
    expect((await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Running Hours', reading: 0, reset: true, resetReason: 'Hour meter replaced' })).status).toBe(200);
    expect((await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Running Hours', reading: 950 })).body).toMatchObject({ raisedTickets: [] });
    const crossed = await t.call(admin, 'POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Running Hours', reading: 1000 });
    expect((crossed.body.raisedTickets as string[]).length).toBe(1);
  });
});

describe('a sensor’s counter', () => {
  it('feeds the meter mapped to its parameter, and crossing a plan’s threshold raises its ticket', async () => {
    const id = await newMachine('METER-0004');
    const product = (await t.call(admin, 'GET', '/api/app/sensor-product?limit=1')).body.data?.[0]?._id;
    const sensor = await t.call(admin, 'POST', '/api/app/sensor-instance', { imeiNo: '864211049997777', name: 'Press hour counter', sensorProductId: product, machineInstanceId: id });
    expect(sensor.status, JSON.stringify(sensor.body)).toBe(201);
    const sensorId = String(sensor.body._id);
    const unmapped = await t.call(admin, 'POST', `${MACHINES}/meters/${id}`, { kind: 'Running Hours', sensorInstanceId: sensorId });
    expect(unmapped.status).toBe(400);
    expect(String(unmapped.body.message)).toContain('sensorParameter');
    const mapped = await t.call(admin, 'POST', `${MACHINES}/meters/${id}`, { kind: 'Running Hours', sensorInstanceId: sensorId, sensorParameter: 'runningHours' });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect((mapped.body.data as unknown as Meter[])[0]).toMatchObject({ kind: 'Running Hours', sensorInstanceId: sensorId, sensorParameter: 'runningHours', lastReading: null });
    const send = (hours: number) => t.call(admin, 'POST', '/api/app/sensor-data', { sensorInstanceId: sensorId, recordedAt: new Date().toISOString(), values: { runningHours: hours } });
    expect((await send(100)).status).toBe(201);
    const plan = await t.call(admin, 'POST', '/api/app/preventive-maintenance', { title: '250-hour check', machineInstanceId: id, startDate: todayInIndia(), trigger: 'Meter', meterKind: 'Running Hours', meterInterval: 250 });
    expect(plan.body.meterBaseline).toBe(100);
    expect((await send(349)).status).toBe(201);
    expect((await t.db.query(`select 1 from m_svc_ticket where body->>'planId' = $1`, [plan.body._id])).rowCount).toBe(0);
    expect((await send(351)).status).toBe(201);
    expect((await t.db.query(`select 1 from m_svc_ticket where body->>'planId' = $1`, [plan.body._id])).rowCount).toBe(1);
    const [meter] = await meters(id);
    expect(meter).toMatchObject({ lastReading: 351 });
    expect(meter?.readings[0]).toMatchObject({ source: 'sensor', byName: 'Sensor Press hour counter' });
  });
});

describe('who may call', () => {
  it('another tenant gets 404; people without the machines’ screen 403', async () => {
    const id = await newMachine('METER-0005');
    const calls: Array<[string, string, ApiBody | undefined]> = [
      ['GET', `${MACHINES}/meters/${id}`, undefined],
      ['POST', `${MACHINES}/meters/${id}`, { kind: 'Cycles' }],
      ['POST', `${MACHINES}/meter-reading/${id}`, { kind: 'Cycles', reading: 1 }],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.call(acme, method, url, body)).status, `acme ${method} ${url}`).toBe(404);
      expect((await t.call(client, method, url, body)).status, `client ${method} ${url}`).toBe(403);
      expect((await t.call(engineer, method, url, body)).status, `engineer ${method} ${url}`).toBe(403);
    }
    expect(await meters(id)).toEqual([]);
  });
});
