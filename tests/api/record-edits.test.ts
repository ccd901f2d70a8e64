/**
 * Edits and deletes follow the lifecycle (issue 28), generated from the machines: for every lifecycle module, in
 * every state, for the person who takes its steps and for whoever raised the record (its maker), an edit through the
 * module's update call and a delete through its delete call are allowed or refused exactly as the machine says
 * (src/machines/lifecycles/recordRules.ts), and a refused one changes nothing, neither the record nor its history.
 * Then the maker–checker rule, an approval racing an edit, a stale copy on every module's update, and bad versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, isPlatformFeature, moduleNamed, moduleOps, opRoute, type ModuleDef } from '../../src/contract/modules/index';
import { todayInIndia } from '../../src/contract/dates';
import { lifecycleOf, mayDo, recordEvents, type Lifecycle, type LifecycleCaller } from '../../src/machines/lifecycles/index';
import { LIFECYCLE_MAKERS, lifecycleActorEmail, lifecycleModules, newLifecycleRecordBy, recordInState, takeStep } from '../helpers/lifecycle-records';
import { SampleRecords, fillPath } from '../helpers/sample-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';
import { userWith } from './modules/support';

let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

/** The person as the machines see them, from their session's permissions (as the screens build it). */
async function callerOf(who: SignedIn): Promise<LifecycleCaller> {
  const res = await t.call<Array<{ screenCode: string; privileges: Array<{ code: string }> }>>(who, 'GET', '/api/app/subscriber-user/getPermissions');
  const permissions: Record<string, string[]> = {};
  for (const entry of res.body) permissions[entry.screenCode] = [...(permissions[entry.screenCode] ?? []), ...entry.privileges.map((p) => p.code)];
  return { kind: 'staff', id: who.user._id, name: who.user.name, permissions, today: todayInIndia() };
}

/** A text field every module's edit may carry: what a person corrects most (remarks, a description, a title). */
/** Modules whose records hold no such text: a field and a value to change instead. */
const OTHER_EDITS: Readonly<Record<string, readonly [string, string]>> = { 'request-spare': ['neededBy', '2026-12-31'] };
const TEXT_FIELDS = ['remarks', 'description', 'title', 'notes', 'justification', 'address', 'companyName', 'clientName', 'proposalName', 'deliveryAddress', 'terms', 'closingRemarks'];
function editOf(def: ModuleDef, lifecycle: Lifecycle, text: string): readonly [string, string] {
  const other = OTHER_EDITS[def.name];
  if (other) return other;
  const shape = def.fields.shape as Record<string, unknown>;
  const field = TEXT_FIELDS.find((name) => name in shape && !(lifecycle.records.annotations ?? []).includes(name));
  if (!field) throw new Error(`${def.name}: no field to edit in tests/api/record-edits.test.ts: add one to OTHER_EDITS`);
  return [field, text];
}

/**
 * A refusal: the machine's (409 with what the person may do instead), or, for someone who does not hold the
 * module's UPDATE or DELETE at all, the privilege check before it (403). The machine never offers either to them.
 */
function expectRefused(res: { status: number; body: Record<string, unknown> }, what: string): void {
  if (res.status === 403) expect(String(res.body.message), what).toMatch(/^You do not have the privilege [A-Z_-]+:(UPDATE|DELETE)$/);
  else {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(409);
    expect(res.body.code, what).toBe('TRANSITION_NOT_ALLOWED');
  }
}

const states = (lifecycle: Lifecycle): string[] => Object.keys(lifecycle.machine.config.states ?? {});
const cases = lifecycleModules().flatMap((module) => states(lifecycleOf(module) as Lifecycle).map((state) => [module, state] as const));

describe.each(cases)('%s in %s', (module, state) => {
  const lifecycle = lifecycleOf(module) as Lifecycle;
  const def = moduleNamed(module);

  it('is edited and deleted by exactly whom the machine says; a refusal changes nothing', async () => {
    const actor = await t.signIn(lifecycleActorEmail(module));
    const people = [actor, ...(LIFECYCLE_MAKERS[module] ? [await t.signIn(LIFECYCLE_MAKERS[module])] : [])];
    const id = await recordInState(t, actor, module, state);
    const update = opRoute(def, 'update');
    const remove = opRoute(def, 'remove');
    const read = async (who: SignedIn) => (await t.call(who, 'GET', `${def.path}/getById/${id}`)).body;
    const history = async () => (await t.call(actor, 'GET', `${def.path}/history/${id}`)).body.data ?? [];

    for (const who of people) {
      const caller = await callerOf(who);
      const before = await read(who);
      const historyBefore = await history();
      const edit = mayDo(lifecycle, before, 'edit', caller);
      // What the person is offered is the machine's answer: Edit and Delete among the record's allowed events.
      expect((before.allowedEvents as string[]).filter((e) => e === 'edit' || e === 'delete'), who.user.email).toEqual(recordEvents(lifecycle, before, caller));

      const [field, text] = editOf(def, lifecycle, `Corrected by ${who.user.name} in ${state}`);
      const res = await t.call(who, update.method, `${def.path}${update.path.replace(':id', id)}`, { _id: id, [field]: text, version: before.version });
      if (edit) {
        expect(res.status, `${who.user.email} edits ${state}: ${JSON.stringify(res.body)}`).toBe(200);
        const after = await read(who);
        expect(after[field]).toBe(text);
        expect(after.version).toBe((before.version as number) + 1);
        const rows = await history();
        expect(rows.length).toBe(historyBefore.length + 1);
        expect(rows.at(-1)).toMatchObject({ event: 'edit', from: state, to: state, by: { _id: who.user._id, name: who.user.name } });
        expect(String(rows.at(-1)?.note)).toMatch(/changed| → /);
      } else {
        expectRefused(res, `${who.user.email} edits ${state}`);
        expect(await read(who)).toEqual(before);
        expect(await history()).toEqual(historyBefore);
      }
    }

    // A module without a delete call: its machine offers no delete either (checked below, for every module).
    if (!moduleOps(def).includes('remove')) return;
    for (const who of people) {
      const caller = await callerOf(who);
      const before = await read(who);
      if (before.message !== undefined) break; // deleted by the one before
      const historyBefore = await history();
      const res = await t.call(who, remove.method, `${def.path}${fillPath(remove.path, id)}`);
      if (mayDo(lifecycle, before, 'delete', caller)) {
        expect(res.status, `${who.user.email} deletes ${state}: ${JSON.stringify(res.body)}`).toBe(200);
        expect((await t.call(who, 'GET', `${def.path}/getById/${id}`)).status).toBe(404);
        const { rows } = await t.db.query<{ event: string; by_id: string }>('select event, by_id from lifecycle_history where record_id = $1 order by id desc limit 1', [id]);
        expect(rows[0]).toEqual({ event: 'delete', by_id: who.user._id });
      } else {
        expectRefused(res, `${who.user.email} deletes ${state}`);
        expect(await read(who)).toEqual(before);
        expect(await history()).toEqual(historyBefore);
      }
    }
  });
});

it('offers a delete only in modules that have a delete call', () => {
  for (const module of lifecycleModules()) {
    const lifecycle = lifecycleOf(module) as Lifecycle;
    if (!moduleOps(moduleNamed(module)).includes('remove')) expect(Object.keys(lifecycle.records.delete), module).toEqual([]);
  }
});

describe('makers and checkers', () => {
  const makerChecker = lifecycleModules().filter((module) => lifecycleOf(module)?.records.checkerSteps?.length);

  it('covers the four modules whose records wait for someone else', () => {
    expect(makerChecker.sort()).toEqual(['credit-note', 'payment', 'purchase-order-requisition', 'request-spare']);
  });

  it.each(makerChecker)('%s: whoever raised it may not approve or reject it, holding every privilege', async (module) => {
    const lifecycle = lifecycleOf(module) as Lifecycle;
    const id = await newLifecycleRecordBy(t, admin, module);
    // To the state where it waits for a decision (a requisition is submitted first).
    const waiting = states(lifecycle).find((state) => (lifecycle.machine.config.states?.[state] as { on?: Record<string, unknown> }).on?.approve);
    let read = await t.call(admin, 'GET', `${moduleNamed(module).path}/getById/${id}`);
    if (read.body.status !== waiting) {
      expect((await takeStep(t, admin, module, id, 'submit')).status).toBe(200);
      read = await t.call(admin, 'GET', `${moduleNamed(module).path}/getById/${id}`);
    }
    expect(read.body).toMatchObject({ status: waiting, raisedBy: admin.user._id });
    expect(read.body.allowedEvents).not.toContain('approve');
    for (const event of ['approve', 'reject']) {
      const refused = await takeStep(t, admin, module, id, event, { approvalRemarks: 'x', reviewRemarks: 'x', statusRemarks: 'x', remarks: 'x' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.message).toMatch(/was raised by you: someone else must (approve|reject) it/);
    }
    const after = await t.call(admin, 'GET', `${moduleNamed(module).path}/getById/${id}`);
    expect(after.body.status).toBe(waiting);
  });

  it('an approval racing an edit of the same payment never leaves an approved amount the invoice does not show', async () => {
    const maker = await userWith(t, admin, [
      { feature: 'PAYMENT', privileges: ['VIEW', 'CREATE', 'UPDATE'] },
      { feature: 'GENERATE_INVOICE', privileges: ['VIEW'] },
    ]);
    const invoice = await t.call(admin, 'POST', '/api/app/invoice/createInvoiceWithItems', {
      invoiceDate: '2026-02-28', supplierGstin: '27AABCS1429B1ZU', billToName: 'Talegaon Gears Pvt Ltd', billToGstin: '27AAJFT2468H1ZU', placeOfSupply: '27', status: 'Final',
      items: [{ description: 'Annual maintenance', hsnSac: '998719', quantity: 1, ratePaise: 10_000_000, gstRate: 18 }],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const outcomes = { editedThenApproved: 0, approvedThenRefused: 0 };
    for (let i = 0; i < 20; i++) {
      const payment = await t.call(maker, 'POST', '/api/app/payment', { invoiceId: invoice.body._id, amountPaise: 100_000, paymentDate: '2026-03-01', mode: 'NEFT' });
      expect(payment.status, JSON.stringify(payment.body)).toBe(201);
      const [approved, edited] = await Promise.all([
        t.call(admin, 'PATCH', '/api/app/payment/approve', { id: payment.body._id, status: 'Approved' }),
        t.call(maker, 'PUT', `/api/app/payment/${payment.body._id}`, { amountPaise: 150_000 }),
      ]);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      if (edited.status === 200) outcomes.editedThenApproved += 1;
      else {
        expect(edited.status, JSON.stringify(edited.body)).toBe(409);
        outcomes.approvedThenRefused += 1;
      }
    }
    // Whatever order the pairs ran in, the invoice shows exactly what was approved.
    const payments = await t.call(admin, 'GET', `/api/app/payment?invoiceId=${String(invoice.body._id)}&limit=100`);
    const approvedPaise = (payments.body.data ?? []).filter((p) => p.status === 'Approved').reduce((sum, p) => sum + Number(p.amountPaise) + Number(p.tdsPaise ?? 0), 0);
    expect(outcomes.editedThenApproved + outcomes.approvedThenRefused).toBe(20);
    const shown = await t.call(admin, 'GET', `/api/app/invoice/getById/${String(invoice.body._id)}`);
    expect(shown.body.paidPaise).toBe(approvedPaise);
  });
});

describe('a stale copy', () => {
  // One sample record per module, shared: a second sample would collide with the first's unique fields.
  let samples: SampleRecords;
  beforeAll(() => {
    samples = new SampleRecords(t);
  });
  const updatable = catalogue.filter((def) => moduleOps(def).includes('update') && moduleOps(def).includes('getById') && !def.crossTenant);

  it.each(updatable.map((def) => [def.name, def] as const))('%s: a PUT with an old version is refused and writes nothing', async (_name, def) => {
    // The platform's modules (subscription requests) are the operator's, in the platform tenant.
    const person = isPlatformFeature(def.feature) ? await t.signIn('operator@demo.local') : admin;
    const record = await samples.ensure(def, person);
    const id = String(record._id);
    const before = await t.call(person, 'GET', `${def.path}/getById/${id}`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(typeof before.body.version, 'every record carries its version').toBe('number');
    const update = opRoute(def, 'update');
    const stale = await t.call(person, update.method, `${def.path}${update.path.replace(':id', id)}`, { _id: id, version: (before.body.version as number) + 7 });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STALE_VERSION', keyValue: { version: before.body.version } });
    expect(stale.body.message).toMatch(/since you opened it: reload it and try again/);
    expect((await t.call(person, 'GET', `${def.path}/getById/${id}`)).body).toEqual(before.body);
  });

  it('names who changed it last and when', async () => {
    const id = await newLifecycleRecordBy(t, admin, 'ticket');
    const first = await t.call(admin, 'GET', `/api/app/ticket/getById/${id}`);
    const helpdesk = await userWith(t, admin, [{ feature: 'GENERIC_TICKET_LIST', privileges: ['VIEW', 'UPDATE'] }]);
    expect((await t.call(helpdesk, 'PUT', `/api/app/ticket/${id}`, { title: 'Coolant leak near pump housing (bay 3)', version: first.body.version })).status).toBe(200);
    const mine = await t.call(admin, 'PUT', `/api/app/ticket/${id}`, { title: 'Coolant leak', version: first.body.version });
    expect(mine.status).toBe(409);
    expect(mine.body.message).toMatch(new RegExp(`^Ticket .+ was changed by ${helpdesk.user.name} at \\d{4}-\\d{2}-\\d{2}T.+ since you opened it`));
    expect(mine.body.keyValue).toMatchObject({ changedBy: helpdesk.user.name, version: (first.body.version as number) + 1 });
  });

  it.each([['a word', 'abc'], ['a negative number', -1], ['a fraction', 1.5], ['null', null]])('a version that is %s is refused naming the field, and nothing is written', async (_what, version) => {
    const id = await newLifecycleRecordBy(t, admin, 'ticket');
    const before = await t.call(admin, 'GET', `/api/app/ticket/getById/${id}`);
    const bad = await t.call(admin, 'PUT', `/api/app/ticket/${id}`, { title: 'Changed', version });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^version: /);
    expect((await t.call(admin, 'GET', `/api/app/ticket/getById/${id}`)).body).toEqual(before.body);
  });
});

describe('bad input', () => {
  it('an update naming a field the module does not have is refused naming it, and nothing is written', async () => {
    const id = await newLifecycleRecordBy(t, admin, 'ticket');
    const before = await t.call(admin, 'GET', `/api/app/ticket/getById/${id}`);
    const bad = await t.call(admin, 'PUT', `/api/app/ticket/${id}`, { title: 'Changed', titel: 'Misspelt' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^titel: .+ has no field "titel"$/);
    expect((await t.call(admin, 'GET', `/api/app/ticket/getById/${id}`)).body).toEqual(before.body);
  });

  it('a field the state does not allow is refused naming it, and nothing is written', async () => {
    const id = await recordInState(t, admin, 'purchase-order', 'Issued');
    const before = await t.call(admin, 'GET', `/api/app/purchase-order/getById/${id}`);
    const refused = await t.call(admin, 'PUT', '/api/app/purchase-order/update-po', { _id: id, orderDate: '2026-03-09', remarks: 'Supplier asked for a new date' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: expect.stringMatching(/is Issued: only .*Remarks can be changed now, not Order Date$/) });
    expect((await t.call(admin, 'GET', `/api/app/purchase-order/getById/${id}`)).body).toEqual(before.body);
    const allowed = await t.call(admin, 'PUT', '/api/app/purchase-order/update-po', { _id: id, remarks: 'Supplier asked for a new date' });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });
});

describe('the audit trail', () => {
  it('names the changed fields by their labels, with money, dates and people old → new', async () => {
    const clerk = await userWith(t, admin, [{ feature: 'PAYMENT', privileges: ['VIEW', 'CREATE', 'UPDATE'] }, { feature: 'GENERATE_INVOICE', privileges: ['VIEW'] }]);
    const invoice = await t.call(admin, 'POST', '/api/app/invoice/createInvoiceWithItems', {
      invoiceDate: '2026-02-28', supplierGstin: '27AABCS1429B1ZU', billToName: 'Talegaon Gears Pvt Ltd', billToGstin: '27AAJFT2468H1ZU', placeOfSupply: '27', status: 'Final',
      items: [{ description: 'Annual maintenance', hsnSac: '998719', quantity: 1, ratePaise: 1_000_000, gstRate: 18 }],
    });
    const payment = await t.call(clerk, 'POST', '/api/app/payment', { invoiceId: invoice.body._id, amountPaise: 100_000, paymentDate: '2026-03-01', mode: 'NEFT' });
    const edited = await t.call(clerk, 'PUT', `/api/app/payment/${String(payment.body._id)}`, { amountPaise: 150_000, paymentDate: '2026-03-02', version: payment.body.version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const history = await t.call(admin, 'GET', `/api/app/payment/history/${String(payment.body._id)}`);
    expect(history.body.data).toEqual([
      expect.objectContaining({ event: 'edit', from: 'Pending', to: 'Pending', by: { _id: clerk.user._id, name: clerk.user.name, kind: 'staff' }, note: 'Amount: ₹1,000.00 → ₹1,500.00; Payment Date: 2026-03-01 → 2026-03-02' }),
    ]);

    // A reference by the name of what it points to: the engineer a ticket is assigned to.
    const engineer = await t.signIn('engineer@demo.local');
    const ticket = await newLifecycleRecordBy(t, admin, 'svc-ticket');
    const assigned = await t.call(admin, 'PATCH', `/api/app/svc-ticket/transition/${ticket}`, { event: 'assign', assignedTo: admin.user._id });
    expect(assigned.status).toBe(200);
    expect((await t.call(admin, 'PUT', `/api/app/svc-ticket/${ticket}`, { assignedTo: engineer.user._id })).status).toBe(200);
    const rows = (await t.call(admin, 'GET', `/api/app/svc-ticket/history/${ticket}`)).body.data ?? [];
    expect(rows.at(-1)).toMatchObject({ event: 'edit', note: `Assigned To: ${admin.user.name} → ${engineer.user.name}` });
  });
});
