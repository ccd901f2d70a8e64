/**
 * An invoice (document 2: created with its lines, finalised, registered with the e-invoice portal, cancelled):
 *
 *   Draft ──finalize──────────▶ Final ──registerEInvoice (once)──┐
 *     │  └──registerEInvoice───▶  ▲ ◀────────────────────────────┘
 *     └──────cancel──────▶ Cancelled (final) ◀──cancel──┘
 *
 * Whoever may work invoices on any invoice screen (UPDATE on GENERATE_INVOICE, GENERATE_E_INVOICE,
 * GENERATE_BILLS_INVOICE or FINAL_INVOICE_LIST; the server applies a view's records first) takes every step.
 * Registering with the e-invoice portal finalises a Draft in the same step and is offered while the invoice has
 * no IRN: being registered is a fact about a Final invoice (its `eInvoice`), not a state of its own, so the
 * status values stay the catalogue's. What the portal needs (the buyer's GSTIN, a document number it accepts,
 * not a proforma) is checked by the server before calling it (server/domain/billing/invoice-steps.ts), as are
 * the rules of cancelling: a reason; no payment or approved credit note against it (issue a credit note
 * instead); and for a registered invoice a reason code 1–4, within 24 hours of the portal's acknowledgement.
 * Paid, partly paid and unpaid are the invoice's `paymentStatus`, kept by approved payments, not its lifecycle.
 */
import { assign, setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal, type Said } from '../../contract/refusalMessages';

export const INVOICE_EVENTS = ['finalize', 'registerEInvoice', 'cancel'] as const;
export type InvoiceEvent = LifecycleEvent<(typeof INVOICE_EVENTS)[number]>;

/** The screens an invoice is worked on: the module's own and its views (src/contract/modules/billing.ts). */
export const INVOICE_FEATURES = ['GENERATE_INVOICE', 'GENERATE_E_INVOICE', 'GENERATE_BILLS_INVOICE', 'FINAL_INVOICE_LIST'] as const;

/** Why an invoice cannot be cancelled whatever the reason given: a payment or an approved credit note stands against it. */
export function invoiceCancelBlock(record: Readonly<Record<string, unknown>>, name: string): Said | undefined {
  if (Number(record.paidPaise) > 0) return refusal('invoicePaid', { name });
  if (Number(record.creditedPaise) > 0) return refusal('invoiceCredited', { name });
  return undefined;
}

export const invoiceLifecycle = setup({
  types: {} as { context: LifecycleContext; events: InvoiceEvent; input: LifecycleContext },
  guards: {
    mayBill: ({ event }) => INVOICE_FEATURES.some((feature) => holds(event.caller, feature, 'UPDATE')),
    mayRegister: ({ context, event }) => !context.record.eInvoice && INVOICE_FEATURES.some((feature) => holds(event.caller, feature, 'UPDATE')),
    // Cancel is not offered once money stands against the invoice (a credit note is the way): a button that can only
    // be refused wastes the reason typed into its dialog. The 24-hour window of a registered e-invoice stays the
    // server's to judge and explain (server/domain/billing/invoice-steps.ts): it depends on the time of asking.
    mayCancel: ({ context, event }) => INVOICE_FEATURES.some((feature) => holds(event.caller, feature, 'UPDATE')) && invoiceCancelBlock(context.record, '') === undefined,
  },
  actions: {
    // The machine remembers the registration as the record will (the server stores the portal's answer), so a
    // walk of the machine never registers one invoice twice.
    noteRegistered: assign(({ context }) => ({ record: { ...context.record, eInvoice: context.record.eInvoice ?? { registered: true } } })),
  },
}).createMachine({
  id: 'invoice',
  initial: 'Draft',
  context: ({ input }) => input,
  states: {
    Draft: {
      on: {
        finalize: { target: 'Final', guard: 'mayBill' },
        registerEInvoice: { target: 'Final', guard: 'mayRegister', actions: 'noteRegistered' },
        cancel: { target: 'Cancelled', guard: 'mayCancel' },
      },
    },
    Final: {
      on: {
        registerEInvoice: { target: 'Final', guard: 'mayRegister', actions: 'noteRegistered', reenter: true },
        cancel: { target: 'Cancelled', guard: 'mayCancel' },
      },
    },
    Cancelled: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): only a draft is changed or deleted; a final invoice is a tax document,
 * corrected by a credit note or cancelled. Sending it by e-mail writes its e-mail log in any state.
 */
export const INVOICE_RECORD_RULES: RecordRules = {
  edit: { Draft: { guard: 'mayBill' } },
  delete: { Draft: { guard: 'mayBill' } },
  locked: {
    Final: refusal('lockedInvoiceFinal'),
    Cancelled: refusal('lockedInvoiceCancelled'),
  },
  annotations: ['emailLog'],
  stepBlocks: { cancel: invoiceCancelBlock },
};
