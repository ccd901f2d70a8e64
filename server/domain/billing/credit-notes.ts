/**
 * Credit notes: raised against a Final invoice, priced like it (same supplier, buyer and place of
 * supply, copied from the invoice), never for more than the invoice minus its other live credit notes.
 * They wait in Pending Approval; a holder of MANAGE_CREDIT_NOTE approves (the amount settles the invoice)
 * or rejects with remarks. Approved notes are final: no change, no delete. Every status change is a step of
 * the credit note's lifecycle (src/machines/lifecycles/creditNote.ts), applied by server/domain/lifecycle.ts.
 */
import { CREDIT_NOTE_FROM_INVOICE, creditNote, invoice, type CreditNoteApprovalBody, type CreditNoteListBody, type StoredInvoiceLine } from '../../../src/contract/modules/billing';
import type { CallReply } from '../../../src/contract/modules/index';
import type { ApiRecord } from '../../db/repository';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { applyToEach, applyTransition, transitionIn, type LifecycleRecord } from '../lifecycle';
import { checkCeiling, creditableInvoice, otherCredits } from './credit-note-approval';
import type { CallContext, CallsOf, OpsOf } from '../call-context';
import { asArray, asNumber, asString, createRecord, maybeNumber, patchRecord, removeRecord, removedReply, repoOf, requireBody, updateId } from '../records';
import { priced } from './invoices';

type Body = Record<string, unknown>;

const SERVER_MANAGED = ['taxableValuePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalTaxPaise', 'roundOffPaise', 'grandTotalPaise', 'approvedBy', 'approvedAt', 'rejectedBy', 'rejectedAt', 'approvalRemarks'];
/** The note's fields copied from its invoice (note field → invoice field): the catalogue's, which the form fills alike. */
const COPIED_FROM_INVOICE: ReadonlyArray<readonly [string, string]> = Object.entries(CREDIT_NOTE_FROM_INVOICE);

function strip(body: Body): Body {
  const copy = { ...body };
  for (const field of [...SERVER_MANAGED, ...COPIED_FROM_INVOICE.map(([field]) => field), '_id', 'id']) delete copy[field];
  return copy;
}

function pricedAgainst(invoiceBody: Body, note: Body): Body {
  const copied: Body = {};
  for (const [field, source] of COPIED_FROM_INVOICE) if (invoiceBody[source] !== undefined) copied[field] = invoiceBody[source];
  const items = asArray(invoiceBody.items);
  asArray(note.items).forEach((line, index) => {
    const lineIndex = line.invoiceLineIndex;
    if (typeof lineIndex === 'number' && !items[lineIndex]) throw invalid(`items.${index}.invoiceLineIndex`, refusal('invoiceHasNoLine', { line: lineIndex }));
  });
  return { ...copied, ...priced({ ...note, ...copied }) };
}

async function createCreditNote(ctx: CallContext): Promise<ApiRecord> {
  // Its status is the lifecycle's initial one, set by the route (server/domain/lifecycle.ts startInInitialState).
  const body = strip(ctx.req.body as Body);
  const invoiceId = String(body.invoiceId);
  const invoiceBody = await creditableInvoice(ctx, invoiceId);
  const prepared: Body = { ...body, ...pricedAgainst(invoiceBody, body) };
  checkCeiling(invoiceBody, await otherCredits(ctx, invoiceId), asNumber(prepared.grandTotalPaise));
  return createRecord(ctx, prepared);
}

/**
 * PUT update/credit-note: the id travels in the body. Only a Draft changes, by whoever raised it
 * (src/machines/lifecycles/creditNote.ts). A changed status was taken out by the route and is sent as the
 * lifecycle step after these fields are saved.
 */
async function updateCreditNote(ctx: CallContext): Promise<ApiRecord> {
  const id = updateId(ctx);
  const current = await requireBody(ctx.repo, id);
  // Whether it may change (a Draft, by whoever raised it) is the lifecycle's to say, under the row lock (patchRecord).
  const patch = strip(ctx.req.body as Body);
  if (patch.invoiceId !== undefined && patch.invoiceId !== current.invoiceId) throw invalid('invoiceId', refusal('creditNoteStaysOnInvoice'));
  const merged = { ...current, ...patch };
  let repriced: Body = {};
  if ('items' in patch) {
    const invoiceBody = await creditableInvoice(ctx, String(current.invoiceId));
    repriced = pricedAgainst(invoiceBody, merged);
    checkCeiling(invoiceBody, await otherCredits(ctx, String(current.invoiceId), id), asNumber(repriced.grandTotalPaise));
  }
  return patchRecord(ctx, id, { ...patch, ...repriced });
}

async function removeCreditNote(ctx: CallContext): Promise<unknown> {
  const { id } = ctx.req.params as { id: string };
  await removeRecord(ctx, id);
  return removedReply(creditNote, id);
}

/** PUT update/list: submits drafts (or rejected notes) for approval, or withdraws pending ones, together. */
async function updateList(ctx: CallContext): Promise<{ data: LifecycleRecord[]; total: number }> {
  const { ids, status } = ctx.req.body as CreditNoteListBody;
  const event = status === 'Pending Approval' ? 'submit' : 'withdraw';
  return applyToEach(ctx, ids, (tx, id) => transitionIn(tx, ctx, id, { event }));
}

/** GET get-credit-note-items-invoice-items/{invoiceId}: the invoice's lines with what is already credited. */
async function creditNoteItemsOfInvoice(ctx: CallContext): Promise<CallReply<'credit-note', 'getCreditNoteItemsInvoiceItems'>> {
  const { id } = ctx.req.params as { id: string };
  const invoiceBody = await requireBody(repoOf(ctx, invoice), id);
  const { data: notes } = await ctx.repo.list({ filters: { invoiceId: id } });
  const live = notes.filter((n) => n.status !== 'Rejected');
  const data = asArray<StoredInvoiceLine>(invoiceBody.items).map((item, index) => {
    const credited = live.flatMap((n) => asArray(n.items)).filter((line) => line.invoiceLineIndex === index);
    const creditedQuantity = credited.reduce((sum, line) => sum + asNumber(line.quantity), 0);
    return {
      ...item,
      invoiceLineIndex: index,
      creditedQuantity,
      creditedTaxablePaise: credited.reduce((sum, line) => sum + asNumber(line.taxableValuePaise), 0),
      remainingQuantity: Math.max(asNumber(item.quantity) - creditedQuantity, 0),
    };
  });
  return {
    data,
    total: data.length,
    invoice: { _id: id, alternateId: asString(invoiceBody.alternateId), grandTotalPaise: maybeNumber(invoiceBody.grandTotalPaise), status: asString(invoiceBody.status) },
    creditNotes: live.map((n) => ({ _id: n._id, alternateId: asString(n.alternateId), status: asString(n.status), grandTotalPaise: maybeNumber(n.grandTotalPaise) })),
  };
}

/** PATCH approve-reject/{id}: the approver's decision, the credit note's approve or reject step. */
async function approveReject(ctx: CallContext): Promise<LifecycleRecord> {
  const { id } = ctx.req.params as { id: string };
  const { status, approvalRemarks } = ctx.req.body as CreditNoteApprovalBody;
  const event = status === 'Approved' ? 'approve' : 'reject';
  return applyTransition(ctx, id, { event, data: { approvalRemarks } });
}

export const creditNoteOps = { create: createCreditNote, update: updateCreditNote, remove: removeCreditNote } satisfies OpsOf<'credit-note'>;

export const creditNoteCalls = {
  updateList: { handler: updateList },
  getCreditNoteItemsInvoiceItems: { handler: creditNoteItemsOfInvoice },
  approveReject: { handler: approveReject },
} satisfies CallsOf<'credit-note'>;
