/** PUT /api/auth/changePassword: every rule of document 1 §5 and the password rule of issue 35, server-side, and session revocation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE as RULE } from '../../src/contract/passwordPolicy';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let engineer: SignedIn;
beforeAll(async () => {
  t = await testDb();
  engineer = await t.signIn('engineer@demo.local');
});
afterAll(() => t.close());

const change = (who: SignedIn | null, body: unknown) => t.call(who, 'PUT', '/api/auth/changePassword', body);

describe('PUT /api/auth/changePassword', () => {
  it('needs a signed-in user', async () => {
    const res = await change(null, { oldPassword: 'Demo-Engineer-2026', newPassword: 'Better@2026' });
    expect(res.status).toBe(401);
  });

  it('requires the current password', async () => {
    expect((await change(engineer, { newPassword: 'Better@2026' })).body.message).toBe('oldPassword: Enter current password');
    expect((await change(engineer, { oldPassword: '', newPassword: 'Better@2026' })).body.message).toBe('oldPassword: Enter current password');
  });

  it('requires the new password', async () => {
    const res = await change(engineer, { oldPassword: 'Demo-Engineer-2026' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('newPassword: New password is required');
  });

  it.each([
    ['shorter than 10 characters', 'Xq7#pL2!v'],
    ['longer than 128 characters', 'Xq7#pL2!v'.repeat(15)],
    ['of digits and a special (the issue\'s 12345678!)', '12345678!'],
    ['of repeats (the issue\'s aaaaaaa1!, lengthened)', 'aaaaaaaaa1!'],
    ['that is a common password', 'Password123'],
    ['that is a keyboard walk', 'qwertyuiop12'],
    ['built from his own name', 'RaviPatil2026'],
  ])('refuses a new password %s with the rule\'s message', async (_case, newPassword) => {
    const res = await change(engineer, { oldPassword: 'Demo-Engineer-2026', newPassword });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`newPassword: ${RULE}`);
  });

  it('answers a wrong current password with a clear message and status 400 (not a sign-out)', async () => {
    const res = await change(engineer, { oldPassword: 'Wrong@123', newPassword: 'Better@2026' });
    expect(res.status).toBe(400);
    // A well-formed body with the wrong password: the message names no field (the body's own checks do).
    expect(res.body.message).toBe('Current password is incorrect');
  });

  it('refuses a new password equal to the current one', async () => {
    const res = await change(engineer, { oldPassword: 'Demo-Engineer-2026', newPassword: 'Demo-Engineer-2026' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^newPassword: /);
  });

  it("refuses to change another user's password", async () => {
    const admin = await t.signIn('admin@demo.local');
    const res = await change(engineer, { oldPassword: 'Demo-Engineer-2026', newPassword: 'Better@2026', _id: admin.user._id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('_id: You can only change your own password');
  });

  it('accepts the boundary lengths 10 and 128, then revokes the other sessions only', async () => {
    const other = await t.signIn('engineer@demo.local');
    const ten = await change(engineer, { oldPassword: 'Demo-Engineer-2026', newPassword: 'Xq7#pL2!vR', _id: engineer.user._id });
    expect(ten.status).toBe(200);
    expect(ten.body).toEqual({ message: 'Password changed successfully' });
    expect((await t.call(other, 'GET', '/api/app/subscriber-user/getPermissions')).status).toBe(401);
    expect((await t.call(engineer, 'GET', '/api/app/subscriber-user/getPermissions')).status).toBe(200);

    const long = await change(engineer, { oldPassword: 'Xq7#pL2!vR', newPassword: 'Xq7#pL2!vR'.repeat(12) + 'Xq7#pL2!' });
    expect(long.status).toBe(200);
    const old = await t.call(null, 'POST', '/api/auth/login', { email: 'engineer@demo.local', password: 'Demo-Engineer-2026' });
    expect(old.status).toBe(401);
    const fresh = await t.call(null, 'POST', '/api/auth/login', { email: 'engineer@demo.local', password: 'Xq7#pL2!vR'.repeat(12) + 'Xq7#pL2!' });
    expect(fresh.status).toBe(200);
  });
});
