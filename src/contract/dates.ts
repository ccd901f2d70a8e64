/** Calendar days as the product counts them: in India (the subscribers' and the GST portal's day), YYYY-MM-DD. */

/**
 * One formatter per time zone, built on first use and kept: building an Intl.DateTimeFormat costs 150–250 µs (it
 * loads the zone's data), formatting with a built one a microsecond, and every lifecycle read asks for today.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The kept YYYY-MM-DD formatter of `timeZone` (en-CA writes dates as YYYY-MM-DD). */
export function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

const MINUTE_MS = 60_000;
/** The last minute asked about and its day: every zone's day starts on a whole minute, so a minute has one day. */
let lastMinute = Number.NaN;
let lastDay = '';

/** Today in India, YYYY-MM-DD (a step's day, a plan's due day, the seed's and the dashboards' "today"). */
export function todayInIndia(now: Date = new Date()): string {
  // Formatting costs a few microseconds and every lifecycle read asks: the day is worked out once a minute.
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  if (minute !== lastMinute) {
    lastDay = dayFormatter('Asia/Kolkata').format(now);
    lastMinute = minute;
  }
  return lastDay;
}
