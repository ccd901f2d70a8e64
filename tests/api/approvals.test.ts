/**
 * GET /api/app/approvals/waiting-count (issue 18): what waits for the signed-in person's approval, per approvable
 * module they may view, counted on the server. The count equals the list rows whose own `allowedEvents` (the
 * record's read, decided by the transitions' machines) include approve; it moves when a record starts or stops
 * waiting; someone who can approve nothing gets an empty list; another tenant's records are never counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITING_COUNT_PATH, type WaitingCount } from '../../src/contract/approvalShapes';
import { moduleNamed } from '../../src/contract/modules/index';
import { declaredEvents, lifecycleOf, type Lifecycle } from '../../src/machines/lifecycles/index';
import { tableName } from '../../src/contract/modules/define';
import { ACME_ADMIN } from '../../server/seed/demo-tenant';
import { newLifecycleRecord, recordInState, takeStep } from '../helpers/lifecycle-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';
import { userWith } from './modules/support';

const APPROVABLE = ['credit-note', 'payment', 'purchase-order-requisition', 'request-spare'];

let t: TestDb;
let admin: SignedIn;
let acme: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  acme = await t.signIn(ACME_ADMIN.email);
});
afterAll(() => t.close());

async function waiting(who: SignedIn): Promise<WaitingCount> {
  const res = await t.call<WaitingCount>(who, 'GET', WAITING_COUNT_PATH);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.total).toBe(res.body.modules.reduce((sum, m) => sum + m.count, 0));
  return res.body;
}

const countOf = (answer: WaitingCount, module: string): number | undefined => answer.modules.find((m) => m.module === module)?.count;

/** The list's rows `who` may approve now, by each record's own answer (getById's allowedEvents). */
async function approvableRows(who: SignedIn, module: string): Promise<number> {
  const lifecycle = lifecycleOf(module) as Lifecycle;
  const path = moduleNamed(module).path;
  const list = await t.call(who, 'GET', `${path}?limit=${Number.MAX_SAFE_INTEGER}`);
  expect(list.status).toBe(200);
  let n = 0;
  for (const row of list.body.data ?? []) {
    if (!declaredEvents(lifecycle, String(row[lifecycle.statusField])).includes('approve')) continue;
    const record = await t.call(who, 'GET', `${path}/getById/${String(row._id)}`);
    if ((record.body.allowedEvents as string[] | undefined)?.includes('approve')) n += 1;
  }
  return n;
}

describe('what waits for my approval', () => {
  it("counts, for an approver, each approvable module's records they may approve now, as the records themselves say", async () => {
    await recordInState(t, admin, 'payment', 'Pending');
    await recordInState(t, admin, 'purchase-order-requisition', 'Submitted');
    const answer = await waiting(admin);
    expect(answer.modules.map((m) => m.module)).toEqual(APPROVABLE);
    for (const module of APPROVABLE) expect(countOf(answer, module), module).toBe(await approvableRows(admin, module));
    expect(countOf(answer, 'payment')).toBeGreaterThan(0);
    expect(countOf(answer, 'purchase-order-requisition')).toBeGreaterThan(0);
  });

  it('moves when a record starts waiting and when it is approved', async () => {
    const before = await waiting(admin);
    const id = await newLifecycleRecord(t, admin, 'payment');
    const raised = await waiting(admin);
    expect(countOf(raised, 'payment')).toBe((countOf(before, 'payment') ?? 0) + 1);
    expect(raised.total).toBe(before.total + 1);
    expect((await takeStep(t, admin, 'payment', id, 'approve')).status).toBe(200);
    expect(await waiting(admin)).toEqual(before);
  });

  it('is an empty list for someone who can approve nothing: viewing is not approving', async () => {
    const engineer = await userWith(t, admin, [{ feature: 'MY_OPEN_CALLS', privileges: ['VIEW', 'UPDATE'] }]);
    expect(await waiting(engineer)).toEqual({ modules: [], total: 0 });
    // Sees payments and records them, but deciding needs PAYMENT UPDATE: not theirs to watch.
    const clerk = await userWith(t, admin, [{ feature: 'PAYMENT', privileges: ['VIEW', 'CREATE'] }]);
    expect(await waiting(clerk)).toEqual({ modules: [], total: 0 });
    // Approves payments (and views them): only payments are counted.
    const payments = await userWith(t, admin, [{ feature: 'PAYMENT', privileges: ['VIEW', 'UPDATE'] }]);
    const answer = await waiting(payments);
    expect(answer.modules.map((m) => m.module)).toEqual(['payment']);
    expect(countOf(answer, 'payment')).toBe(countOf(await waiting(admin), 'payment'));
  });

  it("never counts another tenant's records", async () => {
    const demoBefore = await waiting(admin);
    const acmeBefore = await waiting(acme);
    expect(acmeBefore.modules.map((m) => m.module)).toEqual(APPROVABLE);
    // A pending payment of the demo tenant is not Acme's to approve…
    const id = await newLifecycleRecord(t, admin, 'payment');
    expect(await waiting(acme)).toEqual(acmeBefore);
    expect(countOf(await waiting(admin), 'payment')).toBe((countOf(demoBefore, 'payment') ?? 0) + 1);
    // …and once it belongs to Acme, it is counted there and no longer in the demo tenant.
    await t.db.query(`update "${tableName(moduleNamed('payment'))}" set subscriber_id = $1 where _id = $2`, [acme.user.subscriberId, id]);
    expect(countOf(await waiting(acme), 'payment')).toBe((countOf(acmeBefore, 'payment') ?? 0) + 1);
    expect(await waiting(admin)).toEqual(demoBefore);
  });

  it('needs a signed-in person', async () => {
    expect((await t.call(null, 'GET', WAITING_COUNT_PATH)).status).toBe(401);
  });

  it('is documented in the OpenAPI at /api/docs, with its reply', async () => {
    const docs = await t.call<{ paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>> }>(null, 'GET', '/api/docs/json');
    const get = docs.body.paths[WAITING_COUNT_PATH]?.get;
    expect(get?.summary).toContain('issue 18');
    expect(JSON.stringify(get?.responses?.['200'])).toContain('modules');
  });
});
