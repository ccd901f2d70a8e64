/**
 * Manual payments: recorded as Pending against a Final invoice, never for more than it still owes;
 * PATCH approve { id, status } approves (crediting the invoice's paid amount, TDS included) or rejects: the
 * steps of the payment's lifecycle (src/machines/lifecycles/payment.ts). Only a Pending payment changes or is
 * deleted.
 */
import { invoice, payment, type PaymentApprovalBody } from '../../../src/contract/modules/billing';
import type { ApiRecord } from '../../db/repository';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { applyTransition, type LifecycleRecord } from '../lifecycle';
import { checkAmount } from './payment-approval';
import type { CallContext, HandlersOf } from '../call-context';
import { asNumber, asString, createRecord, patchRecord, removeRecord, removedReply, repoOf, requireBody } from '../records';

type Body = Record<string, unknown>;

const APPROVAL_FIELDS = ['status', 'approvedBy', 'approvedAt', 'rejectedBy', 'rejectedAt'] as const;

function strip(body: Body): Body {
  const copy = { ...body };
  for (const field of APPROVAL_FIELDS) delete copy[field];
  return copy;
}

async function payableInvoice(ctx: CallContext, invoiceId: string): Promise<Body> {
  const body = await requireBody(repoOf(ctx, invoice), invoiceId);
  const name = asString(body.alternateId) ?? invoiceId;
  if (body.status === 'Draft') throw conflict(refusal('finaliseBeforePayment', { name }));
  if (body.status === 'Cancelled') throw conflict(refusal('invoiceCancelled', { name }));
  return body;
}

async function createPayment(ctx: CallContext): Promise<ApiRecord> {
  const body = strip(ctx.req.body as Body);
  const invoiceBody = await payableInvoice(ctx, String(body.invoiceId));
  checkAmount(invoiceBody, asNumber(body.amountPaise) + asNumber(body.tdsPaise));
  return createRecord(ctx, { ...body, status: 'Pending' });
}

async function updatePayment(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  // Whether it may change (Pending, by whoever recorded it) is the lifecycle's to say, under the row lock (patchRecord).
  const current = await requireBody(ctx.repo, id);
  const patch = ctx.req.body as Body;
  const merged = { ...current, ...patch };
  const invoiceBody = await payableInvoice(ctx, String(merged.invoiceId));
  checkAmount(invoiceBody, asNumber(merged.amountPaise) + asNumber(merged.tdsPaise));
  return patchRecord(ctx, id, strip(patch));
}

async function removePayment(ctx: CallContext): Promise<unknown> {
  const { id } = ctx.req.params as { id: string };
  await removeRecord(ctx, id);
  return removedReply(payment, id);
}

/** PATCH approve { id, status, remarks? }: the payment's approve or reject step. */
async function approvePayment(ctx: CallContext): Promise<LifecycleRecord> {
  const { id, status, remarks } = ctx.req.body as PaymentApprovalBody;
  return applyTransition(ctx, id, { event: status === 'Approved' ? 'approve' : 'reject', data: { remarks } });
}

export const paymentHandlers = {
  ops: { create: createPayment, update: updatePayment, remove: removePayment },
  calls: { approve: { handler: approvePayment } },
} satisfies HandlersOf<'payment'>;
