/**
 * What people add to a ticket beyond words and hours (issue 13), on both ticket modules, each within the
 * ticket's own grant (./ticket-activity.ts says how):
 * - POST discussion/{id} { message }: the service team's thread about the ticket (a client's user has comments);
 * - POST expense/{id} { category, amountPaise, description?, expenseDate?, receipt? }: the caller's own expense,
 *   Submitted for approval, with its receipt photo kept as an uploaded file;
 * - POST attachment/{id} { name, mimeType, contentBase64 }: a photo or document kept as an uploaded file and
 *   listed in the ticket's `attachments`;
 * - POST file/{id} { url }: the bytes of one of the ticket's files (an attachment or an expense's receipt), for
 *   people who may not read the file store itself; any other url is not found.
 */
import { fileUpload } from '../../../src/contract/modules/assets';
import { discussion, expense } from '../../../src/contract/modules/service';
import type { DiscussBody, ExpenseBody, FileOfTicketBody, TicketFileBody } from '../../../src/contract/modules/ticketWorkspaceCalls';
import { newId } from '../../db/ids';
import { repo, type ApiRecord } from '../../db/repository';
import { base64Size } from '../assets/files';
import { acceptedUploadType, fileAnswerHeaders, servedType, type UploadKind } from '../assets/upload-types';
import { invalid, missingRecord, notFound } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { asArray, asString, todayInIndia } from '../records';
import type { CallContext } from '../call-context';
import { createFor, ticketInScope, workableTicket, type WorkspaceCalls } from './ticket-workspace';

/** What a closed or cancelled ticket no longer takes. */
const NOTHING_MORE = 'phraseNothingAdded';

/**
 * The file as it will be kept: its type read from the bytes and accepted by the field (`field` names it in a refusal;
 * `kind`: a receipt is a photo, an attachment a photo or a document). Checked before anything is written.
 */
async function typedFile(input: TicketFileBody, field: string, kind: UploadKind): Promise<TicketFileBody> {
  return { ...input, mimeType: await acceptedUploadType(field, input.contentBase64, kind) };
}

/** Keeps a file in the file store, addressed under the ticket, and answers its url. */
async function storeFile(ctx: CallContext, ticketId: string, input: TicketFileBody): Promise<string> {
  const id = newId();
  const url = `/files/tickets/${ticketId}/${id}/${encodeURIComponent(input.name)}`;
  await repo(ctx.db, fileUpload, ctx.user.tenantId).create({ ...input, url, sizeBytes: base64Size(input.contentBase64) }, { id });
  ctx.hub.recordChanged(ctx.user.tenantId, { module: fileUpload.name, op: 'create', _id: id });
  return url;
}

async function discuss(ctx: CallContext): Promise<ApiRecord> {
  if (ctx.user.userType === 'Client-User') throw invalid('message', refusal('clientWritesComment'));
  const found = await workableTicket(ctx, NOTHING_MORE);
  const { message } = ctx.req.body as DiscussBody;
  return createFor(ctx, discussion, { ticketId: found._id, message, author: ctx.user._id, mentions: [], attachments: [] });
}

async function addExpense(ctx: CallContext): Promise<ApiRecord> {
  const found = await workableTicket(ctx, NOTHING_MORE);
  const input = ctx.req.body as ExpenseBody;
  const receipt = input.receipt ? await typedFile(input.receipt, 'receipt.contentBase64', 'image') : undefined;
  const billUrl = receipt ? await storeFile(ctx, found._id, receipt) : undefined;
  return createFor(ctx, expense, {
    ticketAlternateId: String(found.alternateId ?? found._id),
    category: input.category,
    amountPaise: input.amountPaise,
    ...(input.description ? { description: input.description } : {}),
    expenseDate: input.expenseDate ?? todayInIndia(),
    incurredBy: ctx.user._id,
    ...(billUrl ? { billUrl } : {}),
    status: 'Submitted',
  });
}

async function attach(ctx: CallContext): Promise<ApiRecord> {
  const found = await workableTicket(ctx, NOTHING_MORE);
  const input = await typedFile(ctx.req.body as TicketFileBody, 'contentBase64', 'document');
  const url = await storeFile(ctx, found._id, input);
  const attachments = [...asArray(found.attachments), { url, name: input.name, mimeType: input.mimeType, addedBy: ctx.user._id, addedAt: new Date().toISOString() }];
  const updated = await ctx.repo.update(found._id, { attachments });
  if (!updated) throw missingRecord(ctx.def.name, found._id);
  ctx.notify('update', found._id);
  ctx.reply.code(201);
  return updated;
}

/** The ticket's files: its attachments and its expenses' receipts. */
export async function ticketFileUrls(ctx: CallContext, found: ApiRecord): Promise<Set<string>> {
  const receipts = await repo(ctx.db, expense, ctx.user.tenantId).list({ filters: { ticketAlternateId: String(found.alternateId ?? found._id) }, limit: Number.MAX_SAFE_INTEGER });
  return new Set([...asArray(found.attachments).map((a) => String(a.url ?? '')), ...receipts.data.map((e) => asString(e.billUrl) ?? '')].filter(Boolean));
}

async function fileOfTicket(ctx: CallContext): Promise<{ data: string; name: string; mimeType: string }> {
  const found = await ticketInScope(ctx);
  const { url } = ctx.req.body as FileOfTicketBody;
  if (!(await ticketFileUrls(ctx, found)).has(url)) throw notFound(refusal('noFileOnTicket', { path: url }));
  const { data } = await repo(ctx.db, fileUpload, ctx.user.tenantId).list({ filters: { url }, limit: 1 });
  const stored = data[0] ? await repo(ctx.db, fileUpload, ctx.user.tenantId).getBody(data[0]._id) : undefined;
  if (!stored || typeof stored.contentBase64 !== 'string') throw notFound(refusal('noFileAt', { path: url }));
  const name = String(stored.name ?? 'file');
  void ctx.reply.headers(fileAnswerHeaders(name));
  return { data: stored.contentBase64, name, mimeType: servedType(stored.mimeType) };
}

/** The workspace's file and expense calls, on both ticket modules. */
export const ticketFileCalls = {
  discuss: { handler: discuss },
  addExpense: { handler: addExpense },
  attach: { handler: attach },
  file: { handler: fileOfTicket },
} satisfies WorkspaceCalls;
