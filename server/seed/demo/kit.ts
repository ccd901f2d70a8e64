/**
 * Helpers of the demo record seeders: tenant-bound writes, dates relative to the seed day (so the demo
 * stays current: validities in the future, readings of the last days), and valid GSTINs.
 */
import type { ModuleDef } from '../../../src/contract/modules/define';
import type { ApiRecord } from '../../db/repository';
import { repo } from '../../db/repository';
import { todayInIndia } from '../../../src/contract/dates';
import type { DemoSeedContext } from './context';

export type Body = Record<string, unknown>;

/** Creates records of one module in order; answers them in the same order. */
export async function put(ctx: DemoSeedContext, def: ModuleDef, bodies: readonly Body[]): Promise<ApiRecord[]> {
  const r = repo(ctx.db, def, ctx.tenantId);
  const created: ApiRecord[] = [];
  for (const body of bodies) created.push(await r.create(body));
  return created;
}

/** Many rows of one module in a single statement (sensor readings): no alternateId, created_at given. */
export async function putBulk(ctx: DemoSeedContext, table: string, rows: ReadonlyArray<{ id: string; body: Body; createdAt: string }>): Promise<void> {
  if (rows.length === 0) return;
  await ctx.db.query(
    `insert into "${table}" (_id, subscriber_id, body, created_at, updated_at)
     select id, $1, body, at, at from unnest($2::text[], $3::jsonb[], $4::timestamptz[]) as r(id, body, at)`,
    [ctx.tenantId, rows.map((r) => r.id), rows.map((r) => JSON.stringify(r.body)), rows.map((r) => r.createdAt)],
  );
}

const DAY_MS = 86_400_000;

/** The seed's "today" in India, YYYY-MM-DD. */
export function today(now: Date = new Date()): string {
  return todayInIndia(now);
}

/** A date `days` from the seed day (negative: in the past). */
export function day(days: number, now: Date = new Date()): string {
  return new Date(Date.parse(`${today(now)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A date-time `days` (and `hours`) from the seed moment, as ISO with the Indian offset. */
export function at(days: number, hours = 0, now: Date = new Date()): string {
  return toIst(new Date(now.getTime() + days * DAY_MS + hours * 3_600_000));
}

export function toIst(instant: Date): string {
  const shifted = new Date(instant.getTime() + 330 * 60_000);
  return shifted.toISOString().slice(0, 19) + '+05:30';
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Completes the first 14 characters of a GSTIN with its check character (the GSTN's mod-36 scheme). */
export function gstin(first14: string): string {
  if (first14.length !== 14) throw new Error(`A GSTIN stem has 14 characters: ${first14}`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i] as string) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return first14 + GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

/** A small deterministic pseudo-random sequence, so every seed draws the same demo readings. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
