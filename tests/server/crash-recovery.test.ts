/**
 * Durability across kill -9: the real server (server/main.ts with its embedded PostgreSQL) takes a
 * stream of writes, is killed with SIGKILL mid-stream, restarts on the same DATA_DIR, and must hold
 * every write it acknowledged. First only the server dies (its postmaster lives on, orphaned: the next
 * start takes over the dead server's DATA_DIR lock and stops it); then the server and PostgreSQL both die
 * (a stale postmaster.pid, WAL recovery). Finally SIGTERM stops it cleanly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { alive, exited, freePgPort, freePort, killLeftovers, postmasterPid, signIn, startServer, storedCodes, streamWrites, until, type ServerProcess } from '../helpers/server-process';

let dataDir: string;
let httpPort: number;
let pgPort: number;
let server: ServerProcess | undefined;

const start = async (): Promise<ServerProcess> => startServer({ httpPort, dataDir, pgPort });

/** Kills the server mid-stream once enough writes were acknowledged; answers the acknowledged codes. */
async function killDuringWrites(prefix: string, alsoPostgres: boolean): Promise<string[]> {
  const running = server as ServerProcess;
  const writes = streamWrites(httpPort, await signIn(httpPort), prefix);
  await until('20 writes are acknowledged', () => writes.acknowledged.length >= 20);
  const postmaster = postmasterPid(dataDir);
  running.child.kill('SIGKILL');
  if (alsoPostgres && postmaster) process.kill(postmaster, 'SIGKILL');
  await writes.stop();
  await exited(running.child);
  return writes.acknowledged;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-crash-'));
  httpPort = await freePort();
  pgPort = await freePgPort();
}, 10_000);

afterAll(() => {
  killLeftovers(server, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('crash recovery', { timeout: 90_000 }, () => {
  it('keeps every acknowledged write when the server is killed and its postmaster is left orphaned', async () => {
    server = await start();
    const acknowledged = await killDuringWrites('ORPHAN', false);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(alive(postmasterPid(dataDir))).toBe(true); // the orphan the next start must deal with
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true); // a dead owner's lock, to take over

    server = await start();
    const stored = await storedCodes(httpPort, await signIn(httpPort));
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
  });

  it('keeps every acknowledged write when the server and PostgreSQL are both killed', async () => {
    const acknowledged = await killDuringWrites('BOTH', true);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true); // stale

    server = await start();
    const stored = await storedCodes(httpPort, await signIn(httpPort));
    expect(acknowledged.filter((code) => !stored.has(code))).toEqual([]);
  });

  it('stops cleanly on SIGTERM: exit code 0, PostgreSQL shut down, DATA_DIR unlocked', async () => {
    const postmaster = postmasterPid(dataDir);
    expect(alive(postmaster)).toBe(true);
    server?.child.kill('SIGTERM');
    expect(await exited((server as ServerProcess).child)).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
