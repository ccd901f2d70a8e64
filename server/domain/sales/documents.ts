/**
 * The proposal and agreement as PDFs (POST generatePdf/{id}). The proposal PDF carries the same terms
 * table as the public page (document 1 §2): rows with no value are left out; the security deposit is the
 * multiplier times the monthly rental.
 */
import { z } from 'zod';
import { svcMachineInstance } from '../../../src/api/modules/machines';
import { agreement, proposal } from '../../../src/api/modules/sales';
import { registerCall, type CallContext } from '../registry';
import { asArray, asNumber, asString, repoOf, requireRecord } from '../service/record-writes';
import { formatRupees } from '../billing/gst';
import { ddmmyyyy, fields, header, issuerOf, paragraph, pdfReply, renderPdf, sectionTitle, signatureBlock, table, type PdfReply } from '../billing/pdf';
import { expandProposals } from './proposals';

type Body = Record<string, unknown>;

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
const rupees = (value: number): string => formatRupees(Math.round(value * 100));

/** The seven rows of the public page's terms table, without the ones that have no value. */
export function proposalTermsRows(p: Body): Array<[string, string]> {
  const machine = (p.machineType ?? {}) as { machineName?: unknown; alternateId?: unknown };
  const rows: Array<[string, string] | undefined> = [
    present(machine.machineName) ? ['Machine Name', `${String(machine.machineName)}${present(machine.alternateId) ? ` (${String(machine.alternateId)})` : ''}`] : undefined,
    present(p.contractTerm) ? ['Contract Term', `${asNumber(p.contractTerm)} months`] : undefined,
    present(p.lockInPeriod) ? ['Lock-in Period', `${asNumber(p.lockInPeriod)} months`] : undefined,
    present(p.noticePeriod) ? ['Notice Period', `${asNumber(p.noticePeriod)} months post contract locking`] : undefined,
    present(p.monthlyRental) ? ['Monthly Rental', rupees(asNumber(p.monthlyRental))] : undefined,
    present(p.securityDeposit) && present(p.monthlyRental)
      ? ['Security Deposit', `${rupees(asNumber(p.securityDeposit) * asNumber(p.monthlyRental))} (${asNumber(p.securityDeposit)} x monthly rental)`]
      : undefined,
    present(p.escalation) ? ['Escalation', `${asNumber(p.escalation)}% year on year`] : undefined,
  ];
  return rows.filter((r): r is [string, string] => r !== undefined);
}

async function proposalPdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  const [p] = await expandProposals(ctx.db, ctx.user.tenantId, [await requireRecord(repoOf(ctx, proposal), id)]);
  const body = (p ?? {}) as Body;
  const issuer = await issuerOf(ctx.db, ctx.user.tenantId);
  const number = asString(body.alternateId) ?? id;
  const owner = (body.owner ?? {}) as { name?: unknown };
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, 'Head Terms-Commercial Proposal', number);
      fields(doc, [
        ['Proposal', asString(body.proposalName)],
        ['Client', asString(body.clientName)],
        ['Valid until', ddmmyyyy(body.proposalValidity)],
        ['Status', asString(body.status)],
      ]);
      sectionTitle(doc, 'Rental Proposal');
      table(doc, [{ label: 'Term', width: 35 }, { label: 'Value', width: 65 }], proposalTermsRows(body));
      const attachments = asArray(body.attachementDocument);
      if (attachments.length) paragraph(doc, `Attachments: ${attachments.map((a) => String(a.name)).join(', ')}`);
      if (present(owner.name)) {
        doc.moveDown(1);
        paragraph(doc, `Proposal owner: ${String(owner.name)}`);
      }
      signatureBlock(doc, 'Accepted by (customer)', `For ${issuer.companyName}`);
    },
    { title: `Proposal ${number}`, author: issuer.companyName },
  );
  return pdfReply(buffer, `${number}.pdf`);
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

const idParams = z.object({ id: z.string().min(1) });
registerCall('proposal.generatePdf', proposalPdf, { params: idParams });
registerCall('agreement.generatePdf', agreementPdf, { params: idParams });
