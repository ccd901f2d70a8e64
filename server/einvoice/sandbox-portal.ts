/**
 * The local e-invoice sandbox (EINVOICE_PROVIDER=sandbox, the default): a portal on this server that follows
 * the IRP's rules, so billing can be used and tested end to end without GST credentials.
 *
 * - The IRN is the portal's: SHA-256 of the seller's GSTIN, the financial year, the document type and number.
 * - A document already registered is refused as a duplicate (code 2150), as the IRP does; so is a document
 *   number that breaks the portal's rule (16 characters, letters, digits, "/" and "-", not starting with 0,
 *   "/" or "-").
 * - The acknowledgement number comes from a sequence; the acknowledgement date is the sandbox's clock.
 * - The QR is a JWT signed RS256 with a key the sandbox generates once and keeps under DATA_DIR
 *   (einvoice-sandbox/signing-key.pem); its `data` claim holds the fields the IRP puts there, and its issuer
 *   says it is the sandbox, so a sandbox QR is never mistaken for the portal's.
 * - An IRN is cancelled only within 24 hours of its acknowledgement, with a reason code 1–4, once.
 * Registrations are kept in the table einvoice_sandbox (migration 005).
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { insertRegistration, markCancelled, readRegistration } from '../db/einvoice-sandbox-store';
import type { Db } from '../db/pool';
import { DOCUMENT_NUMBER, DOCUMENT_NUMBER_RULE, PortalRefusal, REASON_CODES, type Cancellation, type EInvoicePortal, type PortalDocument, type Registration } from './portal';

export const SANDBOX_ISSUER = 'FieldOps e-invoice sandbox (not the GST portal)';
const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface SandboxOptions {
  db: Db;
  /** Where the signing key is kept (DATA_DIR). */
  dataDir: string;
  now?: () => Date;
}

/** The financial year of a DD/MM/YYYY date, as the IRN uses it: "2023-24". */
function financialYearOf(date: string): string {
  const [, month, year] = date.split('/').map(Number) as [number, number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function irnOf(input: { sellerGstin: string; financialYear: string; documentType: string; documentNumber: string }): string {
  return createHash('sha256').update(`${input.sellerGstin.toUpperCase()}${input.financialYear}${input.documentType}${input.documentNumber.toUpperCase()}`).digest('hex');
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** The sandbox's signing key, made on first use and kept readable by this user only. */
function signingKey(dataDir: string): KeyObject {
  const file = path.join(dataDir, 'einvoice-sandbox', 'signing-key.pem');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    try {
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return createPrivateKey(fs.readFileSync(file));
}

/** "2026-03-01T09:30:00.000Z" → "2026-03-01 15:00:00" (the portal writes IST). */
function portalDateTime(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function signedQrOf(key: KeyObject, document: PortalDocument, irn: string, at: Date): string {
  const mainItem = [...document.items].sort((a, b) => b.assessableValue - a.assessableValue)[0];
  const data = {
    SellerGstin: document.sellerGstin,
    BuyerGstin: document.buyerGstin,
    DocNo: document.documentNumber,
    DocTyp: document.documentType,
    DocDt: document.documentDate,
    TotInvVal: document.totals.totalInvoiceValue,
    ItemCnt: document.items.length,
    MainHsnCode: mainItem?.hsn ?? '',
    Irn: irn,
    IrnDt: portalDateTime(at),
  };
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ data: JSON.stringify(data), iss: SANDBOX_ISSUER, iat: Math.floor(at.getTime() / 1000) }));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
  return `${header}.${payload}.${base64url(signature)}`;
}

export interface SandboxPortal extends EInvoicePortal {
  /** The public half of the signing key (PEM), to verify the QRs it signed. */
  publicKeyPem(): string;
}

export function createSandboxPortal(options: SandboxOptions): SandboxPortal {
  const now = options.now ?? (() => new Date());
  let key: KeyObject | undefined;
  const keyOf = (): KeyObject => (key ??= signingKey(options.dataDir));

  return {
    kind: 'sandbox',
    async register(document): Promise<Registration> {
      if (!DOCUMENT_NUMBER.test(document.documentNumber)) throw new PortalRefusal('2283', DOCUMENT_NUMBER_RULE);
      if (document.items.length === 0) throw new PortalRefusal('2176', 'The document has no items');
      const irn = irnOf({ sellerGstin: document.sellerGstin, financialYear: financialYearOf(document.documentDate), documentType: document.documentType, documentNumber: document.documentNumber });
      const at = now();
      const signedQr = signedQrOf(keyOf(), document, irn, at);
      const ackNo = await insertRegistration(options.db, { irn, sellerGstin: document.sellerGstin, documentType: document.documentType, documentNumber: document.documentNumber, ackDate: at, signedQr });
      if (ackNo === undefined) throw new PortalRefusal('2150', `Duplicate IRN: ${document.documentType} ${document.documentNumber} of ${document.sellerGstin} is already registered`);
      return { irn, ackNo, ackDate: at.toISOString(), signedQr, issuer: SANDBOX_ISSUER };
    },
    async cancel({ sellerGstin, irn, reasonCode, remark }): Promise<Cancellation> {
      if (!(reasonCode in REASON_CODES)) throw new PortalRefusal('2270', 'The cancel reason code must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (other)');
      const registered = await readRegistration(options.db, irn);
      if (!registered || registered.seller_gstin !== sellerGstin) throw new PortalRefusal('2154', `IRN ${irn} is not registered for ${sellerGstin}`);
      if (registered.cancelled_at) throw new PortalRefusal('9999', `IRN ${irn} is already cancelled`);
      const at = now();
      if (at.getTime() - registered.ack_date.getTime() > CANCEL_WINDOW_MS) throw new PortalRefusal('2265', 'An IRN can be cancelled only within 24 hours of its acknowledgement: issue a credit note instead');
      await markCancelled(options.db, irn, at, reasonCode, remark);
      return { irn, cancelDate: at.toISOString() };
    },
    publicKeyPem() {
      return createPublicKey(keyOf()).export({ type: 'spki', format: 'pem' }).toString();
    },
    async close() {},
  };
}
