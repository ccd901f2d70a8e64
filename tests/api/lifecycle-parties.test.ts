/**
 * The lifecycle steps taken by parties who are not signed in (issue 10): the customer on a proposal's public link,
 * the prospect on a subscriber-details link, and the server's scheduler moving maintenance plans by the clock; and
 * the seller's and the operator's steps around them (the careless moves the issue found, refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceMaintenancePlans } from '../../server/domain/service/maintenance-schedule';
import { nextOccurrence } from '../../server/domain/service/maintenance-plan-steps';
import { todayInIndia } from '../../server/domain/records';
import { moduleNamed, tableName } from '../../src/contract/modules/index';
import { newLifecycleRecord, takeStep } from '../helpers/lifecycle-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
let operator: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  operator = await t.signIn('operator@demo.local');
});
afterAll(() => t.close());

const history = async (who: SignedIn, base: string, id: string) =>
  ((await t.call(who, 'GET', `${base}/history/${id}`)).body.data ?? []).map((h) => `${String(h.event)} by ${(h.by as { name: string; kind: string }).name} (${(h.by as { kind: string }).kind})`);

describe('a proposal', () => {
  const BASE = '/api/app/proposal';

  it('is won only by its customer: the seller cannot set Won on a Draft, a sent or a Lost proposal', async () => {
    const id = await newLifecycleRecord(t, admin, 'proposal');
    for (const status of ['Won', 'Deal']) expect((await t.call(admin, 'PUT', `${BASE}/${id}`, { status })).status, status).toBe(409);
    expect((await t.call(admin, 'PATCH', `${BASE}/transition/${id}`, { event: 'accept', acceptNote: 'forged' })).status).toBe(409);
    expect((await takeStep(t, admin, 'proposal', id, 'sendFinal')).status).toBe(200);
    expect((await t.call(admin, 'PUT', `${BASE}/${id}`, { status: 'Won' })).status).toBe(409);
    const lost = await newLifecycleRecord(t, admin, 'proposal');
    expect((await t.call(admin, 'PATCH', `${BASE}/transition/${lost}`, { event: 'markLost' })).body.message).toBe('lostReason: Give the reason the proposal was lost');
    expect((await takeStep(t, admin, 'proposal', lost, 'markLost')).status).toBe(200);
    expect((await t.call(admin, 'PUT', `${BASE}/${lost}`, { status: 'Won' })).status).toBe(409);
  });

  it('moves to View when its customer opens the draft link, and to Won when they accept the final one, each in its history', async () => {
    const id = await newLifecycleRecord(t, admin, 'proposal');
    for (const event of ['sendDraft', 'view', 'sendFinal', 'accept', 'closeDeal']) expect((await takeStep(t, admin, 'proposal', id, event)).status, event).toBe(200);
    const read = await t.call(admin, 'GET', `${BASE}/getById/${id}`);
    expect(read.body).toMatchObject({ status: 'Deal', acceptNote: 'Terms agreed', dealBy: admin.user._id, sentBy: admin.user._id });
    expect(await history(admin, BASE, id)).toEqual([
      'sendDraft by Asha Kulkarni (staff)',
      'view by Customer (public link) (customer)',
      'sendFinal by Asha Kulkarni (staff)',
      'accept by Customer (public link) (customer)',
      'closeDeal by Asha Kulkarni (staff)',
    ]);
  });

  it('taken back to Draft by draftProposal keeps the changes sent with it', async () => {
    const id = await newLifecycleRecord(t, admin, 'proposal');
    expect((await takeStep(t, admin, 'proposal', id, 'sendFinal')).status).toBe(200);
    const back = await t.call(admin, 'POST', `${BASE}/draftProposal`, { id, monthlyRental: 90000 });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ status: 'Draft', monthlyRental: 90000 });
    // The step back, then the changes as one edit (issue 28: edits are in the history too).
    expect(await history(admin, BASE, id)).toEqual(['sendFinal by Asha Kulkarni (staff)', 'backToDraft by Asha Kulkarni (staff)', 'edit by Asha Kulkarni (staff)']);
  });
});

describe('a subscription request', () => {
  const BASE = '/api/app/subscription-request';

  it('is confirmed by its prospect on the link, then on-boarded by the operator into a tenant of its own', async () => {
    const id = await newLifecycleRecord(t, operator, 'subscription-request');
    expect((await t.call(operator, 'PUT', `${BASE}/${id}`, { status: 'On-Board' })).status).toBe(409);
    expect((await takeStep(t, operator, 'subscription-request', id, 'confirm')).status).toBe(200);
    // A customer's administrator cannot reach the platform's requests at all (issue 35)…
    expect((await t.call(admin, 'PATCH', `${BASE}/transition/${id}`, { event: 'onBoard' })).status).toBe(403);
    // …and platform staff holding the feature, who are not the operator, may not on-board.
    const operatorRole = ((await t.call(operator, 'GET', '/api/app/role')).body.data ?? []).find((r) => r.name === 'OPERATOR');
    const made = await t.call(operator, 'POST', '/api/app/subscriber-user', { name: 'Platform Staff', email: 'staff@platform.local', password: 'Staff-Platform-2026', roles: [operatorRole?._id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const staff = await t.signIn('staff@platform.local', 'Staff-Platform-2026');
    const asStaff = await t.call(staff, 'PATCH', `${BASE}/transition/${id}`, { event: 'onBoard' });
    expect(asStaff.status).toBe(400);
    expect(asStaff.body.message).toBe('Only the platform operator can on-board subscribers');
    const onBoarded = await t.call(operator, 'PATCH', `${BASE}/transition/${id}`, { event: 'onBoard' });
    expect(onBoarded.status, JSON.stringify(onBoarded.body)).toBe(200);
    expect(onBoarded.body).toMatchObject({ status: 'On-Board', onBoardedBy: operator.user._id, allowedEvents: [] });
    const subscriber = await t.call(operator, 'GET', `/api/saas/subscriber/getById/${String(onBoarded.body.subscriberId)}`);
    expect(subscriber.body).toMatchObject({ companyName: onBoarded.body.companyName, gstNo: onBoarded.body.gstNo, status: 'Active' });
    // Provisioned as the operator's create does: the new tenant has its built-in roles.
    const roles = await t.db.query<{ n: number }>(`select count(*)::int as n from "${tableName(moduleNamed('role'))}" where subscriber_id = $1`, [onBoarded.body.subscriberId]);
    expect(roles.rows[0]?.n).toBeGreaterThan(0);
    expect(await history(operator, BASE, id)).toEqual(['sendLink by Neha Joshi (staff)', 'confirm by Prospect (details link) (customer)', 'onBoard by Neha Joshi (staff)']);
  });

  it('refuses "send details link" on the transition route: its own call answers the link', async () => {
    const id = await newLifecycleRecord(t, operator, 'subscription-request');
    const refused = await t.call(operator, 'PATCH', `${BASE}/transition/${id}`, { event: 'sendLink' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('event: "Send details link" is taken with the generatePublicLink call, whose answer is what you send');
  });
});

describe('maintenance plans and the clock', () => {
  const BASE = '/api/app/preventive-maintenance';

  it('fall due on their date and overdue after it, by the scheduler, which nobody else can be', async () => {
    const today = todayInIndia();
    const machines = await t.call(admin, 'GET', '/api/app/svc-machine-instances?limit=1');
    const plan = async (nextDueDate: string) => {
      const res = await t.call(admin, 'POST', BASE, { title: `Plan due ${nextDueDate}`, machineInstanceId: machines.body.data?.[0]?._id, frequency: 'Weekly', startDate: '2026-01-01', nextDueDate });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return String(res.body._id);
    };
    const dueToday = await plan(today);
    const late = await plan('2026-01-07');
    const later = await plan('2099-01-01');
    expect((await t.call(admin, 'PUT', `${BASE}/${later}`, { status: 'Due' })).status).toBe(409);
    const run = await advanceMaintenancePlans(t.db, t.hub, today);
    expect(run.moved.fallDue).toBeGreaterThanOrEqual(1);
    expect(run.moved.becomeOverdue).toBeGreaterThanOrEqual(1);
    const status = async (id: string) => (await t.call(admin, 'GET', `${BASE}/getById/${id}`)).body.status;
    expect([await status(dueToday), await status(late), await status(later)]).toEqual(['Due', 'Overdue', 'Scheduled']);
    expect(await history(admin, BASE, late)).toEqual(['becomeOverdue by Scheduler (scheduler)']);
    // A second run finds nothing more to do for these.
    expect((await advanceMaintenancePlans(t.db, t.hub, today)).moved).toEqual({});
    // Asked for on the transition route, a clock step is the scheduler's and still reads the date.
    const early = await t.call(admin, 'PATCH', `${BASE}/transition/${later}`, { event: 'fallDue' });
    expect(early.status).toBe(409);
  });

  it('marked done, record the day and move the next due date on by the frequency, past today', async () => {
    const id = await newLifecycleRecord(t, admin, 'preventive-maintenance');
    expect((await takeStep(t, admin, 'preventive-maintenance', id, 'becomeOverdue')).status).toBe(200);
    const done = await takeStep(t, admin, 'preventive-maintenance', id, 'markDone');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const today = todayInIndia();
    expect(done.body).toMatchObject({ status: 'Scheduled', lastDoneDate: today, lastDoneBy: admin.user._id });
    expect(String(done.body.nextDueDate) > today).toBe(true);
    expect(String(done.body.nextDueDate).slice(8)).toBe('05');
  });

  it('count the next occurrence by the frequency, keeping the day within the month', () => {
    expect(nextOccurrence('2026-01-31', 'Monthly')).toBe('2026-02-28');
    expect(nextOccurrence('2026-01-05', 'Quarterly')).toBe('2026-04-05');
    expect(nextOccurrence('2026-12-29', 'Weekly')).toBe('2027-01-05');
    expect(nextOccurrence('2026-03-10', 'Daily')).toBe('2026-03-11');
    expect(nextOccurrence('2026-08-31', 'Half-Yearly')).toBe('2027-02-28');
    expect(nextOccurrence('2024-02-29', 'Yearly')).toBe('2025-02-28');
  });
});
