/**
 * Handlers for what the generic catalogue routes cannot do alone.
 * - `registerCall('<module>.<callName>', handler)`: an ExtraCall of kind 'custom' (e.g. 'role.updateRole').
 *   A custom call without a handler answers 501 { message: 'Not implemented' }.
 * - `registerOp('<module>.<op>', handler)`: replaces one of the five operations of a module (e.g. user
 *   create, which moves the password into the credentials table). The body is already validated.
 * Handlers get the tenant-bound repository of their module; they return the reply payload.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { ModuleDef, Op } from '../../src/api/modules/define';
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
  /** Announces a write to the caller's tenant room (`record.changed`). */
  notify(op: string, id: string): void;
}

export type CallHandler = (ctx: CallContext) => Promise<unknown>;

/** Optional schemas: validated before the handler and shown in /api/docs. */
export interface CallSchemas {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

interface Registered {
  handler: CallHandler;
  schemas: CallSchemas;
}

const calls = new Map<string, Registered>();
const ops = new Map<string, CallHandler>();

export function registerCall(key: string, handler: CallHandler, schemas: CallSchemas = {}): void {
  if (calls.has(key)) throw new Error(`A handler for ${key} is already registered`);
  calls.set(key, { handler, schemas });
}

export function registerOp(key: `${string}.${Op}`, handler: CallHandler): void {
  if (ops.has(key)) throw new Error(`An override for ${key} is already registered`);
  ops.set(key, handler);
}

export function registeredCall(moduleName: string, callName: string): Registered | undefined {
  return calls.get(`${moduleName}.${callName}`);
}

export function opOverride(moduleName: string, op: Op): CallHandler | undefined {
  return ops.get(`${moduleName}.${op}`);
}

/** Custom calls of the catalogue that have no handler yet (they answer 501). */
export function unimplementedCalls(defs: readonly ModuleDef[]): string[] {
  return defs.flatMap((def) => (def.calls ?? []).filter((c) => c.kind === 'custom' && !calls.has(`${def.name}.${c.name}`)).map((c) => `${def.name}.${c.name}`));
}
