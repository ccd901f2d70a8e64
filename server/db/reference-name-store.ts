/**
 * Reads of referenced records by id across module tables, for their names: the SQL behind
 * server/domain/reference-names.ts, which decides which records to name and how a name reads.
 */
import { NAMING_FIELDS } from '../../src/contract/words';
import type { Queryable } from './pool';

/**
 * The tenant's records with these ids in one module table: _id and whole body. `table` is written into the SQL as
 * is, so it must be a catalogue module's table name (tableName of a module definition), never a caller's input.
 */
export async function bodiesByIds(db: Queryable, tenantId: string, table: string, ids: readonly string[]): Promise<Array<{ _id: string; body: Record<string, unknown> }>> {
  const { rows } = await db.query<{ _id: string; body: Record<string, unknown> }>(`select _id, body from "${table}" where subscriber_id = $1 and _id = any($2)`, [tenantId, ids]);
  return rows;
}

/**
 * Only the fields a name is read from, not the whole body: a person's record carries a signature image of up to
 * 200,000 characters, and a page of tickets names several people (a list of 10 tickets ran at a third of its
 * anchor's speed reading whole bodies). The keys are the constant NAMING_FIELDS, written into the SQL as literals.
 */
const NAMING_BODY = `jsonb_build_object(${NAMING_FIELDS.map((key) => `'${key}', body->'${key}'`).join(', ')})`;

/**
 * The naming fields of the tenant's records with ids[i] in tables[i], for every i, in ONE query (a union of one
 * select per table): one round trip and one pooled connection for a page's clients, machines and people. `m` is
 * the index of the table a row came from. The tables are written into the SQL, as in bodiesByIds.
 */
export async function namingBodiesIn(
  db: Queryable,
  tenantId: string,
  tables: readonly string[],
  ids: ReadonlyArray<readonly string[]>,
): Promise<Array<{ m: number; _id: string; body: Record<string, unknown> }>> {
  const selects = tables.map((table, i) => `select ${i} as m, _id, ${NAMING_BODY} as body from "${table}" where subscriber_id = $1 and _id = any($${i + 2})`);
  const { rows } = await db.query<{ m: number; _id: string; body: Record<string, unknown> }>(selects.join(' union all '), [tenantId, ...ids]);
  return rows;
}
