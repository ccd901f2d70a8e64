/**
 * GST arithmetic in integer paise, shared by the server (which prices every document it saves) and the screens
 * (which show the same amounts live while a person types the lines), with BigInt where products can pass 2^53.
 *
 * Per line: gross = quantity × rate (quantity to 3 decimals, rounded half up to the paisa), taxable =
 * gross − discount. Intra-state supply (supplier's state code = place of supply) splits the rate into
 * CGST and SGST, each rounded half up on its own (what Indian tax software prints, and what makes
 * CGST = SGST on every line); inter-state supply charges IGST. The document total is rounded to the
 * nearest rupee (half up) and the difference shown as round-off.
 */
import { says } from './validationMessages';

export interface LineInput {
  quantity: number;
  ratePaise: number;
  discountPaise?: number;
  /** Percent: 0, 0.1, 0.25, 1.5, 3, 5, 12, 18 or 28. */
  gstRate: number;
}

export interface LineAmounts {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface DocumentTotals {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalTaxPaise: number;
  roundOffPaise: number;
  grandTotalPaise: number;
}

export class GstInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Rounds numerator / denominator half up (both non-negative). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function toNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new GstInputError('items', says('amountTooLarge'));
  return Number(value);
}

/** The rate in thousandths of a percent (18 → 18000, 0.25 → 250): exact for every GST rate. */
function milliPercent(rate: number): bigint {
  return BigInt(Math.round(rate * 1000));
}

export function taxOn(taxablePaise: number, ratePercent: number): number {
  return toNumber(divideHalfUp(BigInt(taxablePaise) * milliPercent(ratePercent), 100_000n));
}

/** True when the supply crosses a state border (IGST), from the supplier's GSTIN and the place of supply. */
export function isInterState(supplierGstin: string, placeOfSupply: string): boolean {
  return supplierGstin.slice(0, 2) !== placeOfSupply;
}

export function lineAmounts(line: LineInput, interState: boolean, index = 0): LineAmounts {
  const quantityThousandths = BigInt(Math.round(line.quantity * 1000));
  const gross = divideHalfUp(quantityThousandths * BigInt(line.ratePaise), 1000n);
  const discount = BigInt(line.discountPaise ?? 0);
  if (discount > gross) throw new GstInputError(`items.${index}.discountPaise`, says('discountAboveAmount'));
  const taxable = toNumber(gross - discount);
  if (interState) {
    const igst = taxOn(taxable, line.gstRate);
    return { taxableValuePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, totalPaise: taxable + igst };
  }
  const half = taxOn(taxable, line.gstRate / 2);
  return { taxableValuePaise: taxable, cgstPaise: half, sgstPaise: half, igstPaise: 0, totalPaise: taxable + 2 * half };
}

export function documentTotals(lines: readonly LineAmounts[]): DocumentTotals {
  const sum = (pick: (l: LineAmounts) => number): number => lines.reduce((total, line) => total + pick(line), 0);
  const taxable = sum((l) => l.taxableValuePaise);
  const cgst = sum((l) => l.cgstPaise);
  const sgst = sum((l) => l.sgstPaise);
  const igst = sum((l) => l.igstPaise);
  const exact = taxable + cgst + sgst + igst;
  const rounded = Number(divideHalfUp(BigInt(exact), 100n)) * 100;
  return {
    taxableValuePaise: taxable,
    cgstPaise: cgst,
    sgstPaise: sgst,
    igstPaise: igst,
    totalTaxPaise: cgst + sgst + igst,
    roundOffPaise: rounded - exact,
    grandTotalPaise: rounded,
  };
}

/** Lines with their computed amounts, and the document's totals. */
export function computeDocument<L extends LineInput>(
  lines: readonly L[],
  supplierGstin: string,
  placeOfSupply: string,
): { items: Array<L & LineAmounts>; totals: DocumentTotals; interState: boolean } {
  const interState = isInterState(supplierGstin, placeOfSupply);
  const items = lines.map((line, index) => ({ ...line, ...lineAmounts(line, interState, index) }));
  return { items, totals: documentTotals(items), interState };
}

/** Indian financial year of a date: April to March, written 2025-26. */
export function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
