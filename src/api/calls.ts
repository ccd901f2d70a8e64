/**
 * Typed calls of one catalogue module, built from its entry: the five operations with the spec's paths
 * (document 2 §3 and §7) and its extra calls by name.
 */
import type { z } from 'zod';
import { apiRequest, listQuery, type Query } from './http';
import type { Endpoint, EndpointArgs, EndpointReply } from '../contract/endpoints';
import { callPath, opRoute, type ExtraCall, type ModuleDef, type Op } from '../contract/modules/define';

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

/**
 * A part of a custom call's request (`params`, `body` or `query`): required and typed by the input of the schema the
 * call declares for it (optional when that input admits undefined or every field of it is optional), and refused
 * when the call declares none.
 */
type RequestPart<Key extends string, Schema> = [Schema] extends [never]
  ? { [K in Key]?: never }
  : [Schema] extends [z.ZodType]
    ? undefined extends z.input<Schema>
      ? { [K in Key]?: z.input<Schema> }
      : {} extends z.input<Schema>
        ? { [K in Key]?: z.input<Schema> }
        : { [K in Key]: z.input<Schema> }
    : { [K in Key]?: never };

type SchemaAt<C, Key extends string> = C extends { [K in Key]: infer S extends z.ZodType } ? S : never;

/** What the extra call C takes: a custom call its schemas' inputs, a list call a list query. */
export type CallArgsOf<C extends ExtraCall> = C extends { kind: 'custom' }
  ? RequestPart<'params', SchemaAt<C, 'params'>> & RequestPart<'body', SchemaAt<C, 'body'>> & RequestPart<'query', SchemaAt<C, 'querystring'>>
  : { query?: Query };

/** What the extra call C of a module with fields F answers: a custom call its reply schema's output, a list call a page of records. */
export type CallReplyOf<C extends ExtraCall, F extends z.ZodObject = z.ZodObject> = C extends { kind: 'custom'; reply: infer R extends z.ZodType }
  ? z.output<R>
  : C extends { project: readonly string[] }
    ? ListPage<Partial<z.output<F>> & { _id: string }>
    : ListPage<RecordOf<F>>;

/** The names of the extra calls a module declares. */
export type CallNameIn<Calls extends readonly ExtraCall[]> = Calls[number]['name'];
/** The declaration of the extra call named N among Calls. */
export type CallNamed<Calls extends readonly ExtraCall[], N extends string> = Extract<Calls[number], { name: N }>;

/** The arguments after a call's name: optional when every part of the call's request is. */
export type CallArgsParam<C extends ExtraCall> = {} extends CallArgsOf<C> ? [args?: CallArgsOf<C>] : [args: CallArgsOf<C>];

/**
 * The `call` of a module: for a module declared with defineModule, the name is one of its calls (a misspelled name
 * does not compile), the request is typed by the call's schemas and the answer by its reply schema. A module read as
 * data (an entry of `catalogue`, whose calls are not known to the compiler) takes any name and answers `unknown`.
 */
export type ModuleCallFn<F extends z.ZodObject, Calls extends readonly ExtraCall[]> = string extends CallNameIn<Calls>
  ? (name: string, args?: CallArgs) => Promise<unknown>
  : <N extends CallNameIn<Calls>>(name: N, ...args: CallArgsParam<CallNamed<Calls, N>>) => Promise<CallReplyOf<CallNamed<Calls, N>, F>>;

export interface ModuleCalls<
  R extends { _id: string } = ModuleRecord,
  B = Record<string, unknown>,
  Call = (name: string, args?: CallArgs) => Promise<unknown>,
> {
  list(query?: Query): Promise<ListPage<R>>;
  create(body: B): Promise<R>;
  /** The id goes in the path and `_id` never travels in the body, unless the module's update path has no id. */
  update(id: string, body: Partial<B> & { _id?: string }): Promise<R>;
  /** `version`: the one read with the record (`?version=`); a stale copy is refused with 409 STALE_VERSION. */
  remove(id: string, version?: number): Promise<unknown>;
  getById(id: string): Promise<R>;
  call: Call;
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

/**
 * Runs the extra call `name` of a module, untyped: the module's actor runs whichever call an event names (it checks
 * the name against the entry first). Typed callers use `moduleCalls(def).call`. An unknown name rejects (never throws).
 */
export async function runCall(def: ModuleDef, name: string, args: CallArgs = {}): Promise<unknown> {
  const call = findCall(def, name);
  const query = call.kind === 'list' && call.method === 'GET' ? listQuery(def, args.query) : args.query;
  return apiRequest<unknown>(fillPath(callPath(def, call), args.params), {
    method: call.method,
    public: def.area === 'public',
    body: args.body,
    query,
  });
}

export function moduleCalls<F extends z.ZodObject, Calls extends readonly ExtraCall[]>(
  def: ModuleDef<F, string, Calls, readonly Op[]>,
): ModuleCalls<RecordOf<F>, z.input<F>, ModuleCallFn<F, Calls>>;
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
    remove: (id, version) => operation('remove', { id }, version === undefined ? {} : { query: { version } }),
    getById: (id) => operation('getById', { id }),
    call: (name, args) => runCall(def, name, args),
  };
}

/** Calls an endpoint declared outside the catalogue (src/contract/endpoints.ts), signed in, typed by its schemas. */
export function endpointRequest<E extends Endpoint>(
  endpoint: E,
  ...[args]: {} extends EndpointArgs<E> ? [args?: EndpointArgs<E>] : [args: EndpointArgs<E>]
): Promise<EndpointReply<E>> {
  const { params, query, body } = (args ?? {}) as { params?: PathParams; query?: Query; body?: unknown };
  return apiRequest<EndpointReply<E>>(params ? fillPath(endpoint.path, params) : endpoint.path, { method: endpoint.method, ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) });
}
