/**
 * The shared write helper of every area, and of the generic catalogue routes: the rules every write of a
 * catalogue record obeys (references name records of the same tenant, else an error naming the field; a
 * unique violation is a duplicate with the module's message and keyValue), tenant-bound repositories of other
 * modules, "must exist" reads, and the generic routes' create/update semantics (reference checks, duplicate
 * mapping, realtime notice, 201 on create) for handlers that replace an operation.
 */
import { z } from 'zod';
import { catalogue, tableName, type ModuleDef } from '../../src/contract/modules/index';
import type { RecordScope } from '../auth/module-grants';
import { uniqueIndexName } from '../db/module-tables';
import { inTransaction, isPgError, type Queryable } from '../db/pool';
import { lifecycleOf } from '../../src/machines/lifecycles/index';
import { repo, type ApiRecord, type ListOptions, type ModuleRepo } from '../db/repository';
import { tableExists } from '../db/schema-lookup';
import { duplicate, invalid, missingRecord } from './errors';
import { refusal } from '../../src/contract/refusalMessages';
import { issueWords, validation, type IssueLike } from '../../src/contract/validationMessages';
import { editIn, removeIn, staleVersion } from './lifecycle-edits';
import type { CallContext } from './call-context';
import { repoOf } from './caller-repo';
import { formerBodyOf } from './former-body';

// Handlers reach other modules' repositories through the write helper's module, as before caller-repo.ts existed.
export { repoOf };

export async function requireBody(r: ModuleRepo, id: string): Promise<Record<string, unknown>> {
  const body = await r.getBody(id);
  if (!body) throw missingRecord(r.def.name, id);
  return body;
}

export async function requireRecord(r: ModuleRepo, id: string): Promise<ApiRecord> {
  const record = await r.getById(id);
  if (!record) throw missingRecord(r.def.name, id);
  return record;
}

/** The generic create, for handlers that prepare the body first. */
export async function createRecord(ctx: CallContext, input: Record<string, unknown>, def: ModuleDef = ctx.def): Promise<ApiRecord> {
  // Created through a view: the record takes the view's fixed values, so its creator can see it.
  const body = def.name === ctx.def.name ? stampScope(input, ctx.scopes) : input;
  await checkReferences(ctx.db, def, ctx.user.tenantId, body);
  const record = await withDuplicateMapping(def, body, () => repoOf(ctx, def).create(body));
  if (def.name === ctx.def.name) {
    ctx.notify('create', record._id);
    ctx.reply.code(201);
  }
  return record;
}

/** The version the caller sent with this call, for the call's own module (a stale copy is refused). */
function sentVersionFor(ctx: CallContext, def: ModuleDef): number | undefined {
  return def.name === ctx.def.name ? ctx.sentVersion : undefined;
}

/**
 * The generic update (a shallow merge), 404 when absent. A lifecycle record is edited through its machine
 * (./lifecycle-edits.ts: row lock, version, the state's edit rule, a history row); any other record is written
 * under its row lock when the caller sent the version they read, so a stale copy never wins there either.
 */
export async function patchRecord(ctx: CallContext, id: string, patch: Record<string, unknown>, def: ModuleDef = ctx.def): Promise<ApiRecord & { version?: number }> {
  await checkReferences(ctx.db, def, ctx.user.tenantId, patch);
  const lifecycle = lifecycleOf(def.name);
  const version = sentVersionFor(ctx, def);
  const record = await withDuplicateMapping(def, patch, () =>
    lifecycle
      ? inTransaction(ctx.db, (tx) => editIn(tx, ctx, def, lifecycle, id, patch, version))
      : version === undefined
        ? repoOf(ctx, def).update(id, patch)
        : inTransaction(ctx.db, async (tx) => {
            const locked = await repoOf(ctx, def, tx).lockForChange(id);
            if (locked && locked.version !== version) throw await staleVersion(tx, ctx.user.tenantId, def, def.label, id, asString(locked.body.alternateId) ?? id, locked.version);
            return repoOf(ctx, def, tx).update(id, patch);
          }),
  );
  if (!record) throw missingRecord(def.name, id);
  if (def.name === ctx.def.name) ctx.notify('update', record._id, formerBodyOf(record));
  return record;
}

/**
 * A save's first check, before a handler reads or computes anything: the version the caller sent (if any) is still
 * the record's. The write itself checks again under the row lock (patchRecord); this one also covers the handlers
 * that write otherwise (a user's or role's own update), and a save that changes nothing.
 */
export async function refuseStaleCopy(ctx: CallContext, id: string): Promise<void> {
  if (ctx.sentVersion === undefined) return;
  const stored = await ctx.repo.getVersioned(id);
  if (!stored) throw missingRecord(ctx.def.name, id);
  if (stored.version !== ctx.sentVersion) {
    const noun = lifecycleOf(ctx.def.name)?.noun ?? ctx.def.label;
    throw await staleVersion(ctx.db, ctx.user.tenantId, ctx.def, noun, id, asString(stored.body.alternateId) ?? id, stored.version);
  }
}

/**
 * The generic delete, 404 when absent: a lifecycle record only where its machine allows it (./lifecycle-edits.ts),
 * with a history row; `also` runs in the same transaction first (what the module undoes with it: an invoice's
 * bills reopened).
 */
export async function removeRecord(ctx: CallContext, id: string, also?: (tx: Queryable) => Promise<void>): Promise<ApiRecord> {
  const def = ctx.def;
  const lifecycle = lifecycleOf(def.name);
  const version = sentVersionFor(ctx, def);
  const removed = await inTransaction(ctx.db, async (tx) => {
    if (lifecycle) {
      const record = await removeIn(tx, ctx, def, lifecycle, id, version);
      await also?.(tx);
      return record;
    }
    const locked = await repoOf(ctx, def, tx).lockForChange(id);
    if (!locked) return undefined;
    if (version !== undefined && locked.version !== version) throw await staleVersion(tx, ctx.user.tenantId, def, def.label, id, asString(locked.body.alternateId) ?? id, locked.version);
    await also?.(tx);
    return repoOf(ctx, def, tx).remove(id);
  });
  if (!removed) throw missingRecord(def.name, id);
  ctx.notify('remove', removed._id);
  return removed;
}

/** The generic delete reply (id at the top and inside `data`). */
export function removedReply(def: ModuleDef, id: string): { message: string; _id: string; data: { _id: string } } {
  return { message: `${def.label}: record deleted`, _id: id, data: { _id: id } };
}

/**
 * The id of an update whose path has no `:id` (PUT update-po, PUT update/credit-note): the path's id when
 * the route has one, else `_id` or `id` from the raw body.
 */
export function updateId(ctx: CallContext): string {
  const params = (ctx.req.params ?? {}) as Record<string, unknown>;
  if (typeof params.id === 'string' && params.id) return params.id;
  const body = (ctx.req.body ?? {}) as Record<string, unknown>;
  for (const candidate of [body._id, body.id]) if (typeof candidate === 'string' && candidate) return candidate;
  throw invalid('id', refusal('recordIdRequired'));
}

// Validity and due dates are Indian calendar days: one definition for the server and the screens.
export { todayInIndia } from '../../src/contract/dates';

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
export const asNumber = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
/** A stored number, or undefined when the field holds none (unlike asNumber, absent stays absent). */
export const maybeNumber = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
export const asArray = <T = Record<string, unknown>>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** A list call's query (already validated by the route) as repository options: paging, search, sort, filters. */
export function listOptionsFrom(query: unknown, project?: readonly string[]): ListOptions {
  const { limit, offset, search, sort, order, ...rest } = (query ?? {}) as Record<string, unknown>;
  const filters: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value === 'string') filters[key] = value;
    else if (Array.isArray(value)) filters[key] = value.filter((v): v is string => typeof v === 'string');
  }
  return {
    limit: typeof limit === 'number' ? limit : undefined,
    offset: typeof offset === 'number' ? offset : undefined,
    search: typeof search === 'string' && search !== '' ? search : undefined,
    sort: typeof sort === 'string' ? sort : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    filters,
    project,
  };
}

/** Parses with a zod schema; the first issue becomes a 400 naming its field. */
export function parseOrBadRequest<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const label = field ?? 'value';
  if (!issue) throw invalid(field, validation('notValid', { label }));
  const absent = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  // The schema's own message when it has words, else a generic one by what zod found (as a route's 400 says it).
  const words = absent ? { key: 'validation.required', values: { label } } : issueWords(issue as IssueLike, label);
  throw invalid(field, { message: absent ? `${label} is required` : issue.message, words });
}

/** Message of a duplicate on `field`: the module's (spec) text, `{field}` filled in. */
export function duplicateMessage(def: Pick<ModuleDef, 'messages'>, field: string): string {
  const template = def.messages.duplicate ?? `${field.charAt(0).toUpperCase() + field.slice(1)} Already In use.`;
  return template.replace('{field}', field);
}

/** Runs a write; a unique-index violation of one of the module's fields becomes 409/11000 with keyValue. */
export async function withDuplicateMapping<T>(def: ModuleDef, body: Record<string, unknown>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isPgError(error) && error.code === '23505') {
      const field = (def.unique ?? []).find((f) => uniqueIndexName(def, f) === error.constraint) ?? def.unique?.[0];
      if (field) throw duplicate(duplicateMessage(def, field), { [field]: body[field] });
    }
    throw error;
  }
}

/** One id named in a body, with the path that names it (`clientId`, `roles[1]`, `items[0].partId`). */
interface Reference {
  path: string;
  target: string;
  id: string;
}

/** The ids a reference field holds: one id, or an array of them (each named by its index). */
function referencesIn(value: unknown, path: string, target: string): Reference[] {
  if (typeof value === 'string') return value ? [{ path, target, id: value }] : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((v, index) => (typeof v === 'string' && v !== '' ? [{ path: `${path}[${index}]`, target, id: v }] : []));
}

/**
 * Every reference a body makes, at any depth the catalogue declares: the module's own reference fields, and those of
 * each line of its documents (`def.lines`: a requisition's `lines[2].partId`, a spare-part request's `items[0].partId`).
 */
function referencesOf(def: ModuleDef, body: Record<string, unknown>): Reference[] {
  const found = Object.entries(def.references ?? {}).flatMap(([field, target]) => referencesIn(body[field], field, target));
  for (const [field, lines] of Object.entries(def.lines ?? {})) {
    const rows = body[field];
    if (!lines.references || !Array.isArray(rows)) continue;
    rows.forEach((row, index) => {
      if (row === null || typeof row !== 'object') return;
      for (const [sub, target] of Object.entries(lines.references ?? {})) found.push(...referencesIn((row as Record<string, unknown>)[sub], `${field}[${index}].${sub}`, target));
    });
  }
  return found;
}

/**
 * Every id a body names (def.references, and the references of its lines) must be a record of the caller's tenant,
 * checked before anything is stored: one query per referenced module, and a refusal names the first path whose id
 * is not the tenant's (`items[0].partId: Unknown spare-part-inventory …`). A module referenced before it joins the
 * catalogue is checked against its table when that exists.
 */
export async function checkReferences(db: Queryable, def: ModuleDef, tenantId: string, body: Record<string, unknown>): Promise<void> {
  const references = referencesOf(def, body);
  const missing = new Set<Reference>();
  for (const target of new Set(references.map((r) => r.target))) {
    const wanted = references.filter((r) => r.target === target);
    const targetDef = catalogue.find((m) => m.name === target);
    if (!targetDef && !(await tableExists(db, tableName({ name: target })))) continue;
    const found = await repo(db, targetDef ?? { name: target, fields: z.object({}) }, tenantId).existing([...new Set(wanted.map((r) => r.id))]);
    for (const reference of wanted) if (!found.has(reference.id)) missing.add(reference);
  }
  // The first in the body's order, so the message points where a person reading the form would look first.
  const first = references.find((r) => missing.has(r));
  if (first) throw invalid(first.path, refusal('unknownReference', { module: first.target, id: first.id }));
}

/**
 * A record created through a view (e.g. a client raising a ticket from "Client Tickets") takes the view's
 * fixed values, so it is one the creator can see afterwards; "any of" conditions are left to the body.
 */
export function stampScope(body: Record<string, unknown>, scopes: readonly RecordScope[] | undefined): Record<string, unknown> {
  const first = scopes?.[0];
  if (!first) return body;
  const stamped = { ...body };
  for (const [field, value] of Object.entries(first)) if (typeof value === 'string') stamped[field] = value;
  return stamped;
}
