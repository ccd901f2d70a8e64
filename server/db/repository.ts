/**
 * The data layer of catalogue modules. A repository is bound to one module and one tenant scope, and
 * every statement it runs filters by that scope, so no handler can forget the tenant.
 *
 * The scope is a subscriber id, or ALL_TENANTS, which only the platform operator's /api/saas routes
 * obtain (for crossTenant modules such as subscriber).
 */
import pg from 'pg';
import Cursor from 'pg-cursor';
import { tableName, type ModuleDef } from '../../src/contract/modules/define';
import type { RecordScope } from '../auth/module-grants';
import { newId } from './ids';
import { holdClient } from './held-client';
import { inTransaction, prepared, type Queryable } from './pool';

export const ALL_TENANTS: unique symbol = Symbol('all tenants');
export type TenantScope = string | typeof ALL_TENANTS;

/** What the client receives: `_id`, the body (minus hidden fields), and the envelope's times. */
export interface ApiRecord {
  _id: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  /** Equality filters on top-level fields (array fields: "contains"). */
  filters?: Readonly<Record<string, string | readonly string[]>>;
  /** Case-insensitive text search over the whole record. */
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  /** Keep only these fields (plus _id and the times). */
  project?: readonly string[];
  /** The fields the search looks in; every field when absent. */
  searchIn?: readonly string[];
}

export interface ListResult {
  data: ApiRecord[];
  total: number;
}

/** A module table's row as stored (exported for data-layer modules that read one table directly). */
export interface Row {
  _id: string;
  subscriber_id: string;
  created_at: Date;
  updated_at: Date;
  version: number;
  body: Record<string, unknown>;
}

type RepoDef = Pick<ModuleDef, 'name' | 'hidden' | 'alternateId' | 'insertAt' | 'crossTenant' | 'fields'>;

function ident(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

export function toApiRecord(def: Pick<ModuleDef, 'hidden'>, row: Row): ApiRecord {
  // Every record carries its version: a save sends back the one it read, and a stale copy is refused (issue 28).
  // Filled in place (the keys in the order the answer has always had), without a spread of a small object per read.
  const record = { _id: row._id, ...row.body } as ApiRecord;
  if (typeof row.version === 'number') record.version = row.version;
  record.createdAt = row.created_at.toISOString();
  record.updatedAt = row.updated_at.toISOString();
  // Copied once, and `delete` only for a module that hides fields (deleting turns an object slow for V8 to write out).
  if (def.hidden) for (const field of def.hidden) delete record[field];
  return record;
}

/** Per module definition: its array fields, worked out once (a repository is made per request). */
const arrayFieldsOf = new WeakMap<RepoDef, Set<string>>();
function arrayFields(def: RepoDef): Set<string> {
  let known = arrayFieldsOf.get(def);
  if (!known) arrayFieldsOf.set(def, (known = findArrayFields(def)));
  return known;
}

function findArrayFields(def: RepoDef): Set<string> {
  const result = new Set<string>();
  for (const [key, schema] of Object.entries(def.fields.shape)) {
    let current: unknown = schema;
    // Look through optional/default/nullable wrappers to the field's own type.
    for (let i = 0; i < 5; i++) {
      const inner = (current as { _zod?: { def?: { type?: string; innerType?: unknown; in?: unknown } } })._zod?.def;
      if (!inner) break;
      if (inner.type === 'array') {
        result.add(key);
        break;
      }
      current = inner.innerType ?? inner.in;
      if (!current) break;
    }
  }
  return result;
}

/** Next `PREFIX-YYYY-000123` for the tenant; runs inside the caller's transaction. */
async function nextAlternateId(db: Queryable, tenant: string, prefix: string, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const key = `alternateId:${prefix}:${year}`;
  const { rows } = await db.query<{ value: string }>(
    `insert into counters (subscriber_id, key, value) values ($1, $2, 1)
     on conflict (subscriber_id, key) do update set value = counters.value + 1
     returning value`,
    [tenant, key],
  );
  return `${prefix}-${year}-${String(rows[0]?.value ?? 1).padStart(6, '0')}`;
}

/**
 * A list read a batch at a time from a server-side cursor, for lists too long to build whole (the spec's unpaged
 * lists): `batches` holds one pooled connection while it is read and gives it back when it ends or is abandoned;
 * `total` is counted alongside on another connection.
 */
export interface ListStream {
  batches: AsyncGenerator<ApiRecord[]>;
  total: Promise<number>;
}

/** Rows per read from a list's cursor: enough to keep the connection busy, few enough to yield between reads. */
export const LIST_BATCH_ROWS = 1_000;

export interface CreateOptions {
  /** Use this id instead of a generated one (seeds, subscriber rows that are their own tenant). */
  id?: string;
}

export interface ModuleRepo {
  readonly def: RepoDef;
  readonly table: string;
  readonly tenant: TenantScope;
  list(options?: ListOptions): Promise<ListResult>;
  /** The records of `list` without their count: for a caller that reads them all and counts them itself (one statement). */
  rows(options?: ListOptions): Promise<ApiRecord[]>;
  /** The same records as `list`, read from a cursor in batches (see ListStream). */
  stream(options?: ListOptions): ListStream;
  getById(id: string): Promise<ApiRecord | undefined>;
  /**
   * A record with its stored body (hidden fields included) and version, from the same one prepared statement as
   * getById: what a lifecycle read needs (the version to send back, the body its guards read) without reading the
   * row twice.
   */
  getWithVersion(id: string): Promise<{ record: ApiRecord; body: Record<string, unknown>; version: number } | undefined>;
  /** Raw body including hidden fields, for server-side rules. */
  getBody(id: string): Promise<Record<string, unknown> | undefined>;
  create(body: Record<string, unknown>, options?: CreateOptions): Promise<ApiRecord>;
  /**
   * The body and version of a record, its row locked until the caller's transaction ends (a lifecycle step
   * reads, decides and writes without another step slipping in between). Undefined when absent.
   */
  lockForChange(id: string): Promise<{ body: Record<string, unknown>; version: number } | undefined>;
  /** The body and version of a record, unlocked (what a reader needs to send a version back). */
  getVersioned(id: string): Promise<{ body: Record<string, unknown>; version: number } | undefined>;
  /** Shallow merge of `patch` into the body; bumps version and updated_at. Undefined when absent. */
  update(id: string, patch: Record<string, unknown>): Promise<ApiRecord | undefined>;
  remove(id: string): Promise<ApiRecord | undefined>;
  /** Ids among `ids` that exist in scope (reference checks). */
  existing(ids: readonly string[]): Promise<Set<string>>;
}

export interface RepoOptions {
  /**
   * Record scopes of a caller whose access comes through module views: every statement is limited to
   * records matching at least one scope (see server/auth/module-grants.ts).
   */
  scopes?: readonly RecordScope[];
}

/**
 * Repositories without view scopes, kept per database handle, module and tenant: a repository holds no state of a
 * request, and making one (a closure per statement, the module's fields walked) showed in a get-by-id's profile.
 */
const keptRepos = new WeakMap<Queryable, WeakMap<RepoDef, Map<TenantScope, ModuleRepo>>>();
/** Past this many tenants per module and handle, the kept repositories start again rather than grow. */
const MAX_KEPT_TENANTS = 10_000;

export function repo(db: Queryable, def: RepoDef, tenant: TenantScope, options: RepoOptions = {}): ModuleRepo {
  if (options.scopes) return makeRepo(db, def, tenant, options);
  let byDef = keptRepos.get(db);
  if (!byDef) keptRepos.set(db, (byDef = new WeakMap()));
  let byTenant = byDef.get(def);
  if (!byTenant) byDef.set(def, (byTenant = new Map()));
  let kept = byTenant.get(tenant);
  if (!kept) {
    if (byTenant.size >= MAX_KEPT_TENANTS) byTenant.clear();
    kept = makeRepo(db, def, tenant, options);
    byTenant.set(tenant, kept);
  }
  return kept;
}

function makeRepo(db: Queryable, def: RepoDef, tenant: TenantScope, options: RepoOptions): ModuleRepo {
  const table = ident(tableName(def));
  const arrays = arrayFields(def);
  const shape = new Set(Object.keys(def.fields.shape));

  const condition = (values: unknown[], field: string, wanted: string | readonly string[]): string => {
    const key = literalParam(values, field);
    const list = typeof wanted === 'string' ? [wanted] : [...wanted];
    values.push(list);
    return arrays.has(field) ? `body->${key} ?| $${values.length}::text[]` : `body->>${key} = any($${values.length}::text[])`;
  };

  /** The tenant predicate (and view scopes) every statement carries, parameters appended to `values`. */
  const scope = (values: unknown[]): string => {
    const clauses: string[] = [];
    if (tenant !== ALL_TENANTS) {
      values.push(tenant);
      clauses.push(`subscriber_id = $${values.length}`);
    }
    if (options.scopes) {
      const alternatives = options.scopes.map((s) => {
        const parts = Object.entries(s).map(([field, wanted]) => condition(values, field, wanted));
        return parts.length > 0 ? `(${parts.join(' and ')})` : 'true';
      });
      clauses.push(alternatives.length > 0 ? `(${alternatives.join(' or ')})` : 'false');
    }
    return clauses.length > 0 ? clauses.join(' and ') : 'true';
  };

  const filterSql = (options: ListOptions, values: unknown[]): string => {
    const clauses = [scope(values)];
    for (const [field, raw] of Object.entries(options.filters ?? {})) {
      const wanted = typeof raw === 'string' ? [raw] : [...raw];
      if (field === '_id') {
        values.push(wanted);
        clauses.push(`_id = any($${values.length}::text[])`);
        continue;
      }
      if (!shape.has(field) && !(field === 'alternateId' && def.alternateId)) continue;
      const key = literalParam(values, field);
      if (arrays.has(field)) {
        values.push(JSON.stringify(wanted));
        clauses.push(`body->${key} @> $${values.length}::jsonb`);
      } else {
        values.push(wanted);
        clauses.push(`body->>${key} = any($${values.length}::text[])`);
      }
    }
    if (options.search) {
      values.push('%' + options.search.replace(/[\\%_]/g, (c) => '\\' + c) + '%');
      const like = values.length;
      // Values only (not field names): "name" must not match every record. `searchIn` narrows it to some fields.
      const shown = options.searchIn ? (values.push([...options.searchIn]), ` and field.key = any($${values.length}::text[])`) : '';
      clauses.push(`exists (select 1 from jsonb_each_text(body) as field where field.value ilike $${like}${shown})`);
    }
    return clauses.join(' and ');
  };

  const orderSql = (options: ListOptions, values: unknown[]): string => {
    const direction = (options.order ?? (def.insertAt === 'end' ? 'asc' : 'desc')) === 'asc' ? 'asc' : 'desc';
    if (options.sort === 'createdAt' || options.sort === undefined || options.sort === '') return `created_at ${direction}, _id ${direction}`;
    if (options.sort === 'updatedAt') return `updated_at ${direction}, _id ${direction}`;
    if (shape.has(options.sort) || options.sort === 'alternateId') {
      return `body->>${literalParam(values, options.sort)} ${direction} nulls last, created_at ${direction}, _id ${direction}`;
    }
    return `created_at ${direction}, _id ${direction}`;
  };

  /** The statements of a list: its page (ordered, limited, offset) and its count, with their values. */
  const listQueries = (options: ListOptions) => {
    const values: unknown[] = [];
    const where = filterSql(options, values);
    const countValues = [...values];
    const order = orderSql(options, values);
    values.push(options.limit === undefined ? null : String(options.limit));
    const limitParam = values.length;
    values.push(options.offset ?? 0);
    const offsetParam = values.length;
    return {
      page: { text: `select * from ${table} where ${where} order by ${order} limit $${limitParam}::bigint offset $${offsetParam}::bigint`, values },
      count: { text: `select count(*) as total from ${table} where ${where}`, values: countValues },
    };
  };

  const countOf = async (count: { text: string; values: unknown[] }): Promise<number> =>
    Number((await db.query<{ total: string }>(prepared(count.text, count.values))).rows[0]?.total ?? 0);

  const project = (record: ApiRecord, fields: readonly string[] | undefined): ApiRecord => {
    if (!fields) return record;
    const kept: ApiRecord = { _id: record._id, createdAt: record.createdAt, updatedAt: record.updatedAt };
    for (const field of fields) if (field in record) kept[field] = record[field];
    return kept;
  };

  const insert = async (client: Queryable, body: Record<string, unknown>, options: CreateOptions): Promise<ApiRecord> => {
    const id = options.id ?? newId();
    // A platform row (subscriber) is its own tenant: its subscriber_id is its own id.
    const owner = tenant === ALL_TENANTS ? id : tenant;
    const full = { ...body };
    if (def.alternateId) full.alternateId = await nextAlternateId(client, owner, def.alternateId.prefix, new Date());
    // clock_timestamp, not now(): rows created in one transaction (seeds, bulk calls) keep their order.
    const { rows } = await client.query<Row>(`insert into ${table} (_id, subscriber_id, body, created_at, updated_at) values ($1, $2, $3::jsonb, clock_timestamp(), clock_timestamp()) returning *`, [id, owner, JSON.stringify(full)]);
    return toApiRecord(def, rows[0] as Row);
  };

  return {
    def,
    table: tableName(def),
    tenant,
    async list(options = {}) {
      const { page, count } = listQueries(options);
      // The page and the count go out together (on a pool, two connections; in a transaction, pg queues them).
      const [rows, total] = await Promise.all([db.query<Row>(prepared(page.text, page.values)), countOf(count)]);
      return { data: rows.rows.map((row) => project(toApiRecord(def, row), options.project)), total };
    },
    async rows(options = {}) {
      const { page } = listQueries(options);
      const { rows } = await db.query<Row>(prepared(page.text, page.values));
      return rows.map((row) => project(toApiRecord(def, row), options.project));
    },
    stream(options = {}) {
      const { page, count } = listQueries(options);
      const total = countOf(count);
      // Read by whoever consumes the stream, or by nobody if it is abandoned first: never an unhandled rejection.
      total.catch(() => undefined);
      const toRecords = (rows: readonly Row[]) => rows.map((row) => project(toApiRecord(def, row), options.project));
      async function* batches(): AsyncGenerator<ApiRecord[]> {
        // In a transaction there is one connection and it is the caller's: the list is read whole on it.
        if (!(db instanceof pg.Pool)) {
          yield toRecords((await db.query<Row>(page.text, page.values)).rows);
          return;
        }
        const held = await holdClient(db);
        const cursor = held.client.query(new Cursor<Row>(page.text, page.values));
        // Each read and the close wait on the server, which a lost connection never answers: raced with its loss,
        // or the request would hang and its client stay out of the pool for good.
        const read = (): Promise<Row[]> => held.untilLost(cursor.read(LIST_BATCH_ROWS));
        let failed: Error | undefined;
        try {
          for (let rows = await read(); rows.length > 0; rows = await read()) yield toRecords(rows);
        } catch (error) {
          failed = error as Error;
          throw error;
        } finally {
          if (!failed && !held.lost) await held.untilLost(cursor.close()).catch(() => undefined);
          held.release(failed);
        }
      }
      return { batches: batches(), total };
    },
    async getById(id) {
      const values: unknown[] = [id];
      const { rows } = await db.query<Row>(prepared(`select * from ${table} where _id = $1 and ${scope(values)}`, values));
      return rows[0] ? toApiRecord(def, rows[0]) : undefined;
    },
    async getWithVersion(id) {
      const values: unknown[] = [id];
      // The text of getById: one prepared statement per connection serves both.
      const { rows } = await db.query<Row>(prepared(`select * from ${table} where _id = $1 and ${scope(values)}`, values));
      const row = rows[0];
      return row ? { record: toApiRecord(def, row), body: row.body, version: row.version } : undefined;
    },
    async getBody(id) {
      const values: unknown[] = [id];
      const { rows } = await db.query<Row>(`select body from ${table} where _id = $1 and ${scope(values)}`, values);
      return rows[0]?.body;
    },
    async lockForChange(id) {
      const values: unknown[] = [id];
      const { rows } = await db.query<Pick<Row, 'body' | 'version'>>(`select body, version from ${table} where _id = $1 and ${scope(values)} for update`, values);
      return rows[0] ? { body: rows[0].body, version: rows[0].version } : undefined;
    },
    async getVersioned(id) {
      const values: unknown[] = [id];
      const { rows } = await db.query<Pick<Row, 'body' | 'version'>>(`select body, version from ${table} where _id = $1 and ${scope(values)}`, values);
      return rows[0] ? { body: rows[0].body, version: rows[0].version } : undefined;
    },
    async create(body, options = {}) {
      if (!def.alternateId) return insert(db, body, options);
      // The counter and the row commit together, or neither does.
      if (db instanceof pg.Pool) return inTransaction(db, (tx) => insert(tx, body, options));
      return insert(db, body, options);
    },
    async update(id, patch) {
      const values: unknown[] = [id, JSON.stringify(patch)];
      const { rows } = await db.query<Row>(
        `update ${table} set body = body || $2::jsonb, version = version + 1, updated_at = clock_timestamp()
         where _id = $1 and ${scope(values)} returning *`,
        values,
      );
      return rows[0] ? toApiRecord(def, rows[0]) : undefined;
    },
    async remove(id) {
      const values: unknown[] = [id];
      const { rows } = await db.query<Row>(`delete from ${table} where _id = $1 and ${scope(values)} returning *`, values);
      return rows[0] ? toApiRecord(def, rows[0]) : undefined;
    },
    async existing(ids) {
      if (ids.length === 0) return new Set();
      const values: unknown[] = [[...ids]];
      const { rows } = await db.query<{ _id: string }>(`select _id from ${table} where _id = any($1::text[]) and ${scope(values)}`, values);
      return new Set(rows.map((row) => row._id));
    },
  };
}

/** Field names go in as parameters, never spliced into SQL. Returns the placeholder. */
function literalParam(values: unknown[], field: string): string {
  values.push(field);
  return `$${values.length}::text`;
}
