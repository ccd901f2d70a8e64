/**
 * A store for @fastify/rate-limit whose counts live in PostgreSQL (../db/shared-counters.ts), so that the public
 * pages' limits per address (server/public/routes.ts) are one limit across every app process on the database, not
 * one per process (issue 36). The plugin builds the store itself (`new Store(options)`), hence a class made per
 * pool; each route with limits of its own gets a child counting under its own prefix.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db } from '../db/pool';
import { sharedCounter } from '../db/shared-counters';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0];

export function sharedRateLimitStore(db: Db, prefix: string): FastifyRateLimitStoreCtor {
  /** One counter per prefix and window (the window is fixed when a counter is made). */
  const counters = new Map<string, RateLimiterPostgres>();
  const counterFor = (name: string, timeWindowMs: number): RateLimiterPostgres => {
    const id = `${name}|${timeWindowMs}`;
    let counter = counters.get(id);
    if (!counter) {
      counter = sharedCounter(db, { prefix: name, points: Number.MAX_SAFE_INTEGER, durationSeconds: Math.max(1, Math.ceil(timeWindowMs / 1000)) });
      counters.set(id, counter);
    }
    return counter;
  };

  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly name: string = prefix,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      counterFor(this.name, timeWindow)
        .penalty(key, 1)
        .then((counted) => callback(null, { current: counted.consumedPoints, ttl: counted.msBeforeNext }))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(params: RouteParams): FastifyRateLimitStore {
      // The plugin passes its merged options with the route under `routeInfo` (its types say the route itself).
      type Route = { method?: string | string[]; url?: string };
      const route = ((params as { routeInfo?: Route }).routeInfo ?? params) as Route | undefined;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new SharedStore(params, `${this.name}:${method}${route?.url ?? ''}`);
    }
  }
  return SharedStore;
}
