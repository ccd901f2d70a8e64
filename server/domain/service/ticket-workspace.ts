/**
 * What every call of a ticket's workspace does (./ticket-activity.ts, ./ticket-files.ts): read the ticket within
 * the caller's grant on its module (404 outside it), refuse to add to a ticket its lifecycle has ended, and keep
 * what is added in the module it belongs to (a comment, a work log, an expense), announced to the tenant.
 */
import type { CallOf, CallReply, ModuleDef } from '../../../src/contract/modules/index';
import { isFinal } from '../../../src/machines/lifecycles/index';
import { repo, type ApiRecord } from '../../db/repository';
import { invalid } from '../errors';
import { refusal, type PhraseKey } from '../../../src/contract/refusalMessages';
import { requireLifecycle } from '../lifecycle';
import { checkReferences, requireRecord } from '../records';
import type { CallContext, CallEntry } from '../call-context';

/** The calls both ticket modules share (the workspace): one handler serves both, reading `ctx.def`; it answers both calls' reply. */
export type WorkspaceCalls = { [C in CallOf<'svc-ticket'> & CallOf<'ticket'>]?: CallEntry<CallReply<'svc-ticket', C> & CallReply<'ticket', C>> };

/** The ticket of the call's `{id}`, read within the caller's grant on its module. */
export function ticketInScope(ctx: CallContext): Promise<ApiRecord> {
  return requireRecord(ctx.repo, (ctx.req.params as { id: string }).id);
}

/** The ticket, unless its lifecycle has ended (closed, cancelled): then `notDone` says what is not done any more. */
export async function workableTicket(ctx: CallContext, notDone: PhraseKey): Promise<ApiRecord> {
  const found = await ticketInScope(ctx);
  if (isFinal(requireLifecycle(ctx.def.name), found)) throw invalid('ticket', refusal('ticketEnded', { name: String(found.alternateId ?? found._id), status: String(found.status), whatPhrase: notDone }));
  return found;
}

/** A record of another module made for the ticket (no view scope applies to it), announced, answered 201. */
export async function createFor(ctx: CallContext, def: ModuleDef, body: Record<string, unknown>): Promise<ApiRecord> {
  // Whatever the call was given, every id the record will hold is the caller's tenant's (issue 35). Its ticketId is
  // the call's own ticket, already read in the caller's scope, and may be of either ticket module, whereas the
  // records' catalogue names svc-ticket: it is not looked up again.
  const { ticketId: _own, ...named } = body;
  await checkReferences(ctx.db, def, ctx.user.tenantId, named);
  const record = await repo(ctx.db, def, ctx.user.tenantId).create(body);
  ctx.hub.recordChanged(ctx.user.tenantId, { module: def.name, op: 'create', _id: record._id });
  ctx.reply.code(201);
  return record;
}
