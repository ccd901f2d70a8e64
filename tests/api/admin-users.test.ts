/** Subscriber users: CRUD with credentials, duplicates, roles look-ups, signatures, permissions and menu. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, isPlatformFeature } from '../../src/contract/modules/index';
import { GUARDED_ROUTES } from '../../src/contract/routes';
import { PASSWORD_RULE_MESSAGE } from '../../src/contract/passwordPolicy';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const BASE = '/api/app/subscriber-user';
// A 1×1 transparent PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let t: TestDb;
let admin: SignedIn;
let roleIds: Record<string, string>;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  const roles = await t.call(admin, 'GET', '/api/app/role');
  roleIds = Object.fromEntries((roles.body.data ?? []).map((r) => [r.name as string, r._id as string]));
});
afterAll(() => t.close());

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kiran Deshmukh',
  email: `kiran.${Math.random().toString(36).slice(2, 8)}@demo.local`,
  password: 'Lathe-Gearbox-26',
  roles: [roleIds.USER],
  ...overrides,
});

describe('list and read', () => {
  it("lists the tenant's users only, without passwords", async () => {
    const res = await t.call(admin, 'GET', BASE);
    expect(res.status).toBe(200);
    const emails = (res.body.data ?? []).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@demo.local', 'engineer@demo.local', 'client@demo.local']));
    expect(emails).not.toContain('admin@acme.local');
    // The platform operator is in the platform's own tenant (issue 35).
    expect(emails).not.toContain('operator@demo.local');
    expect(res.body.total).toBe(emails.length);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('honours limit, offset and field filters', async () => {
    const page = await t.call(admin, 'GET', `${BASE}?limit=2&offset=1`);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(4);
    const clients = await t.call(admin, 'GET', `${BASE}?userType=Client-User&limit=${Number.MAX_SAFE_INTEGER}`);
    expect((clients.body.data ?? []).map((u) => u.email)).toEqual(['client@demo.local']);
    const byRole = await t.call(admin, 'GET', `${BASE}?roles=${roleIds.USER}`);
    expect((byRole.body.data ?? []).map((u) => u.email)).toEqual(['engineer@demo.local']);
    const bad = await t.call(admin, 'GET', `${BASE}?limit=-1`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^limit: /);
  });

  it('reads one user by id and answers 404 for an unknown id', async () => {
    const one = await t.call(admin, 'GET', `${BASE}/getById/${admin.user._id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: admin.user._id, email: 'admin@demo.local' });
    expect(typeof one.body.createdAt).toBe('string');
    const none = await t.call(admin, 'GET', `${BASE}/getById/000000000000000000000000`);
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/No subscriber-user record/);
  });
});

describe('create', () => {
  it('creates a user who can then sign in; the password is never stored in the record', async () => {
    const body = newUser();
    const res = await t.call(admin, 'POST', BASE, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Kiran Deshmukh', email: body.email, roles: [roleIds.USER], userType: 'Subscriber-User', status: 'Active' });
    expect(res.body).not.toHaveProperty('password');
    const stored = await t.db.query('select body from m_subscriber_user where _id = $1', [res.body._id]);
    expect(JSON.stringify(stored.rows[0])).not.toContain('Lathe-Gearbox-26');
    const login = await t.call(null, 'POST', '/api/auth/login', { email: body.email, password: 'Lathe-Gearbox-26' });
    expect(login.status).toBe(200);
    expect(t.events).toContainEqual({ tenantId: admin.user.subscriberId, event: { module: 'subscriber-user', op: 'create', _id: res.body._id } });
  });

  it.each([
    [{ password: undefined }, 'password: Password is required'],
    [{ password: 'weak' }, `password: ${PASSWORD_RULE_MESSAGE}`],
    [{ password: '12345678!' }, `password: ${PASSWORD_RULE_MESSAGE}`],
    [{ password: 'aaaaaaaaa1!' }, `password: ${PASSWORD_RULE_MESSAGE}`],
    // Strong-looking, but built from the new user's own name.
    [{ password: 'Deshmukh@2026' }, `password: ${PASSWORD_RULE_MESSAGE}`],
    [{ email: 'nope' }, 'email: Email is not valid'],
    [{ name: '' }, 'name: Name is required'],
    [{ name: undefined }, 'name: Name is required'],
    [{ roles: 'ADMIN' }, 'roles: Invalid input: expected array, received string'],
    [{ roles: ['000000000000000000000000'] }, 'roles[0]: Unknown role 000000000000000000000000'],
    [{ userType: 'Boss' }, /^userType: /],
    [{ userType: 'Operator' }, 'userType: Operator users are created by the platform only'],
    [{ userType: 'Client-User' }, 'clientId: A Client-User must be linked to a client company'],
  ])('refuses %j with 400 naming the field', async (overrides, message) => {
    const res = await t.call(admin, 'POST', BASE, newUser(overrides));
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
  });

  it('answers a duplicate e-mail with 409, code 11000 and keyValue, in this tenant or another', async () => {
    for (const email of ['engineer@demo.local', 'admin@acme.local']) {
      const res = await t.call(admin, 'POST', BASE, newUser({ email }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Email Already In use.', code: 11000, keyValue: { email } });
    }
    const upper = await t.call(admin, 'POST', BASE, newUser({ email: 'ENGINEER@demo.local' }));
    expect(upper.status).toBe(409);
    expect(upper.body.keyValue).toEqual({ email: 'engineer@demo.local' });
  });

  it('writes nothing when a create fails half-way (duplicate e-mail in another tenant)', async () => {
    const before = await t.call(admin, 'GET', BASE);
    await t.call(admin, 'POST', BASE, newUser({ email: 'admin@acme.local' }));
    const after = await t.call(admin, 'GET', BASE);
    expect(after.body.total).toBe(before.body.total);
  });
});

describe('update and delete', () => {
  let user: ApiBody;
  beforeAll(async () => {
    user = (await t.call(admin, 'POST', BASE, newUser({ name: 'Sunil Rao', designation: 'Technician' }))).body;
  });

  it('PUT merges the body, ignores _id in it and keeps absent fields', async () => {
    const res = await t.call(admin, 'PUT', `${BASE}/${user._id}`, { _id: 'other', designation: 'Senior Technician' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, name: 'Sunil Rao', designation: 'Senior Technician', roles: [roleIds.USER], status: 'Active' });
  });

  it('changing the e-mail changes the sign-in', async () => {
    const email = `sunil.${Date.now()}@demo.local`;
    expect((await t.call(admin, 'PUT', `${BASE}/${user._id}`, { email })).status).toBe(200);
    expect((await t.call(null, 'POST', '/api/auth/login', { email, password: 'Lathe-Gearbox-26' })).status).toBe(200);
    const dup = await t.call(admin, 'PUT', `${BASE}/${user._id}`, { email: 'admin@acme.local' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 11000, keyValue: { email: 'admin@acme.local' } });
    user.email = email;
  });

  it('POST update-user/{id} updates too, and a password in it resets the password and ends their sessions', async () => {
    const session = await t.signIn(user.email as string, 'Lathe-Gearbox-26');
    const res = await t.call(admin, 'POST', `${BASE}/update-user/${user._id}`, { name: 'Sunil R. Rao', password: 'Reset@2026' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sunil R. Rao' });
    expect((await t.call(session, 'GET', `${BASE}/getPermissions`)).status).toBe(401);
    expect((await t.call(null, 'POST', '/api/auth/login', { email: user.email, password: 'Reset@2026' })).status).toBe(200);
    const weak = await t.call(admin, 'POST', `${BASE}/update-user/${user._id}`, { password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^password: /);
    const missing = await t.call(admin, 'POST', `${BASE}/update-user/000000000000000000000000`, { name: 'x' });
    expect(missing.status).toBe(404);
  });

  it('refuses bad update bodies with 400 naming the field', async () => {
    const res = await t.call(admin, 'PUT', `${BASE}/${user._id}`, { email: 'not-mail' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('email: Email is not valid');
  });

  it('deletes a user (who can no longer sign in) but not oneself', async () => {
    const self = await t.call(admin, 'DELETE', `${BASE}/${admin.user._id}`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot delete your own account');
    const res = await t.call(admin, 'DELETE', `${BASE}/${user._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, data: { _id: user._id } });
    expect((await t.call(null, 'POST', '/api/auth/login', { email: user.email, password: 'Reset@2026' })).status).toBe(401);
    expect((await t.call(admin, 'GET', `${BASE}/getById/${user._id}`)).status).toBe(404);
    expect((await t.call(admin, 'DELETE', `${BASE}/${user._id}`)).status).toBe(404);
  });
});

describe('users by role', () => {
  it('GET get-users-by-role by role id or name', async () => {
    const byId = await t.call(admin, 'GET', `${BASE}/get-users-by-role?role=${roleIds.CLIENT}`);
    expect(byId.status).toBe(200);
    expect((byId.body.data ?? []).map((u) => u.email)).toEqual(['client@demo.local']);
    const byName = await t.call(admin, 'GET', `${BASE}/get-users-by-role?role=USER`);
    expect((byName.body.data ?? []).map((u) => u.email)).toContain('engineer@demo.local');
    // The operator's role is the platform tenant's: the demo tenant's administrator finds no one holding it.
    expect(((await t.call(admin, 'GET', `${BASE}/get-users-by-role?role=OPERATOR`)).body.data ?? []).map((u) => u.email)).toEqual([]);
    const operator = await t.signIn('operator@demo.local');
    expect(((await t.call(operator, 'GET', `${BASE}/get-users-by-role?role=OPERATOR`)).body.data ?? []).map((u) => u.email)).toEqual(['operator@demo.local']);
    const missing = await t.call(admin, 'GET', `${BASE}/get-users-by-role`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^role: /);
  });

  it('PATCH get-users-for-multi-role with several roles', async () => {
    const res = await t.call(admin, 'PATCH', `${BASE}/get-users-for-multi-role`, { roles: [roleIds.USER, 'CLIENT'] });
    expect(res.status).toBe(200);
    const users = res.body.data ?? [];
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['client@demo.local', 'engineer@demo.local']));
    expect(users.map((u) => u.email)).not.toContain('admin@demo.local');
    for (const u of users) expect((u.roles as string[]).some((r) => r === roleIds.USER || r === roleIds.CLIENT)).toBe(true);
    expect(res.body.total).toBe(users.length);
    const empty = await t.call(admin, 'PATCH', `${BASE}/get-users-for-multi-role`, { roles: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('roles: Select at least one role');
  });
});

describe('POST addSignature', () => {
  it('stores a PNG data URL (plain or JSON-encoded) as eSign on the signed-in user', async () => {
    const engineer = await t.signIn('engineer@demo.local');
    const plain = await t.call(engineer, 'POST', `${BASE}/addSignature`, { esgin: PNG });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ _id: engineer.user._id, eSign: PNG });
    const encoded = await t.call(engineer, 'POST', `${BASE}/addSignature`, { esgin: JSON.stringify(PNG) });
    expect(encoded.status).toBe(200);
    const again = await t.signIn('engineer@demo.local');
    expect(again.user.eSign).toBe(PNG);
  });

  it.each([
    ['a JPEG', 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=='],
    ['text that is not an image', 'hello'],
    ['base64 that is not a PNG', 'data:image/png;base64,aGVsbG8gd29ybGQ='],
  ])('refuses %s with 400 naming esgin', async (_case, esgin) => {
    const engineer = await t.signIn('engineer@demo.local');
    const res = await t.call(engineer, 'POST', `${BASE}/addSignature`, { esgin });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^esgin: /);
  });
});

describe('GET getPermissions', () => {
  it("answers the engineer's entries: the USER role's features", async () => {
    const engineer = await t.signIn('engineer@demo.local');
    const res = await t.call<Array<{ screenCode: string; privileges: Array<{ code: string }> }>>(engineer, 'GET', `${BASE}/getPermissions`);
    expect(res.status).toBe(200);
    const byCode = Object.fromEntries(res.body.map((e) => [e.screenCode, e.privileges.map((p) => p.code).sort()]));
    expect(byCode).toEqual({
      TICKET_ASSIGNED_TO_ME: ['UPDATE', 'VIEW'],
      MY_OPEN_CALLS: ['UPDATE', 'VIEW'],
      MY_URGENT_CALLS: ['UPDATE', 'VIEW'],
      MY_CALENDER: ['VIEW'],
      SPAREPART_REQUEST: ['CREATE', 'VIEW'],
      FE_ACTIVITY: ['CREATE', 'VIEW'],
      SITE_CONFIGURATION: ['SHOW_NAVIGATION'],
    });
  });

  it("answers every route code and every catalogue module's feature for the admin, but the platform's", async () => {
    const res = await t.call<Array<{ screenCode: string; privileges: Array<{ code: string }> }>>(admin, 'GET', `${BASE}/getPermissions`);
    const codes = res.body.map((e) => e.screenCode);
    for (const route of GUARDED_ROUTES) expect(codes.includes(route.code), route.code).toBe(!isPlatformFeature(route.code));
    for (const def of catalogue) expect(codes.includes(def.feature), def.feature).toBe(!isPlatformFeature(def.feature));
    expect(res.body.find((e) => e.screenCode === 'MANAGE_USER')?.privileges.map((p) => p.code).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE', 'VIEW']);
    expect(res.body.find((e) => e.screenCode === 'SITE_CONFIGURATION')?.privileges).toEqual([{ code: 'SHOW_NAVIGATION' }]);
  });
});

describe('GET getSideMenu', () => {
  interface Item {
    _id: string;
    title: string;
    icon: string;
    path: string | null;
    order: number;
    code?: string;
    children: Item[];
  }

  it("answers the subscriber menu sorted by order, with groups, icons and every guarded route under its code (the platform's screens in the platform's tenant only)", async () => {
    const res = await t.call<Item[]>(admin, 'GET', `${BASE}/getSideMenu`);
    expect(res.status).toBe(200);
    const orders = res.body.map((i) => i.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const groups = res.body.filter((i) => i.path === null).map((i) => i.title);
    expect(groups).toEqual(['Administration', 'Service', 'Assets & Machines', 'Spare Parts & Purchase', 'Sales', 'Billing', 'Sensors']);
    const leaves = res.body.flatMap((i) => [i, ...i.children]).filter((i) => i.path !== null);
    for (const item of leaves) expect(item.icon).toMatch(/^Icon[A-Z]/);
    for (const route of GUARDED_ROUTES) {
      const entry = leaves.find((i) => i.path === `/app/${route.path}`);
      if (isPlatformFeature(route.code)) {
        expect(entry, route.path).toBeUndefined();
        continue;
      }
      expect(entry, route.path).toBeDefined();
      expect(entry?.code).toBe(route.code);
    }
    const operator = await t.signIn('operator@demo.local');
    const platformMenu = (await t.call<Item[]>(operator, 'GET', `${BASE}/getSideMenu`)).body.flatMap((i) => [i, ...i.children]);
    for (const route of GUARDED_ROUTES.filter((r) => isPlatformFeature(r.code))) expect(platformMenu.find((i) => i.path === `/app/${route.path}`)?.code, route.path).toBe(route.code);
  });

  it('answers the engineer only the entries whose screen he may open (tests/api/side-menu-access.test.ts checks every role)', async () => {
    const engineer = await t.signIn('engineer@demo.local');
    const res = await t.call<Item[]>(engineer, 'GET', `${BASE}/getSideMenu`);
    expect(res.status).toBe(200);
    const paths = res.body.flatMap((i) => [i, ...i.children]).map((i) => i.path);
    expect(paths).toContain('/app/my-open-tickets');
    expect(paths).not.toContain('/app/manage-user');
    expect(paths).not.toContain('/app/bom-tree');
  });
});
