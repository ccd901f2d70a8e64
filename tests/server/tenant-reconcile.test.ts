/**
 * Upgrades reach every tenant (issue 8): tenants provisioned by an older catalogue, or before the reconcile's
 * bookkeeping existed, are brought up to the catalogue at start; what a tenant chose survives; platform-only
 * features stay in the platform operator's tenant. Each fixture is what an older release would have written:
 * a tenant provisioned now, then rewound (features, grants, roles and menu entries an older catalogue did not
 * have taken out, with their delivery records).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feature, role } from '../../src/contract/modules/admin';
import { PRIVILEGE_CODES } from '../../src/contract/modules/define';
import { isPlatformFeature, platformFeatures } from '../../src/contract/modules/index';
import { inTransaction } from '../../server/db/pool';
import { repo } from '../../server/db/repository';
import { readSideMenu } from '../../server/db/tenant-catalogue-store';
import { productSideMenu, sortMenu, type MenuItem } from '../../server/domain/admin/side-menu';
import { tenantOffer } from '../../server/domain/admin/tenant-catalogue';
import { provisionTenant } from '../../server/domain/admin/tenant-provisioning';
import { reconcileTenants } from '../../server/domain/admin/tenant-upgrade';
import { copyTenant, newSubscriber, olderTenant as olderTenantIn, rewind, withoutEntries, type Older } from '../helpers/older-tenants';
import { testDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
beforeAll(async () => {
  t = await testDb();
});
afterAll(() => t.close());

const olderTenant = (name: string, older: Older): Promise<string> => olderTenantIn(t.db, name, older);

/** What a tenant holds, in a comparable form: feature codes, built-in roles' grants by code, and the menu. */
async function holdings(tenantId: string): Promise<{ features: string[]; roles: Record<string, string[]>; menu: MenuItem[] }> {
  const features = (await repo(t.db, feature, tenantId).list()).data.map((f) => String(f.code)).sort();
  const roles: Record<string, string[]> = {};
  for (const r of (await repo(t.db, role, tenantId).list()).data) {
    roles[String(r.name)] = (r.features as Array<{ feature: string; privileges: string[] }>).flatMap((f) => f.privileges.map((p) => `${f.feature}:${p}`)).sort();
  }
  return { features, roles, menu: sortMenu((await readSideMenu<MenuItem>(t.db, tenantId)) ?? []) };
}

const menuIds = (items: readonly MenuItem[]): string[] => items.flatMap((i) => [i._id, ...menuIds(i.children)]);

describe('a tenant provisioned by an older catalogue', () => {
  const OLDER: Older = {
    features: ['PAYMENT', 'MANAGE_CREDIT_NOTE', 'MY_CALENDER'],
    roles: ['CLIENT'],
    menu: ['menu.sensors', 'menu.service.ticket-dashbaord', 'menu.billing.manual-payment', 'menu.billing.manageCreditNote'],
  };

  it('is brought up to the catalogue at start, exactly as a tenant provisioned now', async () => {
    const current = await inTransaction(t.db, async (tx) => {
      const id = await newSubscriber(tx, 'Provisioned Now Pvt Ltd');
      await provisionTenant(tx, id, { platform: false });
      return id;
    });
    const older = await olderTenant('Older Catalogue Pvt Ltd', OLDER);
    const before = await holdings(older);
    expect(before.features).not.toContain('PAYMENT');
    expect(Object.keys(before.roles)).not.toContain('CLIENT');
    expect(menuIds(before.menu)).not.toContain('menu.service.ticket-dashbaord');

    const lines: string[] = [];
    const upgraded = await reconcileTenants(t.db, { log: (line) => lines.push(line) });
    const mine = upgraded.find((u) => u.tenantId === older);
    expect(mine?.changes.features.sort()).toEqual([...(OLDER.features ?? [])].sort());
    expect(mine?.changes.roles).toEqual(['CLIENT']);
    expect(mine?.changes.grants).toEqual(expect.arrayContaining(['ADMIN PAYMENT:VIEW', 'ADMIN PAYMENT:DELETE', 'USER MY_CALENDER:VIEW', 'CLIENT CLIENT_TICKET:CREATE']));
    expect(mine?.changes.menu.sort()).toEqual([...(OLDER.menu ?? [])].sort());
    // One line for the tenant that changed, naming what was added.
    const line = lines.filter((l) => l.includes(older));
    expect(line).toHaveLength(1);
    expect(line[0]).toMatch(/Older Catalogue Pvt Ltd.*\+features 3 \(.*PAYMENT.*\).*\+roles 1 \(CLIENT\).*\+menu entries 4/);

    const after = await holdings(older);
    const fresh = await holdings(current);
    expect(after.features).toEqual(fresh.features);
    expect(after.roles).toEqual(fresh.roles);
    // New entries in their place: the same tree, in the same order, as a tenant provisioned now.
    expect(after.menu).toEqual(fresh.menu);
  });

  it('a second start changes nothing, and nothing is logged', async () => {
    const lines: string[] = [];
    expect(await reconcileTenants(t.db, { log: (line) => lines.push(line) })).toEqual([]);
    // Even walking every tenant again (ignoring the fingerprints) adds and removes nothing.
    const forced = await reconcileTenants(t.db, { log: (line) => lines.push(line), force: true });
    expect(forced.length).toBeGreaterThanOrEqual(4);
    for (const pass of forced) expect(pass.changes, pass.companyName).toEqual({ privileges: [], features: [], featurePrivileges: [], roles: [], grants: [], menu: [], withdrawn: [], skippedRoles: [] });
    expect(lines).toEqual([]);
  });
});

describe("what a tenant chose survives a reconcile", () => {
  it("a grant an administrator removed, an entry hidden or moved, and the tenant's own role", async () => {
    const admin = await t.signIn('admin@demo.local');
    const tenantId = admin.user.subscriberId;
    // The administrator takes DELETE on clients away from ADMIN, through the product.
    const roles = await t.call(admin, 'GET', '/api/app/role');
    const adminRole = (roles.body.data ?? []).find((r) => r.name === 'ADMIN');
    expect(adminRole).toBeDefined();
    const features = (adminRole?.features as Array<{ feature: string; privileges: string[] }>).map((f) => (f.feature === 'CLIENT' ? { ...f, privileges: f.privileges.filter((p) => p !== 'DELETE') } : f));
    expect((await t.call(admin, 'PUT', `/api/app/role/${adminRole?._id as string}`, { features })).status).toBe(200);
    // Its own role, made through the product.
    const own = await t.call(admin, 'POST', '/api/app/role', { name: 'STORES', description: 'Stores clerks', features: [{ feature: 'MANAGE_SPARE_PART', privileges: ['VIEW'] }] });
    expect(own.status).toBe(201);
    const ownBefore = await t.db.query('select version, body from m_role where _id = $1', [own.body._id]);
    // The tenant hides Closed Calls and moves Payments first in Billing.
    const menu = (await readSideMenu<MenuItem>(t.db, tenantId)) ?? [];
    const edited = withoutEntries(menu, new Set(['menu.service.closed-calls'])).map((group) =>
      group._id === 'menu.billing' ? { ...group, children: group.children.map((c) => ({ ...c, order: c._id === 'menu.billing.manual-payment' ? 0 : c.order })) } : group,
    );
    await t.db.query('update side_menus set items = $2::jsonb where subscriber_id = $1', [tenantId, JSON.stringify(edited)]);
    // A newer catalogue: the tenant lacks a feature and a menu entry it has not had yet.
    await rewind(t.db, tenantId, { features: ['SUPPLIER'], menu: ['menu.parts.supplier'] });

    const upgraded = await reconcileTenants(t.db);
    const mine = upgraded.find((u) => u.tenantId === tenantId);
    expect(mine?.changes.features).toEqual(['SUPPLIER']);
    expect(mine?.changes.menu).toEqual(['menu.parts.supplier']);
    expect(mine?.changes.grants).not.toContain('ADMIN CLIENT:DELETE');

    const after = await holdings(tenantId);
    expect(after.roles.ADMIN).toContain('SUPPLIER:VIEW');
    expect(after.roles.ADMIN).not.toContain('CLIENT:DELETE');
    expect(after.roles.ADMIN).toContain('CLIENT:UPDATE');
    expect(menuIds(after.menu)).not.toContain('menu.service.closed-calls');
    expect(menuIds(after.menu)).toContain('menu.parts.supplier');
    const billing = after.menu.find((g) => g._id === 'menu.billing');
    expect(billing?.children[0]?._id).toBe('menu.billing.manual-payment');
    expect((await t.db.query('select version, body from m_role where _id = $1', [own.body._id])).rows).toEqual(ownBefore.rows);
    // The administrator's session sees it: DELETE on clients refused, suppliers reachable.
    expect((await t.call(admin, 'GET', '/api/app/supplier')).status).toBe(200);
    const refused = await t.call(admin, 'DELETE', '/api/app/client/000000000000000000000000');
    expect(refused.status).toBe(403);
  });

  it('a built-in role the tenant deleted is not brought back, and one it renamed stays the product\'s', async () => {
    const id = await olderTenant('Renamed Roles LLP', { features: ['BILLS'] });
    await t.db.query(`delete from m_role where subscriber_id = $1 and body->>'name' = 'CLIENT'`, [id]);
    await t.db.query(`update m_role set body = jsonb_set(body, '{name}', '"Engineers"') where subscriber_id = $1 and body->>'name' = 'USER'`, [id]);
    await t.db.query(`update tenant_catalogue set fingerprint = 'older-catalogue' where subscriber_id = $1`, [id]);
    const mine = (await reconcileTenants(t.db)).find((u) => u.tenantId === id);
    expect(mine?.changes.roles).toEqual([]);
    const after = await holdings(id);
    expect(Object.keys(after.roles).sort()).toEqual(['ADMIN', 'Engineers']);
    expect(after.roles.ADMIN).toContain('BILLS:CREATE');
  });
});

describe('platform-only features', () => {
  const PLATFORM = platformFeatures.map((f) => f.code);

  it('are named in the catalogue and offered only to the platform tenant', () => {
    expect(PLATFORM).toEqual(['MANAGE_SUBSCRIBER', 'SUBSCRIPTION_REQUESTS_LIST']);
    expect(tenantOffer({ platform: true }).features.map((f) => f.code)).toEqual(expect.arrayContaining(PLATFORM));
    const customer = tenantOffer({ platform: false });
    expect(customer.features.filter((f) => isPlatformFeature(f.code))).toEqual([]);
    expect(customer.roles.map((r) => r.name)).toEqual(['ADMIN', 'USER', 'CLIENT']);
    expect(customer.roles.flatMap((r) => r.grants.map(([code]) => code)).filter(isPlatformFeature)).toEqual([]);
    expect(menuIds(customer.menu).length).toBe(menuIds(productSideMenu()).length - PLATFORM.length);
  });

  it("never appear in a customer tenant: features, roles, menu, permissions", async () => {
    const acme = await t.signIn('admin@acme.local');
    const features = await t.call(acme, 'GET', `/api/app/feature?limit=${Number.MAX_SAFE_INTEGER}`);
    expect((features.body.data ?? []).map((f) => f.code).filter((c) => isPlatformFeature(String(c)))).toEqual([]);
    const permissions = await t.call(acme, 'GET', '/api/app/subscriber-user/getPermissions');
    const codes = (permissions.body as unknown as Array<{ screenCode: string }>).map((p) => p.screenCode);
    expect(codes).toContain('MANAGE_USER');
    expect(codes.filter(isPlatformFeature)).toEqual([]);
    const menu = await t.call(acme, 'GET', '/api/app/subscriber-user/getSideMenu');
    const entries = menuIds(menu.body as unknown as MenuItem[]);
    expect(entries).toContain('menu.administration.manage-user');
    expect(entries).not.toContain('menu.administration.manage-subscriber');
    expect(entries).not.toContain('menu.administration.subscription-request-list');
    // A role cannot name a feature the tenant does not have…
    const refused = await t.call(acme, 'POST', '/api/app/role', { name: 'FORGED', features: [{ feature: 'MANAGE_SUBSCRIBER', privileges: ['VIEW'] }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('features.0.feature: Unknown feature MANAGE_SUBSCRIBER');
    // …and when the customer's administrator makes a feature of that code by hand, holding it still grants nothing.
    const made = await t.call(acme, 'POST', '/api/app/feature', { name: 'Manage Subscriber', code: 'MANAGE_SUBSCRIBER', privileges: [...PRIVILEGE_CODES] });
    expect(made.status).toBe(201);
    const forged = await t.call(acme, 'POST', '/api/app/role', { name: 'FORGED', features: [{ feature: 'MANAGE_SUBSCRIBER', privileges: [...PRIVILEGE_CODES] }] });
    expect(forged.status).toBe(201);
    const user = await t.call(acme, 'POST', '/api/app/subscriber-user', { name: 'Forger', email: 'forger@acme.local', password: 'Sample@2026', roles: [forged.body._id] });
    expect(user.status).toBe(201);
    const forger = await t.signIn('forger@acme.local', 'Sample@2026');
    expect((await t.call(forger, 'GET', '/api/saas/subscriber')).status).toBe(403);
    // The next start takes the reserved code out of the customer tenant again.
    await t.db.query(`update tenant_catalogue set fingerprint = 'older-catalogue' where subscriber_id = $1`, [acme.user.subscriberId]);
    const mine = (await reconcileTenants(t.db)).find((u) => u.tenantId === acme.user.subscriberId);
    expect(mine?.changes.withdrawn).toEqual(['feature MANAGE_SUBSCRIBER']);
  });

  it("stay with the platform's own tenant: its operator keeps them, the demo tenant's administrator (a customer) holds none", async () => {
    const operator = await t.signIn('operator@demo.local');
    expect((await t.call(operator, 'GET', '/api/saas/subscriber')).status).toBe(200);
    expect((await t.call(operator, 'GET', '/api/app/subscription-request')).status).toBe(200);
    const permissionsOf = async (who: typeof operator): Promise<string[]> =>
      ((await t.call(who, 'GET', '/api/app/subscriber-user/getPermissions')).body as unknown as Array<{ screenCode: string }>).map((p) => p.screenCode);
    expect(await permissionsOf(operator)).toEqual(expect.arrayContaining(PLATFORM));
    const admin = await t.signIn('admin@demo.local');
    expect(admin.user.subscriberId).not.toBe(operator.user.subscriberId);
    expect((await permissionsOf(admin)).filter(isPlatformFeature)).toEqual([]);
  });

  it('a subscriber the operator creates is a customer tenant', async () => {
    const operator = await t.signIn('operator@demo.local');
    const res = await t.call(operator, 'POST', '/api/saas/subscriber', { companyName: 'Deccan Pumps Pvt Ltd', gstNo: '27AABCD9876E1Z3' });
    expect(res.status).toBe(201);
    const held = await holdings(String(res.body._id));
    expect(held.features.filter(isPlatformFeature)).toEqual([]);
    expect(Object.keys(held.roles).sort()).toEqual(['ADMIN', 'CLIENT', 'USER']);
  });
});

describe('a tenant provisioned before the reconcile existed (no bookkeeping)', () => {
  /** What the previous release's provisioning wrote for a customer: platform features granted to ADMIN too. */
  async function legacyTenant(name: string): Promise<string> {
    const id = await inTransaction(t.db, async (tx) => {
      const tenant = await newSubscriber(tx, name);
      await provisionTenant(tx, tenant, { platform: true });
      for (const r of (await repo(tx, role, tenant).list()).data) if (r.name === 'OPERATOR') await tx.query('delete from m_role where _id = $1', [r._id]);
      await rewind(tx, tenant, { features: ['QUESTIONS'], menu: ['menu.assets.questions', 'menu.sensors'] });
      return tenant;
    });
    await t.db.query('delete from catalogue_deliveries where subscriber_id = $1', [id]);
    await t.db.query('delete from tenant_catalogue where subscriber_id = $1', [id]);
    return id;
  }

  it('is taken as it stands: new things added, platform features withdrawn, removed grants stay removed', async () => {
    const id = await legacyTenant('Legacy Works LLP');
    // Before the upgrade, its administrator had taken UPDATE on sites away from USER… which USER never had;
    // and DELETE on sites away from ADMIN.
    const adminRole = (await repo(t.db, role, id).list()).data.find((r) => r.name === 'ADMIN');
    const trimmed = (adminRole?.features as Array<{ feature: string; privileges: string[] }>).map((f) => (f.feature === 'SITE_MANAGE' ? { ...f, privileges: ['VIEW'] } : f));
    await t.db.query(`update m_role set body = jsonb_set(body, '{features}', $2::jsonb) where _id = $1`, [adminRole?._id, JSON.stringify(trimmed)]);

    const lines: string[] = [];
    const mine = (await reconcileTenants(t.db, { log: (line) => lines.push(line) })).find((u) => u.tenantId === id);
    expect(mine?.changes.features).toEqual(['QUESTIONS']);
    expect(mine?.changes.menu.sort()).toEqual(['menu.assets.questions', 'menu.sensors']);
    expect(mine?.changes.roles).toEqual([]);
    expect(mine?.changes.withdrawn).toEqual(expect.arrayContaining(['feature MANAGE_SUBSCRIBER', 'ADMIN SUBSCRIPTION_REQUESTS_LIST', 'menu menu.administration.manage-subscriber']));
    expect(lines.filter((l) => l.includes(id))).toHaveLength(1);

    const after = await holdings(id);
    expect(after.features.filter(isPlatformFeature)).toEqual([]);
    expect(after.roles.ADMIN?.filter((g) => isPlatformFeature(g.split(':')[0] as string))).toEqual([]);
    expect(after.roles.ADMIN).toContain('QUESTIONS:DELETE');
    expect(after.roles.ADMIN?.filter((g) => g.startsWith('SITE_MANAGE:'))).toEqual(['SITE_MANAGE:VIEW']);
    expect(menuIds(after.menu)).toContain('menu.sensors.dashboard-realtime');
    // From now on it has bookkeeping: another pass changes nothing.
    const again = (await reconcileTenants(t.db, { force: true })).find((u) => u.tenantId === id);
    expect(again?.changes.grants).toEqual([]);
    expect(again?.changes.withdrawn).toEqual([]);
  });
});

describe('200 tenants at start', () => {
  it('are each reconciled in one transaction, well under a second each', async () => {
    const template = await olderTenant('Template Older Tenant', { features: ['PAYMENT', 'SUPPLIER'], menu: ['menu.sensors', 'menu.billing.manual-payment'] });
    // 199 more tenants like it, copied in SQL (provisioning each through the code would be the slow part).
    await copyTenant(t.db, template, 199);
    const upgraded = await reconcileTenants(t.db);
    const copies = upgraded.filter((u) => u.companyName.startsWith('Copy ') || u.tenantId === template);
    expect(copies).toHaveLength(200);
    for (const u of copies) {
      expect(u.changes.features.sort(), u.companyName).toEqual(['PAYMENT', 'SUPPLIER']);
      expect(u.changes.menu.sort(), u.companyName).toEqual(['menu.billing.manual-payment', 'menu.sensors']);
    }
    const ms = copies.map((u) => u.ms).sort((a, b) => a - b);
    // A figure, not a gate (bench/tenant-reconcile.ts measures against its budget); printed for the note.
    console.log(`reconcile of 200 tenants: median ${ms[100]?.toFixed(1)} ms, max ${ms[199]?.toFixed(1)} ms per tenant`);
    expect(await reconcileTenants(t.db)).toEqual([]);
  });
});
