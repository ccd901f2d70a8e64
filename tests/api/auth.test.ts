/** Sign-in, sign-out, tokens, rate limits and header images, through HTTP on PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../../server/config';
import { testDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
beforeAll(async () => {
  t = await testDb();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('answers a token, the user and the timezone for the right password', async () => {
    const res = await t.call(null, 'POST', '/api/auth/login', { email: 'admin@demo.local', password: 'Demo-Admin-2026' });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    expect((res.body.token as string).length).toBeGreaterThanOrEqual(40);
    expect(res.body.timezone).toBe('Asia/Kolkata');
    const user = res.body.user as Record<string, unknown>;
    expect(user).toMatchObject({ name: 'Asha Kulkarni', email: 'admin@demo.local', userType: 'Subscriber-User', roles: [{ name: 'ADMIN' }] });
    expect(typeof user._id).toBe('string');
    expect(typeof user.subscriberId).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await t.call(null, 'POST', '/api/auth/login', { email: 'Engineer@Demo.Local', password: 'Demo-Engineer-2026' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'engineer@demo.local', roles: [{ name: 'USER' }] });
  });

  it('answers the client company of a Client-User', async () => {
    const res = await t.call(null, 'POST', '/api/auth/login', { email: 'client@demo.local', password: 'Demo-Client-2026' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ userType: 'Client-User', client: { companyName: 'Sunrise Textiles Pvt Ltd' } });
    expect(typeof (res.body.user as { client: { _id: string } }).client._id).toBe('string');
  });

  it('signs the operator in with userType Operator', async () => {
    const res = await t.call(null, 'POST', '/api/auth/login', { email: 'operator@demo.local', password: 'Demo-Operator-2026' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ userType: 'Operator', roles: [{ name: 'OPERATOR' }] });
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await t.call(null, 'POST', '/api/auth/login', { email: 'admin@acme.local', password: 'Wrong@123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', words: { key: 'refusal.wrongPassword', values: {} } });
    const unknown = await t.call(null, 'POST', '/api/auth/login', { email: 'nobody@demo.local', password: 'Demo-Admin-2026' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid email or password', words: { key: 'refusal.wrongPassword', values: {} } });
  });

  it('answers 400 naming the field for bad input', async () => {
    const badEmail = await t.call(null, 'POST', '/api/auth/login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('email: Email is not valid');
    const noPassword = await t.call(null, 'POST', '/api/auth/login', { email: 'admin@demo.local' });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('password: Password is required');
    const emptyPassword = await t.call(null, 'POST', '/api/auth/login', { email: 'admin@demo.local', password: '' });
    expect(emptyPassword.body.message).toBe('password: Password is required');
  });
});

describe('sign-in limits: guessing waits, the owner is never locked out (README "Sign-in limits")', () => {
  const login = (t2: TestDb, address: string, email: string, password: string) => t2.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email, password } });

  it('makes one account wait after 5 wrong passwords from one address, even for the right one; the owner elsewhere and other accounts sign in', async () => {
    const t2 = await testDb();
    try {
      for (let i = 0; i < 5; i++) expect((await login(t2, '10.0.0.5', 'engineer@demo.local', `Wrong@12${i}`)).statusCode).toBe(401);
      const waiting = await login(t2, '10.0.0.5', 'Engineer@Demo.Local', 'Demo-Engineer-2026');
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json()).toEqual({
        message: 'Too many wrong passwords for this account from your network address. Please wait 30 seconds before trying again.',
        code: 'RATE_LIMITED',
        limit: { kind: 'signIn', scope: 'account-address', retryAfterSeconds: 30 },
      });
      expect(waiting.headers['retry-after']).toBe('30');
      // The owner, from another address: no lock a stranger could have set.
      expect((await login(t2, '10.0.0.6', 'engineer@demo.local', 'Demo-Engineer-2026')).statusCode).toBe(200);
      // Another account from the guessing address.
      expect((await login(t2, '10.0.0.5', 'admin@demo.local', 'Demo-Admin-2026')).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('doubles the wait with each further failure, and a success starts the pair afresh', async () => {
    const t2 = await testDb({ config: { loginLimits: { ...DEFAULT_LOGIN_LIMITS, freeFailures: 2, firstDelaySeconds: 1 } } });
    try {
      for (let i = 0; i < 2; i++) expect((await login(t2, '10.0.0.9', 'clerk@demo.local', 'Wrong@123')).statusCode).toBe(401);
      const first = await login(t2, '10.0.0.9', 'clerk@demo.local', 'Wrong@123');
      expect(first.statusCode).toBe(429);
      expect(first.headers['retry-after']).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await login(t2, '10.0.0.9', 'clerk@demo.local', 'Wrong@123')).statusCode).toBe(401);
      const second = await login(t2, '10.0.0.9', 'clerk@demo.local', 'Demo-Clerk-2026');
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBe('2');
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await login(t2, '10.0.0.9', 'clerk@demo.local', 'Demo-Clerk-2026')).statusCode).toBe(200);
      // Cleared: two wrong passwords are free again.
      for (let i = 0; i < 2; i++) expect((await login(t2, '10.0.0.9', 'clerk@demo.local', 'Wrong@123')).statusCode).toBe(401);
    } finally {
      await t2.close();
    }
  });

  it('refuses one address for every account once it is over its hard limit; another address still signs in', async () => {
    const t3 = await testDb({ config: { loginLimits: { ...DEFAULT_LOGIN_LIMITS, perAddress: 8 } } });
    try {
      for (let i = 0; i < 8; i++) expect((await login(t3, '10.0.0.7', `guess${i}@demo.local`, 'Guess@123')).statusCode).toBe(401);
      const blocked = await login(t3, '10.0.0.7', 'admin@demo.local', 'Demo-Admin-2026');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts from your network address\. Please wait (\d+ seconds|\d+ minutes) before trying again\.$/);
      expect(blocked.json().limit).toMatchObject({ kind: 'signIn', scope: 'address' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3_500);
      expect((await login(t3, '10.0.0.8', 'admin@demo.local', 'Demo-Admin-2026')).statusCode).toBe(200);
    } finally {
      await t3.close();
    }
  });
});

describe('tokens', () => {
  it('refuses /api/app calls without a token or with an unknown one (401 with a message)', async () => {
    const none = await t.call(null, 'GET', '/api/app/role');
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/sign in/i);
    const forged = await t.call('forged-token', 'GET', '/api/app/role');
    expect(forged.status).toBe(401);
    expect(forged.body.message).toMatch(/session/i);
  });

  it('accepts the token as a Bearer authorization too', async () => {
    const admin = await t.signIn('admin@demo.local');
    const res = await t.call(null, 'GET', '/api/app/role', undefined, { authorization: `Bearer ${admin.token}` });
    expect(res.status).toBe(200);
  });

  it('logout revokes the token; other sessions of the user stay', async () => {
    const first = await t.signIn('admin@demo.local');
    const second = await t.signIn('admin@demo.local');
    const out = await t.call(first, 'POST', '/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out' });
    expect((await t.call(first, 'GET', '/api/app/role')).status).toBe(401);
    expect((await t.call(first, 'POST', '/api/auth/logout')).status).toBe(401);
    expect((await t.call(second, 'GET', '/api/app/role')).status).toBe(200);
  });

  it('stores only the hash of a token', async () => {
    const session = await t.signIn('engineer@demo.local');
    const { rows } = await t.db.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [session.user._id]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(session.token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('ends the sessions of a user made Inactive', async () => {
    const admin = await t.signIn('admin@demo.local');
    const engineer = await t.signIn('engineer@demo.local');
    expect((await t.call(admin, 'PUT', `/api/app/subscriber-user/${engineer.user._id}`, { status: 'Inactive' })).status).toBe(200);
    expect((await t.call(engineer, 'GET', '/api/app/subscriber-user/getPermissions')).status).toBe(401);
    const again = await t.call(null, 'POST', '/api/auth/login', { email: 'engineer@demo.local', password: 'Demo-Engineer-2026' });
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/inactive/);
    expect((await t.call(admin, 'PUT', `/api/app/subscriber-user/${engineer.user._id}`, { status: 'Active' })).status).toBe(200);
    expect((await t.call(null, 'POST', '/api/auth/login', { email: 'engineer@demo.local', password: 'Demo-Engineer-2026' })).status).toBe(200);
  });
});

describe('GET /api/auth/getHeaderImages/:id', () => {
  it("answers the subscriber's header images without a token", async () => {
    const admin = await t.signIn('admin@demo.local');
    const res = await t.call(null, 'GET', `/api/auth/getHeaderImages/${admin.user.subscriberId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: admin.user.subscriberId, companyName: 'Demo Industries Pvt Ltd', headerImages: [{ url: '/logo.svg', name: 'logo.svg' }] });
  });

  it('answers 404 for an unknown subscriber', async () => {
    const res = await t.call(null, 'GET', '/api/auth/getHeaderImages/000000000000000000000000');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No subscriber/);
  });
});
