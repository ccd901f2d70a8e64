/**
 * What a credit note's approval does to its invoice (the effect of the lifecycle's approve step, run inside
 * the step's transaction), and the rules shared with raising and editing a note: only a Final invoice is
 * credited, never for more than it still can be.
 */
import { creditNote, invoice } from '../../../src/contract/modules/billing';
import type { Queryable } from '../../db/pool';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asNumber, asString, repoOf, requireBody } from '../records';
import { formatRupees } from './amount-words';
import { paymentStatusOf } from '../../../src/contract/settlement';
import type { StepContext } from '../step-context';

type Body = Record<string, unknown>;

export async function creditableInvoice(ctx: StepContext, invoiceId: string, db: Queryable = ctx.db): Promise<Body> {
  const body = await requireBody(repoOf(ctx, invoice, db), invoiceId);
  const name = asString(body.alternateId) ?? invoiceId;
  if (body.status === 'Draft') throw conflict(refusal('invoiceDraftNoCredit', { name }));
  if (body.status === 'Cancelled') throw conflict(refusal('invoiceCancelled', { name }));
  return body;
}

/** Sum of the invoice's other credit notes that still count (not Rejected). */
export async function otherCredits(ctx: StepContext, invoiceId: string, exceptId?: string, db: Queryable = ctx.db): Promise<number> {
  const { data } = await repoOf(ctx, creditNote, db).list({ filters: { invoiceId } });
  return data.filter((n) => n._id !== exceptId && n.status !== 'Rejected').reduce((sum, n) => sum + asNumber(n.grandTotalPaise), 0);
}

export function checkCeiling(invoiceBody: Body, others: number, thisTotal: number): void {
  const room = asNumber(invoiceBody.grandTotalPaise) - others;
  if (thisTotal > room) throw conflict(refusal('creditExceedsInvoice', { amount: formatRupees(Math.max(room, 0)) }));
}

/** Approval credits the invoice, within what it can still be credited (other notes may have been approved since). */
export const creditInvoice: TransitionEffect = async (ctx, tx, note, to, noteId) => {
  if (to !== 'Approved') return;
  const invoiceId = String(note.invoiceId);
  const invoiceBody = await creditableInvoice(ctx, invoiceId, tx);
  checkCeiling(invoiceBody, await otherCredits(ctx, invoiceId, noteId, tx), asNumber(note.grandTotalPaise));
  const creditedPaise = asNumber(invoiceBody.creditedPaise) + asNumber(note.grandTotalPaise);
  await repoOf(ctx, invoice, tx).update(invoiceId, {
    creditedPaise,
    paymentStatus: paymentStatusOf(asNumber(invoiceBody.grandTotalPaise), asNumber(invoiceBody.paidPaise), creditedPaise),
  });
};
