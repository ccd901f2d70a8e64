/**
 * The real server as a child process (server/main.ts with `node --import tsx`, or a compiled bundle), for the tests of what only
 * a whole process shows: crash recovery, the DATA_DIR lock, the database supervisor, DATABASE_URL
 * reconnects. Waits are on the server's own signals (its start line, GET /api/health), never fixed sleeps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import { portIsFree } from '../../server/db/embedded';

const ROOT = path.resolve(__dirname, '../..');

export interface ServerOptions {
  httpPort: number;
  /** Embedded mode: its DATA_DIR and PostgreSQL port. */
  dataDir?: string;
  pgPort?: number;
  /** DATABASE_URL mode. */
  databaseUrl?: string;
  /** A compiled server (tests/helpers/server-bundle.ts) to run with node instead of server/main.ts with tsx. */
  entry?: string;
  /** More environment for the server (SCHEDULER_TAKEOVER_MS, LOG_LEVEL, …). */
  env?: Record<string, string>;
}

export interface ServerProcess {
  child: ChildProcess;
  httpPort: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A free port for an embedded PostgreSQL, from a random point of `from`..`from`+2000 (never 5432). */
export async function freePgPort(from = 56_000): Promise<number> {
  for (let port = from + Math.floor(Math.random() * 2_000); ; port++) if (await portIsFree(port)) return port;
}

/** Spawns the server without waiting for it. */
export function spawnServer(options: ServerOptions): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(options.httpPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  // Each test says which database it runs on, whatever the rest of the suite uses.
  delete env.DATABASE_URL;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.pgPort) env.EMBEDDED_PG_PORT = String(options.pgPort);
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  // node --import tsx (not the tsx CLI, which runs the server in a grandchild): signals must hit the server itself.
  const args = options.entry ? ['--enable-source-maps', options.entry] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, httpPort: options.httpPort, output: () => output };
}

/** Spawns the server and waits for its "running" line. */
export function startServer(options: ServerOptions): Promise<ServerProcess> {
  const server = spawnServer(options);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready within 60 s:\n${server.output()}`)), 60_000);
    const onData = (): void => {
      if (server.output().includes('FieldOps is running at')) {
        clearTimeout(timer);
        server.child.stdout?.off('data', onData);
        server.child.off('exit', onExit);
        resolve(server);
      }
    };
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) during start:\n${server.output()}`));
    };
    server.child.stdout?.on('data', onData);
    server.child.once('exit', onExit);
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export interface ApiReply {
  status: number;
  json: Record<string, unknown>;
}

export async function api(httpPort: number, method: string, url: string, body?: unknown, token?: string): Promise<ApiReply> {
  const res = await fetch(`http://127.0.0.1:${httpPort}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export async function signIn(httpPort: number): Promise<string> {
  const res = await api(httpPort, 'POST', '/api/auth/login', { email: 'admin@demo.local', password: 'Demo-Admin-2026' });
  expect(res.status).toBe(200);
  return res.json.token as string;
}

/** Polls `check` every 25 ms until it holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function healthOf(httpPort: number): Promise<ApiReply> {
  return api(httpPort, 'GET', '/api/health');
}

/** Waits until GET /api/health says the database is `db`. */
export async function waitForHealth(httpPort: number, db: 'up' | 'down', timeoutMs = 60_000): Promise<void> {
  await until(`/api/health says db ${db}`, async () => (await healthOf(httpPort)).json.db === db, timeoutMs);
}

export interface WriteStream {
  /** Codes whose create was acknowledged (201), in order. */
  acknowledged: string[];
  /** How many answers of each status the writers got. */
  statuses: Map<number, number>;
  stop(): Promise<void>;
}

/**
 * Four writers create privilege records until stopped; a writer ends when the server stops answering
 * (connection refused or reset). Writes in flight when the server or database dies are not counted.
 */
export function streamWrites(httpPort: number, token: string, prefix: string): WriteStream {
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  let stopping = false;
  const writer = async (): Promise<void> => {
    while (!stopping) {
      const code = `${prefix}_${next++}`;
      try {
        const res = await api(httpPort, 'POST', '/api/app/privilege', { name: `Crash probe ${code}`, code }, token);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acknowledged.push(code);
      } catch {
        return; // connection refused or reset: the server is gone
      }
    }
  };
  const writers = Promise.all([writer(), writer(), writer(), writer()]);
  return {
    acknowledged,
    statuses,
    async stop() {
      stopping = true;
      await writers;
    },
  };
}

export async function storedCodes(httpPort: number, token: string): Promise<Set<string>> {
  const res = await api(httpPort, 'GET', `/api/app/privilege?limit=${Number.MAX_SAFE_INTEGER}`, undefined, token);
  expect(res.status).toBe(200);
  return new Set((res.json.data as Array<{ code: string }>).map((p) => p.code));
}

export function postmasterPid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** After the tests of a file: whatever is still running of theirs goes, without waiting for manners. */
export function killLeftovers(server: ServerProcess | undefined, dataDir: string | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  const pid = dataDir ? postmasterPid(dataDir) : undefined;
  if (alive(pid)) process.kill(pid as number, 'SIGKILL');
}
