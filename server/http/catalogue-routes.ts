/**
 * One route factory for every module of the catalogue (src/contract/modules): the five operations at
 * `def.path + opRoute(def, op).path`, and the module's extra calls. Each route checks the module's
 * privilege, works inside the caller's tenant, validates bodies with the module's fields, maps unique
 * violations to 409/11000 and announces writes as `record.changed`. A custom call is served by its handler
 * and an operation by its override, when the module has one, from the handler map buildApp gives
 * (server/domain/handlers.ts, typed from the catalogue: every custom call has its handler); its request is
 * validated with the catalogue's schemas of that call, and its reply schema is shown in /api/docs.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callPath, catalogue, moduleOps, opPrivilege, opRoute, type CustomCall, type ExtraCall, type ModuleDef, type Op } from '../../src/contract/modules/index';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/pool';
import { ALL_TENANTS, repo, type ApiRecord, type ListOptions, type ListStream, type ModuleRepo, type TenantScope } from '../db/repository';
import { updateSchemaOf } from '../../src/contract/modules/updateSchema';
import { lifecycleOf, stampedFields } from '../../src/machines/lifecycles/index';
import { applyTransition, historyOf, readLifecycleRecord, stampMaker, startInInitialState, takeStatusOut, withLifecycle } from '../domain/lifecycle';
import { schedulerCaller } from '../domain/step-context';
import { checkReferences, patchRecord, refuseStaleCopy, removeRecord, stampScope, withDuplicateMapping } from '../domain/records';
import { withReferenceNames, type KnownNames } from '../domain/reference-names';
import type { CallContext, CallEntry, CallHandler, CatalogueHandlers } from '../domain/call-context';
import type { EInvoicePortal } from '../einvoice/portal';
import type { RealtimeHub } from '../realtime/hub';
import { currentUser, type Access, type PickingModule } from './access';
import { badRequest, HttpError, missingRecord } from './errors';
import { refusal } from '../../src/contract/refusalMessages';
import { plainJson } from './plain-json';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import { lifecycleEndpoints, type LifecycleEndpoints } from '../../src/contract/lifecycleShapes';
import { isUnpaged, sendStreamedList } from './streamed-list';

export interface CatalogueDeps {
  db: Db;
  hub: RealtimeHub;
  einvoice?: EInvoicePortal;
  /** Every custom call's handler and the operation overrides (server/domain/handlers.ts). */
  handlers: CatalogueHandlers;
}

/** The handler map read by module name: at run time a catalogue entry is a plain ModuleDef. */
type HandlersByName = Readonly<Record<string, { calls?: Readonly<Record<string, CallEntry>>; ops?: Readonly<Partial<Record<Op, CallHandler>>> } | undefined>>;

/** Fields the server owns: ignored when a client sends them back in a body. */
const SERVER_FIELDS = ['_id', 'createdAt', 'updatedAt', 'alternateId', '__v'];

const listQuery = z
  .object({
    limit: z.coerce.number().int().min(0).optional(),
    offset: z.coerce.number().int().min(0).optional(),
    search: z.string().optional(),
    sort: z.string().optional(),
    order: z.enum(['asc', 'desc']).optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));

const idParams = z.object({ id: z.string().min(1) });

/** Updates whose path has no `:id` (PUT update-po, PUT update/credit-note) carry the id in the body. */
export function updateCarriesIdInBody(def: ModuleDef): boolean {
  return !opRoute(def, 'update').path.includes(':id');
}

const bodyId = z.object({ _id: z.string().min(1).optional(), id: z.string().min(1).optional() });

/** The record an update targets: the path's id, or `_id` / `id` from the body when the path has none. */
export function updateTargetId(request: FastifyRequest): string {
  const params = (request.params ?? {}) as { id?: unknown };
  if (typeof params.id === 'string' && params.id) return params.id;
  const body = (request.body ?? {}) as { _id?: unknown; id?: unknown };
  for (const candidate of [body._id, body.id]) if (typeof candidate === 'string' && candidate) return candidate;
  throw badRequest('_id', refusal('recordIdRequired'));
}

type ListQuery = z.infer<typeof listQuery>;

/**
 * A list call's options from its query. A picker read (`pickedOnly`: people without the module's privilege may make
 * it, src/contract/pickerReads.ts) is asked only about the fields it shows: a filter, search or sort on a field it
 * leaves out would tell its caller the hidden value (a part's price), so it is ignored like an unknown field.
 */
function listOptions(query: ListQuery, project?: readonly string[], pickedOnly = false): ListOptions {
  const { limit, offset, search, sort, order, ...filters } = query;
  const shown = (field: string) => !pickedOnly || project === undefined || project.includes(field);
  const clean: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(filters)) if ((typeof value === 'string' || Array.isArray(value)) && shown(key)) clean[key] = value;
  return { limit, offset, search: search || undefined, sort: sort && shown(sort) ? sort : undefined, order, filters: clean, project, ...(pickedOnly && project ? { searchIn: project } : {}) };
}

/**
 * A page of a list as one answer; an unpaged list (the spec's client asks for all) streamed as it is read. Either way
 * each row carries the names of what it refers to (`names`, as a detail does): one query per page, or per batch of
 * the stream, for every referenced module together.
 */
async function listReply(ctx: CallContext, options: ListOptions): Promise<unknown> {
  if (isUnpaged(options)) return sendStreamedList(ctx.reply, namedStream(ctx, ctx.repo.stream(options)));
  return namedPage(ctx, await ctx.repo.list(options));
}

/** A page of a list ({ data, total }) with its rows named. */
async function namedPage<P extends { data: ApiRecord[] }>(ctx: CallContext, page: P): Promise<P> {
  return { ...page, data: await withReferenceNames(ctx.db, ctx.tenantId, ctx.def, page.data) };
}

/** The stream's batches, each with its rows' names: read as the batch is, before it is written (at most one query a batch). */
function namedStream(ctx: CallContext, stream: ListStream): ListStream {
  if (Object.keys(ctx.def.references ?? {}).length === 0) return stream;
  // A record named in one batch is not asked for again in the next (a list's suppliers recur through it).
  const known: KnownNames = new Map();
  async function* batches(): AsyncGenerator<ApiRecord[]> {
    // Leaving early (the reader went away) returns the cursor's generator too, which gives its connection back.
    for await (const batch of stream.batches) yield await withReferenceNames(ctx.db, ctx.tenantId, ctx.def, batch, known);
  }
  return { batches: batches(), total: stream.total };
}

/** A list an operation override answers ({ data, total }, e.g. the proposals' own list): its rows named as well. */
async function namedListAnswer(ctx: CallContext, answer: unknown): Promise<unknown> {
  if (!answer || typeof answer !== 'object' || !Array.isArray((answer as { data?: unknown }).data)) return answer;
  return namedPage(ctx, answer as { data: ApiRecord[] });
}

/** The operator reaches every subscriber row; anyone else only their own tenant's rows. */
export function scopeFor(def: ModuleDef, user: SessionUser): TenantScope {
  return def.crossTenant && user.isOperator ? ALL_TENANTS : user.tenantId;
}

export function moduleRepoFor(db: Db, def: ModuleDef, user: SessionUser): ModuleRepo {
  return repo(db, def, scopeFor(def, user));
}

function recordMissing(def: ModuleDef, id: string): HttpError {
  return missingRecord(def.name, id);
}

function stripServerFields(request: FastifyRequest, keep: readonly string[] = [], more: readonly string[] = []): void {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of [...SERVER_FIELDS, ...more]) if (!keep.includes(key)) delete (body as Record<string, unknown>)[key];
  }
}

/**
 * What a client may send back beside a record's fields: what the record's reply carried (issue 28), including the
 * names of the parts a document's lines name (`partNames`, issue 32).
 */
const REPLY_ONLY = new Set(['_id', 'id', 'version', 'allowedEvents', 'names', 'partNames']);

/**
 * An update naming a field the module does not have is refused with a 400 naming it, before anything is read or
 * written (it used to be dropped in silence, so a misspelt field looked saved).
 */
function refuseUnknownFields(request: FastifyRequest, def: ModuleDef): void {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = def.fields.shape as Record<string, unknown>;
  const unknown = Object.keys(body).find((key) => !(key in fields) && !REPLY_ONLY.has(key));
  if (unknown !== undefined) throw badRequest(unknown, refusal('noSuchField', { module: def.label, name: unknown }, { module: def.name, name: unknown }));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The record version the caller sent with a write (./catalogue-routes.ts), checked where the record is written. */
    sentVersion?: number;
  }
}

/**
 * The `version` a write carries: in the body (a save sends back the version it read) or in the query (a delete).
 * Absent is allowed (the spec's calls send none); anything but a whole number is refused naming the field, before
 * anything is read or written.
 */
function sentVersionOf(request: FastifyRequest): number | undefined {
  if (request.method === 'GET') return undefined;
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = 'version' in body ? body.version : query.version;
  if (raw === undefined) return undefined;
  const version = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) throw badRequest('version', refusal('versionRequired'));
  return version;
}

export async function catalogueRoutes(app: FastifyInstance, deps: CatalogueDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = deps;
  const handlers: HandlersByName = deps.handlers;

  // The version a caller read travels with every write of the catalogue's records (body, or ?version= on a delete).
  api.addHook('preValidation', (request, _reply, done) => {
    try {
      const version = sentVersionOf(request);
      if (version !== undefined) request.sentVersion = version;
      done();
    } catch (refused) {
      done(refused as Error);
    }
  });

  const contextFor = (def: ModuleDef, req: FastifyRequest, reply: FastifyReply): CallContext => {
    const user = currentUser(req);
    const tenantId = scopeFor(def, user);
    return {
      req,
      reply,
      db,
      tenantId,
      user,
      def,
      hub,
      ...(deps.einvoice ? { einvoice: deps.einvoice } : {}),
      scopes: req.accessScopes,
      ...(req.sentVersion !== undefined ? { sentVersion: req.sentVersion } : {}),
      repo: repo(db, def, tenantId, { scopes: req.accessScopes }),
      notify: (op, id, before) => hub.recordChanged(user.tenantId, { module: def.name, op, _id: id, ...(before ? { before } : {}) }),
    };
  };

  const generic: Record<Op, (ctx: CallContext) => Promise<unknown>> = {
    async list(ctx) {
      return listReply(ctx, listOptions(ctx.req.query as ListQuery));
    },
    async getById(ctx) {
      const { id } = ctx.req.params as { id: string };
      const record = await ctx.repo.getById(id);
      if (!record) throw recordMissing(ctx.def, id);
      return record;
    },
    async create(ctx) {
      if (ctx.def.crossTenant && ctx.tenantId !== ALL_TENANTS) throw badRequest(undefined, refusal('operatorCreates', { module: ctx.def.label }, { module: ctx.def.name }));
      const body = stampScope(ctx.req.body as Record<string, unknown>, ctx.scopes);
      await checkReferences(ctx.db, ctx.def, ctx.user.tenantId, body);
      const record = await withDuplicateMapping(ctx.def, body, () => ctx.repo.create(body));
      ctx.notify('create', record._id);
      ctx.reply.code(201);
      return record;
    },
    async update(ctx) {
      const id = updateTargetId(ctx.req);
      const { _id: _bodyId, id: _bodyAltId, ...patch } = ctx.req.body as Record<string, unknown>;
      const record = Object.keys(patch).length === 0 ? await ctx.repo.getById(id) : await patchRecord(ctx, id, patch);
      if (!record) throw recordMissing(ctx.def, id);
      return record;
    },
    async remove(ctx) {
      const { id } = ctx.req.params as { id: string };
      // Outside the operator's reach, a platform row is the caller's own subscriber: never deletable by them.
      if (ctx.def.crossTenant && ctx.tenantId !== ALL_TENANTS) throw badRequest(undefined, refusal('operatorDeletes', { module: ctx.def.label }, { module: ctx.def.name }));
      const record = await removeRecord(ctx, id);
      // Both shapes the client reads: the id at the top, and inside `data` (deleteIdInData modules).
      return { message: `${ctx.def.label}: record deleted`, _id: record._id, data: { _id: record._id } };
    },
  };

  for (const def of catalogue) {
    const tags = [def.area];
    const moduleLifecycle = lifecycleOf(def.name);
    const lifecycleStamps = moduleLifecycle ? stampedFields(moduleLifecycle) : [];
    for (const op of moduleOps(def)) {
      const { method, path } = opRoute(def, op);
      const access: Access = { kind: 'privilege', feature: def.feature, privilege: opPrivilege[op], module: def.name };
      const idInBody = op === 'update' && updateCarriesIdInBody(def);
      const schema =
        op === 'create'
          ? { body: def.fields }
          : op === 'update'
            ? idInBody
              ? { body: updateSchemaOf(def.fields).extend(bodyId.shape) }
              : { body: updateSchemaOf(def.fields), params: idParams }
            : op === 'list'
              ? { querystring: listQuery }
              : { params: idParams };
      api.route({
        method,
        url: def.path + path,
        config: { access },
        schema: { ...schema, tags, summary: `${def.label}: ${op}` },
        // A lifecycle step's who and when are the server's: a body's copy (a client PUTting the record back) is dropped.
        preValidation: (request, _reply, done) => {
          try {
            stripServerFields(request, idInBody ? ['_id'] : [], lifecycleStamps);
            if (op === 'update') refuseUnknownFields(request, def);
            done();
          } catch (refused) {
            done(refused as Error);
          }
        },
        handler: async (request, reply) => {
          const ctx = contextFor(def, request, reply);
          const override = handlers[def.name]?.ops?.[op];
          const lifecycle = lifecycleOf(def.name);
          // Nothing skips a lifecycle: a new record starts in its initial state, and a PUT naming another
          // status is the step that leads there (refused before anything is written when there is none).
          if (lifecycle && op === 'create') request.body = stampMaker(lifecycle, startInInitialState(lifecycle, request.body as Record<string, unknown>), ctx.user);
          // A save on a stale copy is refused before anything is read for it or written (issue 28).
          if (op === 'update' && request.sentVersion !== undefined) await refuseStaleCopy(ctx, updateTargetId(request));
          const step = lifecycle && op === 'update' ? await takeStatusOut(ctx, updateTargetId(request), request.body as Record<string, unknown>) : undefined;
          // A lifecycle record by id: its row read once, with the version (readLifecycleRecord).
          if (op === 'getById' && lifecycle && !override) {
            const { id } = request.params as { id: string };
            const record = await readLifecycleRecord(ctx, id);
            if (!record) throw recordMissing(def, id);
            return record;
          }
          // Every id the body names, at any depth the catalogue declares, is the caller's tenant's before a handler
          // reads or writes anything (the generic create and patchRecord check it themselves): 400 naming the path.
          if (override && (op === 'create' || op === 'update')) {
            // An update of a record the caller cannot reach is a 404 whatever its body names, as the generic update's.
            if (op === 'update' && !(await ctx.repo.getBody(updateTargetId(request)))) throw recordMissing(def, updateTargetId(request));
            await checkReferences(ctx.db, def, ctx.user.tenantId, request.body as Record<string, unknown>);
          }
          const answer = await (override ? override(ctx) : generic[op](ctx));
          // The generic list names its rows itself; an override's list is named here.
          const result = override && op === 'list' ? await namedListAnswer(ctx, answer) : answer;
          if (step) return applyTransition(ctx, updateTargetId(request), step);
          // A lifecycle record is read with its version and the steps the caller may take now.
          return op === 'getById' && lifecycle ? withLifecycle(ctx, result as ApiRecord) : result;
        },
      });
    }
    for (const call of def.calls ?? []) mountCall(api, def, call, call.kind === 'custom' ? handlers[def.name]?.calls?.[call.name] : undefined, contextFor, tags);
    if (lifecycleOf(def.name)) mountLifecycleRoutes(api, def, contextFor, tags);
  }
}

/**
 * PATCH {path}/transition/{id} { event, note?, version?, ...event data } for the steps with no spec call (not the
 * customer's, which only their public page sends, nor one taken only through its own call), and
 * GET {path}/history/{id}. Both need the module's VIEW: whether the caller may take a step is the machine's to
 * say (a refusal is a 409 with the allowed steps, never a 403, which would end the person's session).
 */
function mountLifecycleRoutes(
  api: FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>,
  def: ModuleDef,
  contextFor: (def: ModuleDef, req: FastifyRequest, reply: FastifyReply) => CallContext,
  tags: string[],
): void {
  const access: Access = { kind: 'privilege', feature: def.feature, privilege: 'VIEW', module: def.name };
  const endpoints = lifecycleEndpoints(def.path);
  api.route({
    method: endpoints.transition.method,
    url: endpoints.transition.path,
    config: { access },
    serializerCompiler: plainJson,
    schema: { params: endpoints.transition.params, body: endpoints.transition.body, response: { '2xx': endpoints.transition.reply }, tags, summary: `${def.label}: take a lifecycle step` },
    handler: async (request, reply) => {
      const { id } = request.params;
      const { event, note, version, ...data } = request.body;
      const spec = lifecycleOf(def.name)?.events[event];
      if (spec?.onlyByCall) throw badRequest('event', refusal('stepByCall', { step: spec.label, call: spec.call ?? 'module' }));
      // A clock step sent here is taken as the scheduler: the person asks the clock to look now, and the step's
      // guard still reads the record's dates, so nothing falls due early (the history names the scheduler).
      const ctx = contextFor(def, request, reply);
      return applyTransition(spec?.sender === 'scheduler' ? { ...ctx, caller: schedulerCaller() } : ctx, id, { event, note, version, data });
    },
  });
  api.route({
    method: endpoints.history.method,
    url: endpoints.history.path,
    config: { access },
    serializerCompiler: plainJson,
    schema: { params: endpoints.history.params, response: { '2xx': endpoints.history.reply }, tags, summary: `${def.label}: lifecycle history, oldest first` },
    handler: async (request, reply): Promise<EndpointAnswer<LifecycleEndpoints['history']>> => historyOf(contextFor(def, request, reply), request.params.id),
  });
}

/**
 * The route schema of a custom call, from the catalogue: its request schemas and its reply (any 2xx). The reply is
 * shown in /api/docs; the answer is sent as plain JSON (./plain-json.ts), never through the schema.
 */
function customCallSchema(call: CustomCall): FastifySchema {
  return {
    ...(call.params ? { params: call.params } : {}),
    ...(call.querystring ? { querystring: call.querystring } : {}),
    ...(call.body ? { body: call.body } : {}),
    response: { '2xx': call.reply },
  };
}

/** A picker read's picking modules with their features (src/contract/pickerReads.ts); an unknown module fails the start. */
function pickersOf(call: ExtraCall): { pickerFor?: PickingModule[] } {
  if (call.kind !== 'list' || !call.pickerFor) return {};
  return {
    pickerFor: call.pickerFor.map((module) => {
      const picking = catalogue.find((m) => m.name === module);
      if (!picking) throw new Error(`The picker read ${call.name} names ${module}, which is no catalogue module`);
      return { module, feature: picking.feature };
    }),
  };
}

/** An extra call: a `list` call served here, a `custom` call by its entry in the handler map. */
function mountCall(
  api: ReturnType<FastifyInstance['withTypeProvider']>,
  def: ModuleDef,
  call: ExtraCall,
  custom: CallEntry | undefined,
  contextFor: (def: ModuleDef, req: FastifyRequest, reply: FastifyReply) => CallContext,
  tags: string[],
): void {
  const access: Access = { kind: 'privilege', feature: def.feature, privilege: call.privilege, module: def.name, ...pickersOf(call) };
  let serve: CallHandler;
  if (call.kind === 'list') serve = (ctx) => listReply(ctx, listOptions(ctx.req.query as ListQuery, call.project, Boolean(call.pickerFor)));
  else if (custom) serve = custom.handler;
  // CatalogueHandlers makes this unreachable in typed code: a map built around the types fails the start, never a request.
  else throw new Error(`No handler for the custom call ${def.name}.${call.name} (server/domain/handlers.ts)`);
  const schema = call.kind === 'list' ? { querystring: listQuery } : customCallSchema(call);
  api.route({
    method: call.method,
    url: callPath(def, call),
    config: { access },
    schema: { ...schema, tags, summary: `${def.label}: ${call.name}` },
    ...(call.kind === 'custom' ? { serializerCompiler: plainJson } : {}),
    handler: async (request, reply) => serve(contextFor(def, request, reply)),
  });
}
