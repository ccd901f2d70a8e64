/**
 * The public_links table: hashes of the tokens of links handed to people outside the product. The SQL behind
 * server/domain/public/link-tokens.ts, which makes the tokens and decides what a presented one opens.
 */
import type { Queryable } from './pool';

/** What a link may be used for; defined here, the lowest layer that stores it (the domain re-exports it). */
export type LinkPurpose = 'proposal' | 'subscription-request';

/** Revokes the record's live links of that purpose (a new link replaces them). */
export async function revokeRecordLinks(db: Queryable, tenantId: string, recordId: string, purpose: LinkPurpose): Promise<void> {
  await db.query(
    `update public_links set revoked_at = now()
     where subscriber_id = $1 and record_id = $2 and purpose = $3 and revoked_at is null`,
    [tenantId, recordId, purpose],
  );
}

export interface NewLink {
  tokenHash: string;
  tenantId: string;
  recordId: string;
  purpose: LinkPurpose;
  linkStatus: string | null;
  expiresAt: Date;
  createdBy: string | null;
}

export async function insertLink(db: Queryable, link: NewLink): Promise<void> {
  await db.query(
    `insert into public_links (token_hash, subscriber_id, record_id, purpose, link_status, expires_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [link.tokenHash, link.tenantId, link.recordId, link.purpose, link.linkStatus, link.expiresAt, link.createdBy],
  );
}

export interface LinkRow {
  subscriber_id: string;
  record_id: string;
  purpose: LinkPurpose;
  link_status: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  /** Computed by PostgreSQL (expires_at <= now()), so expiry follows the database's clock. */
  expired: boolean;
}

/** The link stored under this token hash, revoked or expired ones included (the caller says why it fails). */
export async function findLinkByHash(db: Queryable, hash: string): Promise<LinkRow | undefined> {
  const { rows } = await db.query<LinkRow>(
    `select subscriber_id, record_id, purpose, link_status, expires_at, revoked_at, expires_at <= now() as expired
     from public_links where token_hash = $1`,
    [hash],
  );
  return rows[0];
}
