/**
 * Unpaged lists are streamed (issue 17, item 3): the spec's call (limit = Number.MAX_SAFE_INTEGER) answers the same
 * `{ data, total }` as reading the list page by page, in the same order, with search and filters applied and
 * compressed when asked; a reader who goes away mid-list gives the cursor's connection back. Its speed and memory
 * are measured by `npm run bench` (bench/lists-and-pages.ts), not here.
 */
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSpareParts } from '../../bench/records';
import { LIST_BATCH_ROWS } from '../../server/db/repository';
import { recordName } from '../../src/contract/words';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

const ALL = Number.MAX_SAFE_INTEGER;
// More than two of the cursor's batches, so that batches are joined.
const RECORDS = 2 * LIST_BATCH_ROWS + 345;

let t: TestDb;
let admin: SignedIn;
let total: number;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  total = (await insertSpareParts(t.db, admin.user.subscriberId!, RECORDS)).total;
}, 120_000);
afterAll(() => t.close());

type Part = { _id: string; partName: string; hsnCode?: string };

/** The list read the other way: pages of at most 1000 (answered whole, not streamed). */
async function paged(query = ''): Promise<Part[]> {
  const rows: Part[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await t.call<{ data: Part[]; total: number }>(admin, 'GET', `/api/app/spare-part-inventory?limit=1000&offset=${offset}${query}`);
    expect(page.status).toBe(200);
    rows.push(...page.body.data);
    if (page.body.data.length < 1000) return rows;
  }
}

describe('an unpaged list', () => {
  it('answers every record and the total, in the order of the pages', async () => {
    const all = await t.call<{ data: Part[]; total: number }>(admin, 'GET', `/api/app/spare-part-inventory?limit=${ALL}`);
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(all.body)).toEqual(['data', 'total']);
    expect(all.body.total).toBe(total);
    expect(all.body.data).toHaveLength(total);
    expect(all.body.data.map((p) => p._id)).toEqual((await paged()).map((p) => p._id));
  });

  it('applies search and filters as a page does', async () => {
    const query = '&search=bearing&hsnCode=8482';
    const all = await t.call<{ data: Part[]; total: number }>(admin, 'GET', `/api/app/spare-part-inventory?limit=${ALL}${query}`);
    const pages = await paged(query);
    expect(pages.length).toBeGreaterThan(0);
    expect(all.body.total).toBe(pages.length);
    expect(all.body.data).toEqual(pages);
  });

  it("names each part's supplier, asking for the suppliers at most once per batch, and those already named not again", async () => {
    const pool = t.db as unknown as { query: (...args: unknown[]) => unknown };
    const original = pool.query;
    let supplierQueries = 0;
    pool.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      if (/ as body from "m_supplier" where/.test(typeof first === 'string' ? first : (first?.text ?? ''))) supplierQueries += 1;
      return original.apply(this, args);
    };
    try {
      const all = await t.call<{ data: Array<Part & { supplierId?: string; names?: Record<string, string> }>; total: number }>(admin, 'GET', `/api/app/spare-part-inventory?limit=${ALL}`);
      const suppliers = await t.call<{ data: Array<{ _id: string; name?: string }> }>(admin, 'GET', '/api/app/supplier?limit=1000');
      const names = new Map(suppliers.body.data.map((s) => [s._id, recordName(s)]));
      const supplied = all.body.data.filter((p) => p.supplierId);
      expect(supplied.length).toBeGreaterThan(LIST_BATCH_ROWS);
      for (const part of supplied) expect(part.names?.supplierId).toBe(names.get(part.supplierId!));
      // None at all when the names cache already holds the suppliers (server/domain/names-cache.ts), else once a batch at most.
      expect(supplierQueries).toBeLessThanOrEqual(Math.ceil(total / LIST_BATCH_ROWS));
    } finally {
      pool.query = original;
    }
  });

  it('is compressed when the browser asks, and decodes to the same list', async () => {
    const url = `/api/app/spare-part-inventory?limit=${ALL}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: { token: admin.token } });
    const br = await t.app.inject({ method: 'GET', url, headers: { token: admin.token, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("gives the cursor's connection back when the reader goes away mid-list", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // Connections held for good (the session cache's LISTEN) are not the list's.
    const held = t.db.totalCount - t.db.idleCount;
    await new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: `/api/app/spare-part-inventory?limit=${ALL}`, headers: { token: admin.token } }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error)));
    });
    // The cursor's connection is idle again once the abandoned list is closed.
    await expect.poll(() => t.db.totalCount - t.db.idleCount, { timeout: 10_000 }).toBe(held);
    const again = await t.call<{ total: number }>(admin, 'GET', `/api/app/spare-part-inventory?limit=${ALL}`);
    expect(again.body.total).toBe(total);
  });
});
