/** Roles (with update-role), features and privileges: CRUD, duplicates, validation and live permissions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const FEATURE_HELD = 'Please delete existing Feature and then add same Feature with updated Privilege';

let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

describe('role', () => {
  let supervisor: ApiBody;

  it('creates a role with features named by code; the list shows roles in creation order', async () => {
    const res = await t.call(admin, 'POST', '/api/app/role', { name: 'SUPERVISOR', description: 'Shift supervisors', features: [{ feature: 'TICKET_LIST', privileges: ['VIEW'] }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'SUPERVISOR', features: [{ feature: 'TICKET_LIST', privileges: ['VIEW'] }] });
    supervisor = res.body;
    const list = await t.call(admin, 'GET', '/api/app/role');
    const names = (list.body.data ?? []).map((r) => r.name);
    expect(names.at(-1)).toBe('SUPERVISOR');
    // OPERATOR is the platform tenant's role: the demo tenant is a customer's (issue 35).
    expect(names.slice(0, 4)).toEqual(['ADMIN', 'USER', 'CLIENT', 'ACCOUNTS_CLERK']);
  });

  it('accepts a feature given by its record id and stores its code', async () => {
    const features = await t.call(admin, 'GET', '/api/app/feature?code=SUPPLIER');
    const supplierId = features.body.data?.[0]?._id as string;
    const res = await t.call(admin, 'POST', '/api/app/role', { name: 'BUYER', features: [{ feature: supplierId, privileges: ['VIEW', 'CREATE'] }] });
    expect(res.status).toBe(201);
    expect(res.body.features).toEqual([{ feature: 'SUPPLIER', privileges: ['VIEW', 'CREATE'] }]);
  });

  it('answers a duplicate name with 409, code 11000 and keyValue', async () => {
    const res = await t.call(admin, 'POST', '/api/app/role', { name: 'SUPERVISOR' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Role Name Already In use.', code: 11000, keyValue: { name: 'SUPERVISOR' } });
  });

  it.each([
    [{ name: '' }, 'name: Role name is required'],
    [{}, 'name: Name is required'],
    [{ name: 'X', features: [{ feature: 'NOPE', privileges: [] }] }, 'features.0.feature: Unknown feature NOPE'],
    [{ name: 'X', features: [{ privileges: [] }] }, 'features.0.feature: Feature is required'],
    [{ name: 'X', features: [{ feature: 'TICKET_LIST', privileges: ['FLY'] }] }, 'features.0.privileges: Feature TICKET_LIST does not offer the privilege FLY'],
    [{ name: 'X', features: [{ feature: 'TICKET_LIST' }, { feature: 'TICKET_LIST' }] }, `features.1.feature: ${FEATURE_HELD}`],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await t.call(admin, 'POST', '/api/app/role', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('update-role adds a feature, refuses one already held with the spec message, and removes one', async () => {
    const url = `/api/app/role/update-role/${supervisor._id}`;
    const added = await t.call(admin, 'POST', url, { id: supervisor._id, features: [{ feature: 'OPEN_CALLS', privileges: ['VIEW', 'UPDATE'] }] });
    expect(added.status).toBe(200);
    expect(added.body.features).toEqual([
      { feature: 'TICKET_LIST', privileges: ['VIEW'] },
      { feature: 'OPEN_CALLS', privileges: ['VIEW', 'UPDATE'] },
    ]);
    const again = await t.call(admin, 'POST', url, { id: supervisor._id, features: [{ feature: 'TICKET_LIST', privileges: ['VIEW', 'UPDATE'] }] });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`features.0.feature: ${FEATURE_HELD}`);
    const removed = await t.call(admin, 'POST', url, { id: supervisor._id, action: 'remove', features: [{ feature: 'TICKET_LIST' }] });
    expect(removed.status).toBe(200);
    expect(removed.body.features).toEqual([{ feature: 'OPEN_CALLS', privileges: ['VIEW', 'UPDATE'] }]);
    const notHeld = await t.call(admin, 'POST', url, { action: 'remove', features: [{ feature: 'TICKET_LIST' }] });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.message).toMatch(/^features\.0\.feature: The role does not hold/);
    const mismatch = await t.call(admin, 'POST', url, { id: 'another', features: [{ feature: 'BILLS' }] });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toMatch(/^id: /);
    const unknown = await t.call(admin, 'POST', '/api/app/role/update-role/000000000000000000000000', { features: [{ feature: 'BILLS' }] });
    expect(unknown.status).toBe(404);
  });

  it('a feature added to a role takes effect on the next call of its users', async () => {
    const engineer = await t.signIn('engineer@demo.local');
    expect((await t.call(engineer, 'GET', '/api/app/supplier')).status).toBe(403);
    const userRole = (await t.call(admin, 'GET', '/api/app/role?name=USER')).body.data?.[0] as ApiBody;
    const res = await t.call(admin, 'POST', `/api/app/role/update-role/${userRole._id}`, { features: [{ feature: 'SUPPLIER', privileges: ['VIEW'] }] });
    expect(res.status).toBe(200);
    expect((await t.call(engineer, 'GET', '/api/app/supplier')).status).toBe(200);
    expect((await t.call(engineer, 'POST', '/api/app/supplier', {})).status).toBe(403);
  });

  it('PUT replaces fields, DELETE refuses a role still assigned and removes a free one', async () => {
    const put = await t.call(admin, 'PUT', `/api/app/role/${supervisor._id}`, { description: 'Night shift supervisors' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'SUPERVISOR', description: 'Night shift supervisors', features: [{ feature: 'OPEN_CALLS', privileges: ['VIEW', 'UPDATE'] }] });
    const userRole = (await t.call(admin, 'GET', '/api/app/role?name=USER')).body.data?.[0] as ApiBody;
    const held = await t.call(admin, 'DELETE', `/api/app/role/${userRole._id}`);
    expect(held.status).toBe(400);
    expect(held.body.message).toMatch(/assigned to \d+ user/);
    const del = await t.call(admin, 'DELETE', `/api/app/role/${supervisor._id}`);
    expect(del.status).toBe(200);
    expect((await t.call(admin, 'GET', `/api/app/role/getById/${supervisor._id}`)).status).toBe(404);
  });
});

describe('feature', () => {
  it('creates, reads, updates and deletes a feature', async () => {
    const created = await t.call(admin, 'POST', '/api/app/feature', { name: 'Energy Reports', code: 'ENERGY_REPORTS', privileges: ['VIEW'] });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    expect((await t.call(admin, 'GET', `/api/app/feature/getById/${id}`)).body).toMatchObject({ code: 'ENERGY_REPORTS', privileges: ['VIEW'] });
    const updated = await t.call(admin, 'PUT', `/api/app/feature/${id}`, { privileges: ['VIEW', 'CREATE'] });
    expect(updated.body).toMatchObject({ name: 'Energy Reports', privileges: ['VIEW', 'CREATE'] });
    expect((await t.call(admin, 'DELETE', `/api/app/feature/${id}`)).status).toBe(200);
    expect((await t.call(admin, 'GET', `/api/app/feature/getById/${id}`)).status).toBe(404);
  });

  it('answers a duplicate code with "Feature Code Already In use." and keyValue, on create and update', async () => {
    const dup = await t.call(admin, 'POST', '/api/app/feature', { name: 'Users again', code: 'MANAGE_USER' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: 'Feature Code Already In use.', code: 11000, keyValue: { code: 'MANAGE_USER' } });
    const other = await t.call(admin, 'POST', '/api/app/feature', { name: 'Temp', code: 'TEMP_FEATURE' });
    const onUpdate = await t.call(admin, 'PUT', `/api/app/feature/${other.body._id}`, { code: 'MANAGE_ROLE' });
    expect(onUpdate.status).toBe(409);
    expect(onUpdate.body).toEqual({ message: 'Feature Code Already In use.', code: 11000, keyValue: { code: 'MANAGE_ROLE' } });
  });

  it('lets another tenant use the same code (unique per tenant)', async () => {
    const acme = await t.signIn('admin@acme.local');
    const res = await t.call(acme, 'POST', '/api/app/feature', { name: 'Energy Reports', code: 'ENERGY_REPORTS' });
    expect(res.status).toBe(201);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const noCode = await t.call(admin, 'POST', '/api/app/feature', { name: 'No code' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('code: Code is required');
    const wrongType = await t.call(admin, 'POST', '/api/app/feature', { name: 'X', code: 'X', privileges: 'VIEW' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^privileges: /);
  });

  it('filters and searches the list', async () => {
    const search = await t.call(admin, 'GET', '/api/app/feature?search=spare');
    const codes = (search.body.data ?? []).map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['MANAGE_SPARE_PART', 'SPAREPART_REQUEST']));
    expect(codes).not.toContain('MANAGE_USER');
  });
});

describe('privilege', () => {
  it('lists the seeded privilege records and manages new ones', async () => {
    const list = await t.call(admin, 'GET', '/api/app/privilege');
    expect((list.body.data ?? []).map((p) => p.code)).toEqual(expect.arrayContaining(['VIEW', 'CREATE', 'UPDATE', 'DELETE', 'SHOW_NAVIGATION']));
    const created = await t.call(admin, 'POST', '/api/app/privilege', { name: 'Export', code: 'EXPORT', description: 'May export lists as CSV' });
    expect(created.status).toBe(201);
    const dup = await t.call(admin, 'POST', '/api/app/privilege', { name: 'Export again', code: 'EXPORT' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 11000, keyValue: { code: 'EXPORT' } });
    expect(dup.body.message).toMatch(/Already In use\./);
    const updated = await t.call(admin, 'PUT', `/api/app/privilege/${created.body._id}`, { name: 'Export lists' });
    expect(updated.body).toMatchObject({ name: 'Export lists', code: 'EXPORT' });
    expect((await t.call(admin, 'DELETE', `/api/app/privilege/${created.body._id}`)).status).toBe(200);
  });
});
