/**
 * Security headers on every kind of answer (a public call, a refused call, a missing route), computed once at
 * start from helmet (server/http/security-headers.ts) with the product's policy: images from https and data
 * URLs, no upgrade to https (plain-HTTP LAN installs), no cross-origin embedder policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
beforeAll(async () => {
  t = await testDb();
});
afterAll(() => t.close());

describe('security headers', () => {
  it.each([
    ['a public call', '/api/health', 200],
    ['a call without sign-in', '/api/app/role', 401],
    ['a missing route', '/api/app/no-such-thing', 404],
  ])('are on %s', async (_what, url, status) => {
    const res = await t.call(null, 'GET', url);
    expect(res.status).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
