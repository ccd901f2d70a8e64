/**
 * Dates as the product writes them (spec document 1 §9): DD/MM/YYYY, and DD/MM/YYYY HH:mm for an instant, in the
 * subscriber's time zone (issue 31, item 4: never the browser's). One implementation: src/contract/zonedTime.ts;
 * screens read the zone with `useTimeZone()` (./useTimeZone.ts). A calendar day ('2026-11-20') is written from its
 * own digits.
 */
import { DEFAULT_TIME_ZONE, formatDateTime, formatDay, zoneOrDefault } from '../../contract/zonedTime';

/** 'YYYY-MM-DD' → DD/MM/YYYY; an instant → its day in `timeZone` (India's when none); anything unreadable as it is. */
export function dayText(value: string, timeZone?: string | null): string {
  return formatDay(value, zoneOrDefault(timeZone ?? DEFAULT_TIME_ZONE));
}

/** An instant → DD/MM/YYYY HH:mm in `timeZone` (the subscriber's, from the session; India's when none). */
export function dateTimeText(value: string, timeZone?: string | null): string {
  return formatDateTime(value, zoneOrDefault(timeZone ?? DEFAULT_TIME_ZONE));
}
