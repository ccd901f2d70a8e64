/**
 * The e-invoice portal (the GST Invoice Registration Portal, IRP) as the product talks to it (issue 14):
 * register a document and get its IRN, acknowledgement and signed QR; cancel an IRN. Two implementations,
 * chosen by configuration (EINVOICE_PROVIDER): the local sandbox (./sandbox-portal.ts, the default), which
 * follows the portal's rules and signs like it, and a GST Suvidha Provider (./gsp-portal.ts) reached over
 * HTTPS. Neither pretends: the sandbox says it is one in every QR it signs, and the GSP client reports
 * success only for an answer the provider gave.
 */
import type { WordValues } from '../../src/contract/messageWords';
import { refusal, type RefusalKey, type Said } from '../../src/contract/refusalMessages';

export const REASON_CODES = { 1: 'Duplicate', 2: 'Data entry mistake', 3: 'Order cancelled', 4: 'Other' } as const;
export type CancelReasonCode = keyof typeof REASON_CODES;

export interface PortalItem {
  slNo: string;
  isService: boolean;
  hsn: string;
  quantity: number;
  /** Rupees, as the portal takes them (two decimals). */
  unitPrice: number;
  assessableValue: number;
  gstRate: number;
  igst: number;
  cgst: number;
  sgst: number;
  totalItemValue: number;
}

/** The parts of the IRP's invoice schema (version 1.1) the product fills. */
export interface PortalDocument {
  documentType: 'INV' | 'CRN' | 'DBN';
  documentNumber: string;
  /** DD/MM/YYYY, as the portal writes dates. */
  documentDate: string;
  sellerGstin: string;
  sellerName: string;
  buyerGstin: string;
  buyerName: string;
  /** The buyer's place of supply (state code). */
  placeOfSupply: string;
  items: PortalItem[];
  totals: { assessableValue: number; cgst: number; sgst: number; igst: number; roundOff: number; totalInvoiceValue: number };
}

export interface Registration {
  irn: string;
  ackNo: string;
  /** ISO date-time of the acknowledgement. */
  ackDate: string;
  /** The portal's signed QR: a JWT whose `data` claim holds the document's summary. */
  signedQr: string;
  /** Who signed it ("FieldOps e-invoice sandbox", or the provider's issuer). */
  issuer: string;
}

export interface Cancellation {
  irn: string;
  /** ISO date-time of the cancellation. */
  cancelDate: string;
}

/** The portal refused the request: its code and message, as it gave them (a 4xx for the caller). */
export class PortalRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PortalRefusal';
  }
}

/** Why the portal is not there, each a refusal of the product's (src/contract/refusalMessages.ts) that ends "try again". */
export type PortalUnavailableKey = Extract<RefusalKey, 'portalUnreachable' | 'portalNotJson' | 'portalNoAnswer' | 'portalNoToken' | 'portalNoIrn'>;

/**
 * The portal could not be reached or answered out of turn (a 503 for the caller: try again). Said in the product's
 * words, with what came from outside (the address, the network's error, the HTTP status) as their values.
 */
export class PortalUnavailable extends Error {
  readonly said: Said;

  constructor(key: PortalUnavailableKey, values: WordValues = {}) {
    const said = refusal(key, values);
    super(said.message);
    this.name = 'PortalUnavailable';
    this.said = said;
  }
}

export interface EInvoicePortal {
  /** "sandbox" or "gsp": shown to people beside what it produced. */
  readonly kind: 'sandbox' | 'gsp';
  register(document: PortalDocument): Promise<Registration>;
  cancel(input: { sellerGstin: string; irn: string; reasonCode: CancelReasonCode; remark: string }): Promise<Cancellation>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    einvoicePortal: EInvoicePortal;
  }
}

/** 16 characters at most, letters, digits, "/" and "-", not starting with 0, "/" or "-" (the portal's rule). */
export const DOCUMENT_NUMBER = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;
export const DOCUMENT_NUMBER_RULE = 'An e-invoice document number has at most 16 characters (letters, digits, "/" and "-") and does not start with 0, "/" or "-"';
