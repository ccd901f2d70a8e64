/**
 * The names of the records a record refers to (its client, machine, site, engineer), read on the server for
 * the person who opens it: an engineer may not list the tenant's clients or users, yet his ticket should say
 * "Compressor CP-01" and "Kalyani Forge Components", not their ids. A name is the referenced record's own
 * (src/contract/words.ts `recordName`, as the screens name records); a reference that names nothing stays out.
 */
import { moduleNamed, tableName, type ModuleDef } from '../../src/contract/modules/index';
import { recordName } from '../../src/contract/words';
import type { Queryable } from '../db/pool';
import { bodiesByIds, namingBodiesIn } from '../db/reference-name-store';
import { namesCacheOf } from './names-cache';
import { ALL_TENANTS, type TenantScope } from '../db/repository';

type Body = Readonly<Record<string, unknown>>;

/** The names of a module's records with these ids (one query), by id; `name` reads a record's name from its body. */
async function namesIn(db: Queryable, tenantId: string, module: string, ids: readonly string[], name: (body: Body & { _id: string }) => string = recordName): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await bodiesByIds(db, tenantId, tableName(moduleNamed(module)), unique);
  return new Map(rows.map((r) => [r._id, name({ ...r.body, _id: r._id })]));
}

/** The modules a module refers to, each once, in a fixed order (the names statement's shape: see namesInModules). */
const referencedModulesOf = new WeakMap<ModuleDef, readonly string[]>();
function referencedModules(def: ModuleDef): readonly string[] {
  let modules = referencedModulesOf.get(def);
  if (!modules) {
    modules = [...new Set(Object.values(def.references ?? {}))].sort();
    referencedModulesOf.set(def, modules);
  }
  return modules;
}

/**
 * The names of the records with these ids in each module `def` refers to, by module then id, in ONE prepared
 * statement (a union of one select per referenced module, every one of them always, so the text is the module's own
 * and planned once per connection): a page of tickets names its clients, machines and people in one round trip.
 */
async function namesInModules(db: Queryable, tenantId: string, def: ModuleDef, wanted: ReadonlyMap<string, ReadonlySet<string>>): Promise<Map<string, Map<string, string>>> {
  const modules = referencedModules(def);
  // Only the fields a name is read from are fetched (reference-name-store.ts says why).
  const tables = modules.map((module) => tableName(moduleNamed(module)));
  const rows = await namingBodiesIn(db, tenantId, tables, modules.map((module) => [...(wanted.get(module) ?? [])]));
  const found = new Map(modules.map((module) => [module, new Map<string, string>()]));
  for (const row of rows) found.get(modules[row.m]!)!.set(row._id, recordName({ ...row.body, _id: row._id }));
  return found;
}

/** The names of what `record` refers to, by field: one query for all of them (a ticket's client, machine and people), none when they are kept. */
export async function referenceNames(db: Queryable, tenant: TenantScope, def: ModuleDef, record: Body): Promise<Record<string, string>> {
  return (await rowsReferenceNames(db, tenant, def, [record]))[0] ?? {};
}

/** Names already read, by module then id (null: looked for, and there is none), kept across a streamed list's batches. */
export type KnownNames = Map<string, Map<string, string | null>>;

/**
 * The names of what each row refers to, by field, in the rows' order: the names kept in the pool's names cache
 * (./names-cache.ts), and one query for the rest, all the rows and referenced modules together (a page of 1,000
 * tickets asks for its clients and people once), never one per row. Ids in `known` are not asked again: a streamed
 * list's later batches ask only for records its earlier ones did not name.
 */
export async function rowsReferenceNames(db: Queryable, tenant: TenantScope, def: ModuleDef, rows: readonly Body[], known: KnownNames = new Map()): Promise<Array<Record<string, string>>> {
  const references = Object.entries(def.references ?? {});
  if (tenant === ALL_TENANTS || references.length === 0) return rows.map(() => ({}));
  const cache = namesCacheOf(db);
  const wanted = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const [field, module] of references) {
      for (const id of referencedIds(row[field])) {
        let names = known.get(module);
        if (names?.has(id)) continue;
        const kept = cache?.get(tenant, module, id);
        if (kept !== undefined) {
          if (!names) known.set(module, (names = new Map()));
          names.set(id, kept);
          continue;
        }
        const ids = wanted.get(module) ?? new Set<string>();
        ids.add(id);
        wanted.set(module, ids);
      }
    }
  }
  if (wanted.size > 0) {
    const since = cache?.generation ?? 0;
    const found = await namesInModules(db, tenant, def, wanted);
    for (const [module, ids] of wanted) {
      const names = known.get(module) ?? new Map<string, string | null>();
      for (const id of ids) {
        const name = found.get(module)?.get(id);
        names.set(id, name ?? null);
        if (name !== undefined) cache?.put(tenant, module, id, name, since);
      }
      known.set(module, names);
    }
  }
  return rows.map((row) => {
    const names: Record<string, string> = {};
    for (const [field, module] of references) {
      const value = row[field];
      if (Array.isArray(value)) {
        // A list of references (a purchase order's requisitions) is named element by element: `field.0`, `field.1`.
        value.forEach((id, i) => {
          const name = typeof id === 'string' && id !== '' ? known.get(module)?.get(id) : undefined;
          if (typeof name === 'string') names[`${field}.${i}`] = name;
        });
        continue;
      }
      const name = typeof value === 'string' && value !== '' ? known.get(module)?.get(value) : undefined;
      if (typeof name === 'string') names[field] = name;
    }
    return names;
  });
}

/** The ids a reference field holds: one, or each of a list's. */
function referencedIds(value: unknown): string[] {
  const ids = Array.isArray(value) ? value : [value];
  return ids.filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * A list's rows, each with `names` (field → name) as a record's detail has it, so a person who may not list the
 * referenced module still reads its name in the list (issue 12 item 4). A module without references is left as it
 * is: its rows keep the spec's shape exactly. `known`: see rowsReferenceNames.
 */
export async function withReferenceNames<R extends Record<string, unknown>>(db: Queryable, tenant: TenantScope, def: ModuleDef, rows: R[], known?: KnownNames): Promise<R[]> {
  if (Object.keys(def.references ?? {}).length === 0 || rows.length === 0) return rows;
  const names = await rowsReferenceNames(db, tenant, def, rows, known);
  // Set on the rows themselves, records read for this one reply: a streamed list's 100,000 rows are not copied.
  rows.forEach((row, i) => {
    (row as Record<string, unknown>).names = names[i]!;
  });
  return rows;
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
