/**
 * How far an invoice is settled: payments (TDS included) and approved credit notes together. Pure
 * functions, shared by the payment and credit-note rules and the demo seed.
 */
import { asNumber } from '../records';

/** Unpaid, Partially Paid or Paid from what payments and approved credit notes settle. */
export function paymentStatusOf(grandTotalPaise: number, paidPaise: number, creditedPaise: number): 'Unpaid' | 'Partially Paid' | 'Paid' {
  const settled = paidPaise + creditedPaise;
  if (settled <= 0) return 'Unpaid';
  return settled >= grandTotalPaise ? 'Paid' : 'Partially Paid';
}

export function outstandingOf(invoiceBody: Record<string, unknown>): number {
  return asNumber(invoiceBody.grandTotalPaise) - asNumber(invoiceBody.paidPaise) - asNumber(invoiceBody.creditedPaise);
}
