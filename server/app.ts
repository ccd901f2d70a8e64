/**
 * The Fastify application, without listening: what main.ts serves and what tests drive with `inject`.
 */
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { DatabaseHealth } from './db/database-health';
import type { Db } from './db/pool';
import { catalogueHandlers } from './domain/handlers';
import { accountRoutes } from './http/account-routes';
import { createSessionCache } from './auth/session-cache';
import { keepSessionCacheTrue } from './auth/session-invalidation';
import { attachNamesCache, createNamesCache, type NamesCache } from './domain/names-cache';
import { registerAccessHook } from './http/access';
import { fileCarryingRoutes, registerHeavyCallLimits } from './http/heavy-calls';
import { registerSecurityHeaders } from './http/security-headers';
import { signedInPageDigest } from '../src/contract/prerenderedPages';
import { clientPages, isSignedInPage, type SignedInRender } from './http/client-pages';
import { pageCookieHash } from './http/page-cookie';
import { loadRendererInBackground, pageSession, type SignedInPageRenderer } from './http/signed-in-page';
import { authRoutes } from './http/auth-routes';
import { catalogueRoutes } from './http/catalogue-routes';
import { errorHandler, notFoundHandler } from './http/errors';
import { healthRoutes, registerDatabaseGate } from './http/health-routes';
import { refuseUnstorableText } from './http/storable-text';
import { routePlugins } from './http/route-plugins';
import { createEInvoicePortal } from './einvoice/index';
import { createMailer } from './mail/mailer';
import { createHub, type RealtimeHub } from './realtime/hub';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** false for silence (tests), true for default JSON logs, or a pino logger to share. */
  logger?: boolean | FastifyBaseLogger;
  /** Where writes are announced; created when absent. Tests pass their own to capture events. */
  hub?: RealtimeHub;
  /** Whether the database is up (GET /api/health, the 503 gate); main.ts keeps it current. Always up when absent. */
  health?: DatabaseHealth;
  /** Renders the signed-in home (tests pass their own); the build's, from `config.rendererFile`, when absent. */
  signedInPageRenderer?: SignedInPageRenderer;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: RealtimeHub;
    dbHealth: DatabaseHealth;
    /** The names of referenced records kept for this app's pool (tests wait for it to be live). */
    namesCache: NamesCache;
  }
}

/**
 * Client routes get the client's page (index.html, with a first route's own files named: client-pages.ts); API
 * paths and missing files (with an extension) stay 404. The signed-in home comes rendered for the person whose page
 * cookie it carries, when the build's renderer is there (./http/signed-in-page.ts); any failure to render it leaves
 * the page as it was without, and is logged.
 */
function clientFallback(
  distDir: string,
  db: Db,
  renderer: { injected?: SignedInPageRenderer; file: string; report: (error: unknown) => void },
): ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined {
  const pageFor = clientPages(distDir);
  if (!pageFor) return undefined;
  // Loaded only where there is a client to serve it in.
  const injected = renderer.injected;
  const rendererNow = injected ? () => injected : loadRendererInBackground(renderer.file, renderer.report);
  async function signedInRender(request: FastifyRequest, pathname: string): Promise<SignedInRender | undefined> {
    const render = rendererNow();
    const hash = render && pageCookieHash(request);
    if (!render || hash === undefined) return undefined;
    try {
      const session = await pageSession(db, hash);
      return session && { html: await render(pathname, session), sessionDigest: signedInPageDigest(session) };
    } catch (error) {
      request.log.error({ err: error }, 'the signed-in page could not be rendered; it goes out unrendered');
      return undefined;
    }
  }
  return async (request, reply) => {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/socket.io') && !path.extname(pathname);
    if (!isPage) return notFoundHandler(request, reply);
    const signedInPage = isSignedInPage(pathname);
    const signedIn = signedInPage ? await signedInRender(request, pathname) : undefined;
    // A page rendered for one person is theirs alone: no cache keeps it. Home differs by the cookie either way.
    if (signedInPage) void reply.header('vary', 'cookie');
    return reply
      .header('cache-control', signedIn ? 'private, no-store' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageFor(pathname, new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1)), signedIn));
  };
}

/** With request logging off, a request slower than a second is still worth a line (one comparison per request). */
function logSlowRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (ms > 1_000) request.log.warn({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) }, 'slow request');
    done();
  });
}

/** Replies smaller than this go out as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The body a call carrying a file may send: the file store's 5 MB as base64, with room for the JSON around it. */
export const FILE_BODY_LIMIT = 8 * 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const hub = options.hub ?? createHub();
  const logger = options.logger ?? true;
  const app = Fastify({
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger }),
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });
  // A body is at most 1 MB, except where it carries a file: 5 MB of bytes travel as about 6.7 MB of base64 in JSON.
  const fileRoutes = fileCarryingRoutes();
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().some((method) => fileRoutes.has(`${method} ${route.url}`))) route.bodyLimit = FILE_BODY_LIMIT;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  if (!config.logRequests) logSlowRequests(app);
  app.decorate('hub', hub);
  const health = options.health ?? new DatabaseHealth();
  app.decorate('dbHealth', health);
  app.decorate('einvoicePortal', createEInvoicePortal(config, db));
  const mailer = createMailer(config);
  app.decorate('mailer', mailer);
  if (mailer) app.addHook('onClose', async () => mailer.close());

  registerSecurityHeaders(app);
  // Answers go out compressed when the browser asks (br before gzip, brotli at a quality that costs little CPU,
  // the plugin's default); below 1 KB it is not worth it. Files the build compressed already (@fastify/static
  // preCompressed) carry their encoding and are left alone.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(swagger, {
    openapi: {
      info: { title: 'FieldOps API', description: 'The API host: sign-in, tenancy, privileges and the module catalogue', version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerDatabaseGate(app, health);
  const sessions = createSessionCache();
  // The names of referenced records, kept per tenant and module for this pool's reads (server/domain/names-cache.ts).
  const names = createNamesCache();
  attachNamesCache(db, names);
  app.decorate('namesCache', names);
  const invalidation = keepSessionCacheTrue(
    sessions,
    db,
    hub,
    (message) => app.log.info(message),
    (listening) => health.setListening(listening),
    names,
  );
  app.addHook('onClose', async () => invalidation.close());
  registerAccessHook(app, db, sessions);
  // After the access hook, which names the person: PDFs, whole lists, uploads and e-mail are limited per person and tenant.
  registerHeavyCallLimits(app, db, config.heavyCallLimits);
  refuseUnstorableText(app);
  await healthRoutes(app, health);

  const distDir = config.distDir;
  const fallback = clientFallback(distDir, db, {
    injected: options.signedInPageRenderer,
    file: config.rendererFile,
    report: (error) => app.log.error({ err: error }, 'the signed-in page renderer did not load; home goes out unrendered'),
  });
  if (fallback) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // The build writes a .br and a .gz beside each file (vite.config.ts): sent as is to a browser that accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/: safe to cache for good; anything else is revalidated.
        const fingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(fallback ?? notFoundHandler);

  await authRoutes(app, { db, config, hub });
  await accountRoutes(app, { db, hub });
  await catalogueRoutes(app, { db, hub, einvoice: app.einvoicePortal, handlers: catalogueHandlers });
  for (const plugin of routePlugins) await plugin(app, { db, config, hub });
  return app;
}
