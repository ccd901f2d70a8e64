/**
 * Issue 16 on the real server: one owner per DATA_DIR (a second start refuses, names the owner, exits 2,
 * and the first server and its PostgreSQL carry on), and a supervised database (the postmaster killed with
 * SIGKILL during a stream of writes: 503 meanwhile, never a 500, healed without help, every acknowledged
 * write kept). Waits are on GET /api/health and on the writers' progress, never fixed sleeps.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, api, exited, freePgPort, freePort, healthOf, killLeftovers, postmasterPid, signIn, spawnServer, startServer, storedCodes, streamWrites, until, waitForHealth, type ServerProcess } from '../helpers/server-process';

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-supervision-'));
  server = await startServer({ httpPort: await freePort(), dataDir, pgPort: await freePgPort(52_000) });
}, 90_000);

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  killLeftovers(server, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('one owner per data folder', { timeout: 60_000 }, () => {
  it('refuses a second start on the same DATA_DIR, saying who holds it, and the first keeps serving', async () => {
    const postmaster = postmasterPid(dataDir);
    const second = spawnServer({ httpPort: await freePort(), dataDir, pgPort: await freePgPort(52_000) });
    expect(await exited(second.child)).toBe(2);
    expect(second.output()).toContain(`Cannot start: DATA_DIR ${dataDir} is in use by FieldOps process ${server.child.pid}`);

    expect(postmasterPid(dataDir)).toBe(postmaster);
    expect(alive(postmaster)).toBe(true);
    expect((await healthOf(server.httpPort)).json).toEqual({ status: 'ok', db: 'up', listener: 'up' });
    const token = await signIn(server.httpPort);
    expect((await api(server.httpPort, 'POST', '/api/app/privilege', { name: 'After the refused start', code: 'AFTER_SECOND_START' }, token)).status).toBe(201);
  });
});

describe('a supervised database', { timeout: 90_000 }, () => {
  it('restarts a postmaster killed during writes: 503 meanwhile, healed by itself, every acknowledged write kept', async () => {
    const port = server.httpPort;
    const token = await signIn(port);
    const writes = streamWrites(port, token, 'HEAL');
    await until('20 writes are acknowledged', () => writes.acknowledged.length >= 20);

    // Watch the health check through the outage, as a load balancer would.
    const seen: Array<{ status: number; db: unknown; ms: number }> = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const began = Date.now();
        const res = await healthOf(port);
        seen.push({ status: res.status, db: res.json.db, ms: Date.now() - began });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const killed = postmasterPid(dataDir) as number;
    process.kill(killed, 'SIGKILL');
    await until('the health check reports the database down', () => seen.some((s) => s.db === 'down'), 10_000);
    // Any call during the outage answers 503 at once, with a message saying why.
    const during = await api(port, 'GET', '/api/app/role', undefined, token);
    if (during.status === 503) expect(during.json.message).toMatch(/database is unavailable/);
    else expect(during.status).toBe(200); // already healed

    await waitForHealth(port, 'up', 60_000);
    const healedAt = writes.acknowledged.length;
    await until('20 more writes are acknowledged after healing', () => writes.acknowledged.length >= healedAt + 20, 30_000);
    await writes.stop();
    watching = false;
    await watcher;

    expect(postmasterPid(dataDir)).not.toBe(killed);
    expect(alive(postmasterPid(dataDir))).toBe(true);
    expect(seen.filter((s) => s.status === 503).every((s) => s.db === 'down')).toBe(true);
    expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(1_000); // never hangs
    // Writes caught by the crash answer 503 like the ones refused during the outage: nothing else.
    expect([...writes.statuses.keys()].sort()).toEqual([201, 503]);
    const stored = await storedCodes(port, token);
    expect(writes.acknowledged.filter((code) => !stored.has(code))).toEqual([]);
    expect(server.output()).toMatch(/embedded PostgreSQL \d+ exited unexpectedly \(signal SIGKILL\); restarting it/);
    expect(server.output()).toMatch(/embedded PostgreSQL: restart attempt 1 of \d+ in \d+ ms/);
  });
});
