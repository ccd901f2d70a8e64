/**
 * Money as people read and type it (issue 12). The API and the database keep integer paise; screens show and
 * take rupees with Indian grouping: 12000050 paise is "₹1,20,000.50". Both ways are exact: the text is built
 * from the integer's digits (Intl formats a decimal string without a float), and typed text is read digit by
 * digit, never through parseFloat, so "0.29" is 29 paise and not 28.999….
 */
import { says } from './validationMessages';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const grouped = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function decimalText(paise: number): `${number}` {
  const sign = paise < 0 ? '-' : '';
  const digits = String(Math.abs(paise)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

/** 12000050 → "₹1,20,000.50"; anything that is not a whole number of paise → "—". */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) return '—';
  return rupees.format(decimalText(paise));
}

/** 12000050 → "1,20,000.50" (what a money input shows beside its ₹ sign). */
export function paiseToRupeeText(paise: number): string {
  return Number.isSafeInteger(paise) ? grouped.format(decimalText(paise)) : '';
}

export type RupeeReading = { ok: true; paise: number } | { ok: false; message: string };

export const MONEY_MESSAGES = {
  notAnAmount: says('moneyNotAnAmount'),
  tooManyDecimals: says('moneyDecimals'),
  negative: says('moneyNegative'),
  tooLarge: says('moneyTooLarge'),
} as const;

/**
 * What a person typed or pasted, in rupees: "1,20,000.50", "120000.5", "₹ 1,20,000", " 250 " → paise.
 * Commas are grouping wherever they sit (Indian or international); a third decimal is refused, not rounded.
 */
export function readRupees(text: string): RupeeReading {
  const cleaned = text.replace(/[₹\s]/g, '').replace(/^Rs\.?/i, '').replace(/,/g, '');
  if (cleaned.startsWith('-')) return { ok: false, message: MONEY_MESSAGES.negative };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return { ok: false, message: MONEY_MESSAGES.notAnAmount };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, message: MONEY_MESSAGES.tooManyDecimals };
  const paise = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) return { ok: false, message: MONEY_MESSAGES.tooLarge };
  return { ok: true, paise };
}

/** Field names that hold paise: the catalogue's convention (grandTotalPaise, amountPaise, ratePaise…). */
export function isPaiseField(name: string): boolean {
  return /Paise$/.test(name);
}

/** "grandTotalPaise" → "grandTotal": the name a person reads, without the unit the screen already shows. */
export function withoutPaiseSuffix(name: string): string {
  return name.replace(/Paise$/, '');
}
