/**
 * The page cookie, which names a signed-in person's session to the server when their browser asks for home, so that
 * home's HTML comes rendered for them (./signed-in-page.ts, issue 30). It:
 * - is set by a sign-in and cleared by a sign-out (./auth-routes.ts), and lives no longer than the session;
 * - holds the session token's SHA-256, the sessions table's key, never the token: no API call accepts it (every
 *   call is authorised by the `token` header alone: ./access.ts), so a leaked cookie opens no data but that page;
 * - is HttpOnly (no script reads it), SameSite=Strict (a link from another site does not bring it, and the page
 *   comes unrendered) and sent for the app's pages only (Path=/app), Secure where the request came over HTTPS.
 */
import type { FastifyRequest } from 'fastify';

/** The page cookie's name. */
export const PAGE_COOKIE = 'fieldops_page';

/** A session token's hash as the cookie carries it: SHA-256 in hex (server/auth/sessions.ts, tokenHash). */
const TOKEN_HASH = /^[0-9a-f]{64}$/;

/** The cookie's attributes; `Secure` where the request came over HTTPS (behind a proxy: TRUST_PROXY). */
function attributes(request: FastifyRequest, maxAgeSeconds: number): string {
  return `Path=/app; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;
}

/** The Set-Cookie value a sign-in sends: the new session's token hash, for as long as the session lives. */
export function pageCookie(request: FastifyRequest, tokenHash: string, ttlMs: number): string {
  return `${PAGE_COOKIE}=${tokenHash}; ${attributes(request, Math.floor(ttlMs / 1000))}`;
}

/** The Set-Cookie value a sign-out sends: the cookie gone. */
export function clearedPageCookie(request: FastifyRequest): string {
  return `${PAGE_COOKIE}=; ${attributes(request, 0)}`;
}

/** The token hash the request's page cookie carries, when it carries one in the right form. */
export function pageCookieHash(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === PAGE_COOKIE) {
      const value = part.slice(at + 1).trim();
      return TOKEN_HASH.test(value) ? value : undefined;
    }
  }
  return undefined;
}
