/**
 * The proposal and agreement as PDFs (POST generatePdf/{id}). The proposal's document is proposal-pdf.ts,
 * which the customer's public call answers too.
 */
import { svcMachineInstance } from '../../../src/contract/modules/machines';
import { agreement, proposal } from '../../../src/contract/modules/sales';
import type { CallContext, CallsOf } from '../call-context';
import { asArray, asNumber, asString, repoOf, requireRecord } from '../records';
import { formatRupees } from '../billing/amount-words';
import { ddmmyyyy, fields, header, issuerOf, paragraph, pdfReply, renderPdf, sectionTitle, signatureBlock, table, type PdfReply } from '../billing/pdf';
import { proposalPdf } from './proposal-pdf';

type Body = Record<string, unknown>;

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The proposal as the staff member's scoped repository reads it. */
async function staffProposalPdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  return proposalPdf(ctx.db, ctx.user.tenantId, await requireRecord(repoOf(ctx, proposal), id));
}

async function agreementPdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  const a = (await requireRecord(repoOf(ctx, agreement), id)) as Body;
  const machineIds = asArray<string>(a.machineInstanceIds);
  const { data: machines } = machineIds.length ? await repoOf(ctx, svcMachineInstance).list({ filters: { _id: machineIds } }) : { data: [] };
  const issuer = await issuerOf(ctx.db, ctx.user.tenantId);
  const number = asString(a.alternateId) ?? id;
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, 'Equipment Rental Agreement', number);
      fields(doc, [
        ['Lessee', asString(a.clientName)],
        ['Lessee GSTIN', asString(a.clientGstNo)],
        ['Address', asString(a.clientAddress)],
        ['Period', `${ddmmyyyy(a.startDate) ?? ''} to ${ddmmyyyy(a.endDate) ?? ''}`],
        ['Contract term', present(a.contractTerm) ? `${asNumber(a.contractTerm)} months` : undefined],
        ['Lock-in period', present(a.lockInPeriod) ? `${asNumber(a.lockInPeriod)} months` : undefined],
        ['Notice period', present(a.noticePeriod) ? `${asNumber(a.noticePeriod)} months` : undefined],
        ['Monthly rental', formatRupees(asNumber(a.monthlyRentalPaise))],
        ['Security deposit', formatRupees(asNumber(a.securityDepositPaise))],
        ['Escalation', present(a.escalation) ? `${asNumber(a.escalation)}% year on year` : undefined],
        ['Billing cycle', asString(a.billingCycle)],
        ['Status', asString(a.status)],
      ]);
      sectionTitle(doc, 'Equipment');
      table(
        doc,
        [{ label: 'Machine', width: 20 }, { label: 'Name', width: 45 }, { label: 'Serial number', width: 35 }],
        machines.map((m) => [String(m.alternateId ?? m._id), String(m.name ?? ''), String(m.serialNo ?? '')]),
      );
      if (asString(a.terms)) {
        sectionTitle(doc, 'Terms');
        paragraph(doc, String(a.terms));
      }
      signatureBlock(doc, `For ${String(a.clientName ?? 'the lessee')}`, `For ${issuer.companyName}`);
    },
    { title: `Agreement ${number}`, author: issuer.companyName },
  );
  return pdfReply(buffer, `${number}.pdf`);
}

export const proposalPdfCalls = { generatePdf: { handler: staffProposalPdf } } satisfies CallsOf<'proposal'>;

export const agreementPdfCalls = { generatePdf: { handler: agreementPdf } } satisfies CallsOf<'agreement'>;
