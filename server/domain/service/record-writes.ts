/**
 * Small pieces every area's handlers share: tenant-bound repositories of other modules, "must exist"
 * reads, and the same create/update semantics as the generic routes (reference checks, duplicate mapping,
 * realtime notice, 201 on create) for handlers that replace an operation.
 */
import type { z } from 'zod';
import type { ModuleDef } from '../../../src/api/modules/define';
import type { Queryable } from '../../db/pool';
import { repo, type ApiRecord, type ListOptions, type ModuleRepo } from '../../db/repository';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { stampScope } from '../../http/catalogue-routes';
import { checkReferences, withDuplicateMapping } from '../../http/record-rules';
import type { CallContext } from '../registry';

/**
 * The caller's tenant repository of any module (on the pool, or on a transaction's client). For the
 * call's own module it keeps the view scopes the caller came through, so a handler never reaches records
 * outside the view that granted the call.
 */
export function repoOf(ctx: Pick<CallContext, 'db' | 'user' | 'def' | 'scopes'>, def: ModuleDef, db: Queryable = ctx.db): ModuleRepo {
  return repo(db, def, ctx.user.tenantId, def.name === ctx.def.name && ctx.scopes ? { scopes: ctx.scopes } : {});
}

/** 409: the record exists but its state forbids the change. */
export function conflict(message: string): HttpError {
  return new HttpError(409, message);
}

export async function requireBody(r: ModuleRepo, id: string): Promise<Record<string, unknown>> {
  const body = await r.getBody(id);
  if (!body) throw notFound(`No ${r.def.name} record with id ${id}`);
  return body;
}

export async function requireRecord(r: ModuleRepo, id: string): Promise<ApiRecord> {
  const record = await r.getById(id);
  if (!record) throw notFound(`No ${r.def.name} record with id ${id}`);
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

/** The generic update (a shallow merge), 404 when absent. */
export async function patchRecord(ctx: CallContext, id: string, patch: Record<string, unknown>, def: ModuleDef = ctx.def): Promise<ApiRecord> {
  await checkReferences(ctx.db, def, ctx.user.tenantId, patch);
  const record = await withDuplicateMapping(def, patch, () => repoOf(ctx, def).update(id, patch));
  if (!record) throw notFound(`No ${def.name} record with id ${id}`);
  if (def.name === ctx.def.name) ctx.notify('update', record._id);
  return record;
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
  throw new HttpError(400, 'id: The record id is required');
}

/** Today's date in India (YYYY-MM-DD): validity and due dates are Indian calendar days. */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const asString = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
export const asNumber = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
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
  const message = issue?.code === 'invalid_type' && /received undefined/.test(issue.message) ? `${field ?? 'value'} is required` : (issue?.message ?? 'is not valid');
  throw badRequest(field, message);
}
