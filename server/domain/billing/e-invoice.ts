/**
 * E-invoice reference numbers, computed the way the Invoice Registration Portal (IRP) computes them,
 * without calling it: the IRN is the SHA-256 (64 hex characters) of the supplier's GSTIN, the financial
 * year, the document type (INV, CRN, DBN) and the document number. The same document always gets the same
 * IRN, which is what lets the IRP refuse a duplicate. The acknowledgement number is derived from the IRN
 * (15 digits, like the IRP's) since no portal issues one here.
 */
import { createHash } from 'node:crypto';
import { financialYear } from '../../../src/contract/gst';

export interface EInvoiceInput {
  supplierGstin: string;
  documentType: 'INV' | 'CRN' | 'DBN';
  documentNumber: string;
  /** YYYY-MM-DD */
  documentDate: string;
}

export interface EInvoiceReference {
  irn: string;
  ackNo: string;
  ackDate: string;
  financialYear: string;
}

export function irnOf(input: EInvoiceInput): string {
  const year = financialYear(input.documentDate);
  return createHash('sha256').update(`${input.supplierGstin.toUpperCase()}${year}${input.documentType}${input.documentNumber.toUpperCase()}`).digest('hex');
}

export function eInvoiceFor(input: EInvoiceInput, now: Date = new Date()): EInvoiceReference {
  const irn = irnOf(input);
  const ackNo = (BigInt('0x' + irn.slice(0, 15)) % 10n ** 15n).toString().padStart(15, '0');
  return { irn, ackNo, ackDate: now.toISOString(), financialYear: financialYear(input.documentDate) };
}
