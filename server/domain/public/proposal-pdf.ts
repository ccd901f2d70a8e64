/**
 * The proposal as a PDF (pdfkit): the same heading, terms table and owner as the public page, with the
 * seller's name and GSTIN at the top. Served to the link's holder by the public page and to staff.
 */
import { ddmmyyyy, ownerName, proposalPdfName, termRows, type PublicProposal } from '../../../src/machines/flows/publicProposalTerms';
import type { Queryable } from '../../db/pool';
import { fields, header, issuerOf, paragraph, pdfReply, renderPdf, sectionTitle, signatureBlock, table, type PdfReply } from '../billing/pdf';

export const PROPOSAL_PDF_TITLE = 'Head Terms-Commercial Proposal';

export async function proposalPdf(db: Queryable, tenantId: string, proposal: PublicProposal): Promise<PdfReply> {
  const issuer = await issuerOf(db, tenantId);
  const rows = termRows(proposal, 'Rs.');
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, PROPOSAL_PDF_TITLE, proposal.alternateId);
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
        rows.map((row) => [row.label, row.value]),
      );
      const owner = ownerName(proposal.owner);
      if (owner) paragraph(doc, `Proposal owner: ${owner}`);
      signatureBlock(doc, `For ${issuer.companyName}`, 'Accepted by the customer');
    },
    { title: `${PROPOSAL_PDF_TITLE} ${proposal.alternateId ?? ''}`.trim(), author: issuer.companyName },
  );
  return pdfReply(buffer, proposalPdfName(proposal));
}
