/**
 * The only way into the public calls: a link token (header `token`) on a call marked public (header
 * `public-request`), for the purpose the call serves and the one record the link opens. A session token
 * of a staff member is no public token, so it opens nothing here either.
 *
 * Answers, chosen so the page can tell the person something useful:
 * - no or unknown token, or a token made for another purpose: 401 (the client's rule sends them to sign in);
 * - a link replaced by a newer one, or past its expiry: 410 with a sentence asking for a new link;
 * - a record other than the link's: 404, exactly as if it did not exist (no probing of ids).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool';
import { findLinkToken, type LinkGrant, type LinkPurpose } from '../domain/public/link-tokens';
import { badRequest, HttpError, missingRecord, naming, unauthorized } from '../http/errors';
import { refusal } from '../../src/contract/refusalMessages';

export const LINK_NOT_VALID = refusal('linkNotValid');
export const LINK_REPLACED = refusal('linkReplaced');
export const LINK_EXPIRED = refusal('linkExpired');

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? String(first) : undefined;
}

export function isPublicRequest(request: FastifyRequest): boolean {
  return header(request, 'public-request') !== undefined;
}

/** The grant of the request's link token for `purpose`, or the refusal. */
export async function requireLink(db: Db, request: FastifyRequest, purpose: LinkPurpose): Promise<LinkGrant> {
  if (!isPublicRequest(request)) throw badRequest('public-request', refusal('publicHeaderMissing'));
  return requireLinkToken(db, header(request, 'token'), purpose);
}

/**
 * The grant of a link token given some other way than the header (a page's beacon, which sends no headers, carries it
 * in its body), or the refusal: the same answers as requireLink.
 */
export async function requireLinkToken(db: Db, token: string | undefined, purpose: LinkPurpose): Promise<LinkGrant> {
  if (!token) throw unauthorized(naming('token', refusal('linkTokenMissing')));
  const found = await findLinkToken(db, token, purpose);
  if (found.ok) return found.grant;
  if (found.reason === 'revoked') throw new HttpError(410, LINK_REPLACED);
  if (found.reason === 'expired') throw new HttpError(410, LINK_EXPIRED);
  throw unauthorized(LINK_NOT_VALID);
}

/** The record the call names must be the link's own. */
export function requireSameRecord(grant: LinkGrant, id: string, moduleName: string): void {
  if (grant.recordId !== id) throw missingRecord(moduleName, id);
}
