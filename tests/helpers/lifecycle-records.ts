/**
 * Records of the lifecycle modules for the tests of issue 10 and after: a fresh record of any lifecycle module,
 * and one put into any state of its lifecycle through the machine's own steps, never by writing its status. Each
 * step is sent the way its sender sends it (`takeStep`): staff with PATCH {path}/transition/{id}, a step taken
 * only by its own call with that call, and the customer's steps through their public page with a link.
 */
import { randomUUID } from 'node:crypto';
import { lifecycleOf } from '../../src/machines/lifecycles/index';
import { moduleNamed, tableName } from '../../src/contract/modules/index';
import { eventData, pathBetween, pathTo } from '../machines/support/lifecyclePaths';
import type { ApiBody, Reply, SignedIn, TestDb } from './test-db';

/**
 * A failed expectation as a thrown Error, not vitest's expect: the Playwright fixtures of QA's exported paths
 * (tests/e2e/paths/fixtures.ts) make their records with these factories, and @playwright/test's expect and
 * vitest's cannot both load in one process. In a vitest test the thrown Error fails the test the same way.
 */
function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
}

const LINE = { description: 'Breakdown visit – VMC spindle', hsnSac: '998719', quantity: 1, ratePaise: 450000, gstRate: 18 };
/** A B2B invoice of one line (a new one starts as a Draft). */
const INVOICE = { invoiceDate: '2026-02-28', supplierGstin: '27AABCS1429B1ZU', billToName: 'Talegaon Gears Pvt Ltd', billToGstin: '27AAJFT2468H1ZU', placeOfSupply: '27', items: [LINE] };

/** A Final invoice to credit or pay, made by the demo administrator (a clerk may not raise invoices). */
async function finalInvoice(t: TestDb): Promise<string> {
  const res = await t.call(await t.signIn('admin@demo.local'), 'POST', '/api/app/invoice/createInvoiceWithItems', { ...INVOICE, status: 'Final' });
  expectStatus(res, 201, 'raising a Final invoice');
  return String(res.body._id);
}

/** A new record in its lifecycle's initial state. */
const FACTORIES: Record<string, (t: TestDb, who: SignedIn) => Promise<string>> = {
  async agreement(t, who) {
    // A year that has ended (so it may be marked expired), on a machine free over it (so it may be activated).
    const period = { startDate: '2025-04-01', endDate: '2026-03-31' };
    const free = await t.call(who, 'POST', '/api/app/agreement/checkMachineAvailability', period);
    const machine = (free.body.data ?? []).find((m) => m.available);
    if (!machine) throw new Error(`no machine is free over the agreement's period: ${JSON.stringify(free.body)}`);
    const res = await t.call(who, 'POST', '/api/app/agreement', { clientName: 'Chakan Castings Pvt Ltd', machineInstanceIds: [machine?._id], monthlyRentalPaise: 6500000, ...period });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'purchase-order'(t, who) {
    const parts = await t.call(who, 'GET', `/api/app/spare-part-inventory?limit=${Number.MAX_SAFE_INTEGER}`);
    const bearing = (parts.body.data ?? []).find((p) => p.partNumber === 'BRG-7014-C');
    const res = await t.call(who, 'POST', '/api/app/purchase-order/createPurchaseOrder', {
      supplierId: bearing?.supplierId,
      orderDate: '2026-03-02',
      lines: [{ partId: bearing?._id, quantity: 4, unitPricePaise: 1850000, gstRate: 18 }],
    });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'credit-note'(t, who) {
    const invoiceId = await finalInvoice(t);
    const res = await t.call(who, 'POST', '/api/app/credit-note', { invoiceId, creditNoteDate: '2026-03-05', reason: 'Post-Sale Discount', items: [{ invoiceLineIndex: 0, description: 'Goodwill credit', hsnSac: '998719', quantity: 1, ratePaise: 10000, gstRate: 18 }] });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'purchase-order-requisition'(t, who) {
    // Two parts of two suppliers: sending it to purchase makes two draft purchase orders.
    const parts = await t.call(who, 'GET', `/api/app/spare-part-inventory?limit=${Number.MAX_SAFE_INTEGER}`);
    const byNumber = (n: string): string => String((parts.body.data ?? []).find((p) => p.partNumber === n)?._id);
    const res = await t.call(who, 'POST', '/api/app/purchase-order-requisition', {
      title: 'Spindle overhaul parts',
      lines: [
        { partId: byNumber('BRG-7014-C'), quantity: 2 },
        { partId: byNumber('CPL-SPD-48'), quantity: 4, estimatedUnitPricePaise: 150000 },
      ],
    });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'request-spare'(t, who) {
    // One coupling of a part of its own, one in stock, added by the administrator (neither the engineer who asks
    // for it nor the stores clerk adds parts): issuing it never runs the demo's stores dry, however often the paths run against one server.
    const admin = await t.signIn('admin@demo.local');
    const part = await t.call(admin, 'POST', '/api/app/spare-part-inventory', { partNumber: `CPL-QA-${randomUUID().slice(0, 8).toUpperCase()}`, partName: 'Coupling spider insert 48 Sh A', hsnCode: '4016', unitPricePaise: 145000, stockQty: 1 });
    expectStatus(part, 201, 'adding the part');
    const res = await t.call(who, 'POST', '/api/app/request-spare', { ticketAlternateId: 'TKT-2026-000001', items: [{ partId: part.body._id, quantity: 1 }] });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'system-ticket'(t, who) {
    // Warning, not Critical: closing a critical ticket needs remarks, which the generated replays do not give.
    const res = await t.call(who, 'POST', '/api/app/system-ticket', { title: 'Vibration above 7.1 mm/s on compressor CP-02', source: 'Threshold Breach', severity: 'Warning' });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'svc-ticket'(t, who) {
    const res = await t.call(who, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Spindle overheating on VMC-850', priority: 'High' });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async ticket(t, who) {
    const res = await t.call(who, 'POST', '/api/app/ticket', { title: 'Coolant leak near pump housing', category: 'Complaint', priority: 'Urgent', source: 'Phone' });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async invoice(t, who) {
    const res = await t.call(who, 'POST', '/api/app/invoice/createInvoiceWithItems', INVOICE);
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async lead(t, who) {
    const res = await t.call(who, 'POST', '/api/app/lead', { title: 'Rental of 2 screw compressors', companyName: 'Kalyani Forge Components', expectedValuePaise: 96000000 });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async proposal(t, who) {
    const types = await t.call(who, 'GET', '/api/app/svc-machine-type?machineName=Screw%20Air%20Compressor%20GA37');
    const res = await t.call(who, 'POST', '/api/app/proposal', {
      proposalName: 'Screw compressor rental – Chakan Plant 2',
      machineType: types.body.data?.[0]?._id,
      contractTerm: 36,
      monthlyRental: 85000,
      securityDeposit: 3,
      proposalValidity: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'preventive-maintenance'(t, who) {
    // Due since January, so the clock's steps (falling due, becoming overdue) may be taken at once.
    const machines = await t.call(who, 'GET', '/api/app/svc-machine-instances?limit=1');
    const res = await t.call(who, 'POST', '/api/app/preventive-maintenance', {
      title: 'Monthly lubrication and way-cover check',
      machineInstanceId: machines.body.data?.[0]?._id,
      frequency: 'Monthly',
      startDate: '2026-01-05',
      nextDueDate: '2026-01-05',
    });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async 'subscription-request'(t, who) {
    // A GST number of its own: on-boarding makes a subscriber, and subscribers' GST numbers are unique.
    const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    const letter = String.fromCharCode(65 + Math.floor(Math.random() * 26));
    const res = await t.call(who, 'POST', '/api/app/subscription-request', { companyName: `Nashik Precision Tools ${digits}${letter}`, gstNo: `27AAFCN${digits}${letter}1Z5`, companyTeamSize: 25, address: 'Satpur MIDC / Nashik / 422007 / India' });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
  async payment(t, who) {
    const invoiceId = await finalInvoice(t);
    const res = await t.call(who, 'POST', '/api/app/payment', { invoiceId, amountPaise: 100000, paymentDate: '2026-03-01', mode: 'UPI' });
    expectStatus(res, 201, 'creating the record');
    return String(res.body._id);
  },
};

export function lifecycleModules(): string[] {
  return Object.keys(FACTORIES);
}

/**
 * Who raises the records of the maker–checker modules in the tests: the demo's clerks, and the engineer for the
 * spare-part requests he asks the stores for, so that whoever takes the steps (the administrator, the stores) may
 * also take the checker's (the maker may not approve what they raised).
 */
export const LIFECYCLE_MAKERS: Readonly<Record<string, string>> = {
  'credit-note': 'clerk@demo.local',
  payment: 'clerk@demo.local',
  'purchase-order-requisition': 'stores@demo.local',
  'request-spare': 'engineer@demo.local',
};

/** A new record of `module` raised by `who` themselves, whoever the module's usual maker is. */
export async function newLifecycleRecordBy(t: TestDb, who: SignedIn, module: string): Promise<string> {
  const factory = FACTORIES[module];
  if (!factory) throw new Error(`No test factory for ${module}: add one to tests/helpers/lifecycle-records.ts`);
  return factory(t, who);
}

/** A new record of `module`, raised by `who`, or by the module's maker (LIFECYCLE_MAKERS) when it has one. */
export async function newLifecycleRecord(t: TestDb, who: SignedIn, module: string): Promise<string> {
  const factory = FACTORIES[module];
  if (!factory) throw new Error(`No test factory for ${module}: add one to tests/helpers/lifecycle-records.ts`);
  const maker = LIFECYCLE_MAKERS[module];
  return factory(t, maker ? await t.signIn(maker) : who);
}

/** Who takes the steps of `module` in the tests: on-boarding a subscriber is the platform operator's alone. */
export function lifecycleActorEmail(module: string): string {
  return module === 'subscription-request' ? 'operator@demo.local' : 'admin@demo.local';
}

type Harness = Pick<TestDb, 'call'>;

/** What the public pages send with every call: the link's token goes in `token`, beside this header. */
const PUBLIC_PAGE = { 'public-request': 'true' };

/** A fresh link to the record, made by `who` through the module's generatePublicLink: its token. */
async function linkToken(t: Harness, who: SignedIn, module: string, id: string): Promise<string> {
  const link = await t.call(who, 'PATCH', `${moduleNamed(module).path}/generatePublicLink`, { id });
  return new URL(String(link.body.link)).searchParams.get('token') ?? '';
}

/** The customer's side of the public pages: a fresh link made by `who`, then the page's call with its token. */
const CUSTOMER_STEPS: Record<string, (t: Harness, who: SignedIn, id: string, event: string, data: Record<string, unknown>) => Promise<Reply>> = {
  async proposal(t, who, id, event, data) {
    const token = await linkToken(t, who, 'proposal', id);
    if (event === 'view') return t.call(token, 'PATCH', '/api/public/business-proposal/viewProposal', { id }, PUBLIC_PAGE);
    const decision = event === 'accept' ? { type: 'Won', acceptNote: 'Terms agreed' } : { type: 'Lost', declineNote: 'Budget not approved this year' };
    return t.call(token, 'PATCH', '/api/public/business-proposal/acceptProposal', { id, ...decision, ...data }, PUBLIC_PAGE);
  },
  async 'subscription-request'(t, who, id) {
    const token = await linkToken(t, who, 'subscription-request', id);
    const request = await t.call(token, 'GET', `/api/public/public-subscription-request/getById/${id}`, undefined, PUBLIC_PAGE);
    const details = { ...request.body, companyTeamSize: 30, status: 'Accepted', termsAndConditions: true, privacyPolicy: true };
    return t.call(token, 'PUT', `/api/public/public-subscription-request/${id}`, details, PUBLIC_PAGE);
  },
};

/**
 * What a step taken only by its own call sends besides the id: a purchase order's part delivery is one unit of its
 * first line (the test order has 4 of one part); receiving everything sends no quantities (what is still due).
 */
const CALL_STEP_DATA: Readonly<Record<string, Readonly<Record<string, Record<string, unknown>>>>> = {
  'purchase-order': { receivePart: { lines: [{ line: 0, quantity: 1 }] } },
};

/**
 * One step of `module`'s record, sent the way its sender sends it (see the top of this file); a clock step goes
 * through the transition route, where it is taken as the scheduler.
 */
export async function takeStep(t: Harness, who: SignedIn, module: string, id: string, event: string, data: Record<string, unknown> = {}): Promise<Reply> {
  const lifecycle = lifecycleOf(module);
  if (!lifecycle) throw new Error(`${module} has no lifecycle`);
  const spec = lifecycle.events[event];
  const base = moduleNamed(module).path;
  if (spec?.sender === 'customer') {
    const customer = CUSTOMER_STEPS[module];
    if (!customer) throw new Error(`${module}: no public page sends "${event}" in tests/helpers/lifecycle-records.ts`);
    return customer(t, who, id, event, data);
  }
  if (spec?.onlyByCall) {
    // Its own call, as the catalogue names it (a subscription request's generatePublicLink { id }).
    const call = moduleNamed(module).calls?.find((c) => c.name === spec.call);
    if (!call) throw new Error(`${module}: "${event}" names no call of the catalogue`);
    return t.call(who, call.method, `${base}${call.path}`, { id, ...(CALL_STEP_DATA[module]?.[event] ?? {}), ...data });
  }
  return t.call(who, 'PATCH', `${base}/transition/${id}`, { event, ...eventData(lifecycle, event, who.user._id), ...data });
}

/** The name the history gives the sender of `event` when `who` takes the staff's steps. */
export function senderName(module: string, event: string, who: SignedIn): string {
  const sender = lifecycleOf(module)?.events[event]?.sender;
  if (sender === 'scheduler') return 'Scheduler';
  if (sender === 'customer') return module === 'subscription-request' ? 'Prospect (details link)' : 'Customer (public link)';
  return who.user.name;
}

/**
 * A record of `module` in `state`, reached by the shortest path of its machine, each step sent by `who` (or its
 * sender), with the step's made-up data unless `data` gives it.
 */
export async function recordInState(t: TestDb, who: SignedIn, module: string, state: string, data?: Record<string, unknown>): Promise<string> {
  const lifecycle = lifecycleOf(module);
  if (!lifecycle) throw new Error(`${module} has no lifecycle`);
  const id = await newLifecycleRecord(t, who, module);
  for (const step of pathTo(lifecycle, state)) {
    const res = await takeStep(t, who, module, id, step.event, data);
    expectStatus(res, 200, `${module} ${step.from} -${step.event}->`);
  }
  return id;
}

/**
 * A record made by POST `body` (it starts where its machine lets it: a ticket with an engineer starts Assigned)
 * and moved to `state` by its own steps, each sent by `who` with the step's made-up data unless `data` gives it.
 * `past` then rewrites fields a test needs in the past, such as when a ticket was resolved: the steps stamp
 * now, and a dashboard's figures are about earlier days. Returns the record as stored.
 */
export async function createdInState(t: TestDb, who: SignedIn, module: string, body: Record<string, unknown>, state: string, options: { data?: Record<string, unknown>; past?: Record<string, unknown> } = {}): Promise<ApiBody> {
  const lifecycle = lifecycleOf(module);
  if (!lifecycle) throw new Error(`${module} has no lifecycle`);
  const path = moduleNamed(module).path;
  const created = await t.call(who, 'POST', path, body);
  expectStatus(created, 201, `creating a ${module}`);
  const id = String(created.body._id);
  for (const step of pathBetween(lifecycle, String(created.body[lifecycle.statusField]), state)) {
    const res = await takeStep(t, who, module, id, step.event, options.data);
    expectStatus(res, 200, `${module} ${step.from} -${step.event}->`);
  }
  if (options.past) await t.db.query(`update "${tableName(moduleNamed(module))}" set body = body || $1::jsonb where _id = $2`, [JSON.stringify(options.past), id]);
  return (await t.call(who, 'GET', `${path}/getById/${id}`)).body;
}
