/**
 * Boot: configuration, the database (embedded PostgreSQL unless DATABASE_URL is set), migrations, the
 * demo seed, the HTTP app with socket.io on the same port, and an ordered shutdown on SIGINT/SIGTERM.
 */
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedPg } from './db/embedded';
import { runMigrations } from './db/migrations';
import { createPool, type Db } from './db/pool';
import { reconcileTenants } from './domain/admin/tenant-upgrade';
import { seedDemo } from './seed/index';
import { attachRealtime, type Realtime } from './realtime/socket';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedPg | undefined;
  let db: Db | undefined;
  let realtime: Realtime | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stoppingSince: number | undefined;

  const shutdown = async (signal: string): Promise<void> => {
    if (stoppingSince !== undefined) {
      // One Ctrl-C reaches us several times (terminal, npm and tsx each pass it on): only a later,
      // deliberate second signal forces the exit.
      if (Date.now() - stoppingSince < 2_000) return;
      log.warn(`${signal} again: exiting immediately`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    log.info(`${signal}: shutting down`);
    try {
      await realtime?.close();
      await app?.close();
      await db?.end();
      await embedded?.stop();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'fieldops', log: (message) => log.info(message) });
      databaseUrl = embedded.url;
    }
    db = createPool(databaseUrl);
    const { applied } = await runMigrations(db);
    if (applied.length > 0) log.info(`migrations applied: ${applied.join(', ')}`);
    // Upgrades reach every tenant: features, grants and menus the catalogue gained since each tenant's last start.
    await reconcileTenants(db, { log: (line) => log.info(line) });
    const seed = await seedDemo(db);
    if (seed.seeded) log.info('demo tenants seeded (admin@demo.local / Admin@123)');
    app = await buildApp({ db, config, logger: log });
    realtime = attachRealtime(app.server, { db, hub: app.hub });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
    console.log(`FieldOps is running at ${url} (API under ${url}/api, docs at ${url}/api/docs)`);
  } catch (error) {
    if (error instanceof EmbeddedPgError) console.error(`Cannot start: ${error.message}`);
    else log.error({ err: error }, 'start-up failed');
    await realtime?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
