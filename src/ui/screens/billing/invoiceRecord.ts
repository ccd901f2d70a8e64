/**
 * A saved invoice as the billing screens read it, and whether it is inter-state. Its own module because both the
 * invoice's summary (InvoiceSummary.tsx) and the credit-note form it opens (RaiseCreditNote.tsx) need it: kept in
 * the summary, the form imported the summary that imports the form (an import cycle).
 */
import { isInterState } from '../../../contract/gst';

export type InvoiceRecord = Record<string, unknown> & { _id: string };
type Line = Record<string, unknown>;

/** A saved amount in paise; absent or not a number reads as 0. */
export const amount = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Inter-state when the saved lines carry IGST, or the supplier's state differs from the place of supply. */
export function invoiceIsInterState(invoice: InvoiceRecord): boolean {
  const lines = Array.isArray(invoice.items) ? (invoice.items as Line[]) : [];
  if (lines.some((line) => amount(line.igstPaise) > 0)) return true;
  const supplier = typeof invoice.supplierGstin === 'string' ? invoice.supplierGstin : '';
  const place = typeof invoice.placeOfSupply === 'string' ? invoice.placeOfSupply : '';
  return supplier !== '' && place !== '' && isInterState(supplier, place);
}
