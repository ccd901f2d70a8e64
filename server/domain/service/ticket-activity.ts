/**
 * A ticket's timeline and what its people add to it (issue 13), on both ticket modules:
 * - GET activity/{id}: the ticket's comments, work logs and spare-part requests, newest first, each with who
 *   and when. A client's user never receives an internal comment: the server leaves them out, not the screen.
 * - POST comment/{id} { comment, internal? }: in the caller's name; a client's comment is never internal.
 * - POST worklog/{id} { activity, hours, startedAt? }: the caller's own work (never in someone else's name);
 *   without a start, the work ends now and started `hours` before.
 * - POST feedback/{id} { rating 1–5, comments? }: the work rated, once, after it is resolved.
 * - GET parts/{id} and POST spare-request/{id}: the parts to choose from, and a spare-part request for the ticket.
 * Whoever may read the ticket may comment on it, and whoever may work it may log work: the ticket module's own
 * grant decides (its feature, or a call view's code within the view's records: the engineer on his tickets,
 * the client on his company's). The records live in the comment and work-log modules, tied by `ticketId`.
 */
import type { CommentBody, RateBody, RequestPartsBody, WorkLogBody } from '../../../src/contract/modules/ticketWorkspaceCalls';
import { requestSpare, sparePartInventory } from '../../../src/contract/modules/parts';
import { discussion, expense, feedback, svcTicketComment, workLog } from '../../../src/contract/modules/service';
import type { TimelineEntry } from '../../../src/contract/ticketShapes';
import { repo, type ApiRecord } from '../../db/repository';
import { conflict, forbidden, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { partLines, partNames, userNames } from '../reference-names';
import type { CallContext } from '../call-context';
import { createFor, ticketInScope, workableTicket, type WorkspaceCalls } from './ticket-workspace';
import { asArray, asString } from '../records';


const isClient = (ctx: CallContext): boolean => ctx.user.userType === 'Client-User';

async function activity(ctx: CallContext): Promise<{ data: TimelineEntry[]; total: number }> {
  const found = await ticketInScope(ctx);
  const tenant = ctx.user.tenantId;
  const all = { limit: Number.MAX_SAFE_INTEGER };
  const number = asString(found.alternateId);
  const none = Promise.resolve({ data: [] as ApiRecord[], total: 0 });
  const [comments, logs, requests, ratings, talks, expenses] = await Promise.all([
    repo(ctx.db, svcTicketComment, tenant).list({ ...all, filters: { ticketId: found._id } }),
    repo(ctx.db, workLog, tenant).list({ ...all, filters: { ticketId: found._id } }),
    number ? repo(ctx.db, requestSpare, tenant).list({ ...all, filters: { ticketAlternateId: number } }) : none,
    repo(ctx.db, feedback, tenant).list({ ...all, filters: { ticketId: found._id } }),
    // The team's discussions and expenses are not a client's business.
    isClient(ctx) ? none : repo(ctx.db, discussion, tenant).list({ ...all, filters: { ticketId: found._id } }),
    isClient(ctx) || !number ? none : repo(ctx.db, expense, tenant).list({ ...all, filters: { ticketAlternateId: number } }),
  ]);
  const attachments = asArray(found.attachments).filter((a) => typeof a.url === 'string');
  const visibleComments = comments.data.filter((c) => !(isClient(ctx) && c.internal === true));
  const names = await userNames(ctx.db, ctx.user.tenantId, [
    ...visibleComments.map((c) => String(c.author ?? '')),
    ...logs.data.map((l) => String(l.engineer ?? '')),
    ...requests.data.map((r) => String(r.requestedBy ?? '')),
    ...talks.data.map((d) => String(d.author ?? '')),
    ...expenses.data.map((e) => String(e.incurredBy ?? '')),
    ...attachments.map((a) => String(a.addedBy ?? '')),
  ]);
  const parts = await partNames(ctx.db, ctx.user.tenantId, requests.data.flatMap((r) => (Array.isArray(r.items) ? r.items : []).map((i: { partId?: unknown }) => String(i.partId ?? ''))));
  const person = (id: unknown) => (typeof id === 'string' && id ? { _id: id, name: names.get(id) ?? '' } : undefined);
  const data: TimelineEntry[] = [
    ...visibleComments.map((c) => ({ kind: 'comment' as const, _id: c._id, at: c.createdAt, by: person(c.author), text: String(c.comment ?? ''), internal: c.internal === true })),
    ...logs.data.map((l) => ({
      kind: 'worklog' as const,
      _id: l._id,
      at: asString(l.endedAt) ?? asString(l.startedAt) ?? l.createdAt,
      by: person(l.engineer),
      text: String(l.activity ?? ''),
      ...(typeof l.hours === 'number' ? { hours: l.hours } : {}),
      ...(asString(l.startedAt) ? { startedAt: String(l.startedAt) } : {}),
      ...(asString(l.endedAt) ? { endedAt: String(l.endedAt) } : {}),
    })),
    ...requests.data.map((r) => ({
      kind: 'spare-request' as const,
      _id: r._id,
      at: r.createdAt,
      by: person(r.requestedBy),
      text: partLines(r.items, parts),
      status: String(r.status ?? ''),
      ...(asString(r.alternateId) ? { number: String(r.alternateId) } : {}),
    })),
    ...talks.data.map((d) => ({ kind: 'discussion' as const, _id: d._id, at: d.createdAt, by: person(d.author), text: String(d.message ?? '') })),
    ...expenses.data.map((e) => ({
      kind: 'expense' as const,
      _id: e._id,
      at: e.createdAt,
      by: person(e.incurredBy),
      text: String(e.description ?? ''),
      amountPaise: Number(e.amountPaise ?? 0),
      category: String(e.category ?? ''),
      status: String(e.status ?? ''),
      ...(asString(e.billUrl) ? { fileUrl: String(e.billUrl) } : {}),
    })),
    ...attachments.map((a) => ({
      kind: 'attachment' as const,
      _id: String(a.url),
      at: asString(a.addedAt) ?? found.updatedAt,
      by: person(a.addedBy),
      text: String(a.name ?? ''),
      fileUrl: String(a.url),
      ...(asString(a.mimeType) ? { mimeType: String(a.mimeType) } : {}),
    })),
    ...ratings.data.map((f) => ({ kind: 'feedback' as const, _id: f._id, at: f.createdAt, text: String(f.comments ?? ''), rating: Number(f.rating), ...(asString(f.givenBy) ? { by: { _id: '', name: String(f.givenBy) } } : {}) })),
  ].sort((a, b) => (Date.parse(b.at) || 0) - (Date.parse(a.at) || 0));
  return { data, total: data.length };
}

async function comment(ctx: CallContext): Promise<ApiRecord> {
  const found = await ticketInScope(ctx);
  const input = ctx.req.body as CommentBody;
  // A client's words are for the service team and himself: never internal.
  const internal = isClient(ctx) ? false : (input.internal ?? false);
  return createFor(ctx, svcTicketComment, { ticketId: found._id, comment: input.comment, author: ctx.user._id, internal });
}

async function logWork(ctx: CallContext): Promise<ApiRecord> {
  const found = await workableTicket(ctx, 'phraseNoMoreWork');
  const input = ctx.req.body as WorkLogBody;
  const hourMs = 3_600_000;
  const started = input.startedAt ? new Date(input.startedAt) : new Date(Date.now() - input.hours * hourMs);
  const ended = new Date(started.getTime() + input.hours * hourMs);
  if (ended.getTime() > Date.now() + 60_000) throw invalid('startedAt', refusal('workNotInFuture'));
  return createFor(ctx, workLog, { ticketId: found._id, engineer: ctx.user._id, activity: input.activity, hours: input.hours, startedAt: started.toISOString(), endedAt: ended.toISOString() });
}

/**
 * The work is rated once, when it is resolved or closed, by whoever may read the ticket (its client above all, or
 * staff taking the client's word on the phone), never by the engineer it is assigned to: nobody rates their own work.
 */
async function rate(ctx: CallContext): Promise<ApiRecord> {
  const found = await ticketInScope(ctx);
  const name = String(found.alternateId ?? found._id);
  if (asString(found.assignedTo) === ctx.user._id) throw forbidden(refusal('rateOwnWork', { name }));
  if (!['Resolved', 'Closed'].includes(String(found.status))) throw conflict(refusal('rateOnceResolved', { name, status: String(found.status) }));
  if ((await repo(ctx.db, feedback, ctx.user.tenantId).list({ filters: { ticketId: found._id }, limit: 1 })).total > 0) throw conflict(refusal('ratedAlready', { name }));
  const input = ctx.req.body as RateBody;
  return createFor(ctx, feedback, { ticketId: found._id, rating: input.rating, ...(input.comments ? { comments: input.comments } : {}), givenBy: ctx.user.name });
}

/**
 * The stores' parts, for whoever works the ticket to choose from (an engineer may not list the inventory): the
 * name, number, unit and what is in stock, nothing of prices or suppliers.
 */
async function parts(ctx: CallContext): Promise<{ data: Array<{ _id: string; partNumber: string; partName: string; unit: string; stockQty: number }>; total: number }> {
  await ticketInScope(ctx);
  const { data } = await repo(ctx.db, sparePartInventory, ctx.user.tenantId).list({ limit: Number.MAX_SAFE_INTEGER, project: ['partNumber', 'partName', 'unit', 'stockQty'], sort: 'partName', order: 'asc' });
  const rows = data.map((p) => ({ _id: p._id, partNumber: String(p.partNumber ?? ''), partName: String(p.partName ?? ''), unit: String(p.unit ?? ''), stockQty: Number(p.stockQty ?? 0) }));
  return { data: rows, total: rows.length };
}

/** A spare-part request raised for the ticket, in the caller's name; the stores approve and issue it (its lifecycle). */
async function requestParts(ctx: CallContext): Promise<ApiRecord> {
  const found = await workableTicket(ctx, 'phraseNoPartsRequested');
  const input = ctx.req.body as RequestPartsBody;
  // createFor checks each line's part is the tenant's (items[0].partId), before anything is stored.
  return createFor(ctx, requestSpare, {
    ticketAlternateId: String(found.alternateId ?? found._id),
    ...(asString(found.machineInstanceId) ? { machineInstanceId: found.machineInstanceId } : {}),
    requestedBy: ctx.user._id,
    items: input.items.map((item) => ({ ...item, ...(input.remarks ? { remarks: input.remarks } : {}) })),
    status: 'Requested',
  });
}

/** The workspace's timeline calls, on both ticket modules. */
export const ticketActivityCalls = {
  parts: { handler: parts },
  requestParts: { handler: requestParts },
  rate: { handler: rate },
  activity: { handler: activity },
  comment: { handler: comment },
  logWork: { handler: logWork },
} satisfies WorkspaceCalls;
