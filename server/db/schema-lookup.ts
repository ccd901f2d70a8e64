/** Questions about the database's schema itself, asked by code that must cope with a table not created yet. */
import type { Queryable } from './pool';

/**
 * Whether a table of that name exists (to_regclass answers null instead of failing, so the caller's transaction
 * survives the question): a module referenced before it joins the catalogue has a table only once created.
 */
export async function tableExists(db: Queryable, table: string): Promise<boolean> {
  return (await db.query<{ found: string | null }>('select to_regclass($1) as found', [table])).rows[0]?.found != null;
}
