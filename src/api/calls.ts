/**
 * Typed calls of one catalogue module, built from its entry: the five operations with the spec's paths
 * (document 2 §3 and §7) and its extra calls by name.
 */
import type { z } from 'zod';
import { apiRequest, listQuery, type Query } from './http';
import { callPath, opRoute, type ExtraCall, type ModuleDef, type Op } from './modules/define';

export interface ModuleRecord {
  _id: string;
  [field: string]: unknown;
}

/** A record of a module as the server returns it: its fields plus `_id`. */
export type RecordOf<F extends z.ZodObject> = z.output<F> & { _id: string };

export interface ListPage<R = ModuleRecord> {
  data: R[];
  total: number;
}

export type PathParams = Record<string, string | number>;

export interface CallArgs {
  params?: PathParams;
  body?: unknown;
  query?: Query;
}

export interface ModuleCalls<R extends { _id: string } = ModuleRecord, B = Record<string, unknown>> {
  list(query?: Query): Promise<ListPage<R>>;
  create(body: B): Promise<R>;
  /** The id goes in the path and `_id` never travels in the body, unless the module's update path has no id. */
  update(id: string, body: Partial<B> & { _id?: string }): Promise<R>;
  remove(id: string): Promise<unknown>;
  getById(id: string): Promise<R>;
  call<T = unknown>(name: string, args?: CallArgs): Promise<T>;
}

/** Replaces `:name` segments; a missing parameter is a programming error, so it throws. */
export function fillPath(template: string, params: PathParams = {}): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

export function findCall(def: ModuleDef, name: string): ExtraCall {
  const call = def.calls?.find((candidate) => candidate.name === name);
  if (!call) throw new Error(`Module ${def.name} has no call ${name}`);
  return call;
}

function withoutId<B>(body: B): B {
  if (typeof body !== 'object' || body === null || !('_id' in body)) return body;
  const { _id: _omitted, ...rest } = body as Record<string, unknown>;
  return rest as B;
}

export function moduleCalls<F extends z.ZodObject>(def: ModuleDef<F>): ModuleCalls<RecordOf<F>, z.input<F>>;
export function moduleCalls(def: ModuleDef): ModuleCalls;
export function moduleCalls(def: ModuleDef): ModuleCalls {
  // Pages customers open without signing in call the public modules.
  const isPublic = def.area === 'public';
  const operation = <T>(op: Op, params: PathParams, extra: { body?: unknown; query?: Query } = {}): Promise<T> => {
    const route = opRoute(def, op);
    return apiRequest<T>(def.path + fillPath(route.path, params), { method: route.method, public: isPublic, ...extra });
  };
  return {
    list: (query) => operation('list', {}, { query: listQuery(def, query) }),
    create: (body) => operation('create', {}, { body }),
    update: (id, body) =>
      // Most updates carry the id in the path and never in the body; the few whose path has no id
      // (update-po, update/credit-note) carry it in the body as `_id` (document 2 §3).
      opRoute(def, 'update').path.includes(':id')
        ? operation('update', { id }, { body: withoutId(body) })
        : operation('update', {}, { body: { ...withoutId(body), _id: id } }),
    remove: (id) => operation('remove', { id }),
    getById: (id) => operation('getById', { id }),
    call: async <T>(name: string, args: CallArgs = {}) => {
      const call = findCall(def, name);
      const query = call.kind === 'list' && call.method === 'GET' ? listQuery(def, args.query) : args.query;
      return apiRequest<T>(fillPath(callPath(def, call), args.params), {
        method: call.method,
        public: isPublic,
        body: args.body,
        query,
      });
    },
  };
}
