/**
 * Invoice rules: the server computes every amount (lines, CGST/SGST/IGST, round-off, grand total) from
 * the lines; only a Draft changes or is deleted. Its status follows its lifecycle (src/machines/lifecycles/
 * invoice.ts): finalize, generate-e-Invoice and cancel-invoice are its steps, checked in ./invoice-steps.ts.
 */
import { bills, invoice, type CancelInvoiceBody, type InvoiceForBillsBody, type InvoiceIdBody } from '../../../src/contract/modules/billing';
import { inTransaction } from '../../db/pool';
import type { ApiRecord } from '../../db/repository';
import { conflict, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { validation, validationSaying } from '../../../src/contract/validationMessages';
import { applyTransition, takeStatusOut, type LifecycleRecord } from '../lifecycle';
import type { CallContext, CallsOf, OpsOf } from '../call-context';
import { addDays, asArray, asNumber, asString, createRecord, patchRecord, removeRecord, removedReply, repoOf, requireBody } from '../records';
import { computeDocument, GstInputError, type LineInput } from '../../../src/contract/gst';

type Body = Record<string, unknown>;

/** Fields only the server writes: ignored when a client sends them on create or update. */
const SERVER_MANAGED = [
  'taxableValuePaise',
  'cgstPaise',
  'sgstPaise',
  'igstPaise',
  'totalTaxPaise',
  'roundOffPaise',
  'grandTotalPaise',
  'paidPaise',
  'creditedPaise',
  'paymentStatus',
  'eInvoice',
  'finalizedAt',
  'cancelledAt',
  'cancelReason',
  'emailLog',
] as const;

export function withoutServerFields(body: Body, fields: readonly string[] = SERVER_MANAGED): Body {
  const copy = { ...body };
  for (const field of fields) delete copy[field];
  return copy;
}

/** Lines and totals for a document body; GST input errors become 400 naming the field. */
export function priced(body: Body): Body {
  const supplierGstin = asString(body.supplierGstin);
  const placeOfSupply = asString(body.placeOfSupply);
  if (!supplierGstin) throw invalid('supplierGstin', validation('required', { label: 'Supplier GSTIN' }));
  if (!placeOfSupply) throw invalid('placeOfSupply', validation('required', { label: 'Place of supply' }));
  try {
    const { items, totals } = computeDocument(asArray<LineInput & Body>(body.items), supplierGstin, placeOfSupply);
    return { items, ...totals };
  } catch (error) {
    if (error instanceof GstInputError) throw invalid(error.field, validationSaying(error.message));
    throw error;
  }
}

function checkDates(body: Body): void {
  const invoiceDate = asString(body.invoiceDate);
  const dueDate = asString(body.dueDate);
  if (invoiceDate && dueDate && dueDate < invoiceDate) throw invalid('dueDate', refusal('dueBeforeInvoiceDate'));
}

async function createInvoice(ctx: CallContext): Promise<ApiRecord> {
  const body = withoutServerFields(ctx.req.body as Body);
  checkDates(body);
  const invoiceDate = asString(body.invoiceDate) ?? '';
  const prepared: Body = {
    ...body,
    ...priced(body),
    dueDate: asString(body.dueDate) ?? addDays(invoiceDate, 30),
    paidPaise: 0,
    creditedPaise: 0,
    paymentStatus: 'Unpaid',
    emailLog: [],
    ...(body.status === 'Final' ? { finalizedAt: new Date().toISOString(), finalizedBy: ctx.user._id } : {}),
  };
  return createRecord(ctx, prepared);
}

/** A draft's update: recomputes amounts whenever lines, supplier or place of supply change. */
async function updateDraft(ctx: CallContext, id: string, rawPatch: Body): Promise<ApiRecord> {
  // Whether it may change (a Draft only) is the lifecycle's to say, under the row lock (patchRecord).
  const current = await requireBody(repoOf(ctx, invoice), id);
  const patch = withoutServerFields(rawPatch);
  delete patch._id;
  delete patch.id;
  const merged = { ...current, ...patch };
  checkDates(merged);
  const repriced = 'items' in patch || 'supplierGstin' in patch || 'placeOfSupply' in patch ? priced(merged) : {};
  return patchRecord(ctx, id, { ...patch, ...repriced });
}

async function updateInvoice(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  return updateDraft(ctx, id, ctx.req.body as Body);
}

/** PUT update-invoice: the id travels in the body (`_id` or `id`). */
async function updateInvoiceWithId(ctx: CallContext): Promise<ApiRecord> {
  const body = ctx.req.body as Body;
  const id = asString(body._id) ?? asString(body.id);
  if (!id) throw invalid('_id', refusal('invoiceIdRequired'));
  // As the generic PUT: a changed status is the lifecycle's one step there, taken after the fields are saved.
  const step = await takeStatusOut(ctx, id, body);
  const updated = await updateDraft(ctx, id, body);
  return step ? applyTransition(ctx, id, step) : updated;
}

async function removeInvoice(ctx: CallContext): Promise<unknown> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(repoOf(ctx, invoice), id);
  // Only a draft goes (src/machines/lifecycles/invoice.ts): a final invoice is cancelled or credited instead.
  const removed = await removeRecord(ctx, id, async (tx) => {
    // Bills that fed the draft become open again.
    const billRepo = repoOf(ctx, bills, tx);
    for (const billId of asArray<string>(current.billIds)) await billRepo.update(billId, { status: 'Open', invoiceId: '' });
  });
  return removedReply(invoice, removed._id);
}

/** POST finalize/{id}: the lifecycle's finalize step (src/machines/lifecycles/invoice.ts). */
async function finalizeInvoice(ctx: CallContext): Promise<LifecycleRecord> {
  const { id } = ctx.req.params as { id: string };
  return applyTransition(ctx, id, { event: 'finalize' });
}

/** POST generate-e-Invoice { id }: registers the invoice with the e-invoice portal (./invoice-steps.ts). */
async function generateEInvoice(ctx: CallContext): Promise<LifecycleRecord> {
  const { id } = ctx.req.body as InvoiceIdBody;
  return applyTransition(ctx, id, { event: 'registerEInvoice' });
}

/** POST cancel-invoice { id, reason, reasonCode? }: the lifecycle's cancel step, with its checks (./invoice-steps.ts). */
async function cancelInvoice(ctx: CallContext): Promise<LifecycleRecord> {
  const { id, reason, reasonCode } = ctx.req.body as CancelInvoiceBody;
  return applyTransition(ctx, id, { event: 'cancel', data: { cancelReason: reason, ...(reasonCode ? { cancelReasonCode: reasonCode } : {}) } });
}

/** SAC 998719: maintenance and repair services of other machinery and equipment. */
export const DEFAULT_SERVICE_SAC = '998719';

/** POST generate-invoice-forBills: one supplementary invoice from open, billable bills. */
async function generateInvoiceForBills(ctx: CallContext): Promise<ApiRecord> {
  const input = ctx.req.body as InvoiceForBillsBody;
  const billRepo = repoOf(ctx, bills);
  const chosen = [...new Set(input.billIds)];
  const bodies = await Promise.all(chosen.map((id) => requireBody(billRepo, id)));
  bodies.forEach((bill, index) => {
    const name = asString(bill.alternateId) ?? chosen[index];
    if (bill.status !== 'Open') throw conflict(refusal('billNotOpen', { name, status: String(bill.status) }));
    if (bill.billable === false) throw conflict(refusal('billNotBillable', { name }));
  });
  const items = bodies.map((bill) => ({
    description: `${String(bill.category)}: ${String(bill.description)}${asString(bill.vendor) ? ` (${String(bill.vendor)})` : ''}`.slice(0, 300),
    hsnSac: asString(bill.hsnSac) ?? DEFAULT_SERVICE_SAC,
    quantity: 1,
    unit: 'NOS',
    ratePaise: asNumber(bill.amountPaise),
    discountPaise: 0,
    gstRate: typeof bill.gstRate === 'number' ? bill.gstRate : 18,
  }));
  const draft: Body = {
    invoiceType: 'Supplementary',
    status: 'Draft',
    invoiceDate: input.invoiceDate,
    dueDate: addDays(input.invoiceDate, 30),
    supplierGstin: input.supplierGstin,
    placeOfSupply: input.placeOfSupply,
    billToName: input.billToName,
    ...(input.billToGstin ? { billToGstin: input.billToGstin } : {}),
    ...(input.billToAddress ? { billToAddress: input.billToAddress } : {}),
    ...(input.clientId ? { clientId: input.clientId } : {}),
    ticketAlternateId: input.ticketAlternateId ?? asString(bodies[0]?.ticketAlternateId),
    billIds: chosen,
    items,
    paidPaise: 0,
    creditedPaise: 0,
    paymentStatus: 'Unpaid',
    emailLog: [],
  };
  const prepared = { ...draft, ...priced(draft) };
  const created = await inTransaction(ctx.db, async (tx) => {
    const record = await repoOf(ctx, invoice, tx).create(prepared);
    const txBills = repoOf(ctx, bills, tx);
    for (const id of chosen) await txBills.update(id, { status: 'Invoiced', invoiceId: record._id });
    return record;
  });
  ctx.notify('create', created._id);
  ctx.reply.code(201);
  return created;
}

export const invoiceOps = { create: createInvoice, update: updateInvoice, remove: removeInvoice } satisfies OpsOf<'invoice'>;

export const invoiceCalls = {
  updateInvoice: { handler: updateInvoiceWithId },
  finalizeInvoice: { handler: finalizeInvoice },
  generateEInvoice: { handler: generateEInvoice },
  cancelInvoice: { handler: cancelInvoice },
  generateInvoiceForBills: { handler: generateInvoiceForBills },
} satisfies CallsOf<'invoice'>;
