/**
 * The platform's own tenant (issue 35, item 2; server/domain/admin/platform-tenant.ts): the operator's account,
 * the subscription requests and the platform texts are the platform's, out of every customer administrator's reach;
 * the operator still signs in and runs the platform screens. A database of an older version, whose operator lived
 * in Demo Industries, is upgraded by the reconcile at start: the operator and the platform's records move out, with
 * the operator's live session, and Demo Industries becomes a customer's tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { role, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import { isPlatformFeature } from '../../src/contract/modules/index';
import { subscriptionRequest } from '../../src/contract/modules/sales';
import { inTransaction } from '../../server/db/pool';
import { repo } from '../../server/db/repository';
import { PLATFORM_TENANT_NAME } from '../../server/domain/admin/platform-tenant';
import { reconcileTenant } from '../../server/domain/admin/tenant-reconcile';
import { reconcileTenants } from '../../server/domain/admin/tenant-upgrade';
import { DEMO_SUBSCRIPTION_REQUEST } from '../../server/seed/demo/public-pages';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

/** Every call that reaches the operator or a platform record, as a customer administrator would try it. */
function platformCalls(operatorId: string, platformTenantId: string, requestId: string): Array<[string, string, unknown?]> {
  return [
    ['GET', '/api/saas/subscriber'],
    ['GET', `/api/saas/subscriber/getById/${platformTenantId}`],
    ['PUT', `/api/saas/subscriber/${platformTenantId}`, { status: 'Suspended' }],
    ['GET', `/api/app/subscriber-user/getById/${operatorId}`],
    ['PUT', `/api/app/subscriber-user/${operatorId}`, { status: 'Inactive' }],
    ['DELETE', `/api/app/subscriber-user/${operatorId}`],
    ['GET', '/api/app/subscription-request'],
    ['GET', `/api/app/subscription-request/getById/${requestId}`],
    ['PUT', `/api/app/subscription-request/${requestId}`, { status: 'Accepted' }],
    ['GET', '/api/saas/platform-texts'],
    ['PUT', '/api/saas/platform-texts/terms', { html: '<p>Ours now</p>' }],
  ];
}

/** What each call answered a customer administrator, and whether the operator and the request are unchanged. */
async function triedBy(t: TestDb, who: SignedIn, operatorId: string, platformTenantId: string, requestId: string): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (const [method, url, body] of platformCalls(operatorId, platformTenantId, requestId)) answers[`${method} ${url}`] = (await t.call(who, method, url, body)).status;
  return answers;
}

function refusedAll(operatorId: string, platformTenantId: string, requestId: string): Record<string, number[]> {
  return Object.fromEntries(platformCalls(operatorId, platformTenantId, requestId).map(([method, url]) => [`${method} ${url}`, [403, 404]]));
}

function expectRefused(answers: Record<string, number>, operatorId: string, platformTenantId: string, requestId: string): void {
  const wrong = Object.entries(answers).filter(([call, status]) => !refusedAll(operatorId, platformTenantId, requestId)[call]?.includes(status));
  expect(wrong).toEqual([]);
}

describe('a fresh database', () => {
  let t: TestDb;
  let operator: SignedIn;
  let demoAdmin: SignedIn;
  let acmeAdmin: SignedIn;
  let requestId: string;
  beforeAll(async () => {
    t = await testDb();
    [operator, demoAdmin, acmeAdmin] = await Promise.all([t.signIn('operator@demo.local'), t.signIn('admin@demo.local'), t.signIn('admin@acme.local')]);
    const { rows } = await t.db.query<{ _id: string }>(`select _id from "${tableName(subscriptionRequest)}" where body->>'companyName' = $1`, [DEMO_SUBSCRIPTION_REQUEST]);
    requestId = rows[0]?._id ?? '';
  });
  afterAll(() => t.close());

  it('keeps the operator, the subscription requests and the platform texts in the platform tenant', async () => {
    expect(operator.user.subscriberId).not.toBe(demoAdmin.user.subscriberId);
    expect(operator.user.subscriberId).not.toBe(acmeAdmin.user.subscriberId);
    const { rows } = await t.db.query<{ subscriber_id: string }>(`select subscriber_id from "${tableName(subscriptionRequest)}" where _id = $1`, [requestId]);
    expect(rows[0]?.subscriber_id).toBe(operator.user.subscriberId);
    const platform = await t.call(operator, 'GET', `/api/saas/subscriber/getById/${operator.user.subscriberId}`);
    expect(platform.body.companyName).toBe(PLATFORM_TENANT_NAME);
  });

  it('refuses every customer administrator the operator and every platform record, and changes nothing', async () => {
    for (const admin of [demoAdmin, acmeAdmin]) expectRefused(await triedBy(t, admin, operator.user._id, operator.user.subscriberId, requestId), operator.user._id, operator.user.subscriberId, requestId);
    // The operator is still Active and signed in; the request still Pending; the terms unchanged.
    expect((await t.call(operator, 'GET', `/api/app/subscriber-user/getById/${operator.user._id}`)).body.status).toBe('Active');
    expect((await t.call(operator, 'GET', `/api/app/subscription-request/getById/${requestId}`)).body.status).toBe('Pending');
    expect(String((await t.call(null, 'GET', '/api/public/public-terms-and-conditions/getLatestTandC')).body.termsAndConditions)).not.toContain('Ours now');
  });

  it("no longer lists the operator among the demo tenant's people", async () => {
    const people = await t.call(demoAdmin, 'GET', '/api/app/subscriber-user');
    expect(people.status).toBe(200);
    expect((people.body.data ?? []).map((u) => u.email)).not.toContain('operator@demo.local');
  });

  it('lets the operator run the platform screens', async () => {
    const subscribers = await t.call(operator, 'GET', '/api/saas/subscriber');
    expect(subscribers.status).toBe(200);
    expect((subscribers.body.data ?? []).map((s) => s.companyName)).toEqual(expect.arrayContaining(['Demo Industries Pvt Ltd', 'Acme Facility Services LLP', PLATFORM_TENANT_NAME]));
    const requests = await t.call(operator, 'GET', '/api/app/subscription-request');
    expect(requests.status).toBe(200);
    expect((requests.body.data ?? []).map((r) => r.companyName)).toContain(DEMO_SUBSCRIPTION_REQUEST);
    expect((await t.call(operator, 'GET', '/api/saas/platform-texts')).status).toBe(200);
    // A prospect's sign-up lands in the platform tenant.
    const terms = await t.call(null, 'GET', '/api/public/public-terms-and-conditions/getLatestTandC');
    const privacy = await t.call(null, 'GET', '/api/public/public-terms-and-conditions/getLatestPrivacyPolicy');
    const signUp = await t.call(null, 'POST', '/api/public/public-subscription-request', {
      companyName: 'Platform Tenant Test Works',
      gstNo: '27AAFCP4321L1ZX',
      companyTeamSize: '12',
      address: 'Bhosari MIDC / Pune / 411026 / India',
      termsAndConditions: String(terms.body._id),
      privacyPolicy: String((privacy.body.privacyPolicyData as { _id: string })._id),
    });
    expect(signUp.status).toBe(201);
    const stored = await t.db.query<{ subscriber_id: string }>(`select subscriber_id from "${tableName(subscriptionRequest)}" where body->>'companyName' = 'Platform Tenant Test Works'`);
    expect(stored.rows.map((r) => r.subscriber_id)).toEqual([operator.user.subscriberId]);
  });

  it("refuses to suspend the platform's own tenant", async () => {
    const res = await t.call(operator, 'PUT', `/api/saas/subscriber/${operator.user.subscriberId}`, { status: 'Suspended' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("status: The platform's own tenant cannot be suspended");
    expect((await t.call(operator, 'GET', '/api/saas/subscriber')).status).toBe(200);
  });
});

describe('a database of an older version, the operator inside Demo Industries', () => {
  let t: TestDb;
  let operator: SignedIn;
  let demoAdmin: SignedIn;
  let demoId: string;
  let oldPlatformId: string;
  let requestId: string;
  beforeAll(async () => {
    t = await testDb();
    [operator, demoAdmin] = await Promise.all([t.signIn('operator@demo.local'), t.signIn('admin@demo.local')]);
    demoId = demoAdmin.user.subscriberId;
    oldPlatformId = operator.user.subscriberId;
    // What the older version left: Demo Industries is the platform's tenant (platform features, an OPERATOR role) and
    // holds the operator, the subscription requests and their histories; no platform tenant of its own.
    await inTransaction(t.db, async (tx) => {
      await tx.query(`update tenant_catalogue set platform = true where subscriber_id = $1`, [demoId]);
      await reconcileTenant(tx, demoId, { platform: true, legacy: false });
      const operatorRole = (await repo(tx, role, demoId).list()).data.find((r) => r.name === 'OPERATOR');
      await tx.query(`update "${tableName(subscriberUser)}" set subscriber_id = $2, body = jsonb_set(body, '{roles}', $3::jsonb) where _id = $1`, [operator.user._id, demoId, JSON.stringify([operatorRole?._id])]);
      await tx.query('update credentials set subscriber_id = $2 where user_id = $1', [operator.user._id, demoId]);
      await tx.query('update sessions set subscriber_id = $2 where user_id = $1', [operator.user._id, demoId]);
      await tx.query(`update "${tableName(subscriptionRequest)}" set subscriber_id = $2 where subscriber_id = $1`, [oldPlatformId, demoId]);
      await tx.query(`update lifecycle_history set subscriber_id = $2 where subscriber_id = $1`, [oldPlatformId, demoId]);
      for (const { table } of (await tx.query<{ table: string }>(`select table_name as table from information_schema.columns where table_schema = 'public' and column_name = 'subscriber_id'`)).rows) {
        await tx.query(`delete from "${table}" where subscriber_id = $1`, [oldPlatformId]);
      }
      await tx.query('delete from platform_tenant');
    });
    const { rows } = await t.db.query<{ _id: string }>(`select _id from "${tableName(subscriptionRequest)}" where body->>'companyName' = $1`, [DEMO_SUBSCRIPTION_REQUEST]);
    requestId = rows[0]?._id ?? '';
  });
  afterAll(() => t.close());

  it('was as an older version left it: the demo administrator reached the subscribers', async () => {
    const older = await t.signIn('admin@demo.local');
    expect((await t.call(older, 'GET', '/api/saas/subscriber')).status).toBe(200);
    expect((await t.call(older, 'GET', `/api/app/subscriber-user/getById/${operator.user._id}`)).status).toBe(200);
  });

  it('is upgraded at start: the operator and the platform records move to a new platform tenant, Demo Industries becomes a customer', async () => {
    const lines: string[] = [];
    const upgraded = await reconcileTenants(t.db, { log: (line) => lines.push(line) });
    expect(lines.some((line) => line.includes(`platform tenant "${PLATFORM_TENANT_NAME}"`))).toBe(true);
    expect(lines.some((line) => line.includes(operator.user._id) && line.includes(demoId))).toBe(true);
    const demo = upgraded.find((u) => u.tenantId === demoId);
    expect(demo?.changes.withdrawn.length).toBeGreaterThan(0);

    const platformId = (await t.db.query<{ subscriber_id: string }>('select subscriber_id from platform_tenant')).rows[0]?.subscriber_id ?? '';
    expect(platformId).not.toBe(demoId);
    const where = await t.db.query<{ user_tenant: string; credentials_tenant: string; request_tenant: string; demo_platform: boolean }>(
      `select (select subscriber_id from "${tableName(subscriberUser)}" where _id = $1) as user_tenant,
              (select subscriber_id from credentials where user_id = $1) as credentials_tenant,
              (select subscriber_id from "${tableName(subscriptionRequest)}" where _id = $2) as request_tenant,
              (select platform from tenant_catalogue where subscriber_id = $3) as demo_platform`,
      [operator.user._id, requestId, demoId],
    );
    expect(where.rows[0]).toEqual({ user_tenant: platformId, credentials_tenant: platformId, request_tenant: platformId, demo_platform: false });
    // Demo Industries' roles hold no platform-only feature any more.
    const grants = (await repo(t.db, role, demoId).list()).data.flatMap((r) => (r.features as Array<{ feature: string }>).map((f) => f.feature));
    expect(grants.filter(isPlatformFeature)).toEqual([]);
    expect((await repo(t.db, role, demoId).list()).data.map((r) => r.name)).not.toContain('OPERATOR');
    // A second start finds nothing to do.
    expect(await reconcileTenants(t.db)).toEqual([]);
  });

  it('the operator, still signed in from before, runs the platform screens; the demo administrator reaches none of it', async () => {
    expect((await t.call(operator, 'GET', '/api/saas/subscriber')).status).toBe(200);
    const requests = await t.call(operator, 'GET', '/api/app/subscription-request');
    expect((requests.body.data ?? []).map((r) => r._id)).toContain(requestId);
    const again = await t.signIn('operator@demo.local');
    const platformId = again.user.subscriberId;
    expect(platformId).not.toBe(demoId);
    expectRefused(await triedBy(t, demoAdmin, operator.user._id, platformId, requestId), operator.user._id, platformId, requestId);
    expect((await t.call(again, 'GET', `/api/app/subscriber-user/getById/${operator.user._id}`)).body.status).toBe('Active');
  });
});
