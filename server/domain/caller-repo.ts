/**
 * The caller's tenant repository of any module (on the pool, or on a transaction's client). For the call's own
 * module it keeps the view scopes the caller came through, so a handler never reaches records outside the view
 * that granted the call. In a module of its own because both the shared write helper (records.ts) and the
 * lifecycle's edits (lifecycle-edits.ts), which records.ts calls, need it.
 */
import type { ModuleDef } from '../../src/contract/modules/index';
import type { Queryable } from '../db/pool';
import { repo, type ModuleRepo } from '../db/repository';
import type { CallContext } from './call-context';

export function repoOf(ctx: Pick<CallContext, 'db' | 'user' | 'def' | 'scopes'>, def: ModuleDef, db: Queryable = ctx.db): ModuleRepo {
  return repo(db, def, ctx.user.tenantId, def.name === ctx.def.name && ctx.scopes ? { scopes: ctx.scopes } : {});
}
