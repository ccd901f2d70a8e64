/**
 * Limits on heavy calls (issue 35 §4, server/http/heavy-calls.ts): per person, per tenant and in flight, each a 429
 * with Retry-After and the limit the screens word; paged lists and other tenants are not touched. Small limits
 * here, the defaults' shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEAVY_CALL_LIMITS } from '../../server/config';
import { fileCarryingRoutes, heavyRoutes } from '../../server/http/heavy-calls';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
let invoiceId: string;
const WHOLE = `limit=${Number.MAX_SAFE_INTEGER}`;

beforeAll(async () => {
  t = await testDb({
    config: {
      heavyCallLimits: {
        ...DEFAULT_HEAVY_CALL_LIMITS,
        pdf: { perPerson: 3, perTenant: 100, windowSeconds: 60, inFlightPerPerson: 1 },
        list: { perPerson: 100, perTenant: 4, windowSeconds: 60, inFlightPerPerson: 8 },
      },
    },
  });
  admin = await t.signIn('admin@demo.local');
  const invoices = await t.call(admin, 'GET', '/api/app/invoice?limit=1');
  invoiceId = invoices.body.data?.[0]?._id as string;
  expect(invoiceId).toBeTruthy();
});
afterAll(() => t.close());

describe('heavy calls', () => {
  it('are read from the catalogue: PDFs, e-mail, uploads and whole lists', () => {
    const routes = heavyRoutes();
    const kindOf = (route: string, query: Record<string, string> = {}) => routes.get(route)?.({ query } as never);
    expect(kindOf('POST /api/app/invoice/generatePdf/:id')).toBe('pdf');
    expect(kindOf('POST /api/app/invoice/invoice-email')).toBe('email');
    expect(kindOf('POST /api/app/file-upload')).toBe('upload');
    // A file inside the body (an expense's receipt) makes it an upload too, and lets it past the 1 MB body limit.
    expect(kindOf('POST /api/app/svc-ticket/expense/:id')).toBe('upload');
    expect(fileCarryingRoutes()).toContain('POST /api/app/svc-ticket/expense/:id');
    expect(fileCarryingRoutes()).toContain('POST /api/app/file-upload');
    expect(fileCarryingRoutes()).not.toContain('POST /api/app/svc-ticket');
    expect(kindOf('GET /api/app/invoice', { limit: String(Number.MAX_SAFE_INTEGER) })).toBe('list');
    expect(kindOf('GET /api/app/invoice')).toBe('list');
    expect(kindOf('GET /api/app/invoice', { limit: '10' })).toBeUndefined();
    expect(kindOf('GET /api/app/invoice/getById/:id')).toBeUndefined();
  });

  it('refuses a fourth PDF within the minute with 429, Retry-After and words for the screen; another person still gets theirs', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call(admin, 'POST', `/api/app/invoice/generatePdf/${invoiceId}`)).status).toBe(200);
    const refused = await t.call(admin, 'POST', `/api/app/invoice/generatePdf/${invoiceId}`);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      message: `You have asked for too many PDF documents in a short time. Please wait ${wait} seconds and try again.`,
      code: 'RATE_LIMITED',
      limit: { kind: 'pdf', scope: 'person', retryAfterSeconds: wait },
    });
    const approver = await t.signIn('approver@demo.local');
    expect((await t.call(approver, 'POST', `/api/app/invoice/generatePdf/${invoiceId}`)).status).toBe(200);
  });

  it('lets one person have one PDF in flight at a time', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    const answers = await Promise.all([1, 2].map(() => t.call(clerk, 'POST', `/api/app/invoice/generatePdf/${invoiceId}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.limit).toEqual({ kind: 'pdf', scope: 'in-flight', retryAfterSeconds: 2 });
    expect(refused?.headers['retry-after']).toBe('2');
    // Once it is done, the next one is served.
    expect((await t.call(clerk, 'POST', `/api/app/invoice/generatePdf/${invoiceId}`)).status).toBe(200);
  });

  it('counts whole lists per tenant across its people; pages and other tenants are not counted', async () => {
    const approver = await t.signIn('approver@demo.local');
    const clerk = await t.signIn('clerk@demo.local');
    for (const who of [admin, approver, clerk, admin]) expect((await t.call(who, 'GET', `/api/app/invoice?${WHOLE}`)).status).toBe(200);
    const refused = await t.call(approver, 'GET', `/api/app/invoice?${WHOLE}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Your organisation has asked for too many whole lists or exports in a short time\. Please wait \d+ seconds and try again\.$/);
    expect(refused.body.limit).toMatchObject({ kind: 'list', scope: 'organisation' });
    expect((await t.call(approver, 'GET', '/api/app/invoice?limit=10')).status).toBe(200);
    const acme = await t.signIn('admin@acme.local');
    expect((await t.call(acme, 'GET', `/api/app/invoice?${WHOLE}`)).status).toBe(200);
  });

  it('is refused before anything else for an anonymous caller (401, not 429)', async () => {
    expect((await t.call(null, 'POST', `/api/app/invoice/generatePdf/${invoiceId}`)).status).toBe(401);
  });
});
