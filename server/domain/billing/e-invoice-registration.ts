/**
 * An invoice registered with the e-invoice portal (issue 14), in the domain's terms: the portal's document is
 * made from the stored invoice (paise become the portal's rupees), the document number is checked against
 * the portal's rule before anything is sent, a refusal is a conflict that quotes the portal (its code and
 * words), and a portal that cannot be reached is "unavailable" (try again), never a success.
 */
import { refusal, type Said } from '../../../src/contract/refusalMessages';
import { DOCUMENT_NUMBER, PortalRefusal, PortalUnavailable, type CancelReasonCode, type Cancellation, type EInvoicePortal, type PortalDocument, type Registration } from '../../einvoice/portal';
import { conflict, invalid, unavailable } from '../errors';
import { asArray, asNumber, asString } from '../records';

type Body = Readonly<Record<string, unknown>>;

/** Paise → the portal's rupees (two decimals), exactly: 12345 → 123.45. */
const rupees = (paise: number): number => Math.round(paise) / 100;

/** "2026-03-01" → "01/03/2026". */
const portalDate = (isoDate: string): string => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** SAC codes (services) start with 99; HSN codes are goods. */
const isService = (code: string): boolean => code.startsWith('99');

export function portalDocumentOf(invoiceBody: Body, documentType: PortalDocument['documentType'] = 'INV'): PortalDocument {
  const documentNumber = asString(invoiceBody.alternateId) ?? '';
  if (!DOCUMENT_NUMBER.test(documentNumber)) throw invalid('alternateId', refusal('eInvoiceNumberRule', { number: documentNumber }));
  const buyerGstin = asString(invoiceBody.billToGstin);
  if (!buyerGstin) throw invalid('billToGstin', refusal('eInvoiceNeedsBuyerGstin'));
  return {
    documentType,
    documentNumber,
    documentDate: portalDate(String(invoiceBody.invoiceDate)),
    sellerGstin: String(invoiceBody.supplierGstin),
    sellerName: asString(invoiceBody.supplierName) ?? String(invoiceBody.supplierGstin),
    buyerGstin,
    buyerName: String(invoiceBody.billToName),
    placeOfSupply: String(invoiceBody.placeOfSupply),
    items: asArray(invoiceBody.items).map((line, index) => {
      const hsn = String(line.hsnSac ?? '');
      return {
        slNo: String(index + 1),
        isService: isService(hsn),
        hsn,
        quantity: asNumber(line.quantity),
        unitPrice: rupees(asNumber(line.ratePaise)),
        assessableValue: rupees(asNumber(line.taxableValuePaise)),
        gstRate: asNumber(line.gstRate),
        igst: rupees(asNumber(line.igstPaise)),
        cgst: rupees(asNumber(line.cgstPaise)),
        sgst: rupees(asNumber(line.sgstPaise)),
        totalItemValue: rupees(asNumber(line.totalPaise)),
      };
    }),
    totals: {
      assessableValue: rupees(asNumber(invoiceBody.taxableValuePaise)),
      cgst: rupees(asNumber(invoiceBody.cgstPaise)),
      sgst: rupees(asNumber(invoiceBody.sgstPaise)),
      igst: rupees(asNumber(invoiceBody.igstPaise)),
      roundOff: rupees(asNumber(invoiceBody.roundOffPaise)),
      totalInvoiceValue: rupees(asNumber(invoiceBody.grandTotalPaise)),
    },
  };
}

/**
 * The portal's answer in the product's words: its refusal is worded by what was asked (`refused`), quoting the portal's
 * own code and text as values (they are the portal's, in English, not ours to translate).
 */
async function atPortal<T>(refused: (code: string, portalText: string) => Said, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PortalRefusal) throw conflict(refused(error.code, error.message));
    if (error instanceof PortalUnavailable) throw unavailable(error.said);
    throw error;
  }
}

export async function registerInvoice(portal: EInvoicePortal, invoiceBody: Body): Promise<Registration> {
  const document = portalDocumentOf(invoiceBody);
  return atPortal((code, portalText) => refusal('portalRefusedRegister', { number: document.documentNumber, code, portalText }), () => portal.register(document));
}

export function cancelRegistration(portal: EInvoicePortal, input: { sellerGstin: string; irn: string; reasonCode: CancelReasonCode; remark: string }): Promise<Cancellation> {
  return atPortal((code, portalText) => refusal('portalRefusedCancel', { irn: input.irn.slice(0, 12), code, portalText }), () => portal.cancel(input));
}
