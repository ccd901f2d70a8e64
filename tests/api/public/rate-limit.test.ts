/** Public calls are rate-limited per client address; sign-ups more strictly. Own app, own limiter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_RATE_LIMIT } from '../../../server/public/routes';
import { SIGN_UP_LIMIT } from '../../../server/public/subscription-routes';
import { testDb, type TestDb } from '../../helpers/test-db';
import { proposalLink, publicCall, recordNamed } from './support';

let t: TestDb;
beforeAll(async () => {
  t = await testDb();
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('answers 429 with a message once an address exceeds the public limit', async () => {
    const admin = await t.signIn('admin@demo.local');
    const proposal = await recordNamed(t, admin, '/api/app/proposal', 'status', 'Sent(Final)');
    const { token } = await proposalLink(t, admin, proposal._id);
    for (let i = 0; i < PUBLIC_RATE_LIMIT.max; i++) {
      const res = await publicCall(t, token, 'POST', `/api/public/business-proposal/generatePdf/${proposal._id}`);
      expect(res.status).toBe(200);
    }
    const limited = await publicCall(t, token, 'PATCH', '/api/public/business-proposal/viewProposal', { id: proposal._id });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests\. Please try again in .+\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Staff calls are not behind the public limiter.
    expect((await t.call(admin, 'GET', '/api/app/proposal')).status).toBe(200);
  });

  it('limits sign-ups per address more strictly', async () => {
    const t2 = await testDb();
    try {
      for (let i = 0; i < SIGN_UP_LIMIT.max; i++) {
        const res = await t2.call(null, 'POST', '/api/public/public-subscription-request', { companyName: 'x' });
        expect(res.status).toBe(400);
      }
      const limited = await t2.call(null, 'POST', '/api/public/public-subscription-request', { companyName: 'x' });
      expect(limited.status).toBe(429);
    } finally {
      await t2.close();
    }
  });
});
