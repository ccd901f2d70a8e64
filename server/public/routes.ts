/**
 * The public pages' plugin: proposal link calls, subscription requests and the platform texts, in one
 * encapsulated context whose every route is rate-limited per client address (PUBLIC_RATE_LIMIT; the
 * sign-up route has a stricter limit of its own), counted in PostgreSQL so that all app processes share one count. Registered in server/http/route-plugins.ts.
 *
 * It also puts PUBLIC_URL on the instance (`app.publicUrl`) for the catalogue calls that make links
 * (proposal and subscription-request generatePublicLink: server/domain/sales/proposal-link.ts and
 * server/domain/public/subscription-link.ts, served through the catalogue's handler map).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import { refusal } from '../../src/contract/refusalMessages';
import { sharedRateLimitStore } from '../http/shared-rate-limit-store';
import type { RouteDeps } from '../http/route-deps';
import { proposalRoutes, registerPublicRequestConstraint } from './proposal-routes';
import { subscriptionRoutes } from './subscription-routes';

/** Requests per client address per minute on public calls: a phone reading a proposal needs a handful. */
export const PUBLIC_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

export async function publicRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  if (!app.hasDecorator('publicUrl')) app.decorate('publicUrl', deps.config.publicUrl);
  registerPublicRequestConstraint(app);
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: true,
      max: PUBLIC_RATE_LIMIT.max,
      timeWindow: PUBLIC_RATE_LIMIT.timeWindow,
      keyGenerator: (request) => request.ip,
      // Counted in PostgreSQL: one limit across every app process on the database (issue 36).
      store: sharedRateLimitStore(deps.db, 'public'),
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          // The library's English wait ("1 minute") for the English; the seconds for the other languages.
          refusal('tooManyRequests', { after: context.after }, { after: `${Math.ceil(context.ttl / 1000)} s` }),
          {},
          { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
        ),
    });
    await proposalRoutes(scope, deps);
    await subscriptionRoutes(scope, deps);
  });
}
