/**
 * The security headers (helmet's, with the product's content security policy), computed once at start and
 * set on every answer as a ready-made list. @fastify/helmet re-parsed the policy on every request: a cost
 * with nothing to show for it, since no header here varies by request (no nonces).
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EARLY_VIEW_SCRIPT } from '../../src/contract/earlyProposalView';
import { PRERENDER_CHECK_SCRIPT } from '../../src/contract/prerenderedPages';

/** A policy source that allows exactly this inline script. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

const OPTIONS: HelmetOptions = {
  // Plain-HTTP installs (LAN addresses) must keep working, so no upgrade-insecure-requests.
  contentSecurityPolicy: {
    directives: {
      upgradeInsecureRequests: null,
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // The two inline scripts, each allowed by its hash: a proposal link's early request (earlyProposalView.ts) and
      // the check that keeps a prerendered page only for the visitors it fits (prerenderedPages.ts).
      scriptSrc: ["'self'", scriptHashSource(EARLY_VIEW_SCRIPT), scriptHashSource(PRERENDER_CHECK_SCRIPT)],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** What helmet would set, captured by running it once against a response that only records headers. */
export function securityHeaders(options: HelmetOptions = OPTIONS): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => void (failed = error));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return Object.freeze(headers);
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  // A callback hook, not an async one: nothing here waits, and an async hook costs every request a promise.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
