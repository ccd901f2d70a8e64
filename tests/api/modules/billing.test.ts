/**
 * Billing rules through HTTP: GST totals computed by the server (intra-state CGST+SGST, inter-state IGST,
 * each rounded half up, rupee round-off), draft-only edits, finalising, e-invoice IRN, cancellation,
 * payments with approval, credit notes with approval by MANAGE_CREDIT_NOTE, bills to supplementary
 * invoices, and the PDFs.
 */
import { createHash } from 'node:crypto';
import { pdfQrCodes } from '../../helpers/pdf-qr';
import { pdfText } from '../../helpers/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '../../../server/domain/billing/amount-words';
import { financialYear, taxOn } from '../../../src/contract/gst';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../../helpers/test-db';
import { moduleNamed, tableName } from '../../../src/contract/modules/index';
import { expectPdf, userWith } from './support';
import { MAIL_NOT_CONFIGURED } from '../../../server/mail/mailer';

const INVOICE = '/api/app/invoice';
const SUPPLIER = '27AABCS1429B1ZU';
const BUYER = '27AAJFT2468H1ZU';

let t: TestDb;
let admin: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
});
afterAll(() => t.close());

/** Two lines whose GST splits differently intra- and inter-state (5% of 82 333 paise). */
const LINES = [
  { description: 'Breakdown visit – VMC spindle', hsnSac: '998719', quantity: 1, ratePaise: 450000, gstRate: 18 },
  { description: 'Drain valve', hsnSac: '8481', quantity: 2.5, ratePaise: 33333, discountPaise: 1000, gstRate: 5 },
];

function invoiceBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { invoiceDate: '2026-02-28', supplierGstin: SUPPLIER, billToName: 'Talegaon Gears Pvt Ltd', billToGstin: BUYER, placeOfSupply: '27', items: LINES, ...extra };
}

async function newInvoice(extra: Record<string, unknown> = {}): Promise<ApiBody> {
  const res = await t.call(admin, 'POST', `${INVOICE}/createInvoiceWithItems`, invoiceBody(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('GST arithmetic', () => {
  it('rounds tax half up in integer paise, for every rate', () => {
    expect(taxOn(82333, 2.5)).toBe(2058); // 2058.325
    expect(taxOn(82333, 5)).toBe(4117); // 4116.65
    expect(taxOn(100, 0.25)).toBe(0); // 0.25
    expect(taxOn(200, 0.25)).toBe(1); // 0.5 rounds up
    expect(taxOn(9_000_000_000_000, 28)).toBe(2_520_000_000_000);
  });

  it('names the Indian financial year and writes amounts in words', () => {
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(amountInWords(617400)).toBe('Rupees Six Thousand One Hundred Seventy Four Only');
    expect(amountInWords(1_234_567_89)).toBe('Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Eighty Nine Paise Only');
    expect(amountInWords(25_00_00_000_00)).toBe('Rupees Twenty Five Crore Only');
  });
});

describe('invoice totals', () => {
  it('computes CGST and SGST per line for an intra-state supply, ignoring amounts sent by the client', async () => {
    const invoice = await newInvoice({ grandTotalPaise: 1, paidPaise: 999, paymentStatus: 'Paid' });
    expect(invoice.alternateId).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(invoice).toMatchObject({
      status: 'Draft',
      dueDate: '2026-03-30',
      taxableValuePaise: 532333,
      cgstPaise: 42558,
      sgstPaise: 42558,
      igstPaise: 0,
      totalTaxPaise: 85116,
      roundOffPaise: -49,
      grandTotalPaise: 617400,
      paidPaise: 0,
      paymentStatus: 'Unpaid',
    });
    expect(invoice.items).toMatchObject([
      { taxableValuePaise: 450000, cgstPaise: 40500, sgstPaise: 40500, igstPaise: 0, totalPaise: 531000 },
      { taxableValuePaise: 82333, cgstPaise: 2058, sgstPaise: 2058, igstPaise: 0, totalPaise: 86449 },
    ]);
  });

  it('charges IGST when the place of supply is another state, and rounds 50 paise up', async () => {
    const invoice = await newInvoice({ placeOfSupply: '24' });
    expect(invoice).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 85117, roundOffPaise: 50, grandTotalPaise: 617500 });
  });

  it('refuses a discount above the line amount, naming the field', async () => {
    const res = await t.call(admin, 'POST', `${INVOICE}/createInvoiceWithItems`, invoiceBody({ items: [{ ...LINES[0], discountPaise: 450001 }] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('items.0.discountPaise: Discount cannot be more than the line amount');
  });

  it('refuses a GST rate that is not in force', async () => {
    const res = await t.call(admin, 'POST', `${INVOICE}/createInvoiceWithItems`, invoiceBody({ items: [{ ...LINES[0], gstRate: 7 }] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('items.0.gstRate: GST rate must be one of 0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28');
  });
});

describe('invoice lifecycle', () => {
  it('a draft changes through PUT /{id} and PUT update-invoice (id in the body); totals follow the lines', async () => {
    const invoice = await newInvoice();
    const byPath = await t.call(admin, 'PUT', `${INVOICE}/${invoice._id}`, { items: [LINES[0]] });
    expect(byPath.status, JSON.stringify(byPath.body)).toBe(200);
    expect(byPath.body).toMatchObject({ taxableValuePaise: 450000, grandTotalPaise: 531000, roundOffPaise: 0 });
    const byBody = await t.call(admin, 'PUT', `${INVOICE}/update-invoice`, { _id: invoice._id, placeOfSupply: '29' });
    expect(byBody.status, JSON.stringify(byBody.body)).toBe(200);
    expect(byBody.body).toMatchObject({ igstPaise: 81000, cgstPaise: 0, grandTotalPaise: 531000 });
    const withoutId = await t.call(admin, 'PUT', `${INVOICE}/update-invoice`, { placeOfSupply: '27' });
    expect(withoutId.status).toBe(400);
  });

  it('a final invoice neither changes nor goes away; finalising twice is refused', async () => {
    const invoice = await newInvoice();
    const finalised = await t.call(admin, 'POST', `${INVOICE}/finalize/${invoice._id}`);
    expect(finalised.status).toBe(200);
    expect(finalised.body.status).toBe('Final');
    expect(typeof finalised.body.finalizedAt).toBe('string');
    expect((await t.call(admin, 'POST', `${INVOICE}/finalize/${invoice._id}`)).status).toBe(409);
    const edit = await t.call(admin, 'PUT', `${INVOICE}/${invoice._id}`, { notes: 'late change' });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'A final invoice cannot be changed: raise a credit note against it, or cancel it' });
    expect((await t.call(admin, 'DELETE', `${INVOICE}/${invoice._id}`)).status).toBe(409);
    // A PUT naming Cancelled is the lifecycle's cancel step, which needs its reason.
    const cancelByPut = await t.call(admin, 'PUT', `${INVOICE}/${invoice._id}`, { status: 'Cancelled' });
    expect(cancelByPut.status).toBe(400);
    expect(cancelByPut.body.message).toBe('cancelReason: Give the reason for cancelling the invoice');
  });

  it('generate-e-Invoice stores the IRN the IRP would compute and finalises the draft; only once, only B2B', async () => {
    const b2c = await newInvoice({ billToGstin: undefined });
    const refused = await t.call(admin, 'POST', `${INVOICE}/generate-e-Invoice`, { id: b2c._id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("billToGstin: An e-invoice needs the buyer's GSTIN (B2B supply)");
    // Its words go beside the English: the client says it in the person's language (issue 34).
    expect(refused.body.words).toEqual({ key: 'refusal.eInvoiceNeedsBuyerGstin', values: { field: 'billToGstin' } });

    const invoice = await newInvoice();
    const res = await t.call(admin, 'POST', `${INVOICE}/generate-e-Invoice`, { id: invoice._id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = createHash('sha256').update(`${SUPPLIER}2025-26INV${String(invoice.alternateId)}`).digest('hex');
    expect(res.body.status).toBe('Final');
    expect(res.body.eInvoice).toMatchObject({ irn: expected, financialYear: '2025-26' });
    expect(String((res.body.eInvoice as { ackNo: string }).ackNo)).toMatch(/^\d{15}$/);
    expect((await t.call(admin, 'POST', `${INVOICE}/generate-e-Invoice`, { id: invoice._id })).status).toBe(409);
  });

  it('cancel-invoice needs a reason and refuses an invoice with payments', async () => {
    const invoice = await newInvoice({ status: 'Final' });
    const noReason = await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: invoice._id });
    expect(noReason.status).toBe(400);
    const cancelled = await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: invoice._id, reason: 'Raised on the wrong client' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', cancelReason: 'Raised on the wrong client' });
    expect((await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: invoice._id, reason: 'again' })).status).toBe(409);

    const paid = await newInvoice({ status: 'Final' });
    // Recorded by the clerk, approved by the administrator (the maker may not approve their own payment).
    const payment = await t.call(await t.signIn('clerk@demo.local'), 'POST', '/api/app/payment', { invoiceId: paid._id, amountPaise: 100000, paymentDate: '2026-03-01', mode: 'UPI' });
    await t.call(admin, 'PATCH', '/api/app/payment/approve', { id: payment.body._id, status: 'Approved' });
    const refused = await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: paid._id, reason: 'Client disputes' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${paid.alternateId} has payments recorded: issue a credit note instead`);
  });

  it('an e-invoice is cancelled with the portal’s reason code within 24 hours of its IRN; later, only a credit note', async () => {
    const registered = await t.call(admin, 'POST', `${INVOICE}/generate-e-Invoice`, { id: (await newInvoice())._id });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const eInvoice = registered.body.eInvoice as { irn: string; signedQr: string; issuer: string };
    // The portal's signed QR (a JWT) and who signed it are kept for the PDF.
    expect(eInvoice.signedQr.split('.')).toHaveLength(3);
    expect(eInvoice.issuer).toMatch(/sandbox/i);
    expect(registered.body.allowedEvents).toEqual(['cancel']);
    // The PDF prints the IRN and the signed QR, which decodes, from the PDF's own image, to the portal's JWT.
    const pdf = await t.call(admin, 'POST', `${INVOICE}/generatePdf/${String(registered.body._id)}`);
    const file = Buffer.from(String(pdf.body.data), 'base64');
    expect(pdfText(file)).toContain(eInvoice.irn);
    expect(pdfQrCodes(file)).toEqual([eInvoice.signedQr]);

    const noCode = await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: registered.body._id, reason: 'Wrong rate' });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toMatch(/^cancelReasonCode: Choose the reason code/);
    const cancelled = await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: registered.body._id, reason: 'Wrong rate', reasonCode: 2 });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'Cancelled', cancelReason: 'Wrong rate', cancelReasonCode: 2, cancelledBy: admin.user._id, eInvoice: { irn: eInvoice.irn, cancelledAt: expect.any(String) } });
    // A cancelled IRN's code is no longer valid: the PDF no longer prints it.
    const cancelledPdf = await t.call(admin, 'POST', `${INVOICE}/generatePdf/${String(registered.body._id)}`);
    expect(pdfQrCodes(Buffer.from(String(cancelledPdf.body.data), 'base64'))).toEqual([]);

    const old = await t.call(admin, 'POST', `${INVOICE}/generate-e-Invoice`, { id: (await newInvoice())._id });
    const dayAndMore = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.db.query(`update "${tableName(moduleNamed('invoice'))}" set body = jsonb_set(body, '{eInvoice,ackDate}', to_jsonb($1::text)) where _id = $2`, [dayAndMore, old.body._id]);
    const late = await t.call(admin, 'POST', `${INVOICE}/cancel-invoice`, { id: old.body._id, reason: 'Wrong rate', reasonCode: 2 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('An e-invoice can be cancelled only within 24 hours of its IRN: issue a credit note instead');
    expect((await t.call(admin, 'GET', `${INVOICE}/getById/${old.body._id}`)).body.status).toBe('Final');
  });

  it('invoice-email without an SMTP relay says so and records nothing', async () => {
    const final = await newInvoice({ status: 'Final' });
    const res = await t.call(admin, 'POST', `${INVOICE}/invoice-email`, { id: final._id, to: 'accounts@talegaongears.in' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject(MAIL_NOT_CONFIGURED);
    const after = await t.call(admin, 'GET', `${INVOICE}/getById/${final._id}`);
    expect(after.status).toBe(200);
    expect(after.body.emailLog).toEqual([]);
  });

  it('generatePdf answers a real tax invoice PDF', async () => {
    const invoice = await newInvoice({ status: 'Final' });
    const bytes = expectPdf(await t.call(admin, 'POST', `${INVOICE}/generatePdf/${invoice._id}`));
    expect(bytes.length).toBeGreaterThan(1500);
  });
});

describe('payments', () => {
  it('are recorded Pending against a final invoice, approved into its paid amount, and never exceed what is owed', async () => {
    const draft = await newInvoice();
    const early = await t.call(admin, 'POST', '/api/app/payment', { invoiceId: draft._id, amountPaise: 1000, paymentDate: '2026-03-01', mode: 'NEFT' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Finalise invoice ${draft.alternateId} before recording a payment`);
    // Its words go beside the English: the client says it in the person's language (issue 34).
    expect(early.body.words).toEqual({ key: 'refusal.finaliseBeforePayment', values: { name: draft.alternateId } });

    const invoice = await newInvoice({ status: 'Final' }); // 617400 paise
    const over = await t.call(admin, 'POST', '/api/app/payment', { invoiceId: invoice._id, amountPaise: 617401, paymentDate: '2026-03-01', mode: 'NEFT' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('The payment exceeds the outstanding amount of Rs. 6,174.00');

    const selfApproved = await t.call(admin, 'POST', '/api/app/payment', { invoiceId: invoice._id, amountPaise: 400000, tdsPaise: 10000, paymentDate: '2026-03-01', mode: 'RTGS', status: 'Approved' });
    expect(selfApproved.status).toBe(400);
    expect(selfApproved.body.message).toBe('status: A new payment starts as Pending');
    const first = await t.call(await t.signIn('clerk@demo.local'), 'POST', '/api/app/payment', { invoiceId: invoice._id, amountPaise: 400000, tdsPaise: 10000, paymentDate: '2026-03-01', mode: 'RTGS' });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('Pending');
    const approved = await t.call(admin, 'PATCH', '/api/app/payment/approve', { id: first.body._id, status: 'Approved' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'Approved', approvedBy: admin.user._id });
    expect((await t.call(admin, 'GET', `${INVOICE}/getById/${invoice._id}`)).body).toMatchObject({ paidPaise: 410000, paymentStatus: 'Partially Paid' });

    expect((await t.call(admin, 'PATCH', '/api/app/payment/approve', { id: first.body._id, status: 'Rejected' })).status).toBe(409);
    expect((await t.call(admin, 'PUT', `/api/app/payment/${first.body._id}`, { remarks: 'edit' })).status).toBe(409);
    expect((await t.call(admin, 'DELETE', `/api/app/payment/${first.body._id}`)).status).toBe(409);

    const rest = await t.call(await t.signIn('clerk@demo.local'), 'POST', '/api/app/payment', { invoiceId: invoice._id, amountPaise: 207400, paymentDate: '2026-03-05', mode: 'UPI' });
    const rejected = await t.call(await t.signIn('clerk@demo.local'), 'POST', '/api/app/payment', { invoiceId: invoice._id, amountPaise: 500, paymentDate: '2026-03-05', mode: 'Cash' });
    expect((await t.call(admin, 'PATCH', '/api/app/payment/approve', { id: rejected.body._id, status: 'Rejected', remarks: 'Not received' })).body.status).toBe('Rejected');
    await t.call(admin, 'PATCH', '/api/app/payment/approve', { id: rest.body._id, status: 'Approved' });
    expect((await t.call(admin, 'GET', `${INVOICE}/getById/${invoice._id}`)).body).toMatchObject({ paidPaise: 617400, paymentStatus: 'Paid' });
  });

  it('approve validates its body', async () => {
    const res = await t.call(admin, 'PATCH', '/api/app/payment/approve', { id: 'x', status: 'Maybe' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('status: Status must be Approved or Rejected');
  });
});

describe('credit notes', () => {
  const NOTE = '/api/app/credit-note';
  const creditLine = (ratePaise: number, index = 0) => ({ description: 'Visit charge waived', hsnSac: '998719', quantity: 1, ratePaise, gstRate: 18, invoiceLineIndex: index });

  it('copy the invoice parties, are priced like it, and cannot credit more than the invoice', async () => {
    const draft = await newInvoice();
    expect((await t.call(admin, 'POST', NOTE, { invoiceId: draft._id, creditNoteDate: '2026-03-05', reason: 'Other', items: [creditLine(1000)] })).status).toBe(409);

    const invoice = await newInvoice({ status: 'Final' });
    const note = await t.call(admin, 'POST', NOTE, { invoiceId: invoice._id, creditNoteDate: '2026-03-05', reason: 'Deficiency In Service', billToName: 'Someone else', items: [creditLine(100000)] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ status: 'Pending Approval', billToName: 'Talegaon Gears Pvt Ltd', billToGstin: BUYER, supplierGstin: SUPPLIER, cgstPaise: 9000, sgstPaise: 9000, grandTotalPaise: 118000 });
    expect(note.body.alternateId).toMatch(/^CRN-\d{4}-\d{6}$/);

    const tooMuch = await t.call(admin, 'POST', NOTE, { invoiceId: invoice._id, creditNoteDate: '2026-03-05', reason: 'Other', items: [creditLine(450000)] });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('Credit notes cannot exceed the invoice: at most Rs. 4,994.00 can still be credited');

    const badLine = await t.call(admin, 'POST', NOTE, { invoiceId: invoice._id, creditNoteDate: '2026-03-05', reason: 'Other', items: [creditLine(100, 7)] });
    expect(badLine.status).toBe(400);
    expect(badLine.body.message).toBe('items.0.invoiceLineIndex: The invoice has no line 7');
  });

  it('are approved only by a holder of MANAGE_CREDIT_NOTE; approval settles the invoice and freezes the note', async () => {
    const invoice = await newInvoice({ status: 'Final' });
    // Raised by the demo's accounts clerk: whoever raises a note does not decide it.
    const note = await t.call(await t.signIn('clerk@demo.local'), 'POST', NOTE, { invoiceId: invoice._id, creditNoteDate: '2026-03-05', reason: 'Post-Sale Discount', items: [creditLine(100000)] });
    const clerk = await userWith(t, admin, [{ feature: 'GENERATE_CREDIT_NOTE', privileges: ['VIEW', 'CREATE', 'UPDATE', 'DELETE'] }]);
    // The clerk may withdraw the note but not decide it: the step is refused (409, which keeps them signed in).
    const denied = await t.call(clerk, 'PATCH', `${NOTE}/approve-reject/${note.body._id}`, { status: 'Approved' });
    expect(denied.status).toBe(409);
    expect(denied.body).toEqual({
      message: `Credit note ${note.body.alternateId as string} is Pending Approval: you can "Withdraw"`,
      code: 'TRANSITION_NOT_ALLOWED',
      allowedEvents: ['withdraw'],
      words: { key: 'refusal.youCan', values: { noun: 'Credit note', name: note.body.alternateId, status: 'Pending Approval', steps: ['Withdraw'] } },
    });

    const noReason = await t.call(admin, 'PATCH', `${NOTE}/approve-reject/${note.body._id}`, { status: 'Rejected' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('approvalRemarks: Give the reason for rejecting the credit note');

    const approved = await t.call(admin, 'PATCH', `${NOTE}/approve-reject/${note.body._id}`, { status: 'Approved', approvalRemarks: 'Agreed in review' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'Approved', approvedBy: admin.user._id });
    expect((await t.call(admin, 'GET', `${INVOICE}/getById/${invoice._id}`)).body).toMatchObject({ creditedPaise: 118000, paymentStatus: 'Partially Paid' });

    const final = await t.call(admin, 'PATCH', `${NOTE}/approve-reject/${note.body._id}`, { status: 'Rejected', approvalRemarks: 'x' });
    expect(final.status).toBe(409);
    expect(final.body).toEqual({
      message: `Credit note ${note.body.alternateId as string} is Approved: nothing more can be done with it`,
      code: 'TRANSITION_NOT_ALLOWED',
      allowedEvents: [],
      words: { key: 'refusal.nothingMore', values: { noun: 'Credit note', name: note.body.alternateId, status: 'Approved' } },
    });
    const edit = await t.call(admin, 'PUT', `${NOTE}/update/credit-note`, { _id: note.body._id, remarks: 'late' });
    expect(edit.status).toBe(409);
    expect((await t.call(admin, 'DELETE', `${NOTE}/delete-credit-note/${note.body._id}`)).status).toBe(409);

    const items = await t.call(admin, 'GET', `${NOTE}/get-credit-note-items-invoice-items/${invoice._id}`);
    expect(items.status).toBe(200);
    expect(items.body.data?.[0]).toMatchObject({ invoiceLineIndex: 0, creditedQuantity: 1, remainingQuantity: 0 });
    expect(items.body.data?.[1]).toMatchObject({ invoiceLineIndex: 1, creditedQuantity: 0, remainingQuantity: 2.5 });
  });

  it('update/credit-note carries the id in the body and reprices; update/list submits drafts together', async () => {
    const invoice = await newInvoice({ status: 'Final' });
    const a = await t.call(admin, 'POST', NOTE, { invoiceId: invoice._id, creditNoteDate: '2026-03-05', reason: 'Other', status: 'Draft', items: [creditLine(10000)] });
    const b = await t.call(admin, 'POST', NOTE, { invoiceId: invoice._id, creditNoteDate: '2026-03-05', reason: 'Other', status: 'Draft', items: [creditLine(20000)] });
    const edited = await t.call(admin, 'PUT', `${NOTE}/update/credit-note`, { _id: a.body._id, items: [creditLine(50000)] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ taxableValuePaise: 50000, grandTotalPaise: 59000, status: 'Draft' });

    const submitted = await t.call(admin, 'PUT', `${NOTE}/update/list`, { ids: [a.body._id, b.body._id], status: 'Pending Approval' });
    expect(submitted.status).toBe(200);
    expect(submitted.body.total).toBe(2);
    expect((submitted.body.data ?? []).map((n) => n.status)).toEqual(['Pending Approval', 'Pending Approval']);
    const again = await t.call(admin, 'PUT', `${NOTE}/update/list`, { ids: [a.body._id], status: 'Pending Approval' });
    expect(again.status).toBe(409);
    expect(expectPdf(await t.call(admin, 'POST', `${NOTE}/generatePdf/${a.body._id}`)).length).toBeGreaterThan(1000);
  });
});

describe('bills and the supplementary invoice', () => {
  it('generate-invoice-forBills invoices open bills once; deleting the draft reopens them', async () => {
    const bill = (description: string, amountPaise: number) =>
      t.call(admin, 'POST', '/api/app/Bills', { ticketAlternateId: 'TKT-2026-000777', category: 'Spare Parts', description, billDate: '2026-02-20', hsnSac: '4016', amountPaise });
    const [one, two] = [await bill('Coupling insert', 145000), await bill('O-ring kit', 30000)];
    expect(one.status).toBe(201);
    const res = await t.call(admin, 'POST', `${INVOICE}/generate-invoice-forBills`, { billIds: [one.body._id, two.body._id], invoiceDate: '2026-02-28', supplierGstin: SUPPLIER, placeOfSupply: '27', billToName: 'Talegaon Gears Pvt Ltd' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ invoiceType: 'Supplementary', status: 'Draft', ticketAlternateId: 'TKT-2026-000777', taxableValuePaise: 175000, cgstPaise: 15750, sgstPaise: 15750, grandTotalPaise: 206500 });
    expect(res.body.items).toHaveLength(2);
    expect((await t.call(admin, 'GET', `/api/app/Bills/getById/${one.body._id}`)).body).toMatchObject({ status: 'Invoiced', invoiceId: res.body._id });

    const twice = await t.call(admin, 'POST', `${INVOICE}/generate-invoice-forBills`, { billIds: [one.body._id], invoiceDate: '2026-02-28', supplierGstin: SUPPLIER, placeOfSupply: '27', billToName: 'X' });
    expect(twice.status).toBe(409);
    expect((await t.call(admin, 'PUT', `/api/app/Bills/${one.body._id}`, { amountPaise: 1 })).status).toBe(409);

    expect((await t.call(admin, 'DELETE', `${INVOICE}/${res.body._id}`)).status).toBe(200);
    expect((await t.call(admin, 'GET', `/api/app/Bills/getById/${one.body._id}`)).body.status).toBe('Open');
  });

  it('update/list rejects or reopens several bills together, never marks them Invoiced', async () => {
    const a = await t.call(admin, 'POST', '/api/app/Bills', { ticketAlternateId: 'TKT-2026-000778', category: 'Travel', description: 'Taxi', billDate: '2026-02-20', amountPaise: 50000 });
    const res = await t.call(admin, 'PUT', '/api/app/Bills/update/list', { ids: [a.body._id], status: 'Rejected' });
    expect(res.status).toBe(200);
    expect(res.body.data?.[0]?.status).toBe('Rejected');
    expect((await t.call(admin, 'PUT', '/api/app/Bills/update/list', { ids: [a.body._id], status: 'Invoiced' })).status).toBe(400);
  });
});
