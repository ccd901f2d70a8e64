/**
 * What an invoice's steps do beyond its status (src/machines/lifecycles/invoice.ts), inside the step's
 * transaction, whichever call sent the step (finalize/{id}, generate-e-Invoice, cancel-invoice, or
 * PATCH transition/{id}):
 * - registering with the e-invoice portal: a proforma is never reported, the buyer's GSTIN and a document
 *   number the portal accepts are checked first (./e-invoice-registration.ts), then the portal's IRN,
 *   acknowledgement and signed QR are stored, and a Draft is finalised in the same step. A portal that cannot
 *   be reached leaves the invoice as it was ("unavailable": try again), never registered in pretence;
 * - cancelling: not once a payment or an approved credit note stands against it (a credit note is the way);
 *   a registered invoice also needs the portal's reason code, within 24 hours of its acknowledgement, and the
 *   portal's cancellation of the IRN.
 */
import { REASON_CODES, type CancelReasonCode } from '../../einvoice/portal';
import { conflict, invalid, unavailable } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asString } from '../records';
import { financialYear } from '../../../src/contract/gst';
import { invoiceCancelBlock } from '../../../src/machines/lifecycles/invoice';
import { cancelRegistration, registerInvoice } from './e-invoice-registration';

/** The portal accepts an IRN's cancellation within 24 hours of its acknowledgement. */
export const IRN_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

interface StoredEInvoice {
  irn: string;
  ackDate?: string;
}

export const invoiceSteps: TransitionEffect = async (ctx, _tx, invoice, to, id, step) => {
  const name = asString(invoice.alternateId) ?? id;
  const now = new Date().toISOString();
  if (step.event === 'registerEInvoice') {
    if (invoice.invoiceType === 'Proforma') throw conflict(refusal('proformaNotReported'));
    if (!ctx.einvoice) throw unavailable(refusal('noPortalNotRegistered'));
    const registration = await registerInvoice(ctx.einvoice, invoice);
    const eInvoice = { ...registration, financialYear: financialYear(String(invoice.invoiceDate)) };
    return { eInvoice, ...(invoice.status === 'Draft' ? { finalizedAt: now, finalizedBy: ctx.user._id } : {}) };
  }
  if (to !== 'Cancelled') return;
  // The machine does not offer the step then (invoiceCancelBlock); checked again inside the step's transaction.
  const blocked = invoiceCancelBlock(invoice, name);
  if (blocked) throw conflict(blocked);
  const registered = invoice.eInvoice as StoredEInvoice | undefined;
  if (!registered?.irn) return;
  if (registered.ackDate && Date.now() - Date.parse(registered.ackDate) > IRN_CANCEL_WINDOW_MS) {
    throw conflict(refusal('irnCancelWindow'));
  }
  const code = Number(step.data.cancelReasonCode);
  if (!(code in REASON_CODES)) throw invalid('cancelReasonCode', refusal('cancelReasonCode'));
  if (!ctx.einvoice) throw unavailable(refusal('noPortalNotCancelled'));
  const cancellation = await cancelRegistration(ctx.einvoice, { sellerGstin: String(invoice.supplierGstin), irn: registered.irn, reasonCode: code as CancelReasonCode, remark: String(step.data.cancelReason ?? '') });
  return { eInvoice: { ...registered, cancelledAt: cancellation.cancelDate }, cancelReasonCode: code };
};
