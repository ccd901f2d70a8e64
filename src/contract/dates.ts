/** Calendar days as the product counts them: in India (the subscribers' and the GST portal's day), YYYY-MM-DD. */

/** Today in India, YYYY-MM-DD (a step's day, a plan's due day, the seed's and the dashboards' "today"). */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
