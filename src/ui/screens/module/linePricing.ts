/**
 * What a GST document's lines come to while a person types them (issue 14): the same arithmetic the server
 * prices the saved document with (src/contract/gst.ts), read from the form's text. A line not yet complete (no
 * quantity, an amount that is not rupees) has no amounts; the totals count the complete lines. Whether the supply
 * is inter-state is known once the supplier's GSTIN and the place of supply read as such; until then, and on a
 * credit note (priced as its invoice), only the taxable value is known.
 */
import { GstInputError, documentTotals, isInterState, lineAmounts, type DocumentTotals, type LineAmounts } from '../../../contract/gst';
import { readRupees } from '../../../contract/money';
import { GSTIN_PATTERN } from '../../../contract/modules/admin';
import { GST_STATE_CODE_PATTERN } from '../../../contract/modules/billing';

/** One line of a document's lines, by sub-field (fieldModel.ts re-exports it for the form). */
export type LineValues = Record<string, string | number | boolean | string[] | null>;

export interface PricedLines {
  /** Per line, its amounts, or null while it is incomplete or refused. */
  lines: Array<LineAmounts | null>;
  /** Per line, what the GST rules refuse (a discount above the line's amount), by the cell's sub-field. */
  refusals: Array<{ field: string; message: string } | null>;
  totals: DocumentTotals;
  /** null: not known yet (or decided by another document). */
  interState: boolean | null;
}

function paiseOf(cell: unknown): number | null {
  if (cell === null || cell === undefined || String(cell).trim() === '') return null;
  const reading = readRupees(String(cell));
  return reading.ok ? reading.paise : null;
}

function numberOf(cell: unknown): number | null {
  if (cell === null || cell === undefined || cell === '') return null;
  const value = Number(cell);
  return Number.isFinite(value) ? value : null;
}

/** Whether the supply crosses a state border, once both the supplier's GSTIN and the place of supply are valid. */
export function supplyIsInterState(supplierGstin: unknown, placeOfSupply: unknown): boolean | null {
  const gstin = String(supplierGstin ?? '').trim().toUpperCase();
  const place = String(placeOfSupply ?? '').trim();
  if (!GSTIN_PATTERN.test(gstin) || !GST_STATE_CODE_PATTERN.test(place)) return null;
  return isInterState(gstin, place);
}

export function priceLines(rows: readonly LineValues[], interState: boolean | null): PricedLines {
  const refusals: PricedLines['refusals'] = [];
  const lines = rows.map((row, index) => {
    refusals[index] = null;
    const quantity = numberOf(row.quantity);
    const ratePaise = paiseOf(row.ratePaise);
    const gstRate = numberOf(row.gstRate);
    const discountPaise = paiseOf(row.discountPaise) ?? 0;
    if (quantity === null || quantity <= 0 || ratePaise === null || gstRate === null) return null;
    try {
      // An unknown split is priced as intra-state: the taxable value is the same either way, and only it is shown.
      return lineAmounts({ quantity, ratePaise, discountPaise, gstRate }, interState ?? false, index);
    } catch (error) {
      if (!(error instanceof GstInputError)) throw error;
      refusals[index] = { field: error.field.split('.').pop() ?? 'items', message: error.message };
      return null;
    }
  });
  return { lines, refusals, totals: documentTotals(lines.filter((line): line is LineAmounts => line !== null)), interState };
}
