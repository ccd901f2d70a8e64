/**
 * The live sensor screen end to end on a real port: the `liveReadings` machine with its real calls and the
 * session's real socket actor, against the app with socket.io attached. A reading posted through HTTP
 * reaches the machine as `record.changed` and is fetched through the readings call; a person who may not
 * see the sensor gets the event (the room is the tenant's) but never the reading; another tenant's reading
 * never reaches the room at all.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { configureHttp, resetHttpConfig } from '../../src/api/http';
import { configureStorage, createMemoryStore, writeStored } from '../../src/api/storage';
import { liveReadingsMachine } from '../../src/machines/flows/liveReadings';
import { fetchReadings, type Reading } from '../../src/machines/flows/sensorDashboardCalls';
import { attachRealtime, tenantRoom, type Realtime } from '../../server/realtime/socket';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';
import { userWith } from './modules/support';

let t: TestDb;
let realtime: Realtime;
let admin: SignedIn;
let acme: SignedIn;
let viewer: SignedIn;
let sensor: ApiBody;

beforeAll(async () => {
  t = await testDb();
  realtime = attachRealtime(t.app.server, { db: t.db, hub: t.hub });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  configureHttp({ baseURL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` });
  configureStorage({ backend: createMemoryStore(), warn: () => undefined });
  [admin, acme] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('admin@acme.local')]);
  // A person who may read sensor data, but whose units hold none of the demo sensors.
  viewer = await userWith(t, admin, [{ feature: 'SENSOR_DATA', privileges: ['VIEW'] }]);
  const found = (await t.call(admin, 'GET', '/api/app/sensor-instance')).body.data?.find((s) => s.name === 'CP-01 motor DE bearing');
  if (!found) throw new Error('demo sensor missing');
  sensor = found as ApiBody;
});

afterAll(async () => {
  resetHttpConfig();
  await realtime.close();
  await t.close();
});

/** Ids the machine asked the readings call for, per run (the real call, observed). */
let asked: string[][] = [];
const observedMachine = liveReadingsMachine.provide({
  actors: {
    fetchReadings: fromPromise<Reading[], { ids: string[] }>(async ({ input }) => {
      asked.push(input.ids);
      return fetchReadings(input);
    }),
  },
});

/** Starts the machine as `who` (the HTTP layer reads the stored token) and waits until it listens. */
async function liveAs(who: SignedIn) {
  writeStored('tn_ah', who.token);
  asked = [];
  const actor = createActor(observedMachine, { input: { socket: { token: who.token, subscriberId: who.user.subscriberId } } }).start();
  await waitFor(actor, (s) => s.matches('live'), { timeout: 10_000 });
  // The socket has joined the tenant's room once the server counts it there.
  await expect.poll(async () => (await realtime.io.in(tenantRoom(who.user.subscriberId)).fetchSockets()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return actor;
}

async function postReading(who: SignedIn, sensorId: string, vibration: number): Promise<ApiBody> {
  const res = await t.call(who, 'POST', '/api/app/sensor-data', { sensorInstanceId: sensorId, recordedAt: new Date().toISOString(), values: { vibration, temperature: 55 } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('live readings over a real socket', () => {
  it('shows a new reading of a visible sensor as its latest, and counts it', async () => {
    const actor = await liveAs(admin);
    const before = actor.getSnapshot().context.sensors.find((s) => s._id === sensor._id);
    expect(before).toBeDefined();
    const reading = await postReading(admin, String(sensor._id), 3.3);
    await waitFor(actor, (s) => s.context.sensors.find((x) => x._id === sensor._id)?.latest?._id === reading._id, { timeout: 10_000 });
    const after = actor.getSnapshot().context.sensors.find((s) => s._id === sensor._id);
    expect(after?.latest?.values).toEqual({ vibration: 3.3, temperature: 55 });
    expect(after?.sparklines.vibration?.at(-1)).toBe(3.3);
    expect(after?.sparklines.vibration).toHaveLength(before?.sparklines.vibration?.length ?? 0);
    expect(actor.getSnapshot().context.received).toBe(1);

    // Another tenant's reading never reaches this room.
    const product = await t.call(acme, 'POST', '/api/app/sensor-product', { productName: 'Acme probe', manufacturer: 'Acme', parameters: [{ name: 'vibration', unit: 'mm/s' }] });
    const theirs = await t.call(acme, 'POST', '/api/app/sensor-instance', { imeiNo: '864211049990029', name: 'Acme sensor', sensorProductId: product.body._id });
    await postReading(acme, String(theirs.body._id), 1.1);
    const next = await postReading(admin, String(sensor._id), 3.4);
    await waitFor(actor, (s) => s.context.sensors.find((x) => x._id === sensor._id)?.latest?._id === next._id, { timeout: 10_000 });
    expect(actor.getSnapshot().context.received).toBe(2);
    expect(actor.getSnapshot().context.sensors.some((s) => s._id === theirs.body._id)).toBe(false);
    actor.stop();
  });

  it('gives a person the event but not a reading of a sensor outside their units', async () => {
    const actor = await liveAs(viewer);
    expect(actor.getSnapshot().context.sensors).toEqual([]);
    const reading = await postReading(admin, String(sensor._id), 4.4);
    // The machine got the id through the room and asked for it; the answer held nothing for this person.
    await expect.poll(() => asked.flat(), { timeout: 10_000 }).toContain(reading._id);
    await waitFor(actor, (s) => s.matches({ live: 'idle' }), { timeout: 10_000 });
    expect(actor.getSnapshot().context.received).toBe(0);
    expect(actor.getSnapshot().context.sensors).toEqual([]);
    actor.stop();
  });
});
