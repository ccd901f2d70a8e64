/**
 * Records that belong to a ticket: the expenses of one ticket by its alternateId (POST
 * expense/getDataFromTicketId), the work log of one service ticket (GET worklog/svc-ticket-workLog/{id}),
 * feedback read at the spec's lower-case path, and the job card PDF of every kind of ticket, service and generic
 * alike (client, site, machine and engineer by name, the work with its hours, the parts asked for, the resolution and
 * the customer's signature).
 */
import { requestSpare } from '../../../src/contract/modules/parts';
import { fileUpload } from '../../../src/contract/modules/assets';
import { actionNote, expense, svcTicket, svcTicketComment, workLog, type ExpensesOfTicketBody } from '../../../src/contract/modules/service';
import type { ApiRecord } from '../../db/repository';
import type { CallContext, CallsOf, HandlersOf } from '../call-context';
import { asArray, asNumber, asString, repoOf, requireRecord } from '../records';
import { partLines, partNames, referenceNames, userNames } from '../reference-names';
import { formatRupees } from '../billing/amount-words';
import { dateTimeIn, fields, header, issuerOf, paragraph, pdfReply, photoGrid, renderPdf, sectionTitle, signatureBlock, table, type PdfReply } from '../billing/pdf';

async function expensesOfTicket(ctx: CallContext): Promise<{ data: ApiRecord[]; total: number; totalAmountPaise: number }> {
  const { alternateId } = ctx.req.body as ExpensesOfTicketBody;
  const result = await ctx.repo.list({ filters: { ticketAlternateId: alternateId }, sort: 'expenseDate', order: 'asc' });
  const totalAmountPaise = result.data.filter((e) => e.status !== 'Rejected').reduce((sum, e) => sum + asNumber(e.amountPaise), 0);
  return { ...result, totalAmountPaise };
}

/** Hours of a work-log entry: its own figure, else end − start. */
export function workLogHours(entry: Record<string, unknown>): number {
  if (typeof entry.hours === 'number') return entry.hours;
  const start = Date.parse(String(entry.startedAt));
  const end = Date.parse(String(entry.endedAt));
  return Number.isFinite(start) && Number.isFinite(end) && end > start ? Math.round(((end - start) / 3_600_000) * 100) / 100 : 0;
}

async function workLogOfTicket(ctx: CallContext): Promise<{ data: Array<ApiRecord & { hours: number }>; total: number; totalHours: number }> {
  const { id } = ctx.req.params as { id: string };
  await requireRecord(repoOf(ctx, svcTicket), id);
  const result = await ctx.repo.list({ filters: { ticketId: id }, sort: 'startedAt', order: 'asc' });
  const data = result.data.map((entry) => ({ ...entry, hours: workLogHours(entry) }));
  return { data, total: result.total, totalHours: Math.round(data.reduce((sum, e) => sum + e.hours, 0) * 100) / 100 };
}

async function feedbackById(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  return requireRecord(ctx.repo, id);
}

/** What kind of ticket a job card is for: a service ticket's type, else the generic ticket's category. */
function kindOfTicket(t: Record<string, unknown>): string | undefined {
  return asString(t.ticketType) ?? (asString(t.category) ? `Ticket · ${String(t.category)}` : 'Ticket');
}

/** The most photos a job card prints (a ticket's images beyond them stay on its page). */
const JOB_CARD_PHOTOS = 12;

/** The ticket's photos pdfkit can draw (PNG and JPEG), read from the file store, in the order they were added. */
async function photosOf(ctx: CallContext, t: Record<string, unknown>): Promise<Array<{ image: Buffer; caption: string }>> {
  const images = asArray(t.attachments).filter((a) => typeof a.url === 'string' && /^image\/(png|jpeg)$/.test(String(a.mimeType ?? ''))).slice(0, JOB_CARD_PHOTOS);
  if (images.length === 0) return [];
  const files = repoOf(ctx, fileUpload);
  // The rows only (no count); the bytes are the body's, which a record as listed leaves out (`hidden`).
  const data = await files.rows({ filters: { url: images.map((a) => String(a.url)) }, project: ['url'], limit: images.length });
  const idOf = new Map(data.map((f) => [String(f.url), f._id]));
  const bodies = await Promise.all(images.map((a) => (idOf.has(String(a.url)) ? files.getBody(idOf.get(String(a.url))!) : undefined)));
  return images.flatMap((a, i) => {
    const bytes = asString(bodies[i]?.contentBase64);
    return bytes ? [{ image: Buffer.from(bytes, 'base64'), caption: String(a.name ?? '') }] : [];
  });
}

/**
 * The job card of the ticket of either module (the call's own module: `ctx.def`), read within the caller's grant:
 * what was done (work, parts, actions, expenses), what was said to the customer (public comments, never the internal
 * ones), the photos, the resolution and the customer's signature. A client's user prints it without the service
 * team's expenses, which the ticket's timeline does not show him either.
 */
async function ticketPdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  const t = await requireRecord(ctx.repo, id);
  const number = asString(t.alternateId) ?? id;
  const forClient = ctx.user.userType === 'Client-User';
  const [logs, notes, spares, issuer, names, said, spent, photos] = await Promise.all([
    repoOf(ctx, workLog).list({ filters: { ticketId: id }, sort: 'startedAt', order: 'asc' }),
    repoOf(ctx, actionNote).list({ filters: { ticketId: id } }),
    repoOf(ctx, requestSpare).list({ filters: { ticketAlternateId: number } }),
    issuerOf(ctx.db, ctx.user.tenantId),
    referenceNames(ctx.db, ctx.tenantId, ctx.def, t),
    repoOf(ctx, svcTicketComment).list({ filters: { ticketId: id }, sort: 'createdAt', order: 'asc' }),
    forClient ? Promise.resolve({ data: [] as ApiRecord[], total: 0 }) : repoOf(ctx, expense).list({ filters: { ticketAlternateId: number }, sort: 'createdAt', order: 'asc' }),
    photosOf(ctx, t),
  ]);
  // What was said to the customer: the team's internal comments stay off a card the customer signs.
  const comments = said.data.filter((c) => c.internal !== true);
  const [parts, authors] = await Promise.all([
    partNames(ctx.db, ctx.user.tenantId, spares.data.flatMap((s) => asArray(s.items).map((i) => String(i.partId ?? '')))),
    userNames(ctx.db, ctx.user.tenantId, comments.map((c) => String(c.author ?? ''))),
  ]);
  const signature = asString(t.customerSignatureUrl)?.replace(/^data:image\/png;base64,/, '');
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, 'Service Job Card', number);
      fields(doc, [
        ['Type', kindOfTicket(t)],
        ['Title', asString(t.title)],
        ['Client', names.clientId],
        ['Site', names.assetId],
        ['Machine', names.machineInstanceId],
        ['Engineer', names.assignedTo],
        ['Priority', asString(t.priority)],
        ['Status', asString(t.status)],
        ['Reported by', asString(t.reportedBy)],
        ['Reported on', dateTimeIn(t.reportedAt, issuer.timeZone)],
        ['SLA due', dateTimeIn(t.slaDueAt, issuer.timeZone)],
        ['Resolved on', dateTimeIn(t.resolvedAt, issuer.timeZone)],
      ]);
      if (asString(t.description)) {
        sectionTitle(doc, 'Complaint');
        paragraph(doc, String(t.description));
      }
      sectionTitle(doc, 'Work log');
      table(
        doc,
        [{ label: 'Date', width: 15 }, { label: 'Activity', width: 70 }, { label: 'Hours', width: 15, align: 'right' }],
        [
          ...logs.data.map((l) => [dateTimeIn(l.startedAt, issuer.timeZone) ?? '', String(l.activity ?? ''), workLogHours(l).toFixed(2)]),
          ['', 'Total', logs.data.reduce((sum, l) => sum + workLogHours(l), 0).toFixed(2)],
        ],
        true,
      );
      if (spares.data.length) {
        sectionTitle(doc, 'Spare parts requested');
        table(
          doc,
          [{ label: 'Request', width: 30 }, { label: 'Items', width: 50 }, { label: 'Status', width: 20 }],
          spares.data.map((s) => [String(s.alternateId ?? s._id), partLines(s.items, parts), String(s.status ?? '')]),
        );
      }
      if (notes.data.length) {
        sectionTitle(doc, 'Actions');
        for (const n of notes.data) paragraph(doc, `• [${String(n.status ?? 'Open')}] ${String(n.note ?? '')}`);
      }
      if (spent.data.length) {
        sectionTitle(doc, 'Expenses');
        table(
          doc,
          [{ label: 'Date', width: 15 }, { label: 'Category', width: 20 }, { label: 'Description', width: 45 }, { label: 'Amount', width: 20, align: 'right' }],
          [
            ...spent.data.map((e) => [dateTimeIn(e.createdAt, issuer.timeZone) ?? '', String(e.category ?? ''), String(e.description ?? ''), formatRupees(asNumber(e.amountPaise) ?? 0)]),
            ['', '', 'Total', formatRupees(spent.data.reduce((sum, e) => sum + (asNumber(e.amountPaise) ?? 0), 0))],
          ],
          true,
        );
      }
      if (comments.length) {
        sectionTitle(doc, 'Comments');
        for (const c of comments) paragraph(doc, `${dateTimeIn(c.createdAt, issuer.timeZone) ?? ''} · ${authors.get(String(c.author ?? '')) ?? ''}: ${String(c.comment ?? '')}`);
      }
      if (photos.length) {
        sectionTitle(doc, 'Photos');
        photoGrid(doc, photos);
      }
      if (asString(t.resolution)) {
        sectionTitle(doc, 'Resolution');
        paragraph(doc, String(t.resolution));
        if (asString(t.rootCause)) paragraph(doc, `Root cause: ${String(t.rootCause)}`);
      }
      // The customer's signature taken on resolving, above the customer's line; the engineer signs the paper copy on
      // the other, each line saying whose it is.
      signatureBlock(
        doc,
        names.clientId ? `Customer signature, for ${names.clientId}` : 'Customer signature',
        `Engineer: ${names.resolvedBy ?? names.assignedTo ?? ''}, for ${issuer.companyName}`,
        signature ? Buffer.from(signature, 'base64') : undefined,
      );
    },
    { title: `Job card ${number}`, author: issuer.companyName },
  );
  return pdfReply(buffer, `${number}.pdf`);
}

export const expenseHandlers = {
  calls: { getDataFromTicketId: { handler: expensesOfTicket } },
} satisfies HandlersOf<'expense'>;

export const workLogHandlers = {
  calls: { svcTicketWorkLog: { handler: workLogOfTicket } },
} satisfies HandlersOf<'worklog'>;

export const feedbackHandlers = {
  calls: { getByIdLowerCase: { handler: feedbackById } },
} satisfies HandlersOf<'svc-feedBack'>;

/** The job card, on both ticket modules. */
export const ticketPdfCalls = {
  generatePdf: { handler: ticketPdf },
} satisfies CallsOf<'svc-ticket'> & CallsOf<'ticket'>;
