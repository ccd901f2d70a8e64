/**
 * The names of the records a record refers to (its client, machine, site, engineer), read on the server for
 * the person who opens it: an engineer may not list the tenant's clients or users, yet his ticket should say
 * "Compressor CP-01" and "Kalyani Forge Components", not their ids. A name is the referenced record's own
 * (src/api/words.ts `recordName`, as the screens name records); a reference that names nothing stays out.
 */
import { subscriberUser } from '../../src/api/modules/admin';
import { moduleNamed, tableName, type ModuleDef } from '../../src/api/modules/index';
import { recordName } from '../../src/api/words';
import type { Queryable } from '../db/pool';
import { ALL_TENANTS, type TenantScope } from '../db/repository';

export async function referenceNames(db: Queryable, tenant: TenantScope, def: ModuleDef, record: Readonly<Record<string, unknown>>): Promise<Record<string, string>> {
  if (tenant === ALL_TENANTS) return {};
  const names: Record<string, string> = {};
  await Promise.all(
    Object.entries(def.references ?? {}).map(async ([field, module]) => {
      const id = record[field];
      if (typeof id !== 'string' || id === '') return;
      const { rows } = await db.query<{ _id: string; body: Record<string, unknown> }>(
        `select _id, body from "${tableName(moduleNamed(module))}" where subscriber_id = $1 and _id = $2`,
        [tenant, id],
      );
      if (rows[0]) names[field] = recordName({ ...rows[0].body, _id: rows[0]._id });
    }),
  );
  return names;
}

/** The names of the tenant's people with these ids (who logged work, who a ticket is assigned to). */
export async function userNames(db: Queryable, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<{ _id: string; name: string | null }>(
    `select _id, body->>'name' as name from "${tableName(subscriberUser)}" where subscriber_id = $1 and _id = any($2)`,
    [tenantId, unique],
  );
  return new Map(rows.map((r) => [r._id, r.name ?? '']));
}

/** The stores' names of these parts (a spare-part request's lines), by id. */
export async function partNames(db: Queryable, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<{ _id: string; name: string | null }>(
    `select _id, coalesce(body->>'partName', body->>'partNumber') as name from "${tableName(moduleNamed('spare-part-inventory'))}" where subscriber_id = $1 and _id = any($2)`,
    [tenantId, unique],
  );
  return new Map(rows.map((r) => [r._id, r.name ?? r._id]));
}

/** "Coupling spider insert × 2, Oil filter × 1": a request's lines in words. */
export function partLines(items: unknown, names: ReadonlyMap<string, string>): string {
  return (Array.isArray(items) ? (items as Array<{ partId?: unknown; quantity?: unknown }>) : []).map((i) => `${names.get(String(i.partId)) ?? String(i.partId ?? '')} × ${String(i.quantity ?? '')}`).join(', ');
}
