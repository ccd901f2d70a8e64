/**
 * Tokens of the links handed to people outside the product (the public proposal page, the subscriber
 * details page). The token is 32 random bytes; only its SHA-256 is stored, next to the tenant, the one
 * record it opens and the purpose it serves, so a database leak yields no usable link and a token can
 * never be replayed on another record, another purpose or another tenant. Issuing a new link for a record
 * revokes the earlier ones, so a forwarded old link stops working once the sender regenerates it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { findLinkByHash, insertLink, revokeRecordLinks, type LinkPurpose } from '../../db/link-token-store';
import type { Queryable } from '../../db/pool';

export type { LinkPurpose };

export interface LinkGrant {
  tenantId: string;
  recordId: string;
  purpose: LinkPurpose;
  /** What the link said about the record when it was made (the proposal status of `acbS`). */
  linkStatus: string | null;
  expiresAt: Date;
}

export type LinkLookup = { ok: true; grant: LinkGrant } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'wrong-purpose' };

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssueInput {
  tenantId: string;
  recordId: string;
  purpose: LinkPurpose;
  linkStatus?: string;
  expiresAt: Date;
  createdBy?: string;
}

/** Revokes the record's live links of that purpose and stores a new one; answers the plain token once. */
export async function issueLinkToken(db: Queryable, input: IssueInput): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await revokeRecordLinks(db, input.tenantId, input.recordId, input.purpose);
  await insertLink(db, {
    tokenHash: linkTokenHash(token),
    tenantId: input.tenantId,
    recordId: input.recordId,
    purpose: input.purpose,
    linkStatus: input.linkStatus ?? null,
    expiresAt: input.expiresAt,
    createdBy: input.createdBy ?? null,
  });
  return token;
}

/** Resolves a presented token for one purpose, or says why it opens nothing. */
export async function findLinkToken(db: Queryable, token: string, purpose: LinkPurpose): Promise<LinkLookup> {
  const row = await findLinkByHash(db, linkTokenHash(token));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.purpose !== purpose) return { ok: false, reason: 'wrong-purpose' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.expired) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    grant: { tenantId: row.subscriber_id, recordId: row.record_id, purpose: row.purpose, linkStatus: row.link_status, expiresAt: row.expires_at },
  };
}

