/**
 * Who hears a live event (issue 35, item 1), generated for every module of the catalogue and every demo role: a
 * person's socket receives `record.changed` for a record exactly when HTTP lets that person read the record
 * (`getById` answers 200), so by the module's VIEW or a view covering it, within the view's scope; never another
 * tenant's. `ticket.assigned` reaches the assignee alone. The sockets join rooms only (server/realtime/audience.ts),
 * so the same holds through an adapter spanning processes.
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, moduleOps, opRoute, type ModuleDef } from '../../src/contract/modules/index';
import { attachRealtime, type Realtime } from '../../server/realtime/socket';
import { DEMO_USERS } from '../../server/seed/demo-tenant';
import { fillPath, SampleRecords } from '../helpers/sample-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let realtime: Realtime;
let url: string;
let admin: SignedIn;
const people = new Map<string, SignedIn>();
const sockets: Socket[] = [];
/** `email → module:_id` of every record.changed each person's socket received. */
const heard = new Map<string, Set<string>>();
/** The records announced: module → ids. */
const announced: Array<{ def: ModuleDef; id: string }> = [];

function open(token: string): Socket {
  const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

async function join(who: SignedIn): Promise<Socket> {
  const socket = open(who.token);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const answer = await socket.timeout(5_000).emitWithAck('addUser', who.user.subscriberId);
  expect(answer.ok).toBe(true);
  return socket;
}

/** Whether HTTP lets this person read the record: the truth the sockets must follow. */
async function mayRead(who: SignedIn, def: ModuleDef, id: string): Promise<boolean> {
  const { method, path } = opRoute(def, 'getById');
  return (await t.call(who, method, def.path + fillPath(path, id))).status === 200;
}

const readable = catalogue.filter((def) => moduleOps(def).includes('getById') && !def.crossTenant);

beforeAll(async () => {
  t = await testDb();
  realtime = attachRealtime(t.app.server, { db: t.db, hub: t.hub });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.signIn('admin@demo.local');
  for (const email of [...DEMO_USERS.map((u) => u.email), 'admin@acme.local']) {
    const who = await t.signIn(email);
    people.set(email, who);
    heard.set(email, new Set());
    const socket = await join(who);
    socket.on('record.changed', (event: { module: string; _id: string }) => heard.get(email)!.add(`${event.module}:${event._id}`));
  }

  // One sample record of each module (Demo's), and tickets in the engineer's and the client's scopes.
  const samples = new SampleRecords(t);
  for (const def of readable) {
    const record = await samples.ensure(def, admin).catch(() => undefined);
    if (record) announced.push({ def, id: String(record._id) });
  }
  const engineer = people.get('engineer@demo.local')!;
  const client = people.get('client@demo.local')!;
  for (const module of ['ticket', 'svc-ticket']) {
    const def = catalogue.find((m) => m.name === module)!;
    const base = module === 'ticket' ? { title: 'Audience check' } : { title: 'Audience check', ticketType: 'Breakdown Maintenance' };
    for (const body of [{ ...base, assignedTo: engineer.user._id }, { ...base, clientId: client.user.client?._id }, { ...base, assignedTo: admin.user._id }]) {
      const made = await t.call(admin, 'POST', def.path, body);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      announced.push({ def, id: String(made.body._id) });
    }
  }
  // Every change announced as a write would, then time for the answers to arrive.
  for (const { def, id } of announced) t.hub.recordChanged(admin.user.subscriberId, { module: def.name, op: 'update', _id: id });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}, 300_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await realtime.close();
  await t.close();
});

describe('record.changed reaches exactly who may read the record', () => {
  it('covers every module with a record, and tickets in the engineer’s and the client’s scopes', () => {
    expect(new Set(announced.map((a) => a.def.name)).size).toBeGreaterThan(50);
    // The administrator reads everything of his tenant and hears it all; Acme hears nothing of Demo.
    expect(announced.filter((a) => !heard.get('admin@demo.local')!.has(`${a.def.name}:${a.id}`))).toEqual([]);
    expect(heard.get('admin@acme.local')!.size).toBe(0);
    const engineerHeard = announced.filter((a) => heard.get('engineer@demo.local')!.has(`${a.def.name}:${a.id}`)).length;
    expect(engineerHeard).toBeGreaterThan(0);
    expect(engineerHeard).toBeLessThan(announced.length);
  });

  it.each(readable.map((def) => [def.name, def] as const))('%s, for every demo role and another tenant', async (_name, def) => {
    const records = announced.filter((a) => a.def === def);
    for (const [email, who] of people) {
      for (const { id } of records) {
        const may = email.endsWith('@acme.local') ? false : await mayRead(who, def, id);
        expect(heard.get(email)!.has(`${def.name}:${id}`), `${email} ${may ? 'may' : 'may not'} read ${def.name} ${id}`).toBe(may);
      }
    }
  });

  it('an engineer hears of his own tickets only, a client user of his company’s only', () => {
    const tickets = announced.filter((a) => a.def.name === 'ticket' || a.def.name === 'svc-ticket');
    expect(tickets.filter((a) => heard.get('engineer@demo.local')!.has(`${a.def.name}:${a.id}`))).toHaveLength(2);
    expect(tickets.filter((a) => heard.get('client@demo.local')!.has(`${a.def.name}:${a.id}`)).length).toBeGreaterThanOrEqual(1);
    expect(heard.get('client@demo.local')!.size).toBeLessThan(heard.get('admin@demo.local')!.size);
  });
});

describe('ticket.assigned', () => {
  it('reaches the assignee alone, not his colleagues or the client', async () => {
    const got = new Map<string, unknown[]>();
    for (const socket of sockets) socket.on('ticket.assigned', (event) => got.set(socket.id ?? '', [...(got.get(socket.id ?? '') ?? []), event]));
    const engineer = people.get('engineer@demo.local')!;
    const made = await t.call(admin, 'POST', '/api/app/ticket', { title: 'Pump seal leaking', assignedTo: engineer.user._id });
    expect(made.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const receivers = [...got.values()].flat() as Array<{ userId: string; _id: string }>;
    expect(receivers).toEqual([expect.objectContaining({ userId: engineer.user._id, _id: made.body._id, title: 'Pump seal leaking' })]);
  });
});

describe('a record that leaves a filtered view', () => {
  /** Waits for `email`'s socket to hear of `module:_id` after `act`, or gives up after 3 s (false). */
  async function hearsOf(email: string, key: string, act: () => Promise<void>): Promise<boolean> {
    heard.get(email)!.delete(key);
    await act();
    for (let waited = 0; waited < 3_000 && !heard.get(email)!.has(key); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    return heard.get(email)!.has(key);
  }

  it('a requisition sent to purchase is announced to the reviewers it left (their list takes it off)', async () => {
    const purchase = people.get('purchase@demo.local')!;
    const stores = people.get('stores@demo.local')!;
    const parts = await t.call(admin, 'GET', '/api/app/spare-part-inventory?limit=100');
    // A part with a supplier: sending to purchase makes its order.
    const part = (parts.body as { data: Array<{ _id: string; unitPricePaise: number; supplierId?: string }> }).data.find((p) => p.supplierId)!;
    const made = await t.call(stores, 'POST', '/api/app/purchase-order-requisition', { title: 'Audience: leaves review', lines: [{ partId: part._id, quantity: 1, estimatedUnitPricePaise: part.unitPricePaise }] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = String(made.body._id);
    const step = async (who: SignedIn, event: string, data: Record<string, unknown> = {}) => {
      const res = await t.call(who, 'PATCH', `/api/app/purchase-order-requisition/transition/${id}`, { event, data });
      expect(res.status, `${event}: ${JSON.stringify(res.body)}`).toBe(200);
    };
    await step(stores, 'submit');
    await step(purchase, 'approve', { reviewRemarks: 'Fine' });
    expect(await mayRead(purchase, catalogue.find((m) => m.name === 'purchase-order-requisition')!, id)).toBe(true);
    const key = `purchase-order-requisition:${id}`;
    expect(await hearsOf('purchase@demo.local', key, () => step(purchase, 'sendToPurchase'))).toBe(true);
    // It has left the review view: the reviewer may not read it now, which is why only its former audience tells him.
    expect(await mayRead(purchase, catalogue.find((m) => m.name === 'purchase-order-requisition')!, id)).toBe(false);
  });

  it("a ticket given to someone else is announced to the engineer it was with (his My Open Calls loses it)", async () => {
    const engineer = people.get('engineer@demo.local')!;
    const made = await t.call(admin, 'POST', '/api/app/ticket', { title: 'Audience: moves on', assignedTo: engineer.user._id });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = String(made.body._id);
    const def = catalogue.find((m) => m.name === 'ticket')!;
    expect(await mayRead(engineer, def, id)).toBe(true);
    const key = `ticket:${id}`;
    const moved = async () => {
      const res = await t.call(admin, 'PUT', `/api/app/ticket/${id}`, { assignedTo: admin.user._id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    expect(await hearsOf('engineer@demo.local', key, moved)).toBe(true);
    expect(await mayRead(engineer, def, id)).toBe(false);
  });
});
