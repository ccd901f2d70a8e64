/**
 * GET /api/app/ticket/view/{route}: a ticket call view ("My Open Calls", "Urgent Calls", "Client Tickets"…)
 * across every ticket kind. The view's filter is read once, from the catalogue (`moduleViews`), and applied to
 * each module it shows (generic tickets, and service tickets through `alsoModules`), each within what the caller
 * may read of that module: their own grant, by feature or by the views they hold (server/auth/module-grants.ts).
 * So the engineer's "My Open Calls" holds the breakdown ticket assigned to him, and a person who may read no
 * service ticket sees generic ones only. Rows are the modules' own records with the ticket's `module`, its `kind`
 * (the service ticket's type, or "Generic"), the names of what it refers to and the assignee's name among them (an
 * engineer may not read the client or user lists), most urgent first (./ticket-order.ts), as the list reply `{ data, total }`.
 */
import { moduleNamed, moduleViews, type ModuleView } from '../../../src/contract/modules/index';
import { TICKET_CALL_VIEW_ROUTES } from '../../../src/contract/routes';
import { matchesNothing, moduleGrant, scopeOf, type ModuleGrant, type RecordScope } from '../../auth/module-grants';
import { GENERIC_TICKET_KIND, type TicketViewRow } from '../../../src/contract/ticketShapes';
import { repo, type ApiRecord } from '../../db/repository';
import { notFound } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { withReferenceNames } from '../reference-names';
import type { CallContext, CallsOf } from '../call-context';
import { asString } from '../records';
import { mostUrgentFirst } from './ticket-order';

/** A call view's row (src/contract/ticketShapes.ts). */
export type TicketRow = ApiRecord & TicketViewRow;

function viewNamed(route: string): ModuleView {
  const view = moduleViews.find((v) => v.route === route && v.module === 'ticket' && v.alsoModules?.length);
  if (!view) throw notFound(refusal('noTicketView', { route, routes: TICKET_CALL_VIEW_ROUTES.join(', ') }));
  return view;
}

/**
 * The view's filter for the caller. "Client Tickets" names the caller's client company; a member of the subscriber's
 * staff has none, and when they may read every ticket of the module (its feature) the view shows the tickets of
 * every client of the tenant. Without that, a caller without a client company sees none (the filter matches nothing).
 */
async function viewFilters(ctx: CallContext, view: ModuleView, grant: ModuleGrant): Promise<RecordScope> {
  const filters = scopeOf(view.filter, ctx.user);
  const wholeModule = grant.allowed && grant.scopes === undefined;
  if (view.filter?.clientId !== '$client' || ctx.user.clientId || !wholeModule) return filters;
  const clients = await repo(ctx.db, moduleNamed('client'), ctx.tenantId).rows({ project: ['_id'], limit: Number.MAX_SAFE_INTEGER });
  return { ...filters, clientId: clients.map((c) => c._id) };
}

async function rowsOf(ctx: CallContext, moduleName: string, view: ModuleView): Promise<TicketRow[]> {
  const def = moduleNamed(moduleName);
  const grant = moduleGrant(ctx.user, moduleName, def.feature, 'VIEW');
  if (!grant.allowed) return [];
  const filters = await viewFilters(ctx, view, grant);
  if (matchesNothing(filters)) return [];
  const records = repo(ctx.db, def, ctx.tenantId, grant.scopes ? { scopes: grant.scopes } : {});
  // Every row is read, so the view counts them itself: no count(*) beside the rows.
  const data = await records.rows({ filters, limit: Number.MAX_SAFE_INTEGER });
  const rows: TicketRow[] = data.map((r) => ({ ...r, module: moduleName, kind: asString(r.ticketType) ?? GENERIC_TICKET_KIND }));
  // One query names every row's client, machine, site and people (reference-names.ts), as the module's list does.
  await withReferenceNames(ctx.db, ctx.tenantId, def, rows);
  for (const row of rows) if (row.names?.assignedTo) row.assigneeName = row.names.assignedTo;
  return rows;
}

async function ticketView(ctx: CallContext): Promise<{ data: TicketRow[]; total: number }> {
  const view = viewNamed((ctx.req.params as { route: string }).route);
  const kinds = await Promise.all([view.module, ...(view.alsoModules ?? [])].map((m) => rowsOf(ctx, m, view)));
  const data = mostUrgentFirst(kinds.flat());
  return { data, total: data.length };
}

export const ticketViewCalls = {
  view: { handler: ticketView },
} satisfies CallsOf<'ticket'>;
