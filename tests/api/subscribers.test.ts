/**
 * /api/saas/subscriber: the operator's cross-tenant area; a platform staff member sees only the platform's own subscriber,
 * and a customer tenant's administrator none (issue 35).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

const BASE = '/api/saas/subscriber';

let t: TestDb;
let operator: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  operator = await t.signIn('operator@demo.local');
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

describe('the platform operator', () => {
  it('lists every subscriber', async () => {
    const res = await t.call(operator, 'GET', BASE);
    expect(res.status).toBe(200);
    expect((res.body.data ?? []).map((s) => s.companyName)).toEqual(expect.arrayContaining(['Demo Industries Pvt Ltd', 'Acme Facility Services LLP']));
  });

  it('creates a subscriber, which provisions its features, privileges, roles and menu', async () => {
    const res = await t.call(operator, 'POST', BASE, { companyName: 'Sahyadri Engineering Works', gstNo: '27AABCS1429B1Z1', address: 'Pune, Maharashtra 411019, India', companyTeamSize: '12' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ companyName: 'Sahyadri Engineering Works', companyTeamSize: 12, status: 'Active', timezone: 'Asia/Kolkata', headerImages: [] });
    const id = res.body._id as string;
    const counts = await t.db.query<{ features: string; roles: string; menus: string }>(
      `select (select count(*) from m_feature where subscriber_id = $1) as features,
              (select count(*) from m_role where subscriber_id = $1) as roles,
              (select count(*) from side_menus where subscriber_id = $1) as menus`,
      [id],
    );
    expect(Number(counts.rows[0]?.features)).toBeGreaterThan(50);
    expect(Number(counts.rows[0]?.roles)).toBe(3);
    expect(Number(counts.rows[0]?.menus)).toBe(1);
    const read = await t.call(operator, 'GET', `${BASE}/getById/${id}`);
    expect(read.body).toMatchObject({ _id: id, gstNo: '27AABCS1429B1Z1' });
  });

  it('answers an invalid GSTIN with 400 and a duplicate one with 409 / 11000', async () => {
    const bad = await t.call(operator, 'POST', BASE, { companyName: 'Bad GST', gstNo: '27AAACD1234F1Z' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('gstNo: GST Number is not valid');
    const dup = await t.call(operator, 'POST', BASE, { companyName: 'Copy', gstNo: '27AAACD1234F1Z5' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: 'GST Number Already In use.', code: 11000, keyValue: { gstNo: '27AAACD1234F1Z5' } });
  });

  it("updates another tenant's subscriber, including its status", async () => {
    const acme = await t.signIn('admin@acme.local');
    const res = await t.call(operator, 'PUT', `${BASE}/${acme.user.subscriberId}`, { status: 'Suspended' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('Suspended');
    const cut = await t.call(acme, 'GET', '/api/app/role');
    expect(cut.status).toBe(401);
    expect(cut.body.message).toBe("Your organisation's subscription is suspended");
    const refused = await t.call(null, 'POST', '/api/auth/login', { email: 'admin@acme.local', password: 'Acme-Admin-2026' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/suspended/);
    expect((await t.call(operator, 'PUT', `${BASE}/${acme.user.subscriberId}`, { status: 'Active' })).status).toBe(200);
  });
});

describe("a customer tenant's administrator (issue 35: the subscribers are the platform's)", () => {
  it('reaches no subscriber, not even their own, and cannot create one', async () => {
    const acme = await t.signIn('admin@acme.local');
    for (const who of [admin, acme]) {
      expect((await t.call(who, 'GET', BASE)).status).toBe(403);
      expect((await t.call(who, 'GET', `${BASE}/getById/${who.user.subscriberId}`)).status).toBe(403);
      expect((await t.call(who, 'PUT', `${BASE}/${who.user.subscriberId}`, { phone: '+91 20 4000 9999' })).status).toBe(403);
      expect((await t.call(who, 'POST', BASE, { companyName: 'Shadow Co', gstNo: '29AAFCS1111K1Z2' })).status).toBe(403);
    }
    expect((await t.call(operator, 'GET', `${BASE}/getById/${admin.user.subscriberId}`)).body.phone).toBe('+91 20 4000 1234');
  });
});

describe('a platform staff member (MANAGE_SUBSCRIBER in the platform tenant, not the operator)', () => {
  let staff: SignedIn;
  beforeAll(async () => {
    const roles = await t.call(operator, 'GET', '/api/app/role');
    const operatorRole = (roles.body.data ?? []).find((r) => r.name === 'OPERATOR');
    const made = await t.call(operator, 'POST', '/api/app/subscriber-user', { name: 'Platform Staff', email: 'staff@platform.local', password: 'Staff-Platform-2026', roles: [operatorRole?._id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    staff = await t.signIn('staff@platform.local', 'Staff-Platform-2026');
  });

  it("sees only the platform tenant's own subscriber", async () => {
    const res = await t.call(staff, 'GET', BASE);
    expect(res.status).toBe(200);
    expect((res.body.data ?? []).map((s) => s._id)).toEqual([staff.user.subscriberId]);
    expect((await t.call(staff, 'GET', `${BASE}/getById/${admin.user.subscriberId}`)).status).toBe(404);
    expect((await t.call(staff, 'PUT', `${BASE}/${admin.user.subscriberId}`, { address: 'Taken over' })).status).toBe(404);
  });

  it('edits its details but not its status, and cannot create subscribers', async () => {
    const own = await t.call(staff, 'PUT', `${BASE}/${staff.user.subscriberId}`, { phone: '+91 20 4000 9999' });
    expect(own.status).toBe(200);
    expect(own.body.phone).toBe('+91 20 4000 9999');
    const status = await t.call(staff, 'PUT', `${BASE}/${staff.user.subscriberId}`, { status: 'Suspended' });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe("status: Only the platform operator can change a subscriber's status");
    const create = await t.call(staff, 'POST', BASE, { companyName: 'Shadow Co', gstNo: '29AAFCS1111K1Z2' });
    expect(create.status).toBe(400);
    expect(create.body.message).toBe('Only the platform operator can create subscribers');
  });

  it('an engineer without MANAGE_SUBSCRIBER gets 403', async () => {
    const engineer = await t.signIn('engineer@demo.local');
    const res = await t.call(engineer, 'GET', BASE);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have the privilege MANAGE_SUBSCRIBER:VIEW');
  });
});
