/**
 * Names, not ids, in lists (issue 12 item 4): a list reply's rows carry `names` (reference field → the referenced
 * record's name), as a record's detail does, so a person who may not list the referenced module (an engineer and the
 * tenant's clients) still reads its name in his list. On a page and on the streamed (unpaged) list alike, with one
 * query for the whole page (every referenced module in it), never one per row. A module without references keeps the spec's
 * row shape exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordName } from '../../src/contract/words';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const ALL = Number.MAX_SAFE_INTEGER;

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let clients: ApiBody[];
const tickets: ApiBody[] = [];

type Page = { data: Array<ApiBody & { names?: Record<string, string> }>; total: number };

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  const listed = await t.call<Page>(admin, 'GET', '/api/app/client?limit=100');
  clients = listed.body.data;
  expect(clients.length).toBeGreaterThanOrEqual(2);
  // Enough of the engineer's tickets, over several clients, that one query per row would show.
  for (let i = 0; i < 12; i++) {
    const res = await t.call(admin, 'POST', '/api/app/svc-ticket', {
      ticketType: 'Breakdown Maintenance',
      title: `Names in lists ${i}`,
      priority: 'High',
      assignedTo: engineer.user._id,
      clientId: clients[i % clients.length]!._id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tickets.push(res.body);
  }
});
afterAll(() => t.close());

/** The names-by-id queries (server/domain/reference-names.ts) the app sends while `run` runs: the tables each reads. */
async function nameQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[][] }> {
  const pool = t.db as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query;
  const queries: string[][] = [];
  pool.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const tables = [...text.matchAll(/as m, _id, jsonb_build_object\([^)]*\) as body from "([^"]+)" where subscriber_id = \$1 and _id = any/g)].map((m) => m[1]!);
    if (tables.length > 0) queries.push(tables);
    return original.apply(this, args);
  };
  try {
    return { result: await run(), queries };
  } finally {
    pool.query = original;
  }
}

function expectTicketsNamed(rows: Page['data']) {
  const ours = rows.filter((r) => tickets.some((x) => x._id === r._id));
  expect(ours).toHaveLength(tickets.length);
  for (const row of ours) {
    const client = clients.find((c) => c._id === row.clientId)!;
    expect(row.names, JSON.stringify(row)).toMatchObject({ clientId: recordName(client), assignedTo: engineer.user.name });
  }
}

describe('a list names what its rows refer to', () => {
  it("the engineer, who may not list the clients, reads his tickets' clients and assignee by name on a page", async () => {
    expect((await t.call(engineer, 'GET', '/api/app/client?limit=10')).status).toBe(403);
    const { result: page, queries } = await nameQueries(() => t.call<Page>(engineer, 'GET', '/api/app/svc-ticket?limit=100'));
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(Object.keys(page.body)).toEqual(['data', 'total']);
    expectTicketsNamed(page.body.data);
    // One query for the page, reading the clients once and the people once: not one per row, nor one per module.
    expect(queries).toHaveLength(1);
    expect(queries[0]).toEqual(expect.arrayContaining(['m_client', 'm_subscriber_user']));
    expect(new Set(queries[0]).size).toBe(queries[0]!.length);
    // The same names as the ticket's detail gives.
    const detail = await t.call(engineer, 'GET', `/api/app/svc-ticket/getById/${tickets[0]!._id}`);
    expect(page.body.data.find((r) => r._id === tickets[0]!._id)?.names).toEqual(detail.body.names);
  });

  it('the streamed (unpaged) list names them the same way', async () => {
    for (const url of [`/api/app/svc-ticket?limit=${ALL}`, '/api/app/svc-ticket']) {
      const { result: all, queries } = await nameQueries(() => t.call<Page>(engineer, 'GET', url));
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(Object.keys(all.body)).toEqual(['data', 'total']);
      expect(all.body.data).toHaveLength(all.body.total);
      expectTicketsNamed(all.body.data);
      // At most one: none once the names cache holds them (the page above read them; tests/api/read-statements.test.ts).
      expect(queries.length).toBeLessThanOrEqual(1);
    }
  });

  it("an invoice list names each invoice's client, paged and streamed", async () => {
    for (const url of ['/api/app/invoice?limit=100', `/api/app/invoice?limit=${ALL}`]) {
      const res = await t.call<Page>(admin, 'GET', url);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const withClient = res.body.data.filter((r) => typeof r.clientId === 'string' && r.clientId !== '');
      expect(withClient.length, url).toBeGreaterThan(0);
      for (const row of withClient) {
        const client = clients.find((c) => c._id === row.clientId);
        expect(row.names?.clientId, url).toBe(client ? recordName(client) : undefined);
      }
    }
  });

  it("a list of references (a purchase order's requisitions) is named element by element, on its page and its record", async () => {
    const requisitions = (await t.call<Page>(admin, 'GET', `/api/app/purchase-order-requisition?limit=${ALL}`)).body.data;
    const orders = (await t.call<Page>(admin, 'GET', '/api/app/purchase-order?limit=100')).body.data.filter((o) => Array.isArray(o.requisitionIds) && o.requisitionIds.length > 0);
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      const expected = Object.fromEntries((order.requisitionIds as string[]).map((id, i) => [`requisitionIds.${i}`, recordName(requisitions.find((r) => r._id === id) as ApiBody & { _id: string })]));
      expect(order.names).toMatchObject(expected);
      const one = await t.call(admin, 'GET', `/api/app/purchase-order/getById/${String(order._id)}`);
      expect(one.body.names).toMatchObject(expected);
    }
  });

  it('a row that refers to nothing has empty names; a module without references keeps its rows as they were', async () => {
    const bare = await t.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Nobody yet', priority: 'Low' });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    const page = await t.call<Page>(admin, 'GET', '/api/app/svc-ticket?limit=1000');
    const row = page.body.data.find((r) => r._id === bare.body._id)!;
    expect(row.names).toEqual({});
    const suppliers = await t.call<Page>(admin, 'GET', '/api/app/supplier?limit=10');
    expect(suppliers.status).toBe(200);
    expect(suppliers.body.data.length).toBeGreaterThan(0);
    for (const supplier of suppliers.body.data) expect(supplier).not.toHaveProperty('names');
  });
});
