/**
 * The machine and sensor dashboards' calls through HTTP: the figures match records inserted here (and the
 * module lists), another tenant's records never appear, a person without the privilege gets 403, bad input
 * a 400 naming the field, and the sensor calls keep to the units the person may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';
import { createdInState } from '../helpers/lifecycle-records';
import { findOne, userWith } from './modules/support';

let t: TestDb;
let admin: SignedIn;
let acme: SignedIn;
let engineer: SignedIn;
beforeAll(async () => {
  t = await testDb();
  [admin, acme, engineer] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('admin@acme.local'), t.signIn('engineer@demo.local')]);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const list = async (who: SignedIn, path: string): Promise<Row[]> => ((await t.call(who, 'GET', path)).body.data ?? []) as Row[];
async function created(who: SignedIn, path: string, body: Row): Promise<ApiBody> {
  const res = await t.call(who, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const SUMMARY = '/api/app/machine-dashboard/summary';
const LOOKUP = '/api/app/machine-dashboard/lookup';

interface Summary {
  totals: { machines: number; overdue: number; openBreakdowns: number };
  byType: Array<{ key: string | null; label: string | null; count: number }>;
  byStatus: Array<{ key: string; count: number }>;
  byLocation: Array<{ key: string | null; label: string | null; count: number }>;
  maintenanceDue: Array<{ _id: string; title: string; machineName: string; daysLeft: number; nextDueDate: string }>;
  topBreakdowns: Array<{ machineInstanceId: string; tickets: number; open: number }>;
}

describe('machine dashboard summary', () => {
  it('counts machines by type, status and location as the machine list does', async () => {
    const machines = await list(admin, '/api/app/svc-machine-instances');
    const res = await t.call<Summary>(admin, 'GET', SUMMARY);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body;
    expect(s.totals.machines).toBe(machines.length);
    const countOf = (field: string, value: unknown) => machines.filter((m) => (m[field] ?? null) === value).length;
    for (const entry of s.byStatus) expect(entry.count, entry.key).toBe(countOf('status', entry.key));
    for (const entry of s.byType) expect(entry.count, String(entry.label)).toBe(countOf('machineTypeId', entry.key));
    for (const entry of s.byLocation) expect(entry.count, String(entry.label)).toBe(countOf('assetId', entry.key));
    expect(s.byLocation.find((l) => l.key === null)?.label).toBeNull();
    const compressorHouse = s.byLocation.find((l) => l.label?.startsWith('Compressor House'));
    expect(compressorHouse?.label).toBe('Compressor House · Kalyani Forge – Chakan Plant 1');
  });

  it('lists plans due within the window of the given day, overdue first, and ranks breakdowns', async () => {
    const type = await created(admin, '/api/app/svc-machine-type', { machineName: 'Power Press 200 T', manufacturer: 'Schuler', category: 'Press' });
    const press = await created(admin, '/api/app/svc-machine-instances', { machineTypeId: type._id, serialNo: 'SCH-200-0001', name: 'Press P-01', status: 'Breakdown' });
    // Overdue by the clock's step, ended by the planner's: a plan's status moves only by its lifecycle.
    await createdInState(t, admin, 'preventive-maintenance', { title: 'Press clutch check', machineInstanceId: press._id, frequency: 'Monthly', startDate: '2026-01-01', nextDueDate: '2026-03-08' }, 'Overdue');
    await created(admin, '/api/app/preventive-maintenance', { title: 'Press lubrication', machineInstanceId: press._id, frequency: 'Monthly', startDate: '2026-01-01', nextDueDate: '2026-03-20', status: 'Scheduled' });
    await createdInState(t, admin, 'preventive-maintenance', { title: 'Press done plan', machineInstanceId: press._id, frequency: 'Monthly', startDate: '2026-01-01', nextDueDate: '2026-03-09' }, 'Completed');
    await created(admin, '/api/app/preventive-maintenance', { title: 'Press far plan', machineInstanceId: press._id, frequency: 'Yearly', startDate: '2026-01-01', nextDueDate: '2026-06-01', status: 'Scheduled' });
    const recent = new Date(Date.now() - 5 * 86_400_000).toISOString();
    for (const status of ['Open', 'Closed', 'Closed', 'Closed', 'Closed', 'Assigned', 'Closed', 'Closed', 'Closed'])
      await createdInState(t, admin, 'svc-ticket', { ticketType: 'Breakdown Maintenance', title: `Press jam ${status}`, machineInstanceId: press._id, reportedAt: recent }, status);
    // An installation ticket is not a breakdown; an old breakdown falls outside a one-month window.
    await created(admin, '/api/app/svc-ticket', { ticketType: 'Installation and Commissioning', title: 'Press install', machineInstanceId: press._id, reportedAt: recent });
    await createdInState(t, admin, 'svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Old press jam', machineInstanceId: press._id, reportedAt: '2024-01-05T10:00:00+05:30' }, 'Closed');

    const res = await t.call<Summary>(admin, 'GET', `${SUMMARY}?today=2026-03-10&dueWithinDays=14&months=1`);
    expect(res.status).toBe(200);
    const due = res.body.maintenanceDue.filter((p) => p.machineName === 'Press P-01');
    expect(due.map((p) => [p.title, p.daysLeft])).toEqual([['Press clutch check', -2], ['Press lubrication', 10]]);
    expect(res.body.totals.overdue).toBe(res.body.maintenanceDue.filter((p) => p.daysLeft < 0).length);
    expect(res.body.topBreakdowns[0]).toMatchObject({ machineInstanceId: press._id, tickets: 9, open: 2 });
    expect(res.body.byType.find((t) => t.key === type._id)).toEqual({ key: type._id, label: 'Power Press 200 T', count: 1 });
  });

  it("never shows another tenant's machines", async () => {
    const before = (await t.call<Summary>(admin, 'GET', SUMMARY)).body.totals.machines;
    const type = await created(acme, '/api/app/svc-machine-type', { machineName: 'Acme Lift', manufacturer: 'Otis', category: 'Other' });
    const lift = await created(acme, '/api/app/svc-machine-instances', { machineTypeId: type._id, serialNo: 'OTIS-1', name: 'Acme lift 1' });
    await created(acme, '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Lift stuck', machineInstanceId: lift._id, reportedAt: new Date().toISOString() });
    const ours = (await t.call<Summary>(admin, 'GET', SUMMARY)).body;
    expect(ours.totals.machines).toBe(before);
    expect(ours.byType.some((x) => x.key === type._id)).toBe(false);
    expect(ours.topBreakdowns.some((x) => x.machineInstanceId === lift._id)).toBe(false);
    const theirs = (await t.call<Summary>(acme, 'GET', SUMMARY)).body;
    expect(theirs.totals.machines).toBe(1);
    expect(theirs.maintenanceDue).toEqual([]);
    expect(theirs.topBreakdowns.map((b) => b.machineInstanceId)).toEqual([lift._id]);
  });

  it('answers 403 without SVC_MACHINE_INSTANCE VIEW and 400 naming a bad field', async () => {
    expect((await t.call(engineer, 'GET', SUMMARY)).status).toBe(403);
    expect((await t.call(null, 'GET', SUMMARY)).status).toBe(401);
    const bad = await t.call(admin, 'GET', `${SUMMARY}?dueWithinDays=many`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^dueWithinDays: /);
    const day = await t.call(admin, 'GET', `${SUMMARY}?today=10-03-2026`);
    expect(day.status).toBe(400);
    expect(day.body.message).toBe('today: Today must be a date (YYYY-MM-DD)');
  });
});

interface Card {
  machine: { _id: string; alternateId: string; name: string; status: string };
  machineType: { machineName: string } | null;
  location: { name: string; parentName: string | null } | null;
  openTickets: { total: number; items: Array<{ title: string }> };
  lastService: { kind: string; date: string; title: string } | null;
  nextMaintenance: { title: string; nextDueDate: string } | null;
}

describe('machine lookup', () => {
  it('resolves the QR code URL, the alternateId and the serial number in any case to the same card', async () => {
    const vmc = await findOne(t, admin, '/api/app/svc-machine-instances', 'name', 'VMC Bay 1 / M-03');
    const qr = await t.call(admin, 'PATCH', `/api/app/svc-machine-instances/generate-qr-code/${vmc._id}`);
    const codes = [String(qr.body.qrPayload), String(vmc.alternateId).toLowerCase(), String(vmc.serialNo).toLowerCase(), String(vmc._id)];
    for (const code of codes) {
      const res = await t.call<Card>(admin, 'GET', `${LOOKUP}?code=${encodeURIComponent(code)}`);
      expect(res.status, code).toBe(200);
      expect(res.body.machine).toMatchObject({ _id: vmc._id, alternateId: vmc.alternateId, name: 'VMC Bay 1 / M-03', status: 'Breakdown' });
    }
    const card = (await t.call<Card>(admin, 'GET', `${LOOKUP}?machineId=${vmc._id}`)).body;
    expect(card.machineType?.machineName).toBe('Vertical Machining Centre VMC-850');
    expect(card.location).toMatchObject({ name: 'Machining Bay 1', parentName: 'Kalyani Forge – Chakan Plant 1' });
    const open = ['Open', 'Assigned', 'In Progress', 'On Hold'];
    const tickets = [...(await list(admin, `/api/app/svc-ticket?machineInstanceId=${vmc._id}`)), ...(await list(admin, `/api/app/ticket?machineInstanceId=${vmc._id}`))];
    expect(card.openTickets.total).toBe(tickets.filter((x) => open.includes(String(x.status))).length);
    expect(card.openTickets.total).toBeGreaterThan(0);
    // The demo's latest closed breakdown on M-03 was 41 days ago, closed two days later.
    expect(card.lastService).toMatchObject({ kind: 'ticket', title: 'VMC M-03 ATC arm not returning home' });
    expect(card.nextMaintenance?.title).toBe('VMC M-03 spindle bearing inspection');
  });

  it("answers 404 for an unknown code, for another tenant's machine and, without the privilege, for a machine he works no open ticket on; 400 without a code", async () => {
    const vmc = await findOne(t, admin, '/api/app/svc-machine-instances', 'name', 'VMC Bay 1 / M-03');
    expect((await t.call(admin, 'GET', `${LOOKUP}?code=NO-SUCH-MACHINE`)).status).toBe(404);
    expect((await t.call(acme, 'GET', `${LOOKUP}?code=${encodeURIComponent(String(vmc.serialNo))}`)).status).toBe(404);
    // Alternate ids are numbered per tenant: Acme's own MI-… may answer, never ours.
    const sameNumber = await t.call<Card>(acme, 'GET', `${LOOKUP}?code=${encodeURIComponent(String(vmc.alternateId))}`);
    if (sameNumber.status === 200) expect(sameNumber.body.machine._id).not.toBe(vmc._id);
    else expect(sameNumber.status).toBe(404);
    expect((await t.call(acme, 'GET', `${LOOKUP}?machineId=${vmc._id}`)).status).toBe(404);
    const empty = await t.call(admin, 'GET', `${LOOKUP}?code=%20`);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('code: Code is required');
    // Without SVC_MACHINE_INSTANCE, a card opens only through an open ticket the caller works (tests/api/machine-card.test.ts).
    const moulding = await findOne(t, admin, '/api/app/svc-machine-instances', 'name', 'IMM-150 Line 2');
    expect((await t.call(engineer, 'GET', `${LOOKUP}?code=${moulding.alternateId}`)).status).toBe(404);
  });
});

const LIVE = '/api/app/sensor-dashboard/live';
const SENSORS = '/api/app/sensor-dashboard/sensors';
const SERIES = '/api/app/sensor-dashboard/series';
const READINGS = '/api/app/sensor-dashboard/readings';

interface LiveSensor {
  _id: string;
  name: string;
  latest: { _id: string; recordedAt: string; values: Record<string, number>; alarm: boolean } | null;
  sparklines: Record<string, Array<number | null>>;
  sampleIntervalSec: number;
}
interface Series {
  interval: string;
  series: Array<{ sensorInstanceId: string; unit: string; band: { min?: number; max?: number }; points: Array<{ t: string; avg: number; min: number; max: number; count: number }>; stats: { min: number; avg: number; max: number; count: number } | null }>;
}

/** A unit granted to `viewer` only, with one sensor and four readings of 09:00-10:50 UTC on 2026-03-10. */
async function sensorRig(viewer: SignedIn) {
  const product = await created(admin, '/api/app/sensor-product', { productName: 'Rig probe', manufacturer: 'Rigtech', sampleIntervalSec: 600, parameters: [{ name: 'temperature', unit: '°C', min: 0, max: 100 }, { name: 'pressure', unit: 'bar' }] });
  const plant = await findOne(t, admin, '/api/app/asset/list', 'name', 'Pune Polymers – Ranjangaon');
  const unit = await created(admin, '/api/app/asset', { name: 'Rig bay', kind: 'Unit', parentId: plant._id, accessUserIds: [viewer.user._id] });
  const sensor = await created(admin, '/api/app/sensor-instance', { imeiNo: '864211049990011', name: 'Rig sensor', sensorProductId: product._id, unitId: unit._id });
  const readings: ApiBody[] = [];
  for (const [time, temperature] of [['09:00', 10], ['09:10', 20], ['09:40', 30], ['10:50', 40]] as const)
    readings.push(await created(admin, '/api/app/sensor-data', { sensorInstanceId: sensor._id, recordedAt: `2026-03-10T${time}:00Z`, values: { temperature, pressure: 7 } }));
  return { sensor, readings };
}

describe('sensor dashboards', () => {
  let viewer: SignedIn;
  let rig: Awaited<ReturnType<typeof sensorRig>>;
  beforeAll(async () => {
    viewer = await userWith(t, admin, [{ feature: 'SENSOR_DATA', privileges: ['VIEW'] }, { feature: 'SENSOR_ANALYTICS', privileges: ['VIEW'] }]);
    rig = await sensorRig(viewer);
  });

  it('live: the newest reading per sensor and sparkline buckets behind it', async () => {
    const res = await t.call<{ data: LiveSensor[] }>(admin, 'GET', `${LIVE}?hours=2&points=4`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.data.find((s) => s._id === rig.sensor._id);
    expect(mine?.latest).toMatchObject({ _id: rig.readings[3]?._id, values: { temperature: 40, pressure: 7 }, alarm: false });
    expect(mine?.sampleIntervalSec).toBe(600);
    // Buckets of 30 minutes ending at 10:50: (08:50-09:20] holds 10 and 20, (09:20-09:50] 30, then nothing, then 40.
    expect(mine?.sparklines.temperature).toEqual([15, 30, null, 40]);
    // Every demo sensor the admin manages is there (SITE_MANAGE sees all), with its own newest reading.
    const demo = await list(admin, '/api/app/sensor-instance');
    expect(res.body.data.map((s) => s._id).sort()).toEqual(demo.map((s) => s._id).sort());
  });

  it('keeps to the units the person may see, and to the tenant', async () => {
    const seen = await t.call<{ data: LiveSensor[] }>(viewer, 'GET', LIVE);
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((s) => s.name)).toEqual(['Rig sensor']);
    expect((await t.call<{ data: Row[] }>(viewer, 'GET', SENSORS)).body.data.map((s) => s.name)).toEqual(['Rig sensor']);
    const demoSensor = (await list(admin, '/api/app/sensor-instance')).find((s) => s.name === 'CP-02 motor DE bearing');
    const demoReading = (await list(admin, `/api/app/sensor-data?sensorInstanceId=${String(demoSensor?._id)}&limit=1`))[0];
    const ids = `${rig.readings[0]?._id},${String(demoReading?._id)}`;
    expect((await t.call<{ data: Row[] }>(viewer, 'GET', `${READINGS}?ids=${ids}`)).body.data.map((r) => r._id)).toEqual([rig.readings[0]?._id]);
    expect((await t.call<{ data: Row[] }>(admin, 'GET', `${READINGS}?ids=${ids}`)).body.data).toHaveLength(2);
    const range = { parameter: 'temperature', from: '2026-03-10T00:00:00Z', to: '2026-03-11T00:00:00Z' };
    const hidden = await t.call(viewer, 'POST', SERIES, { ...range, sensorInstanceIds: [demoSensor?._id] });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(`No sensor-instance record with id ${String(demoSensor?._id)}`);

    expect((await t.call<{ data: Row[] }>(acme, 'GET', LIVE)).body.data).toEqual([]);
    expect((await t.call<{ data: Row[] }>(acme, 'GET', `${READINGS}?ids=${ids}`)).body.data).toEqual([]);
    expect((await t.call(acme, 'POST', SERIES, { ...range, sensorInstanceIds: [rig.sensor._id] })).status).toBe(404);
  });

  it('series: buckets and range statistics match the readings', async () => {
    const res = await t.call<Series>(viewer, 'POST', SERIES, { sensorInstanceIds: [rig.sensor._id], parameter: 'temperature', from: '2026-03-10T08:00:00Z', to: '2026-03-10T12:00:00Z', interval: '30m' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [line] = res.body.series;
    expect(line?.unit).toBe('°C');
    expect(line?.band).toEqual({ min: 0, max: 100 });
    expect(line?.points).toEqual([
      { t: '2026-03-10T09:00:00.000Z', avg: 15, min: 10, max: 20, count: 2 },
      { t: '2026-03-10T09:30:00.000Z', avg: 30, min: 30, max: 30, count: 1 },
      { t: '2026-03-10T10:30:00.000Z', avg: 40, min: 40, max: 40, count: 1 },
    ]);
    expect(line?.stats).toEqual({ min: 10, avg: 25, max: 40, count: 4 });
    // Without an interval the narrowest one within 240 points is chosen: 4 hours → 5 minutes.
    const auto = await t.call<Series>(viewer, 'POST', SERIES, { sensorInstanceIds: [rig.sensor._id], parameter: 'temperature', from: '2026-03-10T08:00:00Z', to: '2026-03-10T12:00:00Z' });
    expect(auto.body.interval).toBe('5m');
    expect(auto.body.series[0]?.points).toHaveLength(4);
    const none = await t.call<Series>(viewer, 'POST', SERIES, { sensorInstanceIds: [rig.sensor._id], parameter: 'vibration', from: '2026-03-10T08:00:00Z', to: '2026-03-10T12:00:00Z' });
    expect(none.body.series[0]).toMatchObject({ points: [], stats: null });
  });

  it.each([
    [{ sensorInstanceIds: [], parameter: 'temperature', from: '2026-03-10T08:00:00Z', to: '2026-03-10T12:00:00Z' }, 'sensorInstanceIds: Choose at least one sensor'],
    [{ sensorInstanceIds: ['x'], parameter: 'colour', from: '2026-03-10T08:00:00Z', to: '2026-03-10T12:00:00Z' }, 'parameter: Parameter is not valid'],
    [{ sensorInstanceIds: ['x'], parameter: 'temperature', from: 'yesterday', to: '2026-03-10T12:00:00Z' }, 'from: From must be a date-time (ISO 8601)'],
    [{ sensorInstanceIds: ['x'], parameter: 'temperature', from: '2026-03-10T12:00:00Z', to: '2026-03-10T08:00:00Z' }, 'from: From must be before To'],
    [{ sensorInstanceIds: ['x'], parameter: 'temperature', from: '2025-01-01T00:00:00Z', to: '2026-03-10T08:00:00Z' }, 'to: The range is at most 90 days'],
    [{ sensorInstanceIds: ['x'], parameter: 'temperature', from: '2026-01-01T00:00:00Z', to: '2026-03-10T08:00:00Z', interval: '5m' }, 'interval: Interval 5m gives too many points for this range: choose a wider one'],
  ])('series refuses %j with a 400 naming the field', async (body, message) => {
    const res = await t.call(viewer, 'POST', SERIES, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 400 naming a bad live or readings query', async () => {
    const live = await t.call(viewer, 'GET', `${LIVE}?points=1000`);
    expect(live.status).toBe(400);
    expect(live.body.message).toBe('points: Points are at most 96');
    const readings = await t.call(viewer, 'GET', `${READINGS}?ids=,`);
    expect(readings.status).toBe(400);
    expect(readings.body.message).toBe('ids: Give at least one reading id');
  });

  it('answers 403 without SENSOR_DATA or SENSOR_ANALYTICS VIEW', async () => {
    for (const [method, url] of [['GET', LIVE], ['GET', `${READINGS}?ids=a`], ['GET', SENSORS], ['POST', SERIES]] as const) {
      expect((await t.call(engineer, method, url, method === 'POST' ? {} : undefined)).status, url).toBe(403);
    }
    const liveOnly = await userWith(t, admin, [{ feature: 'SENSOR_DATA', privileges: ['VIEW'] }]);
    expect((await t.call(liveOnly, 'GET', LIVE)).status).toBe(200);
    expect((await t.call(liveOnly, 'GET', SENSORS)).status).toBe(403);
  });
});
