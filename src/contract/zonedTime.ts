/**
 * One time zone: the subscriber's (issue 31, item 4). Every date-time is stored as an instant (ISO 8601 with its
 * offset, read back as UTC) and is shown and entered on the subscriber's wall clock (`subscriber.timezone`,
 * India's by default), whatever the browser's or the server process's zone. Every screen, picker and server message
 * that writes or reads a time goes through these functions; nothing here reads the process's own zone
 * (no `getHours()`, no `new Date('YYYY-MM-DD HH:mm')`, no dayjs without a zone).
 *
 * Wall-clock strings are the ones Mantine's date components and @mantine/schedule hold: `YYYY-MM-DD HH:mm:ss`
 * (a date-time) and `YYYY-MM-DD` (a day).
 */

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** The parts of an instant on a zone's wall clock. */
export interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * One parts formatter per zone, built on first use and kept: building an Intl.DateTimeFormat costs 150–250 µs,
 * formatting with a built one about a microsecond (the server's read-cost test counts formatters built per request).
 */
const partFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Zones whose offset from UTC, in minutes, has been the same at every instant since FIXED_SINCE, with no daylight
 * saving (IANA tz database 2025; tests/unit/zonedTime.test.ts checks each against the runtime's own database, hour
 * by hour to 2037). India's first: it is every subscriber's until they choose another.
 *
 * Why: the first Intl.DateTimeFormat a page builds costs a slow phone 50–130 ms (the runtime loads its zone and
 * locale data), and home's first paint paid that for one number, the hour of its greeting (issue 30). For these
 * zones that hour is arithmetic (quickHourIn), and that a name is a zone needs no formatter (isTimeZone).
 */
const FIXED_OFFSET_MINUTES: Readonly<Record<string, number>> = {
  'Asia/Kolkata': 330,
  'Asia/Calcutta': 330,
  UTC: 0,
  'Etc/UTC': 0,
  'Asia/Dubai': 240,
  'Asia/Muscat': 240,
  'Asia/Riyadh': 180,
  'Asia/Qatar': 180,
  'Asia/Kathmandu': 345,
  'Asia/Thimphu': 360,
  'Asia/Bangkok': 420,
  'Asia/Ho_Chi_Minh': 420,
  'Asia/Jakarta': 420,
  'Asia/Singapore': 480,
  'Asia/Kuala_Lumpur': 480,
  'Asia/Shanghai': 480,
  'Asia/Hong_Kong': 480,
  'Asia/Taipei': 480,
  'Asia/Manila': 480,
  'Asia/Tokyo': 540,
  'Asia/Seoul': 540,
  'Africa/Nairobi': 180,
  'Africa/Lagos': 60,
  'Africa/Johannesburg': 120,
  'America/Phoenix': -420,
};

/** From when FIXED_OFFSET_MINUTES holds (1 January 2000, UTC); an earlier instant is read through Intl. */
const FIXED_SINCE = Date.UTC(2000, 0, 1);

/** The zones of FIXED_OFFSET_MINUTES with their offsets (for the test that checks them against the runtime). */
export const FIXED_OFFSET_ZONES: ReadonlyArray<readonly [string, number]> = Object.entries(FIXED_OFFSET_MINUTES);

const fixedOffsetOf = (zone: string): number | undefined => (Object.hasOwn(FIXED_OFFSET_MINUTES, zone) ? FIXED_OFFSET_MINUTES[zone] : undefined);

/**
 * Whether the runtime knows `zone` as an IANA time zone. A known zone's parts formatter is built and kept, so the
 * question is answered from the map afterwards: the client asks it on every read of the session's zone (every
 * screen's selector, on every change of the session), and a throwaway formatter each time cost a slow phone some
 * 50 ms of home's first render (issue 18). The zones of FIXED_OFFSET_MINUTES are names of the tz database every
 * runtime carries: known without building one (issue 30).
 */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.trim() === '') return false;
  if (partFormatters.has(zone) || fixedOffsetOf(zone) !== undefined) return true;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** `zone` when it is a zone, else India's: a stored value the runtime does not know never breaks a screen. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(zone, formatter);
  }
  return formatter;
}

/** An instant's wall-clock parts in `zone`. */
export function wallParts(instant: Date | number, zone: string): WallParts {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(zoneOrDefault(zone)).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour === 24 ? 0 : parts.hour, minute: parts.minute, second: parts.second };
}

/** Milliseconds `zone` is ahead of UTC at `instant` (IST: 19,800,000). */
function offsetAt(instant: number, zone: string): number {
  const w = wallParts(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (instant % 1000 + 1000) % 1000);
}

/** An ISO string, a Date or milliseconds as an instant (NaN when unreadable). */
export function toInstant(value: string | Date | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  // A bare day or a wall time without an offset is not an instant: reading it would use the process's zone.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) || /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return Number.NaN;
  return new Date(value).getTime();
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant on `zone`'s wall clock as Mantine holds it: `YYYY-MM-DD HH:mm:ss` ('' when unreadable). */
export function toWallTime(value: string | Date | number, zone: string): string {
  const instant = toInstant(value);
  if (Number.isNaN(instant)) return '';
  const w = wallParts(instant, zone);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** The calendar day of an instant in `zone`: `YYYY-MM-DD` ('' when unreadable). */
export function dayOf(value: string | Date | number, zone: string): string {
  return toWallTime(value, zone).slice(0, 10);
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/**
 * A wall-clock time in `zone` (`YYYY-MM-DD HH:mm[:ss]`, or a day: its midnight) → the instant, as a Date; an
 * invalid Date when unreadable. A time a daylight-saving change skips is read with the offset before the change, a
 * repeated one is the first of the two.
 */
export function fromWallTime(wall: string, zone: string): Date {
  const m = WALL.exec(wall.trim());
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  const tz = zoneOrDefault(zone);
  const first = guess - offsetAt(guess, tz);
  const second = guess - offsetAt(first, tz);
  return new Date(first === second ? first : Math.min(first, second));
}

/** A wall-clock time in `zone` → ISO 8601 in UTC, as the API stores it; the input as it is when unreadable. */
export function wallTimeToIso(wall: string, zone: string): string {
  const d = fromWallTime(wall, zone);
  return Number.isNaN(d.getTime()) ? wall : d.toISOString();
}

/** An instant → `DD/MM/YYYY HH:mm` on `zone`'s wall clock (spec document 1 §9); the input as it is when unreadable. */
export function formatDateTime(value: string | Date | number, zone: string): string {
  const instant = toInstant(value);
  if (Number.isNaN(instant)) return typeof value === 'string' ? value : '';
  const w = wallParts(instant, zone);
  return `${two(w.day)}/${two(w.month)}/${w.year} ${two(w.hour)}:${two(w.minute)}`;
}

/** An instant → `HH:mm` on `zone`'s wall clock. */
export function formatTime(value: string | Date | number, zone: string): string {
  const instant = toInstant(value);
  if (Number.isNaN(instant)) return '';
  const w = wallParts(instant, zone);
  return `${two(w.hour)}:${two(w.minute)}`;
}

/**
 * A calendar day (`YYYY-MM-DD`, written from its own digits) or an instant (its day in `zone`) → `DD/MM/YYYY`;
 * anything unreadable as it is.
 */
export function formatDay(value: string | Date | number, zone: string): string {
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const instant = toInstant(value);
  if (Number.isNaN(instant)) return typeof value === 'string' ? value : '';
  const w = wallParts(instant, zone);
  return `${two(w.day)}/${two(w.month)}/${w.year}`;
}

/** Today in `zone`, `YYYY-MM-DD`. */
export function todayIn(zone: string, now: Date | number = Date.now()): string {
  return dayOf(now, zone);
}

/** The hour of the day (0–23) in `zone` (a greeting's morning or evening). */
export function hourIn(zone: string, now: Date | number = Date.now()): number {
  return wallParts(now, zone).hour;
}

/**
 * The hour of the day in `zone` without building a formatter when none is built yet and the zone's offset is fixed
 * (FIXED_OFFSET_MINUTES); else hourIn. For a first paint (home's greeting): the table is the tz database as this
 * module was written, so a caller confirms the answer with hourIn once the page has painted, and a zone whose rules
 * changed since shows the right hour a moment later (HomeScreen's useGreetingHour). Once hourIn has built the
 * zone's formatter, this answers through it.
 */
export function quickHourIn(zone: string, now: Date | number = Date.now()): number {
  const instant = typeof now === 'number' ? now : now.getTime();
  const offset = partFormatters.has(zone) ? undefined : fixedOffsetOf(zone);
  if (offset === undefined || !(instant >= FIXED_SINCE)) return hourIn(zone, instant);
  return new Date(instant + offset * 60_000).getUTCHours();
}

/** `YYYY-MM-DD` plus `days` (calendar arithmetic on the digits, no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())}`;
}

/** The instants a calendar day of `zone` starts and ends (the next day's start). */
export function dayBounds(day: string, zone: string): { start: Date; end: Date } {
  return { start: fromWallTime(day, zone), end: fromWallTime(addDays(day, 1), zone) };
}
