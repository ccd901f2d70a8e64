/**
 * Fire extinguishers: the inspection tag as a PDF (POST generatePdf/{id}), and a status that follows the
 * dates: past its refill date an in-service extinguisher is Due For Refill, past its hydro test Expired.
 */
import { asset } from '../../../src/contract/modules/assets';
import type { ApiRecord } from '../../db/repository';
import type { CallContext, HandlersOf } from '../call-context';
import { asString, createRecord, patchRecord, repoOf, requireBody, requireRecord, todayInIndia } from '../records';
import { ddmmyyyy, fields, header, issuerOf, paragraph, pdfReply, renderPdf, sectionTitle, signatureBlock, type PdfReply } from '../billing/pdf';

type Body = Record<string, unknown>;

/** The status the dates call for; Condemned stays, and a manual status wins while the dates are fine. */
export function extinguisherStatus(body: Body, today: string): unknown {
  if (body.status === 'Condemned') return body.status;
  const hydro = asString(body.hydroTestDue);
  if (hydro && hydro < today) return 'Expired';
  const refill = asString(body.nextRefillDue);
  if (refill && refill < today) return 'Due For Refill';
  return body.status ?? 'In Service';
}

async function createExtinguisher(ctx: CallContext): Promise<ApiRecord> {
  const body = ctx.req.body as Body;
  return createRecord(ctx, { ...body, status: extinguisherStatus(body, todayInIndia()) });
}

async function updateExtinguisher(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  const patch = ctx.req.body as Body;
  // A refill or hydro test recorded on an overdue extinguisher puts it back in service.
  const merged = { ...current, ...patch, ...(patch.status === undefined && current.status !== 'Condemned' ? { status: 'In Service' } : {}) };
  return patchRecord(ctx, id, { ...patch, status: extinguisherStatus(merged, todayInIndia()) });
}

async function tagPdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  const fe = await requireRecord(ctx.repo, id);
  const site = typeof fe.assetId === 'string' ? await repoOf(ctx, asset).getBody(fe.assetId) : undefined;
  const issuer = await issuerOf(ctx.db, ctx.user.tenantId);
  const number = asString(fe.alternateId) ?? id;
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, 'Fire Extinguisher Inspection Tag', number);
      fields(doc, [
        ['Serial number', asString(fe.serialNo)],
        ['Type', asString(fe.type)],
        ['Capacity', typeof fe.capacityKg === 'number' ? `${fe.capacityKg} kg` : undefined],
        ['Manufacturer', asString(fe.manufacturer)],
        ['ISI marked', fe.isiMarked === false ? 'No' : 'Yes'],
        ['Site', asString(site?.name)],
        ['Location', asString(fe.locationNote)],
        ['Manufactured', ddmmyyyy(fe.manufactureDate)],
        ['Last refill', ddmmyyyy(fe.lastRefillDate)],
        ['Next refill due', ddmmyyyy(fe.nextRefillDue)],
        ['Last inspection', ddmmyyyy(fe.lastInspectionDate)],
        ['Hydro test due', ddmmyyyy(fe.hydroTestDue)],
        ['Status', String(extinguisherStatus(fe, todayInIndia()))],
      ]);
      if (asString(fe.remarks)) {
        sectionTitle(doc, 'Remarks');
        paragraph(doc, String(fe.remarks));
      }
      signatureBlock(doc, 'Inspected by', `For ${issuer.companyName}`);
    },
    { title: `Extinguisher ${number}`, author: issuer.companyName },
  );
  return pdfReply(buffer, `${number}.pdf`);
}

export const fireExtinguisherHandlers = {
  ops: { create: createExtinguisher, update: updateExtinguisher },
  calls: { generatePdf: { handler: tagPdf } },
} satisfies HandlersOf<'fire-extinguisher'>;
