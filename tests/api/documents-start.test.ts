/**
 * Documents start right (issue 33), through HTTP: a new invoice's start (GET invoice/new-invoice) is today on the
 * subscriber's clock, the default type and the subscriber's own GSTIN, per tenant and only for whoever may create
 * invoices; and an invoice made the way the form makes it (its start, a picked client filling its client master's
 * bill-to, a line picked from the item master, nothing typed) registers its e-invoice at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice } from '../../src/contract/modules/billing';
import { todayIn } from '../../src/contract/zonedTime';
import { describeFields, filledValues, fillLine, initialValues, toBody, type FormValues, type LineValues } from '../../src/ui/screens/module/fieldModel';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';
import { userWith } from './modules/support';

const INVOICE = '/api/app/invoice';
type Row = Record<string, unknown> & { _id: string };

let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

async function list(who: SignedIn, path: string): Promise<Row[]> {
  const res = await t.call(who, 'GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data ?? []) as Row[];
}

describe('GET invoice/new-invoice', () => {
  it("answers today in the subscriber's zone, the default type and the subscriber's own GSTIN and name", async () => {
    const res = await t.call(admin, 'GET', `${INVOICE}/new-invoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ invoiceType: 'Tax Invoice', invoiceDate: todayIn('Asia/Kolkata'), supplierGstin: '27AAACD1234F1Z5', supplierName: 'Demo Industries Pvt Ltd' });
  });

  it("gives each tenant its own GSTIN", async () => {
    const acme = await t.signIn('admin@acme.local');
    const res = await t.call(acme, 'GET', `${INVOICE}/new-invoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.supplierGstin).not.toBe('27AAACD1234F1Z5');
    expect(res.body.supplierName).toBe('Acme Facility Services LLP');
  });

  it('is refused without GENERATE_INVOICE CREATE, and to a caller not signed in', async () => {
    const viewer = await userWith(t, admin, [{ feature: 'GENERATE_INVOICE', privileges: ['VIEW'] }]);
    const refused = await t.call(viewer, 'GET', `${INVOICE}/new-invoice`);
    expect(refused.status).toBe(403);
    const maker = await userWith(t, admin, [{ feature: 'GENERATE_INVOICE', privileges: ['VIEW', 'CREATE'] }]);
    expect((await t.call(maker, 'GET', `${INVOICE}/new-invoice`)).status).toBe(200);
    expect((await t.call(null, 'GET', `${INVOICE}/new-invoice`)).status).toBe(401);
  });
});

describe('an invoice made from a picked client', () => {
  it('registers its e-invoice right after, with no field typed', async () => {
    const fields = describeFields(invoice).filter((f) => f.kind !== 'readonly' && !f.stepped);
    // The form's start: the schema's defaults, then the server's answer.
    const start = await t.call(admin, 'GET', `${INVOICE}/new-invoice`);
    const defaults = Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]));
    let values: FormValues = initialValues(fields, { ...defaults, ...start.body });
    // The client picked by name, and what the pick fills (through its client master), as the form does.
    const clients = await list(admin, '/api/app/client');
    const masters = await list(admin, '/api/app/client-master');
    const client = clients.find((c) => c.companyName === 'Kalyani Forge Components Pvt Ltd') ?? clients.find((c) => masters.some((m) => m.clientId === c._id));
    expect(client, 'a demo client with a client master').toBeTruthy();
    const filled = filledValues(invoice, fields, 'clientId', client!._id, { clientId: clients, clientMasterId: masters });
    const master = masters.find((m) => m.clientId === client!._id)!;
    expect(filled).toMatchObject({ clientMasterId: master._id, billToName: master.legalName, billToGstin: master.gstNo, billToAddress: master.billingAddress, placeOfSupply: master.stateCode });
    values = { ...values, clientId: client!._id, ...filled };
    // One line picked from the item master.
    const items = await list(admin, '/api/app/invoice-item-master');
    const lines = fields.find((f) => f.name === 'items')!;
    const line = fillLine({ ...(initialValues(lines.columns ?? []) as LineValues), itemMasterId: items[0]!._id, quantity: 1 }, items[0], lines.fills!.itemMasterId!, lines.columns ?? []);
    values = { ...values, items: [line] };

    const created = await t.call(admin, 'POST', `${INVOICE}/createInvoiceWithItems`, toBody(fields, values, 'create'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ supplierGstin: '27AAACD1234F1Z5', billToGstin: master.gstNo, placeOfSupply: master.stateCode, invoiceType: 'Tax Invoice' });
    const registered = await t.call(admin, 'POST', `${INVOICE}/generate-e-Invoice`, { id: created.body._id });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect(registered.body.eInvoice).toMatchObject({ irn: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});
