/**
 * Records a step makes are announced to open screens like any create (issue 39 item 5): the stock transactions of a
 * spare-part request issued, with the parts whose stock they moved; a proposal's activity logged by its send step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordInState, takeStep } from '../helpers/lifecycle-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

const announced = (from: number, module: string, op: string) => t.events.slice(from).filter((e) => e.event.module === module && e.event.op === op);

describe('records made by a step', () => {
  it("issuing a spare-part request announces each line's stock transaction and its part's new stock", async () => {
    const id = await recordInState(t, admin, 'request-spare', 'Approved');
    const request = (await t.call(admin, 'GET', `/api/app/request-spare/getById/${id}`)).body;
    const before = t.events.length;
    const issued = await takeStep(t, admin, 'request-spare', id, 'issue');
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const made = await t.call(admin, 'GET', `/api/app/transaction?reference=${String(request.alternateId)}&limit=100`);
    const transactions = (made.body.data ?? []).filter((row) => row.reference === request.alternateId);
    const lines = request.items as Array<{ partId: string }>;
    expect(transactions).toHaveLength(lines.length);
    expect(announced(before, 'transaction', 'create').map((e) => e.event._id).sort()).toEqual(transactions.map((row) => row._id as string).sort());
    expect(new Set(announced(before, 'spare-part-inventory', 'update').map((e) => e.event._id))).toEqual(new Set(lines.map((line) => line.partId)));
    for (const e of t.events.slice(before)) expect(e.tenantId).toBe(admin.user.subscriberId);
  });

  it("a proposal's send call announces the activity it logs", async () => {
    const id = await recordInState(t, admin, 'proposal', 'Draft');
    const before = t.events.length;
    const sent = await t.call(admin, 'PATCH', '/api/app/proposal/sendProposal', { id, status: 'Sent(Draft)' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const activities = (await t.call(admin, 'GET', `/api/app/proposal-activity?proposalId=${id}&limit=100`)).body.data ?? [];
    const logged = activities.filter((a) => a.proposalId === id && a.type === 'Sent');
    expect(logged.length).toBeGreaterThan(0);
    expect(announced(before, 'proposal-activity', 'create').map((e) => e.event._id)).toEqual(expect.arrayContaining(logged.map((a) => a._id as string)));
  });
});
