/**
 * Records of the lifecycle modules for the tests of issue 10 and after: a fresh record of any lifecycle module,
 * and one put into any state of its lifecycle through the machine's own steps (PATCH {path}/transition/{id}),
 * never by writing its status.
 */
import { expect } from 'vitest';
import { lifecycleOf } from '../../src/machines/lifecycles/index';
import { moduleNamed, tableName } from '../../src/api/modules/index';
import { eventData, pathBetween, pathTo } from '../machines/support/lifecyclePaths';
import type { ApiBody, SignedIn, TestDb } from './test-db';

const LINE = { description: 'Breakdown visit – VMC spindle', hsnSac: '998719', quantity: 1, ratePaise: 450000, gstRate: 18 };
/** A B2B invoice of one line (a new one starts as a Draft). */
const INVOICE = { invoiceDate: '2026-02-28', supplierGstin: '27AABCS1429B1ZU', billToName: 'Talegaon Gears Pvt Ltd', billToGstin: '27AAJFT2468H1ZU', placeOfSupply: '27', items: [LINE] };

/** A Final invoice to credit or pay, made by the demo administrator (a clerk may not raise invoices). */
async function finalInvoice(t: TestDb): Promise<string> {
  const res = await t.call(await t.signIn('admin@demo.local'), 'POST', '/api/app/invoice/createInvoiceWithItems', { ...INVOICE, status: 'Final' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body._id);
}

/** A new record in its lifecycle's initial state. */
const FACTORIES: Record<string, (t: TestDb, who: SignedIn) => Promise<string>> = {
  async agreement(t, who) {
    // A year that has ended (so it may be marked expired), on a machine free over it (so it may be activated).
    const period = { startDate: '2025-04-01', endDate: '2026-03-31' };
    const free = await t.call(who, 'POST', '/api/app/agreement/checkMachineAvailability', period);
    const machine = (free.body.data ?? []).find((m) => m.available);
    expect(machine, JSON.stringify(free.body)).toBeDefined();
    const res = await t.call(who, 'POST', '/api/app/agreement', { clientName: 'Chakan Castings Pvt Ltd', machineInstanceIds: [machine?._id], monthlyRentalPaise: 6500000, ...period });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
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
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async 'credit-note'(t, who) {
    const invoiceId = await finalInvoice(t);
    const res = await t.call(who, 'POST', '/api/app/credit-note', { invoiceId, creditNoteDate: '2026-03-05', reason: 'Post-Sale Discount', items: [{ invoiceLineIndex: 0, description: 'Goodwill credit', hsnSac: '998719', quantity: 1, ratePaise: 10000, gstRate: 18 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
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
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async 'request-spare'(t, who) {
    // One coupling, which the demo stores hold: issuing it takes it out of stock.
    const parts = await t.call(who, 'GET', `/api/app/spare-part-inventory?limit=${Number.MAX_SAFE_INTEGER}`);
    const coupling = (parts.body.data ?? []).find((p) => p.partNumber === 'CPL-SPD-48');
    const res = await t.call(who, 'POST', '/api/app/request-spare', { ticketAlternateId: 'TKT-2026-000001', items: [{ partId: coupling?._id, quantity: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async 'system-ticket'(t, who) {
    // Warning, not Critical: closing a critical ticket needs remarks, which the generated replays do not give.
    const res = await t.call(who, 'POST', '/api/app/system-ticket', { title: 'Vibration above 7.1 mm/s on compressor CP-02', source: 'Threshold Breach', severity: 'Warning' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async 'svc-ticket'(t, who) {
    const res = await t.call(who, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Spindle overheating on VMC-850', priority: 'High' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async ticket(t, who) {
    const res = await t.call(who, 'POST', '/api/app/ticket', { title: 'Coolant leak near pump housing', category: 'Complaint', priority: 'Urgent', source: 'Phone' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async invoice(t, who) {
    const res = await t.call(who, 'POST', '/api/app/invoice/createInvoiceWithItems', INVOICE);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async lead(t, who) {
    const res = await t.call(who, 'POST', '/api/app/lead', { title: 'Rental of 2 screw compressors', companyName: 'Kalyani Forge Components', expectedValuePaise: 96000000 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
  async payment(t, who) {
    const invoiceId = await finalInvoice(t);
    const res = await t.call(who, 'POST', '/api/app/payment', { invoiceId, amountPaise: 100000, paymentDate: '2026-03-01', mode: 'UPI' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body._id);
  },
};

export function lifecycleModules(): string[] {
  return Object.keys(FACTORIES);
}

export async function newLifecycleRecord(t: TestDb, who: SignedIn, module: string): Promise<string> {
  const factory = FACTORIES[module];
  if (!factory) throw new Error(`No test factory for ${module}: add one to tests/helpers/lifecycle-records.ts`);
  return factory(t, who);
}

/** A record of `module` in `state`, reached by the shortest path of its machine, each step sent by `who`. */
export async function recordInState(t: TestDb, who: SignedIn, module: string, state: string): Promise<string> {
  const lifecycle = lifecycleOf(module);
  if (!lifecycle) throw new Error(`${module} has no lifecycle`);
  const id = await newLifecycleRecord(t, who, module);
  for (const step of pathTo(lifecycle, state)) {
    const res = await t.call(who, 'PATCH', `${moduleNamed(module).path}/transition/${id}`, { event: step.event, ...eventData(lifecycle, step.event, who.user._id) });
    expect(res.status, `${module} ${step.from} -${step.event}->: ${JSON.stringify(res.body)}`).toBe(200);
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
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = String(created.body._id);
  for (const step of pathBetween(lifecycle, String(created.body[lifecycle.statusField]), state)) {
    const res = await t.call(who, 'PATCH', `${path}/transition/${id}`, { event: step.event, ...eventData(lifecycle, step.event, who.user._id), ...options.data });
    expect(res.status, `${module} ${step.from} -${step.event}->: ${JSON.stringify(res.body)}`).toBe(200);
  }
  if (options.past) await t.db.query(`update "${tableName(moduleNamed(module))}" set body = body || $1::jsonb where _id = $2`, [JSON.stringify(options.past), id]);
  return (await t.call(who, 'GET', `${path}/getById/${id}`)).body;
}
