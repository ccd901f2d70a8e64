/** The billing modules' handlers (invoices, credit notes, bills, payments), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { billsHandlers } from './bills';
import { creditNoteCalls, creditNoteOps } from './credit-notes';
import { creditNotePdfCalls, invoicePdfCalls } from './documents';
import { invoiceEmailCalls } from './invoice-email';
import { invoiceCalls, invoiceOps } from './invoices';
import { newInvoiceCalls } from './new-invoice';
import { paymentHandlers } from './payments';

export const billingHandlers = {
  invoice: { ops: invoiceOps, calls: { ...invoiceCalls, ...invoicePdfCalls, ...invoiceEmailCalls, ...newInvoiceCalls } },
  'credit-note': { ops: creditNoteOps, calls: { ...creditNoteCalls, ...creditNotePdfCalls } },
  bills: billsHandlers,
  payment: paymentHandlers,
} satisfies AreaHandlers<'invoice' | 'credit-note' | 'bills' | 'payment'>;
