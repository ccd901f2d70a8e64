/**
 * Issue 29: text PostgreSQL cannot store (U+0000, an unpaired surrogate such as \ud800) answers 400 naming
 * the field, in every module's create and update, in the upload calls (where a file name with a lone surrogate
 * made encodeURIComponent throw: a 500), in query parameters, and nested fields by their dot path. Text that
 * only looks unusual (emoji: a surrogate pair; other control characters) is stored as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, moduleOps, opRoute } from '../../src/contract/modules/index';
import { findUnstorable } from '../../server/http/storable-text';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

const NUL = 'Contains a NUL character (U+0000), which cannot be stored';
const SURROGATE = /^Contains an unpaired surrogate \(U\+D[89AB]..\)/;

describe('text that cannot be stored', () => {
  it('finds the first bad value or key, by its dot path', () => {
    expect(findUnstorable({ a: 'ok', items: [{ d: 'fine' }, { d: 'x\u0000' }] })).toEqual({ field: 'items.1.d', said: { message: NUL, words: { key: 'refusal.nulCharacter', values: {} } } });
    expect(findUnstorable({ name: 'lone \ud800 high' })?.field).toBe('name');
    expect(findUnstorable({ name: 'lone \udc00 low' })?.said.message).toMatch(/U\+DC00/);
    expect(findUnstorable({ ['k\u0000']: 1 })?.field).toBe('k\\u0000');
    expect(findUnstorable({ name: 'wrench 🔧, tab\t, bell\u0007' })).toBeUndefined();
  });

  it("answers 400 naming the field in every module's create and update, before anything else is checked", async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const def of catalogue) {
      for (const op of ['create', 'update'] as const) {
        if (!moduleOps(def).includes(op)) continue;
        const route = opRoute(def, op);
        const url = `${def.path}${route.path.replace(':id', 'any-id')}`;
        for (const [value, expected] of [['a\u0000b', NUL], ['a\ud800b', SURROGATE]] as const) {
          const res = await t.call(admin, route.method, url, { probe: { note: value } });
          const message = String(res.body.message);
          const ok = res.status === 400 && message.startsWith('probe.note: ') && (typeof expected === 'string' ? message.endsWith(expected) : expected.test(message.slice('probe.note: '.length)));
          // A module the administrator may not use at all refuses before it reads the body: that is not this check.
          if (ok) refused += 1;
          else if (res.status !== 403) failures.push(`${route.method} ${url}: ${res.status} ${message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(catalogue.length);
  });

  it('answers 400 for an uploaded file whose name has a lone surrogate (was a 500 from encodeURIComponent)', async () => {
    const res = await t.call(admin, 'POST', '/api/app/file-upload', { name: 'report\ud800.pdf', mimeType: 'application/pdf', contentBase64: 'JVBERi0=' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^name: Contains an unpaired surrogate \(U\+D800\)/);

    const tickets = await t.call(admin, 'GET', '/api/app/ticket?limit=1');
    const ticketId = String(tickets.body.data?.[0]?._id);
    const attach = await t.call(admin, 'POST', `/api/app/ticket/attachment/${ticketId}`, { name: 'photo\udfff.jpg', mimeType: 'image/jpeg', contentBase64: '/9j/' });
    expect(attach.status).toBe(400);
    expect(attach.body.message).toMatch(/^name: Contains an unpaired surrogate \(U\+DFFF\)/);
    const receipt = await t.call(admin, 'POST', `/api/app/ticket/expense/${ticketId}`, { category: 'Travel', amountPaise: 100, receipt: { name: 'bill\u0000.jpg', mimeType: 'image/jpeg', contentBase64: '/9j/' } });
    expect(receipt.status).toBe(400);
    expect(receipt.body.message).toBe(`receipt.name: ${NUL}`);
  });

  it('answers 400 for a query parameter, and stores text that only looks unusual', async () => {
    const search = await t.call(admin, 'GET', `/api/app/privilege?search=${encodeURIComponent('a\u0000')}`);
    expect(search.status).toBe(400);
    expect(search.body.message).toBe(`search: ${NUL}`);

    const name = 'Wrench 🔧 — tab\there';
    const created = await t.call(admin, 'POST', '/api/app/privilege', { name, code: 'UNUSUAL_TEXT' });
    expect(created.status).toBe(201);
    const read = await t.call(admin, 'GET', `/api/app/privilege/getById/${String(created.body._id)}`);
    expect(read.body.name).toBe(name);
  });
});
