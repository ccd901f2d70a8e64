/**
 * Dates as the product writes them (spec document 1 §9): DD/MM/YYYY, and DD/MM/YYYY HH:mm for an instant, in the
 * subscriber's time zone from the session (issue 12, item 5), else the browser's. A calendar day
 * ('2026-11-20') is written from its own digits: read as an instant it is UTC midnight, which a browser west of
 * UTC would show as the day before.
 */

/** 'YYYY-MM-DD' (or the date part of a date-time) → DD/MM/YYYY; anything unreadable as it is. */
export function dayText(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

/** An instant → DD/MM/YYYY HH:mm in `timeZone` (the person's, from the session), else the browser's. */
export function dateTimeText(value: string, timeZone?: string | null): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone ?? undefined });
  } catch {
    // A zone the browser does not know: the browser's own.
    format = new Intl.DateTimeFormat('en-GB', options);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
