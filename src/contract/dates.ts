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

/** Today in India, YYYY-MM-DD (a step's day, a plan's due day, the seed's and the dashboards' "today"). */
export function todayInIndia(now: Date = new Date()): string {
  return dayFormatter('Asia/Kolkata').format(now);
}
