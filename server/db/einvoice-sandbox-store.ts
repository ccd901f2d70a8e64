/**
 * The local e-invoice sandbox's registrations (table einvoice_sandbox, migration 005): the SQL behind
 * server/einvoice/sandbox-portal.ts, which applies the portal's rules and signs the QR.
 */
import type { Queryable } from './pool';

export interface SandboxRegistration {
  irn: string;
  sellerGstin: string;
  documentType: string;
  documentNumber: string;
  ackDate: Date;
  signedQr: string;
}

/**
 * Stores a registration; answers its acknowledgement number (from the table's sequence, as text), or undefined
 * when the IRN is already registered (the portal's duplicate: the insert does nothing rather than fail).
 */
export async function insertRegistration(db: Queryable, registration: SandboxRegistration): Promise<string | undefined> {
  const { rows } = await db.query<{ ack_no: string }>(
    `insert into einvoice_sandbox (irn, seller_gstin, document_type, document_number, ack_date, signed_qr)
         values ($1, $2, $3, $4, $5, $6) on conflict (irn) do nothing returning ack_no::text`,
    [registration.irn, registration.sellerGstin, registration.documentType, registration.documentNumber, registration.ackDate, registration.signedQr],
  );
  return rows[0]?.ack_no;
}

export interface RegistrationState {
  ack_date: Date;
  cancelled_at: Date | null;
  seller_gstin: string;
}

export async function readRegistration(db: Queryable, irn: string): Promise<RegistrationState | undefined> {
  const { rows } = await db.query<RegistrationState>('select ack_date, cancelled_at, seller_gstin from einvoice_sandbox where irn = $1', [irn]);
  return rows[0];
}

/** `reasonCode` is the IRP's cancel reason (1–4), already checked by the caller. */
export async function markCancelled(db: Queryable, irn: string, at: Date, reasonCode: number, remark: string): Promise<void> {
  await db.query('update einvoice_sandbox set cancelled_at = $2, cancel_reason_code = $3, cancel_remark = $4 where irn = $1', [irn, at, reasonCode, remark]);
}
