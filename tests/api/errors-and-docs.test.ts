/** The error contract, crash reports from the browser, API docs, and the client fallback. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';
import { COMPRESS_THRESHOLD_BYTES } from '../../server/app';
import { FIRST_ROUTES_FILE, type FirstRoutesFile } from '../../src/contract/firstRoutes';

let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  // A route that fails unexpectedly, to see what a client receives from a 500.
  t.app.get('/api/app/test-failure', { config: { access: { kind: 'signed-in' } } }, async () => {
    throw new Error('connection string postgres://secret@db leaked?');
  });
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers malformed JSON with 400 naming the body', async () => {
    const res = await t.call(admin, 'POST', '/api/app/feature', '{"name": "x", ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'body: Malformed JSON', words: { key: 'refusal.malformedJson', values: { field: 'body' } } });
  });

  it('answers an unknown route with 404 "Route METHOD:PATH not found", signed in or not', async () => {
    const anonymous = await t.call(null, 'GET', '/api/app/nothing-here');
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toEqual({ message: 'Route GET:/api/app/nothing-here not found' });
    const signed = await t.call(admin, 'DELETE', '/api/app/role');
    expect(signed.status).toBe(404);
    expect(signed.body).toEqual({ message: 'Route DELETE:/api/app/role not found' });
  });

  it('answers wrong types with 400 naming the field, and writes nothing', async () => {
    const before = (await t.call(admin, 'GET', '/api/app/feature')).body.total;
    const res = await t.call(admin, 'POST', '/api/app/feature', { name: 42, code: 'NUMERIC' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('name: Invalid input: expected string, received number');
    expect((await t.call(admin, 'GET', '/api/app/feature')).body.total).toBe(before);
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await t.call(admin, 'POST', '/api/app/feature', [1, 2]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^body: /);
  });

  it('hides the details of an unexpected failure', async () => {
    const res = await t.call(admin, 'GET', '/api/app/test-failure');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal Server Error', words: { key: 'refusal.internalError', values: {} } });
  });

  it('treats a trailing slash like none (the spec writes some paths with one)', async () => {
    expect((await t.call(admin, 'GET', '/api/app/role/')).status).toBe(200);
  });

  it('answers every error as { message, code?, keyValue?, words? } only', async () => {
    const replies = [
      await t.call(null, 'GET', '/api/app/role'),
      await t.call(admin, 'GET', '/api/app/role/getById/unknown'),
      await t.call(admin, 'POST', '/api/app/role', { name: 'ADMIN' }),
      await t.call(admin, 'POST', '/api/app/role', {}),
    ];
    for (const reply of replies) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(Object.keys(reply.body).every((k) => ['message', 'code', 'keyValue', 'words'].includes(k))).toBe(true);
      expect(typeof reply.body.message).toBe('string');
    }
    // Beside the English, the words the client says it with in the person's language (issue 34).
    expect(replies[1]!.body.words).toEqual({ key: 'refusal.noRecord', values: { module: 'role', id: 'unknown' } });
    expect(replies[3]!.body).toEqual({ message: 'name: Name is required', words: { key: 'validation.required', values: { label: 'Name', field: 'name' } } });
  });
});

describe('compressed answers', () => {
  const list = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/api/app/spare-part-inventory', headers: { token: admin.token, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('sends JSON as brotli or gzip when the browser asks, the same JSON either way, and plain otherwise', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('POST /api/app/uierror', () => {
  it('stores the crash report with the user, URL and time', async () => {
    const engineer = await t.signIn('engineer@demo.local');
    const res = await t.call(engineer, 'POST', '/api/app/uierror', { message: 'Cannot read properties of undefined', componentStack: '\n    at TicketList\n    at App', url: 'http://localhost:3000/app/my-open-tickets' });
    expect(res.status).toBe(201);
    const { rows } = await t.db.query('select * from ui_errors where user_id = $1', [engineer.user._id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subscriber_id: engineer.user.subscriberId, message: 'Cannot read properties of undefined', url: 'http://localhost:3000/app/my-open-tickets' });
    expect(rows[0].component_stack).toContain('TicketList');
    expect(rows[0].created_at).toBeInstanceOf(Date);
  });

  it('needs a signed-in user and a message', async () => {
    expect((await t.call(null, 'POST', '/api/app/uierror', { message: 'x' })).status).toBe(401);
    const missing = await t.call(admin, 'POST', '/api/app/uierror', { componentStack: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('message: Message is required');
  });
});

describe('/api/docs', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.call<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(null, 'GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/app/role', '/api/app/role/update-role/{id}', '/api/saas/subscriber']));
    expect(res.body.paths['/api/app/feature']?.post?.requestBody).toBeDefined();
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('the built client', () => {
  it('serves dist/ and falls back to index.html for client routes, not for /api or missing files', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>FieldOps</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
    const withClient = await testDb({ config: { distDir: dist } });
    try {
      const page = await withClient.app.inject({ method: 'GET', url: '/app/manage-user' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>FieldOps</title>');
      const asset = await withClient.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['content-encoding']).toBeUndefined();
      // The build's pre-compressed copy goes to a browser that accepts gzip.
      const zipped = await withClient.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe('console.log(1)');
      expect((await withClient.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      const api = await withClient.app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Route GET:/api/nothing not found' });
    } finally {
      await withClient.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it("names a first route's own files in the page it sends for that route, and only there (issue 18)", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>FieldOps</title></head><body></body></html>');
    const written: FirstRoutesFile = { routes: [{ path: '^/auth/login(-2)?/?$', files: ['assets/LoginScreen-1.js', 'assets/Input-2.js', 'assets/LoginScreen-3.css'] }] };
    fs.mkdirSync(path.dirname(path.join(dist, FIRST_ROUTES_FILE)), { recursive: true });
    fs.writeFileSync(path.join(dist, FIRST_ROUTES_FILE), JSON.stringify(written));
    const withClient = await testDb({ config: { distDir: dist } });
    try {
      const signIn = await withClient.app.inject({ method: 'GET', url: '/auth/login-2?next=%2Fapp%2Fhome' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.headers['content-type']).toMatch(/^text\/html/);
      expect(signIn.headers['cache-control']).toBe('no-cache');
      const head = signIn.body.slice(0, signIn.body.indexOf('</head>'));
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginScreen-1.js">');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Input-2.js">');
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/LoginScreen-3.css">');
      const other = await withClient.app.inject({ method: 'GET', url: '/app/manage-user' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
    } finally {
      await withClient.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
