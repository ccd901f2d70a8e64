/** The tax invoice and credit note as PDFs (POST generatePdf/{id}), with the GST breakup and amount in words. */
import { creditNote, invoice } from '../../../src/contract/modules/billing';
import type { CallContext, CallsOf } from '../call-context';
import { asArray, asNumber, asString, repoOf, requireBody } from '../records';
import { amountInWords, formatRupees } from './amount-words';
import { dayIn, ddmmyyyy, fields, header, issuerOf, paragraph, pdfReply, qrBlock, qrImage, renderPdf, sectionTitle, signatureBlock, table, type PdfReply } from './pdf';

type Body = Record<string, unknown>;
type Doc = PDFKit.PDFDocument;

const money = (value: unknown): string => formatRupees(asNumber(value));

function itemsTable(doc: Doc, body: Body): void {
  const interState = asNumber(body.igstPaise) > 0 || (asNumber(body.cgstPaise) === 0 && String(body.supplierGstin ?? '').slice(0, 2) !== body.placeOfSupply);
  const columns = [
    { label: '#', width: 3 },
    { label: 'Description', width: 26 },
    { label: 'HSN/SAC', width: 9 },
    { label: 'Qty', width: 6, align: 'right' as const },
    { label: 'Rate', width: 11, align: 'right' as const },
    { label: 'Taxable', width: 12, align: 'right' as const },
    { label: 'GST %', width: 6, align: 'right' as const },
    ...(interState
      ? [{ label: 'IGST', width: 11, align: 'right' as const }]
      : [
          { label: 'CGST', width: 10, align: 'right' as const },
          { label: 'SGST', width: 10, align: 'right' as const },
        ]),
    { label: 'Total', width: 12, align: 'right' as const },
  ];
  const rows = asArray(body.items).map((line, index) => [
    String(index + 1),
    String(line.description ?? ''),
    String(line.hsnSac ?? ''),
    `${asNumber(line.quantity)} ${String(line.unit ?? '')}`.trim(),
    money(line.ratePaise),
    money(line.taxableValuePaise),
    String(asNumber(line.gstRate)),
    ...(interState ? [money(line.igstPaise)] : [money(line.cgstPaise), money(line.sgstPaise)]),
    money(line.totalPaise),
  ]);
  table(doc, columns, rows);
  const totals: Array<[string, string]> = [
    ['Taxable value', money(body.taxableValuePaise)],
    ...(interState ? ([['IGST', money(body.igstPaise)]] as Array<[string, string]>) : ([['CGST', money(body.cgstPaise)], ['SGST', money(body.sgstPaise)]] as Array<[string, string]>)),
    ['Round off', money(body.roundOffPaise)],
    ['Grand total', money(body.grandTotalPaise)],
  ];
  table(doc, [{ label: 'Summary', width: 70 }, { label: 'Amount', width: 30, align: 'right' }], totals, true);
  paragraph(doc, amountInWords(asNumber(body.grandTotalPaise)));
}

function partiesBlock(doc: Doc, body: Body): void {
  fields(doc, [
    ['Bill to', asString(body.billToName)],
    ['Buyer GSTIN', asString(body.billToGstin) ?? 'Unregistered'],
    ['Address', asString(body.billToAddress)],
    ['Place of supply (state code)', asString(body.placeOfSupply)],
    ['Supplier GSTIN', asString(body.supplierGstin)],
  ]);
}

/** The tax invoice `body` (record `id`) as a PDF, for the download (generatePdf) and the e-mail (invoice-email) alike. */
export async function renderInvoice(ctx: CallContext, id: string, body: Body): Promise<{ buffer: Buffer; fileName: string; title: string; number: string; issuerName: string }> {
  const issuer = await issuerOf(ctx.db, ctx.user.tenantId);
  const eInvoice = body.eInvoice as { irn?: string; ackNo?: string; ackDate?: string; signedQr?: string; cancelledAt?: string } | undefined;
  // A registered e-invoice prints the portal's signed QR; a cancelled IRN's code is no longer valid and is left out.
  const qr = eInvoice?.signedQr && !eInvoice.cancelledAt ? await qrImage(eInvoice.signedQr) : undefined;
  const number = asString(body.alternateId) ?? id;
  const title = body.invoiceType === 'Proforma' ? 'Proforma Invoice' : body.invoiceType === 'Supplementary' ? 'Supplementary Tax Invoice' : 'Tax Invoice';
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, title, number);
      fields(doc, [
        ['Invoice date', ddmmyyyy(body.invoiceDate)],
        ['Due date', ddmmyyyy(body.dueDate)],
        ['Status', String(body.status ?? '')],
        ['Ticket', asString(body.ticketAlternateId)],
      ]);
      if (eInvoice?.irn) fields(doc, [['IRN', eInvoice.irn], ['Ack. No.', eInvoice.ackNo], ['Ack. date', ddmmyyyy(eInvoice.ackDate)]]);
      if (qr) qrBlock(doc, qr, 'e-Invoice signed QR');
      sectionTitle(doc, 'Parties');
      partiesBlock(doc, body);
      sectionTitle(doc, 'Items');
      itemsTable(doc, body);
      if (body.status === 'Cancelled') {
        sectionTitle(doc, 'Cancelled');
        paragraph(doc, `Cancelled on ${dayIn(body.cancelledAt, issuer.timeZone) ?? ''}: ${String(body.cancelReason ?? '')}`);
      }
      signatureBlock(doc, "Receiver's signature", `For ${issuer.companyName}\nAuthorised signatory`);
    },
    { title: `${title} ${number}`, author: issuer.companyName },
  );
  return { buffer, fileName: `${number}.pdf`, title, number, issuerName: issuer.companyName };
}

async function invoicePdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  const { buffer, fileName } = await renderInvoice(ctx, id, await requireBody(repoOf(ctx, invoice), id));
  return pdfReply(buffer, fileName);
}

async function creditNotePdf(ctx: CallContext): Promise<PdfReply> {
  const { id } = ctx.req.params as { id: string };
  const body = await requireBody(repoOf(ctx, creditNote), id);
  const invoiceBody = await repoOf(ctx, invoice).getBody(String(body.invoiceId));
  const issuer = await issuerOf(ctx.db, ctx.user.tenantId);
  const number = asString(body.alternateId) ?? id;
  const buffer = await renderPdf(
    (doc) => {
      header(doc, issuer, 'Credit Note', number);
      fields(doc, [
        ['Credit note date', ddmmyyyy(body.creditNoteDate)],
        ['Against invoice', asString(invoiceBody?.alternateId)],
        ['Invoice date', ddmmyyyy(invoiceBody?.invoiceDate)],
        ['Reason', asString(body.reason)],
        ['Status', asString(body.status)],
      ]);
      sectionTitle(doc, 'Parties');
      partiesBlock(doc, body);
      sectionTitle(doc, 'Items credited');
      itemsTable(doc, body);
      if (asString(body.remarks)) paragraph(doc, String(body.remarks));
      signatureBlock(doc, "Receiver's signature", `For ${issuer.companyName}\nAuthorised signatory`);
    },
    { title: `Credit Note ${number}`, author: issuer.companyName },
  );
  return pdfReply(buffer, `${number}.pdf`);
}

export const invoicePdfCalls = { generatePdf: { handler: invoicePdf } } satisfies CallsOf<'invoice'>;

export const creditNotePdfCalls = { generatePdf: { handler: creditNotePdf } } satisfies CallsOf<'credit-note'>;
