/**
 * The names of the records a record refers to (its client, machine, site, engineer), read on the server for
 * the person who opens it: an engineer may not list the tenant's clients or users, yet his ticket should say
 * "Compressor CP-01" and "Kalyani Forge Components", not their ids. A name is the referenced record's own
 * (src/api/words.ts `recordName`, as the screens name records); a reference that names nothing stays out.
 */
import { moduleNamed, tableName, type ModuleDef } from '../../src/api/modules/index';
import { recordName } from '../../src/api/words';
import type { Queryable } from '../db/pool';
import { ALL_TENANTS, type TenantScope } from '../db/repository';

type Body = Readonly<Record<string, unknown>>;

/** The names of a module's records with these ids (one query), by id; `name` reads a record's name from its body. */
async function namesIn(db: Queryable, tenantId: string, module: string, ids: readonly string[], name: (body: Body & { _id: string }) => string = recordName): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<{ _id: string; body: Record<string, unknown> }>(
    `select _id, body from "${tableName(moduleNamed(module))}" where subscriber_id = $1 and _id = any($2)`,
    [tenantId, unique],
  );
  return new Map(rows.map((r) => [r._id, name({ ...r.body, _id: r._id })]));
}

/** The names of what `record` refers to, by field: one query per referenced module (a ticket's four people are one). */
export async function referenceNames(db: Queryable, tenant: TenantScope, def: ModuleDef, record: Body): Promise<Record<string, string>> {
  if (tenant === ALL_TENANTS) return {};
  const fields = Object.entries(def.references ?? {}).filter(([field]) => typeof record[field] === 'string' && record[field] !== '');
  const modules = [...new Set(fields.map(([, module]) => module))];
  const found = await Promise.all(modules.map((module) => namesIn(db, tenant, module, fields.filter(([, m]) => m === module).map(([field]) => String(record[field])))));
  const byModule = new Map(modules.map((module, i) => [module, found[i]!]));
  const names: Record<string, string> = {};
  for (const [field, module] of fields) {
    const name = byModule.get(module)?.get(String(record[field]));
    if (name !== undefined) names[field] = name;
  }
  return names;
}

/** The names of the tenant's people with these ids (who logged work, who a ticket is assigned to). */
export function userNames(db: Queryable, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  return namesIn(db, tenantId, 'subscriber-user', ids, (user) => String(user.name ?? ''));
}

/** The stores' names of these parts (a spare-part request's lines), by id. */
export function partNames(db: Queryable, tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  return namesIn(db, tenantId, 'spare-part-inventory', ids, (part) => String(part.partName ?? part.partNumber ?? part._id));
}

/** "Coupling spider insert × 2, Oil filter × 1": a request's lines in words. */
export function partLines(items: unknown, names: ReadonlyMap<string, string>): string {
  return (Array.isArray(items) ? (items as Array<{ partId?: unknown; quantity?: unknown }>) : []).map((i) => `${names.get(String(i.partId)) ?? String(i.partId ?? '')} × ${String(i.quantity ?? '')}`).join(', ');
}
