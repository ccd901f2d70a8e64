/**
 * Limits on the calls that cost the server most (issue 35 §4): PDFs, whole (streamed) lists, which exports read,
 * uploads and e-mail. One person looping them must not slow everyone else down, so each kind has
 *
 * - a rate per person and a larger one per tenant (organisation), counted in PostgreSQL so that every app process
 *   enforces one limit (../db/shared-counters.ts);
 * - a number of calls one person may have in flight at once on this process (a burst of parallel PDFs from one
 *   person would otherwise take every core for as long as it lasts).
 *
 * Over a limit the call answers 429 with `Retry-After` (seconds) and `limit` { kind, scope, retryAfterSeconds }, which
 * the client words in the person's language (src/ui/kit/rateLimitWords.ts); the message is the English of the same.
 * The limits are the configuration's (server/config.ts, DEFAULT_HEAVY_CALL_LIMITS). A person
 * over their rate is refused from memory by each process for the rest of the window, without a query, so a loop
 * that ignores its 429s costs the server little.
 *
 * Which calls are heavy is read from the catalogue: a custom call answering a PDF (`pdfReply`), a call whose name
 * says it sends e-mail, a create or call whose body carries a file (`contentBase64`), and a module's list asked for
 * whole (any limit above LARGEST_PAGE, or none).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { RateLimitScope } from '../../src/contract/errorShapes';
import { callPath, catalogue, opRoute, type ModuleDef } from '../../src/contract/modules/index';
import { pdfReply } from '../../src/contract/modules/replies';
import type { SessionUser } from '../auth/sessions';
import type { HeavyCallKind, HeavyCallLimit } from '../config';
import type { Db } from '../db/pool';
import { sharedCounter } from '../db/shared-counters';
import { HttpError } from './errors';
import { unworded } from '../../src/contract/messageWords';
import { LARGEST_PAGE } from './streamed-list';

export type HeavyKind = HeavyCallKind;
export type HeavyLimit = HeavyCallLimit;

const KIND_WORDS: Readonly<Record<HeavyKind, string>> = {
  pdf: 'PDF documents',
  list: 'whole lists or exports',
  upload: 'uploads',
  email: 'e-mails',
};

type Classifier = (request: FastifyRequest) => HeavyKind | undefined;

/** Whether a body schema carries a file's bytes (`contentBase64`) at any depth: the record, a `receipt`, a list of photos. */
function carriesFile(schema: unknown): boolean {
  if (schema instanceof z.ZodObject) return Object.entries(schema.shape as Record<string, unknown>).some(([name, field]) => name === 'contentBase64' || carriesFile(field));
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) return carriesFile(schema.unwrap());
  if (schema instanceof z.ZodArray) return carriesFile(schema.element);
  return false;
}

/**
 * The routes whose body carries a file, by `METHOD url` as Fastify mounts them: a file travels as base64 in JSON, so
 * these take a larger body than the rest (../app.ts, FILE_BODY_LIMIT).
 */
export function fileCarryingRoutes(defs: readonly ModuleDef[] = catalogue): Set<string> {
  const routes = new Set<string>();
  for (const def of defs) {
    if (carriesFile(def.fields)) {
      const create = opRoute(def, 'create');
      routes.add(`${create.method} ${def.path + create.path}`);
    }
    for (const call of def.calls ?? []) if (call.kind !== 'list' && carriesFile(call.body)) routes.add(`${call.method} ${callPath(def, call)}`);
  }
  return routes;
}

function unpaged(request: FastifyRequest): boolean {
  const raw = (request.query as Record<string, unknown> | undefined)?.limit;
  if (raw === undefined || raw === '') return true;
  const limit = Number(Array.isArray(raw) ? raw[0] : raw);
  return !Number.isFinite(limit) || limit > LARGEST_PAGE;
}

const always =
  (kind: HeavyKind): Classifier =>
  () =>
    kind;
const whenUnpaged: Classifier = (request) => (unpaged(request) ? 'list' : undefined);

/** Every heavy route of the catalogue, by `METHOD url` as Fastify mounts it. */
export function heavyRoutes(defs: readonly ModuleDef[] = catalogue): Map<string, Classifier> {
  const routes = new Map<string, Classifier>();
  // A route carrying a file is an upload, unless it also answers a PDF or sends e-mail (set over it below).
  for (const route of fileCarryingRoutes(defs)) routes.set(route, always('upload'));
  const add = (method: string, url: string, classify: Classifier): void => void routes.set(`${method} ${url}`, classify);
  for (const def of defs) {
    const list = opRoute(def, 'list');
    add(list.method, def.path + list.path, whenUnpaged);
    for (const call of def.calls ?? []) {
      const url = callPath(def, call);
      if (call.kind === 'list') add(call.method, url, whenUnpaged);
      else if (call.reply === pdfReply) add(call.method, url, always('pdf'));
      else if (/e-?mail/i.test(call.name)) add(call.method, url, always('email'));
    }
  }
  return routes;
}

function refusal(kind: HeavyKind, scope: RateLimitScope, retryAfterSeconds: number): HttpError {
  const who = scope === 'organisation' ? 'Your organisation has' : 'You have';
  const wait = retryAfterSeconds < 90 ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  const message =
    scope === 'in-flight'
      ? `You already have ${KIND_WORDS[kind]} being prepared. Please wait ${wait} for them to finish and try again.`
      : `${who} asked for too many ${KIND_WORDS[kind]} in a short time. Please wait ${wait} and try again.`;
  return new HttpError(429, unworded(message, 'the client words a limit from its `limit`'), { code: 'RATE_LIMITED', limit: { kind, scope, retryAfterSeconds } }, { 'retry-after': String(retryAfterSeconds) });
}

/** The store's rejection when a key is over (any other rejection is the database's error). */
function overBy(caught: unknown): number | undefined {
  if (typeof caught !== 'object' || caught === null || caught instanceof Error || !('msBeforeNext' in caught)) return undefined;
  return Math.max(1, Math.ceil(Number(caught.msBeforeNext) / 1000));
}

interface Counters {
  person: RateLimiterPostgres;
  tenant: RateLimiterPostgres;
}

/**
 * Registers the limits as an onRequest hook; it must come after the access hook (./access.ts), which names the
 * person. Calls nobody signed in for (public pages) have limits of their own (server/public/routes.ts).
 */
export function registerHeavyCallLimits(app: FastifyInstance, db: Db, limits: Readonly<Record<HeavyKind, HeavyLimit>>): void {
  const routes = heavyRoutes();
  const counters = new Map<HeavyKind, Counters>();
  for (const [kind, limit] of Object.entries(limits) as Array<[HeavyKind, HeavyLimit]>) {
    counters.set(kind, {
      person: sharedCounter(db, { prefix: `heavy-${kind}-person`, points: limit.perPerson, durationSeconds: limit.windowSeconds, blockInMemory: true }),
      tenant: sharedCounter(db, { prefix: `heavy-${kind}-tenant`, points: limit.perTenant, durationSeconds: limit.windowSeconds, blockInMemory: true }),
    });
  }
  /** `<kind>|<person>` → calls of theirs running on this process now. */
  const running = new Map<string, number>();

  /** Counts the call as running until its answer is sent or its connection closes; returns the early release. */
  const hold = (key: string, reply: FastifyReply): (() => void) => {
    running.set(key, (running.get(key) ?? 0) + 1);
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      const left = (running.get(key) ?? 1) - 1;
      if (left <= 0) running.delete(key);
      else running.set(key, left);
    };
    // Whichever comes first: the answer sent, or the connection closed under it.
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
    return release;
  };

  const limitHeavyCall = async (request: FastifyRequest, reply: FastifyReply, user: SessionUser, kind: HeavyKind): Promise<void> => {
    const limit = limits[kind];
    const runningKey = `${kind}|${user._id}`;
    if ((running.get(runningKey) ?? 0) >= limit.inFlightPerPerson) throw refusal(kind, 'in-flight', 2);
    // Counted as running before the first await, so that parallel calls of one person see each other.
    const release = hold(runningKey, reply);
    const { person, tenant } = counters.get(kind) as Counters;
    for (const [scope, counter, key] of [
      ['person', person, user._id],
      ['organisation', tenant, user.tenantId],
    ] as const) {
      try {
        await counter.consume(key);
      } catch (caught) {
        release();
        const retryAfterSeconds = overBy(caught);
        if (retryAfterSeconds === undefined) throw caught;
        throw refusal(kind, scope, retryAfterSeconds);
      }
    }
  };
  // A callback hook: most calls are not heavy and pass at once, without the promise an async hook costs each request.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const user: SessionUser | undefined = request.sessionUser;
    const kind = user ? routes.get(`${request.method} ${request.routeOptions.url ?? ''}`)?.(request) : undefined;
    if (!user || !kind) return done();
    limitHeavyCall(request, reply, user, kind).then(() => done(), done);
  });
}
