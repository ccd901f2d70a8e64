/**
 * Reads of referenced records by id across module tables, for their names: the SQL behind
 * server/domain/reference-names.ts, which decides which records to name and how a name reads.
 */
import { NAMING_FIELDS } from '../../src/contract/words';
import { AUTH_CHANNEL } from './auth-changes';
import { prepared, type Queryable } from './pool';

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
 * The naming fields of the tenant's records with ids[i] in tables[i], for every i, in ONE prepared statement (a union
 * of one select per table): one round trip and one pooled connection for a page's clients, machines and people. The
 * caller passes every table its module refers to, an empty id list for those it has nothing to ask of, so that the
 * statement's text is the same on every call for that module and PostgreSQL plans it once per connection. `m` is the
 * index of the table a row came from. The tables are written into the SQL, as in bodiesByIds.
 */
export async function namingBodiesIn(
  db: Queryable,
  tenantId: string,
  tables: readonly string[],
  ids: ReadonlyArray<readonly string[]>,
): Promise<Array<{ m: number; _id: string; body: Record<string, unknown> }>> {
  const selects = tables.map((table, i) => `select ${i} as m, _id, ${NAMING_BODY} as body from "${table}" where subscriber_id = $1 and _id = any($${i + 2}::text[])`);
  const { rows } = await db.query<{ m: number; _id: string; body: Record<string, unknown> }>(prepared(selects.join(' union all '), [tenantId, ...ids]));
  return rows;
}

/** What a name-change notice says: `name:<tenant>/<table>/<id>` on the session changes' channel (./auth-changes.ts). */
export const NAME_CHANGE_KIND = 'name';

/** A record whose name changed or which went, from a notice's id part (`<tenant>/<table>/<id>`). */
export function parseNameChange(id: string): { tenant: string; table: string; id: string } | undefined {
  const [tenant, table, recordId, ...rest] = id.split('/');
  return tenant && table && recordId && rest.length === 0 ? { tenant, table, id: recordId } : undefined;
}

/**
 * Triggers on each referenced module table (idempotent, run at every start after the module tables exist): a row
 * whose naming fields change, or which is deleted, is announced with NOTIFY on commit, to every app process's names
 * cache (server/domain/names-cache.ts), whoever wrote it. An edit that leaves the naming fields alone (most edits)
 * announces nothing. `tables` are catalogue module tables, written into the SQL as they are.
 */
export async function ensureNameChangeTriggers(db: Queryable, tables: readonly string[]): Promise<void> {
  await db.query(`
    create or replace function fieldops_name_changed() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      perform pg_notify('${AUTH_CHANNEL}', '${NAME_CHANGE_KIND}:' || changed.subscriber_id || '/' || tg_table_name || '/' || changed._id);
      return null;
    end $$`);
  const renamed = NAMING_FIELDS.map((key) => `old.body->'${key}' is distinct from new.body->'${key}'`).join(' or ');
  for (const table of tables) {
    await db.query(`create or replace trigger fieldops_name_changed after update on "${table}" for each row when (${renamed}) execute function fieldops_name_changed()`);
    await db.query(`create or replace trigger fieldops_name_removed after delete on "${table}" for each row execute function fieldops_name_changed()`);
  }
}
