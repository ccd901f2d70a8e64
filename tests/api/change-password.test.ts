/** PUT /api/auth/changePassword: every rule of document 1 §5, server-side, and session revocation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

const RULE = 'Password must contain at least one lowercase letter, uppercase letter, number, and special character.';

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
    const res = await change(null, { oldPassword: 'Engineer@123', newPassword: 'Better@2026' });
    expect(res.status).toBe(401);
  });

  it('requires the current password', async () => {
    expect((await change(engineer, { newPassword: 'Better@2026' })).body.message).toBe('oldPassword: Enter current password');
    expect((await change(engineer, { oldPassword: '', newPassword: 'Better@2026' })).body.message).toBe('oldPassword: Enter current password');
  });

  it('requires the new password', async () => {
    const res = await change(engineer, { oldPassword: 'Engineer@123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('newPassword: New password is required');
  });

  it.each([
    ['shorter than 8 characters', 'Ab1!xyz'],
    ['longer than 20 characters', 'Abcdefghij1!Abcdefghi'],
    ['without a digit', 'Password!!'],
    ['without a special character', 'Password12'],
    ['with a character outside the allowed set', 'Pass word1!'],
    ['with another special character', 'Password1~'],
  ])('refuses a new password %s with the spec message', async (_case, newPassword) => {
    const res = await change(engineer, { oldPassword: 'Engineer@123', newPassword });
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
    const res = await change(engineer, { oldPassword: 'Engineer@123', newPassword: 'Engineer@123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^newPassword: /);
  });

  it("refuses to change another user's password", async () => {
    const admin = await t.signIn('admin@demo.local');
    const res = await change(engineer, { oldPassword: 'Engineer@123', newPassword: 'Better@2026', _id: admin.user._id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('_id: You can only change your own password');
  });

  it('accepts the boundary lengths 8 and 20, then revokes the other sessions only', async () => {
    const other = await t.signIn('engineer@demo.local');
    const eight = await change(engineer, { oldPassword: 'Engineer@123', newPassword: 'Abcdef1!', _id: engineer.user._id });
    expect(eight.status).toBe(200);
    expect(eight.body).toEqual({ message: 'Password changed successfully' });
    expect((await t.call(other, 'GET', '/api/app/subscriber-user/getPermissions')).status).toBe(401);
    expect((await t.call(engineer, 'GET', '/api/app/subscriber-user/getPermissions')).status).toBe(200);

    const twenty = await change(engineer, { oldPassword: 'Abcdef1!', newPassword: 'Abcdefghij1!Abcdefgh' });
    expect(twenty.status).toBe(200);
    const old = await t.call(null, 'POST', '/api/auth/login', { email: 'engineer@demo.local', password: 'Engineer@123' });
    expect(old.status).toBe(401);
    const fresh = await t.call(null, 'POST', '/api/auth/login', { email: 'engineer@demo.local', password: 'Abcdefghij1!Abcdefgh' });
    expect(fresh.status).toBe(200);
  });
});
