/**
 * Records that belong to a ticket: the expenses of one ticket by its alternateId (POST
 * expense/getDataFromTicketId), the work log of one service ticket (GET worklog/svc-ticket-workLog/{id}),
 * feedback read at the spec's lower-case path, and the job card PDF of every kind of ticket, service and generic
 * alike (client, site, machine and engineer by name, the work with its hours, the parts asked for, the resolution and
 * the customer's signature).
 */
import { requestSpare } from '../../../src/contract/modules/parts';
import { actionNote, svcTicket, workLog, type ExpensesOfTicketBody } from '../../../src/contract/modules/service';
import type { ApiRecord } from '../../db/repository';
import type { CallContext, CallsOf, HandlersOf } from '../call-context';
import { asArray, asNumber, asString, repoOf, requireRecord } from '../records';
import { partLines, partNames, referenceNames } from '../reference-names';
import { dateTimeIn, fields, header, issuerOf, paragraph, pdfReply, renderPdf, sectionTitle, signatureBlock, table, type PdfReply } from '../billing/pdf';

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

/** The job card of the ticket of either module (the call's own module: `ctx.def`), read within the caller's grant. */
async function ticketPdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  const t = await requireRecord(ctx.repo, id);
  const number = asString(t.alternateId) ?? id;
  const [logs, notes, spares, issuer, names] = await Promise.all([
    repoOf(ctx, workLog).list({ filters: { ticketId: id }, sort: 'startedAt', order: 'asc' }),
    repoOf(ctx, actionNote).list({ filters: { ticketId: id } }),
    repoOf(ctx, requestSpare).list({ filters: { ticketAlternateId: number } }),
    issuerOf(ctx.db, ctx.user.tenantId),
    referenceNames(ctx.db, ctx.tenantId, ctx.def, t),
  ]);
  const parts = await partNames(ctx.db, ctx.user.tenantId, spares.data.flatMap((s) => asArray(s.items).map((i) => String(i.partId ?? ''))));
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
      if (asString(t.resolution)) {
        sectionTitle(doc, 'Resolution');
        paragraph(doc, String(t.resolution));
        if (asString(t.rootCause)) paragraph(doc, `Root cause: ${String(t.rootCause)}`);
      }
      // The customer's signature taken on resolving, above the customer's line; the engineer signs the paper copy.
      signatureBlock(doc, 'Customer signature', `${names.resolvedBy ?? names.assignedTo ?? 'Engineer'}, for ${issuer.companyName}`, signature ? Buffer.from(signature, 'base64') : undefined);
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
