/**
 * Small shared pieces of the dashboard answers: counts keyed by a known list (every key present, zeros
 * included, in the catalogue's order, so charts keep their shape), exact integers from PostgreSQL's
 * bigint/numeric text, and the tenant's time zone, in which "today" and "per day" are reckoned.
 */
import { subscriber } from '../../../src/contract/modules/admin';
import { tableName } from '../../../src/contract/modules/define';
import type { Queryable } from '../../db/pool';
import type { Count } from '../../../src/contract/dashboardShapes';
import { dayFormatter } from '../../../src/contract/dates';

/** Known keys first, in their order, then any other key found (data written before a list changed). */
export function countsByKey(known: readonly string[], rows: ReadonlyArray<{ key: string | null; n: string | number }>): Count[] {
  const found = new Map<string, number>();
  for (const row of rows) {
    const key = row.key ?? '';
    found.set(key, (found.get(key) ?? 0) + Number(row.n));
  }
  const ordered: Count[] = known.map((key) => ({ key, count: found.get(key) ?? 0 }));
  for (const [key, count] of found) if (!known.includes(key)) ordered.push({ key, count });
  return ordered;
}

/** An exact integer from PostgreSQL's text for bigint/numeric sums (paise stay exact up to 2^53). */
export function exactInteger(text: string | number | null | undefined): number {
  if (text === null || text === undefined) return 0;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`Sum ${String(text)} is beyond exact integer range`);
  return value;
}

/** A mean or ratio PostgreSQL already rounded (numeric text), or null when there was nothing to average. */
export function roundedOrNull(text: string | null | undefined): number | null {
  return text === null || text === undefined ? null : Number(text);
}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

function isTimeZone(zone: string): boolean {
  try {
    // The kept formatter of the zone (src/contract/dates.ts): a dashboard does not build one per call.
    dayFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The subscriber's time zone (its record's `timezone`), or India's when unset or not a zone. */
export async function tenantTimeZone(db: Queryable, tenantId: string): Promise<string> {
  const { rows } = await db.query<{ zone: string | null }>(`select body->>'timezone' as zone from "${tableName(subscriber)}" where _id = $1`, [tenantId]);
  const zone = rows[0]?.zone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
