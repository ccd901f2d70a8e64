/**
 * The lifecycles through HTTP (issue 10), generated from each machine of the index: every path replayed with
 * PATCH {path}/transition/{id} (each step's stored status and allowed events checked, a history row per step);
 * in every state, every step the machine does not allow refused with 409 and nothing changed; stale versions,
 * missing event data, unknown steps and other tenants refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformFeature, moduleNamed, opRoute } from '../../src/contract/modules/index';
import { allowedEvents, lifecycleOf, recordEvents, stampedFields, type Lifecycle, type LifecycleCaller } from '../../src/machines/lifecycles/index';
import { declaredTransitions, eventData, EVERY_PRIVILEGE, lifecyclePaths } from '../machines/support/lifecyclePaths';
import { lifecycleActorEmail, lifecycleModules, newLifecycleRecord, recordInState, senderName, takeStep } from '../helpers/lifecycle-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
/** Who takes each module's staff steps (lifecycleActorEmail): the demo administrator, or the platform operator. */
const actors = new Map<string, SignedIn>();
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  for (const module of lifecycleModules()) actors.set(module, await t.signIn(lifecycleActorEmail(module)));
});
afterAll(() => t.close());

/** Who makes a module's records and takes its steps: a platform module's are the platform tenant's (issue 35). */
const actorOf = (module: string): SignedIn => actors.get(module) ?? admin;

const lifecycles = lifecycleModules().map((module) => [module, lifecycleOf(module) as Lifecycle] as const);
/** What a record's answer lists: the steps the caller may take, then Edit and Delete where the machine allows them. */
const offered = (lifecycle: Lifecycle, record: Record<string, unknown>, caller: LifecycleCaller): string[] => [...allowedEvents(lifecycle, record, caller), ...recordEvents(lifecycle, record, caller)];
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(lifecycles.filter(([, lifecycle]) => stampedFields(lifecycle).length > 0))('the step stamps of %s', (module, lifecycle) => {
  it('are the server’s: a PUT carrying them (a client sending the record back) changes none of them', async () => {
    const base = moduleNamed(module).path;
    const id = await newLifecycleRecord(t, actorOf(module), module);
    const before = await t.call(actorOf(module), 'GET', `${base}/getById/${id}`);
    const { _id, version: _version, allowedEvents: _allowed, ...fields } = before.body;
    const forged = Object.fromEntries(stampedFields(lifecycle).map((field) => [field, field.endsWith('At') ? '2020-01-01T00:00:00.000Z' : 'forged-user']));
    const update = opRoute(moduleNamed(module), 'update');
    const res = await t.call(actorOf(module), update.method, `${base}${update.path.replace(':id', id)}`, { ...fields, _id, ...forged });
    // Saved, or refused by the state's edit rule (a credit note waiting for approval): either way no stamp moves.
    if (res.status !== 200) expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    const after = await t.call(actorOf(module), 'GET', `${base}/getById/${id}`);
    for (const field of stampedFields(lifecycle)) expect(after.body[field], field).toEqual(before.body[field]);
  });
});

describe.each(lifecycles)('%s through HTTP', (module, lifecycle) => {
  const base = moduleNamed(module).path;
  const states = Object.keys(lifecycle.machine.config.states ?? {});
  const transitions = declaredTransitions(lifecycle.machine);
  const field = lifecycle.statusField;
  const inState = (state: string) => ({ [field]: state });
  /** A step the staff send on the transition route (not the customer's, nor one taken only by its own call). */
  const onTransitionRoute = (event: string): boolean => lifecycle.events[event]?.sender !== 'customer' && !lifecycle.events[event]?.onlyByCall;

  it.each(lifecyclePaths(lifecycle).map((p, i) => [`path ${i + 1}: ${p.steps.map((s) => s.event).join(' → ')}`, p] as const))('replays %s', async (_title, path) => {
    const who = actors.get(module) as SignedIn;
    const id = await newLifecycleRecord(t, who, module);
    let read = await t.call(who, 'GET', `${base}/getById/${id}`);
    for (const step of path.steps) {
      expect(read.body[field]).toBe(step.from);
      const version = read.body.version as number;
      const moved = onTransitionRoute(step.event)
        ? await t.call(who, 'PATCH', `${base}/transition/${id}`, { event: step.event, version, ...eventData(lifecycle, step.event, who.user._id) })
        : await takeStep(t, who, module, id, step.event);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      read = await t.call(who, 'GET', `${base}/getById/${id}`);
      expect(read.body[field]).toBe(step.to);
      // The machine's answer for the record as stored (an invoice's IRN, once registered, is part of it).
      expect(read.body.allowedEvents).toEqual(offered(lifecycle, read.body, EVERY_PRIVILEGE));
      if (onTransitionRoute(step.event)) {
        expect(moved.body).toMatchObject({ _id: id, [field]: step.to, version: version + 1 });
        expect(moved.body.allowedEvents).toEqual(read.body.allowedEvents);
      }
    }
    const history = await t.call(who, 'GET', `${base}/history/${id}`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(path.steps.length);
    expect((history.body.data ?? []).map((h) => [h.from, h.event, h.to, (h.by as { name: string }).name])).toEqual(path.steps.map((s) => [s.from, s.event, s.to, senderName(module, s.event, who)]));
  });

  it.each(states)('in %s, every step the machine does not allow is refused and changes nothing', async (state) => {
    const who = actors.get(module) as SignedIn;
    const id = await recordInState(t, who, module, state);
    const before = await t.call(who, 'GET', `${base}/getById/${id}`);
    const historyBefore = (await t.call(who, 'GET', `${base}/history/${id}`)).body.total;
    const allowed = transitions.filter((tr) => tr.from === state).map((tr) => tr.event);
    for (const event of Object.keys(lifecycle.events).filter((e) => !allowed.includes(e))) {
      const refused = await t.call(who, 'PATCH', `${base}/transition/${id}`, { event, ...eventData(lifecycle, event, who.user._id) });
      if (lifecycle.events[event]?.onlyByCall) {
        // Never taken on this route, in any state: its own call answers what the person sends.
        expect(refused.status, `${state} -${event}->`).toBe(400);
        continue;
      }
      expect(refused.status, `${state} -${event}->`).toBe(409);
      // As the stored record says (its maker, when it names one, is not the one taking the steps here).
      expect(refused.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', allowedEvents: offered(lifecycle, { ...before.body, ...inState(state) }, EVERY_PRIVILEGE) });
      expect(refused.body.message).toMatch(new RegExp(`^${lifecycle.noun} .+ is ${escaped(state)}: `));
    }
    const after = await t.call(who, 'GET', `${base}/getById/${id}`);
    expect(after.body).toEqual(before.body);
    expect((await t.call(who, 'GET', `${base}/history/${id}`)).body.total).toBe(historyBefore);
  });

  it('refuses a PUT to every status no step reaches from the new record, and writes nothing', async () => {
    const id = await newLifecycleRecord(t, actorOf(module), module);
    const initial = String(lifecycle.machine.config.initial);
    const reachable = transitions.filter((tr) => tr.from === initial).map((tr) => tr.to);
    const before = await t.call(actorOf(module), 'GET', `${base}/getById/${id}`);
    const { _id, version: _version, allowedEvents: _allowed, ...fields } = before.body;
    for (const state of states.filter((s) => s !== initial && !reachable.includes(s))) {
      const update = opRoute(moduleNamed(module), 'update');
      const refused = await t.call(actorOf(module), update.method, `${base}${update.path.replace(':id', id)}`, { ...fields, _id, [field]: state });
      expect(refused.status, `PUT ${state}: ${JSON.stringify(refused.body)}`).toBe(409);
      expect(refused.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    }
    expect((await t.call(actorOf(module), 'GET', `${base}/getById/${id}`)).body).toEqual(before.body);
    expect((await t.call(actorOf(module), 'GET', `${base}/history/${id}`)).body.total).toBe(0);
  });

  it('refuses a stale version, a missing reason, an unknown step and another tenant', async () => {
    const id = await newLifecycleRecord(t, actorOf(module), module);
    const [first] = transitions.filter((tr) => tr.from === lifecycle.machine.config.initial && onTransitionRoute(tr.event));
    expect(first).toBeDefined();
    const event = first?.event ?? '';
    const read = await t.call(actorOf(module), 'GET', `${base}/getById/${id}`);
    const stale = await t.call(actorOf(module), 'PATCH', `${base}/transition/${id}`, { event, version: (read.body.version as number) - 1, ...eventData(lifecycle, event, actorOf(module).user._id) });
    expect(stale.status).toBe(409);
    // Nobody changed it since it was made: its history has no row to name, so the refusal says "someone else".
    expect(stale.body).toMatchObject({ code: 'STALE_VERSION', keyValue: { version: read.body.version } });
    expect(stale.body.message).toMatch(/was changed by someone else since you opened it: reload it and try again/);

    const unknown = await t.call(actorOf(module), 'PATCH', `${base}/transition/${id}`, { event: 'teleport' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^event: .+ has no step "teleport": its steps are /);

    for (const [name, spec] of Object.entries(lifecycle.events)) {
      for (const [field, message] of Object.entries(spec.requires ?? {})) {
        const missing = await t.call(actorOf(module), 'PATCH', `${base}/transition/${id}`, { event: name });
        expect(missing.status).toBe(400);
        expect(missing.body.message).toBe(`${field}: ${message}`);
      }
    }

    // Another tenant's person: the record does not exist for them; a platform-only screen is not theirs at all.
    const acme = await t.signIn('admin@acme.local');
    const elsewhere = isPlatformFeature(moduleNamed(module).feature) ? 403 : 404;
    expect((await t.call(acme, 'PATCH', `${base}/transition/${id}`, { event, ...eventData(lifecycle, event, actorOf(module).user._id) })).status).toBe(elsewhere);
    expect((await t.call(acme, 'GET', `${base}/history/${id}`)).status).toBe(elsewhere);
    const after = await t.call(actorOf(module), 'GET', `${base}/getById/${id}`);
    expect(after.body.version).toBe(read.body.version);
  });
});

describe('makers and checkers (demo sign-ins)', () => {
  it('the clerk raises a credit note and records a payment; only the approver decides them', async () => {
    const clerk = await t.signIn('clerk@demo.local');
    const approver = await t.signIn('approver@demo.local');
    for (const module of ['credit-note', 'payment']) {
      const base = moduleNamed(module).path;
      const id = await newLifecycleRecord(t, clerk, module);
      const asClerk = await t.call(clerk, 'GET', `${base}/getById/${id}`);
      expect(asClerk.body.allowedEvents, module).not.toContain('approve');
      const refused = await t.call(clerk, 'PATCH', `${base}/transition/${id}`, { event: 'approve' });
      expect(refused.status, module).toBe(409);
      const asApprover = await t.call(approver, 'GET', `${base}/getById/${id}`);
      expect(asApprover.body.allowedEvents, module).toEqual(expect.arrayContaining(['approve', 'reject']));
      const approved = await t.call(approver, 'PATCH', `${base}/transition/${id}`, { event: 'approve', version: asApprover.body.version });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body).toMatchObject({ status: 'Approved', approvedBy: approver.user._id, allowedEvents: [] });
      const history = await t.call(clerk, 'GET', `${base}/history/${id}`);
      expect((history.body.data ?? []).map((h) => (h.by as { name: string }).name)).toEqual(['Farah Khan']);
    }
  });
});

describe('requisitions', () => {
  const BASE = '/api/app/purchase-order-requisition';

  it('cannot skip their lifecycle by PUT; a PUT naming the next status takes that step', async () => {
    const id = await newLifecycleRecord(t, admin, 'purchase-order-requisition');
    const skipped = await t.call(admin, 'PUT', `${BASE}/${id}`, { status: 'Sent To Purchase' });
    expect(skipped.status).toBe(409);
    expect(skipped.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', allowedEvents: ['submit'] });
    expect((await t.call(admin, 'GET', `${BASE}/getById/${id}`)).body.status).toBe('Draft');
    // A draft is its maker's to change (the stores clerk raised it), under the same status.
    const stores = await t.signIn('stores@demo.local');
    expect((await t.call(admin, 'PUT', `${BASE}/${id}`, { status: 'Draft', title: 'Not mine to change' })).body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: expect.stringMatching(/only the person who raised it can change it$/) });
    const unchanged = await t.call(stores, 'PUT', `${BASE}/${id}`, { status: 'Draft', title: 'Spindle overhaul parts (Q3)' });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ status: 'Draft', title: 'Spindle overhaul parts (Q3)' });
    const submitted = await t.call(admin, 'PUT', `${BASE}/${id}`, { status: 'Submitted' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'Submitted', allowedEvents: ['recall', 'approve', 'reject'] });
    expect((await t.call(admin, 'GET', `${BASE}/history/${id}`)).body.data?.map((h) => h.event)).toEqual(['edit', 'submit']);
    const created = await t.call(admin, 'POST', BASE, { title: 'Already sent', status: 'Sent To Purchase', lines: [{ partId: 'x', quantity: 1 }] });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('status: A new requisition starts as Draft');
  });

  it('sent to purchase, make one draft purchase order per supplier in the same step, all kept, named and announced', async () => {
    const approved = await recordInState(t, admin, 'purchase-order-requisition', 'Approved');
    const announcedBefore = t.events.length;
    const sent = await takeStep(t, admin, 'purchase-order-requisition', approved, 'sendToPurchase');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = approved;
    const requisition = (await t.call(admin, 'GET', `${BASE}/getById/${id}`)).body;
    const orders = await t.call(admin, 'GET', `/api/app/purchase-order?limit=${Number.MAX_SAFE_INTEGER}`);
    const mine = (orders.body.data ?? []).filter((po) => ((po.requisitionIds as string[] | undefined) ?? []).includes(id));
    expect(mine).toHaveLength(2);
    for (const po of mine) expect(po).toMatchObject({ status: 'Draft', remarks: `From requisition ${requisition.alternateId as string}` });
    // The requisition keeps both orders, each by its name.
    const kept = requisition.purchaseOrderIds as string[];
    expect([...kept].sort()).toEqual(mine.map((po) => po._id as string).sort());
    const names = requisition.names as Record<string, string>;
    kept.forEach((poId, i) => expect(names[`purchaseOrderIds.${i}`]).toBe(mine.find((po) => po._id === poId)?.alternateId));
    // Each order is announced to open screens like any new record, in the requisition's tenant.
    const created = t.events.slice(announcedBefore).filter((e) => e.event.module === 'purchase-order' && e.event.op === 'create');
    expect(created.map((e) => e.event._id).sort()).toEqual([...kept].sort());
    for (const e of created) expect(e.tenantId).toBe(admin.user.subscriberId);
    // 4 × ₹1,500.00 estimated, 18% GST: ₹7,080.00 on the coupling supplier's order.
    expect(mine.map((po) => po.totalPaise)).toContain(708000);
  });
});
