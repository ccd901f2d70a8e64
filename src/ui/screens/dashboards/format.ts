/**
 * How the dashboards write figures. Money comes as integer paise and is written from its exact decimal
 * text (Intl formats a decimal string without passing through a float), in Indian grouping with ₹;
 * dates are DD/MM/YYYY as everywhere in the product, times in the person's time zone.
 */
import { dayText } from '../../kit/dateText';

const counts = new Intl.NumberFormat('en-IN');

/** 12345678 paise → "₹1,23,456.78" (one implementation: src/contract/money.ts). */
export { formatPaise } from '../../../contract/money';

/** Rupees with at most two decimals (the proposal KPI's monthly rental) as paise, rounding away float noise. */
export function rupeesToPaise(rupeeAmount: number): number {
  return Math.round(rupeeAmount * 100);
}

export function formatCount(value: number): string {
  return counts.format(value);
}

/** One decimal place, or "—" when there is nothing to measure. */
export function formatHours(hours: number | null): string {
  return hours === null ? '—' : `${hours.toFixed(1)} h`;
}

export function formatPercent(percent: number | null): string {
  return percent === null ? '—' : `${percent.toFixed(1)}%`;
}

/** 'YYYY-MM-DD' (from its digits) or an instant (its day in the subscriber's zone, `timeZone`) → DD/MM/YYYY. */
export function formatDate(value: string, timeZone?: string | null): string {
  return dayText(value, timeZone);
}

/** An instant → DD/MM/YYYY HH:mm in the person's time zone (one implementation: src/ui/kit/dateText.ts). */
export { dateTimeText as formatDateTime } from '../../kit/dateText';

/** '2026-03-05' → '05/03', for chart axes (a calendar day, written from its digits). */
export function formatDayShort(value: string): string {
  const day = /^\d{4}-(\d{2})-(\d{2})/.exec(value);
  return day ? `${day[2]}/${day[1]}` : value;
}
