/**
 * The proposal as a PDF (pdfkit), the one document both calls answer: staff's
 * POST /api/app/proposal/generatePdf/{id} and the customer's POST /api/public/business-proposal/generatePdf/{id}.
 *
 * It prints what the public page shows (document 1 §2): the heading with the proposal's alternateId, its
 * name, status and validity, the terms table (rows without a value left out, the security deposit as the
 * multiplier times the monthly rental), the attachments and the proposal owner, with the seller's name and
 * GSTIN at the top. It is built from the customer's projection of the proposal, so the customer's copy never
 * carries the seller's internal fields and staff download exactly what the customer gets.
 */
import { ddmmyyyy, ownerName, proposalPdfName, termRows, type PublicProposal } from '../../../src/contract/publicProposalTerms';
import type { Queryable } from '../../db/pool';
import type { ApiRecord } from '../../db/repository';
import { fields, header, issuerOf, paragraph, pdfReply, renderPdf, sectionTitle, signatureBlock, table, type PdfReply } from '../billing/pdf';
import { publicProjection } from '../public/public-proposal';
import { expandProposals } from './proposals';

export const PROPOSAL_PDF_TITLE = 'Head Terms-Commercial Proposal';

/**
 * The PDF of a proposal the caller has already read with its own access rules: the staff call's record
 * (scoped repository) or the customer's projection (link grant). Machine type and owner ids still stored
 * as ids are expanded here; expanding and projecting what is already expanded and projected changes nothing.
 */
export async function proposalPdf(db: Queryable, tenantId: string, read: ApiRecord | PublicProposal): Promise<PdfReply> {
  const [expanded] = await expandProposals(db, tenantId, [read as ApiRecord]);
  const proposal = publicProjection(expanded ?? read);
  const issuer = await issuerOf(db, tenantId);
  const reference = proposal.alternateId ?? proposal._id;
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, PROPOSAL_PDF_TITLE, reference);
      doc.font('Helvetica-Bold').fontSize(12).text(proposal.proposalName ?? '');
      doc.moveDown(0.5);
      fields(doc, [
        ['Status', proposal.status],
        ['Valid until', ddmmyyyy(proposal.proposalValidity)],
      ]);
      sectionTitle(doc, 'Rental Proposal');
      table(
        doc,
        [
          { label: 'Terms', width: 2 },
          { label: 'Details', width: 3 },
        ],
        // The built-in font has no ₹ glyph (see billing/pdf.ts).
        termRows(proposal, 'Rs.').map((row) => [row.label, row.value]),
      );
      const attachments = (proposal.attachementDocument ?? []).map((document) => document.name).filter((name): name is string => Boolean(name));
      if (attachments.length) paragraph(doc, `Attachments: ${attachments.join(', ')}`);
      const owner = ownerName(proposal.owner);
      if (owner) {
        doc.moveDown(1);
        paragraph(doc, `Proposal owner: ${owner}`);
      }
      signatureBlock(doc, `For ${issuer.companyName}`, 'Accepted by the customer');
    },
    { title: `${PROPOSAL_PDF_TITLE} ${reference}`, author: issuer.companyName },
  );
  return pdfReply(buffer, proposalPdfName(proposal));
}
