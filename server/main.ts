/**
 * Boot: configuration, the database (embedded PostgreSQL unless DATABASE_URL is set), migrations, the
 * demo seed, the HTTP app with socket.io on the same port, and an ordered shutdown on SIGINT/SIGTERM.
 *
 * The embedded PostgreSQL runs under supervision (README "Operations"): this process holds DATA_DIR's lock
 * for its whole life, restarts PostgreSQL when it dies, answers 503 meanwhile, and exits non-zero when it
 * cannot bring it back. In both modes a monitor keeps GET /api/health current.
 */
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DatabaseHealth } from './db/database-health';
import { monitorDatabase, type DatabaseMonitor } from './db/database-monitor';
import { DataDirLockedError } from './db/data-dir-lock';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedPg } from './db/embedded';
import { superviseEmbedded, type Supervision } from './db/embedded-supervision';
import { prepareAppConnection, type AppConnection } from './db/app-role';
import { runMigrations } from './db/migrations';
import { createPool, type Db } from './db/pool';
import { reconcileTenants } from './domain/admin/tenant-upgrade';
import { startMaintenanceSchedule, type MaintenanceSchedule } from './domain/service/maintenance-schedule';
import { seedDemo } from './seed/index';
import { attachRealtime, type Realtime } from './realtime/socket';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });

/** How long a request waits for a database connection before it answers 503. */
const POOL_CONNECTION_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedPg | undefined;
  let supervision: Supervision | undefined;
  let monitor: DatabaseMonitor | undefined;
  let db: Db | undefined;
  let realtime: Realtime | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let schedule: MaintenanceSchedule | undefined;
  let stoppingSince: number | undefined;
  const health = new DatabaseHealth({ info: (m) => log.info(m), warn: (m) => log.warn(m) });

  /** Everything down in order: no restarts, no probes, the app, sockets, pool, then PostgreSQL. */
  const stopAll = async (): Promise<void> => {
    supervision?.stop();
    await schedule?.stop();
    await monitor?.stop();
    await realtime?.close();
    await app?.close();
    await db?.end();
    await embedded?.stop();
  };

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
      await stopAll();
      log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  /** The supervisor spent its restarts: stop what still runs and exit non-zero for an outer supervisor. */
  const giveUp = (reason: string): void => {
    if (stoppingSince !== undefined) return;
    stoppingSince = Date.now();
    log.fatal(`${reason}: exiting with code 1`);
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    void stopAll()
      .catch((error: unknown) => log.error({ err: error }, 'error while stopping after giving up'))
      .finally(() => process.exit(1));
  };

  try {
    let ownerUrl = config.databaseUrl;
    let appUrl = config.databaseAppUrl;
    if (!ownerUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, database: 'fieldops', log: (message) => log.info(message) });
      ownerUrl = embedded.url;
      appUrl = embedded.appUrl;
    }
    // The schema is changed by its owner, on a pool of its own closed once started; everything after runs as the
    // app role, which may only read and write the app's tables (README "Database roles").
    const owner = createPool(ownerUrl, 2, { connectionTimeoutMillis: POOL_CONNECTION_TIMEOUT_MS, onIdleClientError: () => undefined });
    let appConnection: AppConnection;
    try {
      const { applied } = await runMigrations(owner);
      if (applied.length > 0) log.info(`migrations applied: ${applied.join(', ')}`);
      appConnection = await prepareAppConnection(owner, ownerUrl, appUrl, (m) => log.warn(m));
    } finally {
      await owner.end();
    }
    const databaseUrl = appConnection.url;
    log.info(`requests run as the database role "${appConnection.role}"`);
    db = createPool(databaseUrl, 10, {
      connectionTimeoutMillis: POOL_CONNECTION_TIMEOUT_MS,
      onIdleClientError: (error) => {
        log.warn(`database connection closed while idle (${error.message}); the pool opens a new one when needed`);
        health.suspect(`idle connection lost: ${error.message}`);
      },
      // Its holder answers 503 and discards it; here only the check of the database is hurried.
      onHeldClientError: (error) => health.suspect(`a held connection lost: ${error.message}`),
    });
    monitor = monitorDatabase({ url: databaseUrl, health });
    if (embedded) {
      const probe = monitor.probeNow;
      supervision = superviseEmbedded({ embedded, health, log: { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) }, onRestarted: () => void probe(), onGiveUp: giveUp });
    }
    // Upgrades reach every tenant: features, grants and menus the catalogue gained since each tenant's last start.
    await reconcileTenants(db, { log: (line) => log.info(line) });
    const seed = await seedDemo(db);
    if (seed.seeded) log.info('demo tenants seeded (admin@demo.local / Demo-Admin-2026)');
    app = await buildApp({ db, config, logger: log, health });
    // Rooms shared with every other app process on this database (LISTEN/NOTIFY): live updates cross processes.
    realtime = attachRealtime(app.server, { db, hub: app.hub, databaseUrl, log: (m) => log.warn(m) });
    await app.listen({ port: config.port, host: config.host });
    // Maintenance plans fall due and overdue by the clock (each step in the plan's history, by the scheduler).
    // Only the process holding the scheduler's advisory lock runs them; another takes over when it stops.
    schedule = startMaintenanceSchedule(db, app.hub, { info: (m) => log.info(m), warn: (m) => log.warn(m) }, { databaseUrl, takeoverMs: config.schedulerTakeoverMs });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
    console.log(`FieldOps is running at ${url} (API under ${url}/api, docs at ${url}/api/docs, health at ${url}/api/health)`);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // Refused before touching anything: nothing of ours to stop, and the other server's database stays up.
      console.error(`Cannot start: ${error.message}`);
      process.exit(error.exitCode);
    }
    if (error instanceof EmbeddedPgError) console.error(`Cannot start: ${error.message}`);
    else log.error({ err: error }, 'start-up failed');
    await stopAll().catch((stopError: unknown) => log.error({ err: stopError }, 'error while stopping after a failed start'));
    process.exit(1);
  }
}

void main();
