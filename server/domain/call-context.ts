/**
 * What a handler of the catalogue's routes is given and what it provides, and the handler map typed from the
 * catalogue (src/contract/modules): each area exports its modules' handlers (`AreaHandlers`), ./handlers.ts composes
 * them into one `CatalogueHandlers`, and buildApp hands that to the catalogue routes.
 * - `calls`: one entry per custom call of the module (a CustomCall, e.g. role.updateRole): its handler, which must
 *   answer the call's reply type (the catalogue's `reply` schema); a missing, extra or misspelled call, or a
 *   handler answering another shape, is a compile error. The call's request schemas (params, querystring, body)
 *   are the catalogue's too: the route validates with them before the handler runs.
 * - `ops`: replaces some of the module's operations (e.g. user create, which moves the password into the
 *   credentials table). The body is already validated.
 * Handlers get the tenant-bound repository of their module; they return the reply payload.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallEntryFor, CallOf, CallReply, HandlerMap, ModuleDef, ModuleHandlers, ModuleName, OpOf } from '../../src/contract/modules/index';
import type { RecordScope } from '../auth/module-grants';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/pool';
import type { ModuleRepo, TenantScope } from '../db/repository';
import type { EInvoicePortal } from '../einvoice/portal';
import type { RealtimeHub } from '../realtime/hub';

export interface CallContext {
  req: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  /** The caller's scope: their subscriber id, or ALL_TENANTS for the operator on crossTenant modules. */
  tenantId: TenantScope;
  user: SessionUser;
  def: ModuleDef;
  /** The module's repository, bound to the tenant (and to `scopes` when set). */
  repo: ModuleRepo;
  /** Set when the caller reaches the module only through views: the records they may touch. */
  scopes?: readonly RecordScope[];
  hub: RealtimeHub;
  /** The e-invoice portal the configuration chose (server/einvoice): registering and cancelling IRNs. */
  einvoice?: EInvoicePortal;
  /**
   * The `version` of the record the caller read, when they sent one (in the body, or `?version=` on a delete):
   * an update or delete of the call's record on a stale copy is refused (./lifecycle-edits.ts).
   */
  sentVersion?: number;
  /**
   * Announces a write to the people who may read the record (`record.changed`); `before`, the record's body before
   * this write, when it moved it out of someone's filtered view (./former-body.ts).
   */
  notify(op: string, id: string, before?: Readonly<Record<string, unknown>>): void;
}

export type CallHandler = (ctx: CallContext) => Promise<unknown>;

/** A custom call's entry: its handler, answering `Reply` (the call's reply type; unknown where read as data). */
export type CallEntry<Reply = unknown> = CallEntryFor<CallContext, Reply>;

/** Every module's handlers: one entry per custom call of the catalogue, and the operation overrides. */
export type CatalogueHandlers = HandlerMap<CallContext, CallHandler>;

/** The handlers of the modules named N (one area of server/domain): complete for each module listed. */
export type AreaHandlers<N extends ModuleName> = { [K in N]: ModuleHandlers<K, CallContext, CallHandler> };

/** Some of the custom calls of the module named N (one file's share of a module served by several files). */
export type CallsOf<N extends ModuleName> = { [C in CallOf<N>]?: CallEntry<CallReply<N, C>> };

/** Overrides of some operations of the module named N. */
export type OpsOf<N extends ModuleName> = { [O in OpOf<N>]?: CallHandler };

/** Everything the module named N is given (a file that serves the whole module exports this). */
export type HandlersOf<N extends ModuleName> = ModuleHandlers<N, CallContext, CallHandler>;
