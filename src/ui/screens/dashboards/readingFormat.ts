/**
 * How the machine and sensor screens write figures: readings with their unit (at most three significant
 * decimals), money from integer paise through its exact decimal text (never a float), dates DD/MM/YYYY and
 * times in 24 hours on the subscriber's wall clock (`zone`, from the session), as everywhere in the product.
 */
import { formatDateTime as zonedDateTime, formatDay, formatTime } from '../../../contract/zonedTime';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const readings = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const counts = new Intl.NumberFormat('en-IN');

export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) return '—';
  const sign = paise < 0 ? '-' : '';
  const digits = String(Math.abs(paise)).padStart(3, '0');
  return rupees.format(`${sign}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`);
}

export function formatReading(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return unit ? `${readings.format(value)} ${unit}` : readings.format(value);
}

export function formatCount(value: number): string {
  return counts.format(value);
}

export function formatDate(value: string | undefined | null, zone: string): string {
  return value ? formatDay(value, zone) : '—';
}

export function formatDateTime(value: string | undefined | null, zone: string): string {
  return value ? zonedDateTime(value, zone) : '—';
}

/** A chart axis tick: the time for ranges within a day, the day and time beyond. */
export function formatTick(value: string, spanHours: number, zone: string): string {
  return spanHours <= 24 ? formatTime(value, zone) : zonedDateTime(value, zone).slice(0, 5) + ' ' + formatTime(value, zone);
}
