/**
 * What a payment's approval does to its invoice (the effect of the lifecycle's approve step, run inside the
 * step's transaction), and the rule shared with recording a payment: never more than the invoice still owes.
 */
import { invoice } from '../../../src/contract/modules/billing';
import { lockInvoiceRow } from '../../db/row-locks';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asNumber, repoOf, requireBody } from '../records';
import { formatRupees } from './amount-words';
import { outstandingOf, paymentStatusOf } from '../../../src/contract/settlement';

type Body = Record<string, unknown>;

export function checkAmount(invoiceBody: Body, amountPaise: number): void {
  const outstanding = outstandingOf(invoiceBody);
  if (amountPaise > outstanding) throw conflict(refusal('paymentExceedsOutstanding', { amount: formatRupees(Math.max(outstanding, 0)) }));
}

/** Approval raises the invoice's paid amount (TDS included), never past what it still owes. */
export const settleInvoice: TransitionEffect = async (ctx, tx, payment, to) => {
  if (to !== 'Approved') return;
  // Lock the invoice row so two approvals cannot both spend the same outstanding amount.
  await lockInvoiceRow(tx, ctx.user.tenantId, payment.invoiceId);
  const invoices = repoOf(ctx, invoice, tx);
  const invoiceBody = await requireBody(invoices, String(payment.invoiceId));
  if (invoiceBody.status === 'Cancelled') throw conflict(refusal('invoiceCancelled', { name: String(invoiceBody.alternateId) }));
  const settling = asNumber(payment.amountPaise) + asNumber(payment.tdsPaise);
  checkAmount(invoiceBody, settling);
  const paidPaise = asNumber(invoiceBody.paidPaise) + settling;
  await invoices.update(String(payment.invoiceId), {
    paidPaise,
    paymentStatus: paymentStatusOf(asNumber(invoiceBody.grandTotalPaise), paidPaise, asNumber(invoiceBody.creditedPaise)),
  });
};
