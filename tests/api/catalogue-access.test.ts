/**
 * Generated from the catalogue, for every module (new modules are covered by adding them there):
 * - another tenant cannot list, read, update or delete a record (404, the record unchanged; 403 for a module of
 *   a platform-only feature, which no customer tenant may hold: its records are the platform tenant's, issue 35);
 * - a user without the module's privileges gets 403 on every operation and extra call;
 * - a user holding only VIEW reads but cannot write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, catalogue, catalogueFeatureCodes, isPlatformFeature, moduleOps, opPrivilege, opRoute, type ModuleDef, type Op } from '../../src/contract/modules/index';
import { SITE_CONFIGURATION } from '../../src/contract/routes';
import { fillPath, SampleRecords } from '../helpers/sample-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

const NO_ID = '000000000000000000000000';

let t: TestDb;
let samples: SampleRecords;
let demoAdmin: SignedIn;
let acmeAdmin: SignedIn;
let operator: SignedIn;
let nobody: SignedIn;
let viewer: SignedIn;
/** VIEW of the platform-only features, in the platform's own tenant (no customer tenant can hold them). */
let platformViewer: SignedIn;

async function userWithRole(admin: SignedIn, roleName: string, features: Array<{ feature: string; privileges: string[] }>): Promise<SignedIn> {
  const role = await t.call(admin, 'POST', '/api/app/role', { name: roleName, features });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const email = `${roleName.toLowerCase()}@demo.local`;
  const user = await t.call(admin, 'POST', '/api/app/subscriber-user', { name: roleName, email, password: 'Sample@2026', roles: [role.body._id] });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  return t.signIn(email, 'Sample@2026');
}

beforeAll(async () => {
  t = await testDb();
  samples = new SampleRecords(t);
  [demoAdmin, acmeAdmin, operator] = await Promise.all([t.signIn('admin@demo.local'), t.signIn('admin@acme.local'), t.signIn('operator@demo.local')]);
  nobody = await userWithRole(demoAdmin, 'NO_PRIVILEGES', [{ feature: SITE_CONFIGURATION.code, privileges: [SITE_CONFIGURATION.showNavigation] }]);
  viewer = await userWithRole(
    demoAdmin,
    'VIEWER',
    catalogueFeatureCodes.filter((code) => !isPlatformFeature(code)).map((code) => ({ feature: code, privileges: ['VIEW'] })),
  );
  platformViewer = await userWithRole(
    operator,
    'PLATFORM_VIEWER',
    catalogueFeatureCodes.filter(isPlatformFeature).map((code) => ({ feature: code, privileges: ['VIEW'] })),
  );
});
afterAll(() => t.close());

/** Owner of the sample and the outsider who must not reach it. */
function actors(def: ModuleDef): { owner: SignedIn; outsider: SignedIn } {
  // Subscriber rows and the platform's records: the operator owns them; a customer's administrator is the outsider.
  return def.crossTenant || isPlatformFeature(def.feature) ? { owner: operator, outsider: demoAdmin } : { owner: demoAdmin, outsider: acmeAdmin };
}

function opCall(def: ModuleDef, op: Op, id: string): { method: string; url: string } {
  const { method, path } = opRoute(def, op);
  return { method, url: def.path + fillPath(path, id) };
}

async function listIds(def: ModuleDef, who: SignedIn): Promise<string[]> {
  const { method, url } = opCall(def, 'list', NO_ID);
  const res = await t.call(who, method, `${url}?limit=${Number.MAX_SAFE_INTEGER}`);
  expect(res.status, `${def.name} list: ${JSON.stringify(res.body)}`).toBe(200);
  return (res.body.data ?? []).map((r) => r._id as string);
}

async function snapshot(def: ModuleDef, owner: SignedIn, id: string): Promise<unknown> {
  const { rows } = await t.db.query<{ version: number; updated_at: Date; body: unknown }>(`select version, updated_at, body from m_${def.name.toLowerCase().replace(/[^a-z0-9]+/g, '_')} where _id = $1`, [id]);
  expect(rows, `${def.name} record ${id} of ${owner.user.email}`).toHaveLength(1);
  return rows[0];
}

describe.each(catalogue.map((def) => [def.name, def] as const))('module %s', (_name, def) => {
  const ops = moduleOps(def);

  it('another tenant cannot list, read, update or delete its record', async () => {
    const { owner, outsider } = actors(def);
    const record = await samples.ensure(def, owner);
    const id = record._id as string;
    const before = await snapshot(def, owner, id);
    if (isPlatformFeature(def.feature)) {
      // Another tenant is a customer tenant: it cannot hold the feature at all, so every call is refused.
      if (ops.includes('list')) expect(await listIds(def, owner)).toContain(id);
      for (const op of ops) {
        const { method, url } = opCall(def, op, id);
        const res = await t.call(outsider, method, url, method === 'GET' || method === 'DELETE' ? undefined : samples.updateBody(def));
        expect(res.status, `${def.name} ${op} from a customer tenant`).toBe(403);
      }
      for (const call of def.calls ?? []) {
        const res = await t.call(outsider, call.method, fillPath(callPath(def, call), id), call.method === 'GET' ? undefined : {});
        expect(res.status, `${def.name}.${call.name} from a customer tenant`).toBe(403);
      }
      expect(await snapshot(def, owner, id)).toEqual(before);
      return;
    }
    if (ops.includes('list')) {
      expect(await listIds(def, owner)).toContain(id);
      expect(await listIds(def, outsider)).not.toContain(id);
    }
    for (const call of def.calls ?? []) {
      if (call.kind !== 'list') continue;
      const res = await t.call(outsider, call.method, callPath(def, call));
      expect(res.status, `${def.name}.${call.name}`).toBe(200);
      expect((res.body.data ?? []).map((r) => r._id)).not.toContain(id);
    }
    if (ops.includes('getById')) {
      const { method, url } = opCall(def, 'getById', id);
      expect((await t.call(outsider, method, url)).status, `${def.name} getById`).toBe(404);
    }
    if (ops.includes('update')) {
      const { method, url } = opCall(def, 'update', id);
      const idInBody = !opRoute(def, 'update').path.includes(':id');
      const res = await t.call(outsider, method, url, { ...samples.updateBody(def), ...(idInBody ? { _id: id } : {}) });
      expect(res.status, `${def.name} update: ${JSON.stringify(res.body)}`).toBe(404);
    }
    if (ops.includes('remove')) {
      const { method, url } = opCall(def, 'remove', id);
      expect((await t.call(outsider, method, url)).status, `${def.name} remove`).toBe(404);
    }
    for (const call of def.calls ?? []) {
      if (call.kind !== 'custom' || !call.path.includes(':')) continue;
      const res = await t.call(outsider, call.method, fillPath(callPath(def, call), id), call.method === 'GET' ? undefined : {});
      expect(res.status, `${def.name}.${call.name} on another tenant's record: ${JSON.stringify(res.body)}`).not.toBeLessThan(400);
      expect(res.status, `${def.name}.${call.name}`).toBeLessThan(500);
    }
    expect(await snapshot(def, owner, id)).toEqual(before);
  });

  it("a user without the module's privileges gets 403 on every call", async () => {
    for (const op of ops) {
      const { method, url } = opCall(def, op, NO_ID);
      const res = await t.call(nobody, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${def.name} ${op}`).toBe(403);
      expect(res.body.message).toBe(`You do not have the privilege ${def.feature}:${opPrivilege[op]}`);
    }
    for (const call of def.calls ?? []) {
      const res = await t.call(nobody, call.method, fillPath(callPath(def, call), NO_ID), call.method === 'GET' || call.method === 'DELETE' ? undefined : {});
      expect(res.status, `${def.name}.${call.name}`).toBe(403);
      expect(res.body.message).toBe(`You do not have the privilege ${def.feature}:${call.privilege}`);
    }
  });

  it('a user holding only VIEW may read but not create, update or delete', async () => {
    const reader = isPlatformFeature(def.feature) ? platformViewer : viewer;
    for (const op of ops) {
      const { method, url } = opCall(def, op, NO_ID);
      const res = await t.call(reader, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      if (opPrivilege[op] === 'VIEW') expect([200, 404], `${def.name} ${op}: ${JSON.stringify(res.body)}`).toContain(res.status);
      else expect(res.status, `${def.name} ${op}`).toBe(403);
    }
    for (const call of def.calls ?? []) {
      const res = await t.call(reader, call.method, fillPath(callPath(def, call), NO_ID), call.method === 'GET' || call.method === 'DELETE' ? undefined : {});
      if (call.privilege === 'VIEW') expect(res.status, `${def.name}.${call.name}`).not.toBe(403);
      else expect(res.status, `${def.name}.${call.name}`).toBe(403);
    }
  });
});

describe('the catalogue and the seed agree', () => {
  it("every module's feature is a feature record of a new tenant (a platform-only one, of the platform's tenant), so roles can grant it", async () => {
    const codesOf = async (tenantId: string): Promise<string[]> =>
      (await t.db.query<{ code: string }>(`select body->>'code' as code from m_feature where subscriber_id = $1`, [tenantId])).rows.map((r) => r.code);
    const [customer, platform] = await Promise.all([codesOf(demoAdmin.user.subscriberId), codesOf(operator.user.subscriberId)]);
    for (const def of catalogue) expect(isPlatformFeature(def.feature) ? platform : customer, def.name).toContain(def.feature);
  });

  it('no two modules mount the same method and path', () => {
    const seen = new Map<string, string>();
    for (const def of catalogue) {
      const routes = [...moduleOps(def).map((op) => opRoute(def, op)), ...(def.calls ?? []).map((c) => ({ method: c.method, path: c.path }))];
      for (const route of routes) {
        const key = `${route.method} ${(def.path + route.path).replace(/:[A-Za-z_]+/g, ':p').replace(/\/$/, '')}`;
        expect(seen.get(key), `${key} in ${def.name}`).toBeUndefined();
        seen.set(key, def.name);
      }
    }
    expect(seen.size).toBeGreaterThan(catalogue.length * 3);
  });
});
