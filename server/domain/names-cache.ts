/**
 * The names of referenced records kept in memory, per tenant, module and id (issue 30): a ticket's detail and a
 * list page name their client, machine and people on every read, and reading those names was the largest part of
 * PostgreSQL's work for a get-by-id (a union over each referenced table). Names change rarely; reads are constant.
 *
 * Kept true the way the session cache is (server/auth/session-invalidation.ts):
 * - in this process at once, from the realtime hub every write announces to (a renamed client, a removed machine);
 * - in every process on the database, from PostgreSQL's NOTIFY, sent on commit by triggers on the referenced tables
 *   when a naming field changes or the row goes (server/db/reference-name-store.ts), whoever wrote it.
 * While the listener is not connected, nothing is kept (a change made meanwhile would be missed). A read that began
 * before a change does not put its answer back (a generation counter, as the session cache has). Only names found
 * are kept: an id that names nothing is asked again, so a record created later is named at once.
 *
 * The cache belongs to a pool (one database): reads on that pool use it; reads inside a transaction (its own
 * client) do not, since they may see the transaction's own uncommitted renames.
 */
import type { Queryable } from '../db/pool';

export interface NamesCache {
  /** The kept name, or undefined when it is not kept. */
  get(tenant: string, module: string, id: string): string | undefined;
  /** Where a read starts: hand it back to `put`, which keeps nothing if anything was forgotten since. */
  readonly generation: number;
  put(tenant: string, module: string, id: string, name: string, since: number): void;
  /** A record of `module` was renamed or removed (`tenant` undefined: in whichever tenant holds it). */
  forget(tenant: string | undefined, module: string, id: string): void;
  /** Drop everything and stop or resume keeping (the change listener lost or regained its connection). */
  setLive(live: boolean): void;
  readonly live: boolean;
  readonly size: number;
}

export interface NamesCacheOptions {
  /** At most this many names are kept; past it the cache starts again (default 200,000: a few tens of MB). */
  maxEntries?: number;
}

export function createNamesCache(options: NamesCacheOptions = {}): NamesCache {
  const maxEntries = options.maxEntries ?? 200_000;
  /** tenant → module → id → name. */
  const tenants = new Map<string, Map<string, Map<string, string>>>();
  let size = 0;
  let live = false;
  let generation = 0;

  const clear = (): void => {
    tenants.clear();
    size = 0;
    generation++;
  };

  return {
    get(tenant, module, id) {
      return tenants.get(tenant)?.get(module)?.get(id);
    },
    get generation() {
      return generation;
    },
    put(tenant, module, id, name, since) {
      if (!live || since !== generation) return;
      if (size >= maxEntries) clear();
      let modules = tenants.get(tenant);
      if (!modules) tenants.set(tenant, (modules = new Map()));
      let names = modules.get(module);
      if (!names) modules.set(module, (names = new Map()));
      if (!names.has(id)) size++;
      names.set(id, name);
    },
    forget(tenant, module, id) {
      generation++;
      if (tenant !== undefined) {
        if (tenants.get(tenant)?.get(module)?.delete(id)) size--;
        return;
      }
      for (const modules of tenants.values()) if (modules.get(module)?.delete(id)) size--;
    },
    setLive(next) {
      clear();
      live = next;
    },
    get live() {
      return live;
    },
    get size() {
      return size;
    },
  };
}

/**
 * The cache of each pool that has one (buildApp attaches it). Looked up from the Queryable every names read already
 * takes, so the many callers of the names (lists, details, views, proposals) need no new parameter; a transaction's
 * client is not a key here, which keeps its reads off the cache.
 */
const cacheOfPool = new WeakMap<object, NamesCache>();

export function attachNamesCache(db: Queryable, cache: NamesCache): void {
  cacheOfPool.set(db, cache);
}

export function namesCacheOf(db: Queryable): NamesCache | undefined {
  return cacheOfPool.get(db);
}
