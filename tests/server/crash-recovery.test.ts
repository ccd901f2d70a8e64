/**
 * Durability across kill -9: the real server (server/main.ts with its embedded PostgreSQL) takes a
 * stream of writes, is killed with SIGKILL mid-stream, restarts on the same DATA_DIR, and must hold
 * every write it acknowledged. First only the server dies (its postmaster lives on, orphaned); then the
 * server and PostgreSQL both die (a stale postmaster.pid, WAL recovery). Finally SIGTERM stops it cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portIsFree } from '../../server/db/embedded';

const ROOT = path.resolve(__dirname, '../..');
let dataDir: string;
let httpPort: number;
let pgPort: number;
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function freePgPort(): Promise<number> {
  for (let port = 56_000 + Math.floor(Math.random() * 2_000); ; port++) if (await portIsFree(port)) return port;
}

function start(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(httpPort), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn' };
  // This test is about the embedded supervisor, whatever database the rest of the suite uses.
  delete env.DATABASE_URL;
  // node --import tsx (not the tsx CLI, which runs the server in a grandchild): SIGKILL must hit the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server not ready within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('FieldOps is running at')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) during start:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function api(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${httpPort}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function signIn(): Promise<string> {
  const res = await api('POST', '/api/auth/login', { email: 'admin@demo.local', password: 'Admin@123' });
  expect(res.status).toBe(200);
  return res.json.token as string;
}

/**
 * Four writers create privilege records until `stop` says so; answers the codes whose create was
 * acknowledged (201). Writes in flight when the server dies fail and are not counted.
 */
async function streamWrites(token: string, prefix: string, stop: { now: boolean }): Promise<string[]> {
  const acknowledged: string[] = [];
  let next = 0;
  const writer = async (): Promise<void> => {
    while (!stop.now) {
      const code = `${prefix}_${next++}`;
      try {
        const res = await api('POST', '/api/app/privilege', { name: `Crash probe ${code}`, code }, token);
        if (res.status === 201) acknowledged.push(code);
      } catch {
        return; // connection refused or reset: the server is gone
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  return acknowledged;
}

async function storedCodes(token: string): Promise<Set<string>> {
  const res = await api('GET', `/api/app/privilege?limit=${Number.MAX_SAFE_INTEGER}`, undefined, token);
  expect(res.status).toBe(200);
  return new Set((res.json.data as Array<{ code: string }>).map((p) => p.code));
}

function postmasterPid(): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills the server mid-stream once enough writes were acknowledged; answers the acknowledged codes. */
async function killDuringWrites(prefix: string, alsoPostgres: boolean): Promise<string[]> {
  const token = await signIn();
  const stop = { now: false };
  const writes = streamWrites(token, prefix, stop);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const postmaster = postmasterPid();
  server?.kill('SIGKILL');
  if (alsoPostgres && postmaster) process.kill(postmaster, 'SIGKILL');
  stop.now = true;
  const acknowledged = await writes;
  await exited(server as ChildProcess);
  return acknowledged;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-crash-'));
  httpPort = await freePort();
  pgPort = await freePgPort();
}, 10_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  const pid = postmasterPid();
  if (alive(pid)) process.kill(pid as number, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('crash recovery', { timeout: 90_000 }, () => {
  it('keeps every acknowledged write when the server is killed and its postmaster is left orphaned', async () => {
    server = await start();
    const acknowledged = await killDuringWrites('ORPHAN', false);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(alive(postmasterPid())).toBe(true); // the orphan the next start must deal with

    server = await start();
    const stored = await storedCodes(await signIn());
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
  });

  it('keeps every acknowledged write when the server and PostgreSQL are both killed', async () => {
    const acknowledged = await killDuringWrites('BOTH', true);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true); // stale

    server = await start();
    const stored = await storedCodes(await signIn());
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
  });

  it('stops cleanly on SIGTERM: exit code 0 and PostgreSQL shut down', async () => {
    const postmaster = postmasterPid();
    expect(alive(postmaster)).toBe(true);
    server?.kill('SIGTERM');
    expect(await exited(server as ChildProcess)).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
