/**
 * Cancel is offered on an invoice only while it can be taken (found walking the billing jobs: "Cancel invoice" was a
 * button on a partly paid invoice, the person filled the reason and its code, and only then heard "has payments
 * recorded"). A payment or an approved credit note against the invoice takes the step away; an invoice with
 * neither keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

const INVOICE = '/api/app/invoice';
const LINES = [{ description: 'Breakdown visit – VMC spindle', hsnSac: '998719', quantity: 1, ratePaise: 450000, gstRate: 18 }];

let t: TestDb;
let admin: SignedIn;
let clerk: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  clerk = await t.signIn('clerk@demo.local');
});
afterAll(() => t.close());

async function finalInvoice(): Promise<ApiBody> {
  const res = await t.call(admin, 'POST', `${INVOICE}/createInvoiceWithItems`, {
    invoiceDate: '2026-02-28', supplierGstin: '27AABCS1429B1ZU', billToName: 'Talegaon Gears Pvt Ltd', billToGstin: '27AAJFT2468H1ZU', placeOfSupply: '27', items: LINES, status: 'Final',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const stepsOf = async (id: unknown): Promise<unknown> => (await t.call(admin, 'GET', `${INVOICE}/getById/${String(id)}`)).body.allowedEvents;

describe('the cancel step of an invoice', () => {
  it('is offered on a final invoice with no payment and no credit note', async () => {
    const invoice = await finalInvoice();
    expect(await stepsOf(invoice._id)).toContain('cancel');
  });

  it('is not offered once a payment is approved against it', async () => {
    const invoice = await finalInvoice();
    const payment = await t.call(clerk, 'POST', '/api/app/payment', { invoiceId: invoice._id, amountPaise: 100000, paymentDate: '2026-03-01', mode: 'UPI' });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const approved = await t.call(admin, 'PATCH', '/api/app/payment/approve', { id: payment.body._id, status: 'Approved' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await stepsOf(invoice._id)).not.toContain('cancel');
    // The server still refuses the step sent anyway, with its reason.
    const refused = await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: invoice._id, reason: 'Client disputes' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${String(invoice.alternateId)} has payments recorded: issue a credit note instead`);
  });
});
