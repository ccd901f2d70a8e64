/**
 * The stock ledger (issue 32) through HTTP: every movement kind is one ledger row written with its cause (a receipt
 * against a purchase-order line, an issue through a spare-part request, a return, an adjustment with its reason); the
 * parts' kept stock and value equal the ledger's sums; 20 parallel issues of 1 against a stock of 5 leave exactly 5
 * issued; a purchase order is received by quantities, partly then fully, its machine's steps chosen from them, an
 * over-receipt refused naming the line and what is due; low stock with what is on order; tenancy and privileges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotals } from '../../server/db/stock-ledger-store';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';
import { findOne, userWith } from './modules/support';

let t: TestDb;
let admin: SignedIn;
let acme: SignedIn;
let supplierId: string;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  acme = await t.signIn('admin@acme.local');
  supplierId = String((await findOne(t, admin, '/api/app/supplier', 'name', 'Bharat Bearings Pvt Ltd'))._id);
});
afterAll(() => t.close());

const PARTS = '/api/app/spare-part-inventory';
const PO = '/api/app/purchase-order';
const part = async (id: string): Promise<ApiBody> => (await t.call(admin, 'GET', `${PARTS}/getById/${id}`)).body;
const ledger = async (id: string): Promise<ApiBody[]> => ((await t.call(admin, 'GET', `${PARTS}/ledger/${id}`)).body.data ?? []) as ApiBody[];

let serial = 0;
/** A new part of the demo tenant with `stock` on hand at `pricePaise` (its opening balance). */
async function newPart(stock: number, pricePaise = 10_000, extra: Record<string, unknown> = {}): Promise<string> {
  serial += 1;
  const res = await t.call(admin, 'POST', PARTS, { partNumber: `LEDGER-${serial}-${Date.now()}`, partName: `Ledger test part ${serial}`, unitPricePaise: pricePaise, stockQty: stock, supplierId, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body._id);
}

/** An issued purchase order of these lines. */
async function issuedOrder(lines: Array<{ partId: string; quantity: number; unitPricePaise: number }>): Promise<ApiBody> {
  const made = await t.call(admin, 'POST', `${PO}/createPurchaseOrder`, { supplierId, orderDate: '2026-03-02', lines: lines.map((l) => ({ ...l, gstRate: 18 })) });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const issued = await t.call(admin, 'PATCH', `${PO}/transition/${made.body._id}`, { event: 'issue' });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body;
}

/** Every part of the demo tenant: its kept stock and value are the ledger's sums. */
async function expectPartsMatchLedger(): Promise<void> {
  const totals = new Map((await ledgerTotals(t.db, admin.user.subscriberId)).map((r) => [r.partId, r]));
  const parts = (await t.call(admin, 'GET', `${PARTS}?limit=${Number.MAX_SAFE_INTEGER}`)).body.data ?? [];
  expect(parts.length).toBeGreaterThan(10);
  for (const p of parts) {
    const sums = totals.get(p._id as string) ?? { quantity: 0, valuePaise: 0 };
    expect({ part: p.partNumber, stock: p.stockQty ?? 0, value: p.stockValuePaise ?? 0 }).toEqual({ part: p.partNumber, stock: sums.quantity, value: sums.valuePaise });
  }
}

describe('the stock ledger', () => {
  it('the demo stock is the ledger’s sum, part by part, in quantity and value', async () => {
    await expectPartsMatchLedger();
    const coupling = await findOne(t, admin, PARTS, 'partNumber', 'CPL-SPD-48');
    const rows = await ledger(String(coupling._id));
    // Newest first: the issue since, the receipt before it; each row's balance is the stock after it.
    expect(rows.map((r) => [r.kind, r.quantity, r.balanceAfter])).toEqual([['Issue', -2, 10], ['Receipt', 12, 12]]);
    const airFilter = await findOne(t, admin, PARTS, 'partNumber', 'ELG-AF-37');
    expect((await ledger(String(airFilter._id))).map((r) => [r.kind, r.quantity, r.reason])).toEqual([['Adjustment', 5, 'Opening balance']]);
  });

  it('writes one row per movement with its cause: issue through a request, return, adjustment with a reason', async () => {
    const id = await newPart(5, 20_000);
    expect((await part(id)).stockValuePaise).toBe(100_000);
    // The existing flow: a spare-part request issued to a ticket takes its parts out of stock (5 → 4).
    const stores = await t.signIn('stores@demo.local');
    const request = await t.call(stores, 'POST', '/api/app/request-spare', { ticketAlternateId: 'TKT-2026-000001', items: [{ partId: id, quantity: 1 }] });
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    await t.call(admin, 'PATCH', '/api/app/request-spare/updateRequest', { id: request.body._id, status: 'Approved' });
    const issued = await t.call(admin, 'PATCH', '/api/app/request-spare/updateRequest', { id: request.body._id, status: 'Issued' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect((await part(id)).stockQty).toBe(4);

    const returned = await t.call(admin, 'POST', '/api/app/transaction', { partId: id, type: 'Return', quantity: 1, date: '2026-03-04', ticketAlternateId: 'TKT-2026-000001', remarks: 'Not needed after all' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    const noReason = await t.call(admin, 'POST', '/api/app/transaction', { partId: id, type: 'Adjustment', quantity: -2, date: '2026-03-05' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('remarks: Say why the stock is adjusted (the count, damage, a write-off)');
    const counted = await t.call(admin, 'POST', '/api/app/transaction', { partId: id, type: 'Adjustment', quantity: -2, date: '2026-03-05', remarks: 'Count: 3 on the shelf' });
    expect(counted.status, JSON.stringify(counted.body)).toBe(201);

    const rows = (await ledger(id)).reverse();
    expect(rows.map((r) => [r.kind, r.quantity, r.balanceAfter, r.causeModule, r.causeName ?? r.reason])).toEqual([
      ['Adjustment', 5, 5, null, 'Opening balance'],
      ['Issue', -1, 4, 'request-spare', request.body.alternateId],
      ['Return', 1, 5, null, 'Not needed after all'],
      ['Adjustment', -2, 3, null, 'Count: 3 on the shelf'],
    ]);
    // At the average cost (₹200 each), every row priced; the refused adjustment wrote nothing.
    expect(rows.map((r) => r.valuePaise)).toEqual([100_000, -20_000, 20_000, -40_000]);
    expect(await part(id)).toMatchObject({ stockQty: 3, stockValuePaise: 60_000 });
    // Each movement's Stock Transactions record is linked from its ledger row.
    expect(rows.every((r) => typeof r.transactionId === 'string')).toBe(true);
    await expectPartsMatchLedger();
  });

  it('20 parallel issues of 1 against a stock of 5: exactly 5 succeed, the others are told the stock left', async () => {
    const id = await newPart(5);
    const issue = () => t.call(admin, 'POST', '/api/app/transaction', { partId: id, type: 'Issue', quantity: 1, date: '2026-03-06', reference: 'race' });
    const answers = await Promise.all(Array.from({ length: 20 }, issue));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/^Insufficient stock of LEDGER-\d+-\d+: 0 in stock, 1 needed$/);
    }
    expect((await part(id)).stockQty).toBe(0);
    const rows = await ledger(id);
    expect(rows.map((r) => r.balanceAfter).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    await expectPartsMatchLedger();
  });

  it('a part’s stock is not typed once it exists; a new part’s stock is its opening balance', async () => {
    const id = await newPart(2);
    const typed = await t.call(admin, 'PUT', `${PARTS}/${id}`, { stockQty: 9 });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toBe('stockQty: Stock changes only through the stock ledger: record a receipt, an issue, a return or an adjustment');
    // The whole record PUT back as read passes (its stock unchanged), and other fields change.
    const read = await part(id);
    const same = await t.call(admin, 'PUT', `${PARTS}/${id}`, { ...read, binLocation: 'R9-Z9' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await part(id)).toMatchObject({ stockQty: 2, binLocation: 'R9-Z9' });
    expect((await ledger(id)).map((r) => r.kind)).toEqual(['Adjustment']);
  });
});

describe('receiving a purchase order by quantities', () => {
  it('2 of 5, an over-receipt refused, then the rest: Partially Received → Received, stock +5 and +2 at the order’s prices', async () => {
    const a = await newPart(1, 10_000);
    const b = await newPart(0, 30_000);
    const order = await issuedOrder([
      { partId: a, quantity: 5, unitPricePaise: 12_000 },
      { partId: b, quantity: 2, unitPricePaise: 30_000 },
    ]);
    const id = String(order._id);
    const first = await t.call(admin, 'POST', `${PO}/receive`, { id, lines: [{ line: 0, quantity: 2 }], receiptRemarks: 'First lorry' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'Partially Received', receiptRemarks: 'First lorry', lines: [{ receivedQty: 2 }, { receivedQty: 0 }] });
    expect((await part(a)).stockQty).toBe(3);

    const rowsBefore = (await ledger(a)).length;
    const over = await t.call(admin, 'POST', `${PO}/receive`, { id, lines: [{ line: 1, quantity: 2 }, { line: 0, quantity: 4 }] });
    expect(over.status).toBe(400);
    const partA = await part(a);
    expect(over.body.message).toBe(`lines.1.quantity: Line 1 (${partA.partNumber}): 3 still due, 4 cannot be received`);
    const noLine = await t.call(admin, 'POST', `${PO}/receive`, { id, lines: [{ line: 7, quantity: 1 }] });
    expect(noLine.status).toBe(400);
    expect(noLine.body.message).toBe('lines.0.line: The order has no line 8: it has 2');
    const nothing = await t.call(admin, 'POST', `${PO}/receive`, { id, lines: [{ line: 0, quantity: 0 }] });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toMatch(/^lines: Nothing to receive/);
    // Nothing written by the refusals: not the other line's stock, not a ledger row, not the order.
    expect((await part(b)).stockQty).toBe(0);
    expect(await ledger(a)).toHaveLength(rowsBefore);
    expect((await t.call(admin, 'GET', `${PO}/getById/${id}`)).body).toMatchObject({ status: 'Partially Received', lines: [{ receivedQty: 2 }, { receivedQty: 0 }] });

    // A part delivery is never taken on the transition route: it needs quantities.
    expect((await t.call(admin, 'PATCH', `${PO}/transition/${id}`, { event: 'receivePart' })).status).toBe(400);

    const second = await t.call(admin, 'POST', `${PO}/receive`, { id, lines: [{ line: 0, quantity: 3 }] });
    expect(second.body).toMatchObject({ status: 'Partially Received', lines: [{ receivedQty: 5 }, { receivedQty: 0 }] });
    // No quantities: what is still due (line 2's two), which completes the order.
    const rest = await t.call(admin, 'POST', `${PO}/receive`, { id });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body).toMatchObject({ status: 'Received', receivedBy: admin.user._id, lines: [{ receivedQty: 5 }, { receivedQty: 2 }], allowedEvents: [] });
    expect(await part(a)).toMatchObject({ stockQty: 6, stockValuePaise: 10_000 + 5 * 12_000 });
    expect(await part(b)).toMatchObject({ stockQty: 2, stockValuePaise: 60_000 });
    const again = await t.call(admin, 'POST', `${PO}/receive`, { id, lines: [{ line: 0, quantity: 1 }] });
    expect(again.status).toBe(400);

    const receipts = await t.call(admin, 'GET', `${PO}/receipts/${id}`);
    expect(receipts.body.lines).toEqual([
      { line: 0, partId: a, quantity: 5, receivedQty: 5, dueQty: 0, unitPricePaise: 12_000 },
      { line: 1, partId: b, quantity: 2, receivedQty: 2, dueQty: 0, unitPricePaise: 30_000 },
    ]);
    expect((receipts.body.data ?? []).map((r) => [r.kind, r.causeLine, r.quantity, r.unitCostPaise, r.causeName])).toEqual([
      ['Receipt', 0, 2, 12_000, order.alternateId],
      ['Receipt', 0, 3, 12_000, order.alternateId],
      ['Receipt', 1, 2, 30_000, order.alternateId],
    ]);
    const history = await t.call(admin, 'GET', `${PO}/history/${id}`);
    expect((history.body.data ?? []).map((h) => `${h.from} -${h.event}-> ${h.to}`)).toEqual(['Draft -issue-> Issued', 'Issued -receivePart-> Partially Received', 'Partially Received -receivePart-> Partially Received', 'Partially Received -receiveAll-> Received']);
    await expectPartsMatchLedger();
  });

  it('a delivery that completes the order at once is "Receive everything"; a stale version is refused', async () => {
    const a = await newPart(0, 5_000);
    const order = await issuedOrder([{ partId: a, quantity: 3, unitPricePaise: 5_000 }]);
    const stale = await t.call(admin, 'POST', `${PO}/receive`, { id: order._id, lines: [{ line: 0, quantity: 3 }], version: Number(order.version) - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect((await part(a)).stockQty).toBe(0);
    const all = await t.call(admin, 'POST', `${PO}/receive`, { id: order._id, lines: [{ line: 0, quantity: 3 }], version: order.version });
    expect(all.body).toMatchObject({ status: 'Received' });
    expect((await part(a)).stockQty).toBe(3);
  });

  it('a draft order is not received', async () => {
    const a = await newPart(0);
    const made = await t.call(admin, 'POST', `${PO}/createPurchaseOrder`, { supplierId, orderDate: '2026-03-02', lines: [{ partId: a, quantity: 1, unitPricePaise: 100, gstRate: 18 }] });
    const refused = await t.call(admin, 'POST', `${PO}/receive`, { id: made.body._id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TRANSITION_NOT_ALLOWED');
    expect((await part(a)).stockQty).toBe(0);
  });
});

describe('low stock', () => {
  it('lists parts at or below their reorder level with what is on order and a suggested quantity', async () => {
    const id = await newPart(1, 1_000, { reorderLevel: 3, maxLevel: 10 });
    await issuedOrder([{ partId: id, quantity: 4, unitPricePaise: 1_000 }]);
    const low = await t.call(admin, 'GET', `${PARTS}/lowStock`);
    expect(low.status).toBe(200);
    const mine = (low.body.data ?? []).find((p) => p._id === id);
    expect(mine).toMatchObject({ stockQty: 1, reorderLevel: 3, maxLevel: 10, onOrder: 4, suggestedQty: 5 });
    // The demo's two parts below their level are there too; a part above its level is not.
    const numbers = (low.body.data ?? []).map((p) => p.partNumber);
    expect(numbers).toEqual(expect.arrayContaining(['ELG-OF-37', 'VOL-CTRL-PCB']));
    expect(numbers).not.toContain('CPL-SPD-48');
    const filter = (low.body.data ?? []).find((p) => p.partNumber === 'ELG-OF-37');
    // Reorder level 3 + reorder quantity 6 = 9, less 1 in stock and the 6 of the draft order.
    expect(filter).toMatchObject({ stockQty: 1, onOrder: 6, suggestedQty: 2 });
  });
});

describe('tenancy and privileges', () => {
  it('another tenant’s part and purchase order are not found; nothing moves', async () => {
    const id = await newPart(4);
    const order = await issuedOrder([{ partId: id, quantity: 2, unitPricePaise: 100 }]);
    expect((await t.call(acme, 'GET', `${PARTS}/ledger/${id}`)).status).toBe(404);
    expect((await t.call(acme, 'GET', `${PO}/receipts/${order._id}`)).status).toBe(404);
    expect((await t.call(acme, 'POST', `${PO}/receive`, { id: order._id })).status).toBe(404);
    expect((await t.call(acme, 'POST', '/api/app/transaction', { partId: id, type: 'Issue', quantity: 1, date: '2026-03-06' })).status).toBe(400);
    expect(((await t.call(acme, 'GET', `${PARTS}/lowStock`)).body.data ?? []).some((p) => p._id === id)).toBe(false);
    expect((await part(id)).stockQty).toBe(4);
    expect((await t.call(admin, 'GET', `${PO}/getById/${order._id}`)).body.status).toBe('Issued');
  });

  it('receiving needs MANAGE_PO UPDATE; the ledger and low stock need MANAGE_SPARE_PART VIEW', async () => {
    const id = await newPart(4);
    const order = await issuedOrder([{ partId: id, quantity: 2, unitPricePaise: 100 }]);
    const viewer = await userWith(t, admin, [{ feature: 'MANAGE_PO', privileges: ['VIEW'] }]);
    expect((await t.call(viewer, 'POST', `${PO}/receive`, { id: order._id })).status).toBe(403);
    expect((await t.call(viewer, 'GET', `${PO}/receipts/${order._id}`)).status).toBe(200);
    expect((await t.call(viewer, 'GET', `${PARTS}/lowStock`)).status).toBe(403);
    const stores = await t.signIn('stores@demo.local');
    expect((await t.call(stores, 'GET', `${PARTS}/lowStock`)).status).toBe(200);
    expect((await t.call(stores, 'GET', `${PARTS}/ledger/${id}`)).status).toBe(200);
    expect((await t.call(stores, 'POST', `${PO}/receive`, { id: order._id })).status).toBe(403);
    expect((await part(id)).stockQty).toBe(4);
  });
});

describe('record views and the dashboard', () => {
  it('a purchase order, requisition and spare-part request name their lines’ parts and their people', async () => {
    const a = await newPart(0, 1_000);
    const order = await issuedOrder([{ partId: a, quantity: 1, unitPricePaise: 1_000 }]);
    const po = await t.call(admin, 'GET', `${PO}/getById/${order._id}`);
    const partA = await part(a);
    expect(po.body.partNames).toEqual({ [a]: partA.partName });
    expect(po.body.names).toMatchObject({ supplierId: 'Bharat Bearings Pvt Ltd', issuedBy: admin.user.name });
    const stores = await t.signIn('stores@demo.local');
    const requisition = await t.call(stores, 'POST', '/api/app/purchase-order-requisition', { title: 'Names', lines: [{ partId: a, quantity: 2, estimatedUnitPricePaise: 1_000 }] });
    const read = await t.call(stores, 'GET', `/api/app/purchase-order-requisition/getById/${requisition.body._id}`);
    expect(read.body).toMatchObject({ partNames: { [a]: partA.partName }, names: { raisedBy: stores.user.name, requestedBy: stores.user.name } });
    const request = await t.call(stores, 'POST', '/api/app/request-spare', { items: [{ partId: a, quantity: 1 }] });
    expect((await t.call(stores, 'GET', `/api/app/request-spare/getById/${request.body._id}`)).body.partNames).toEqual({ [a]: partA.partName });
  });

  it('the overview’s spare-part tile totals the stock value', async () => {
    const overview = await t.call(admin, 'GET', '/api/app/dashboard-charts/overview');
    expect(overview.status).toBe(200);
    const totals = await ledgerTotals(t.db, admin.user.subscriberId);
    expect(((overview.body.data as unknown as { spareParts: { stockValuePaise: number } }).spareParts).stockValuePaise).toBe(totals.reduce((sum, r) => sum + r.valuePaise, 0));
  });
});
