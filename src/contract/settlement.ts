/**
 * How far an invoice is settled: payments (TDS included) and approved credit notes together. Pure functions,
 * shared by the payment and credit-note rules, the demo seed and the invoice's view on screen.
 */

const paise = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Unpaid, Partially Paid or Paid from what payments and approved credit notes settle. */
export function paymentStatusOf(grandTotalPaise: number, paidPaise: number, creditedPaise: number): 'Unpaid' | 'Partially Paid' | 'Paid' {
  const settled = paidPaise + creditedPaise;
  if (settled <= 0) return 'Unpaid';
  return settled >= grandTotalPaise ? 'Paid' : 'Partially Paid';
}

/** What the invoice still owes, in paise: its grand total less approved payments and approved credit notes. */
export function outstandingOf(invoiceBody: Record<string, unknown>): number {
  return paise(invoiceBody.grandTotalPaise) - paise(invoiceBody.paidPaise) - paise(invoiceBody.creditedPaise);
}
