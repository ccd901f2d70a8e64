/**
 * Issue 29's fault test on the embedded PostgreSQL: the compiled server (as `npm start` runs it) under writes
 * from several clients (creates, lifecycle steps, a streamed list being read), its postmaster killed with
 * SIGKILL three times in a row. The Node process never exits; while the database is down every answer is a
 * 503, at once (never a 500, a refused connection or a call over 2 s); it heals by itself each time; and every
 * write acknowledged with a 2xx is there afterwards, looked up by id.
 * Waits are on GET /api/health and on the clients' progress, never fixed sleeps.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredWithin, missingAcknowledged, startFaultLoad, summarise, unacceptable, watchHealth, type Fault } from '../helpers/fault-load';
import { buildServerBundle, type ServerBundle } from '../helpers/server-bundle';
import { alive, exited, freePgPort, freePort, healthOf, killLeftovers, postmasterPid, signIn, startServer, until, type ServerProcess } from '../helpers/server-process';

let dataDir: string;
let bundle: ServerBundle;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-fault-embedded-'));
  bundle = await buildServerBundle();
  server = await startServer({ httpPort: await freePort(), dataDir, pgPort: await freePgPort(53_000), entry: bundle.entry });
}, 90_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await exited(server.child);
  }
  killLeftovers(server, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  bundle?.remove();
}, 60_000);

describe('the compiled server survives its embedded PostgreSQL being killed three times under writes', { timeout: 60_000 }, () => {
  it('never exits, answers 503 during each outage, heals by itself, and keeps every acknowledged write', async () => {
    const port = server.httpPort;
    const token = await signIn(port);
    const load = startFaultLoad(port, token, 'FAULT_EMB');

    // The health check watched through the outages, as a load balancer would.
    const watch = watchHealth(port);
    const health = watch.samples;

    const faults: Fault[] = [];
    const outages: Array<{ from: number; to: number }> = [];
    try {
      for (let round = 1; round <= 3; round++) {
        const before = load.acknowledged();
        await until(`20 more writes are acknowledged before kill ${round}`, () => load.acknowledged() >= before + 20, 30_000);
        const killed = postmasterPid(dataDir) as number;
        const killedAt = Date.now();
        process.kill(killed, 'SIGKILL');
        faults.push({ from: killedAt, to: Date.now() });
        await until(`the health check says the database is down (kill ${round})`, () => health.some((h) => h.at > killedAt && h.db === 'down'), 10_000);
        const downSince = (health.find((h) => h.at > killedAt && h.db === 'down') as { at: number }).at;
        await until(`the database is back by itself (kill ${round})`, () => health.some((h) => h.at > downSince && h.db === 'up'), 30_000);
        const upAgain = (health.find((h) => h.at > downSince && h.db === 'up') as { at: number }).at;
        // Surely down from the first 'down' answer to the start of the last one.
        const lastDown = health.filter((h) => h.at >= downSince && h.at < upAgain && h.db === 'down').at(-1) as { began: number };
        outages.push({ from: downSince, to: lastDown.began });
        expect(postmasterPid(dataDir)).not.toBe(killed);
        expect(server.child.exitCode).toBeNull();
      }
      const after = load.acknowledged();
      await until('20 more writes are acknowledged after the last outage', () => load.acknowledged() >= after + 20, 30_000);
      // The session-change listener is back too (it reconnects with its own backoff).
      await until('the health check says all is well', async () => (await healthOf(port)).json.status === 'ok', 15_000);
    } finally {
      await load.stop();
      await watch.stop();
    }

    expect(server.child.exitCode).toBeNull();
    expect(alive(postmasterPid(dataDir))).toBe(true);
    expect(unacceptable(load.answers, faults), summarise(load.answers)).toEqual([]);
    for (const { from, to } of outages) {
      // What the clients asked while the health check said down: answered, and answered 503.
      const during = answeredWithin(load.answers, from, to);
      expect(during.filter((a) => a.outcome !== 503)).toEqual([]);
    }
    // Each outage took the listener down with it, and the health check said so.
    expect(health.some((h) => h.db === 'down' && h.listener === 'down')).toBe(true);
    expect(health.filter((h) => h.db === 'unreachable')).toEqual([]);
    // The listener reconnects with backoff (up to 5 s between tries): wait for health to say so, never a fixed sleep.
    await until('the change listener is back', async () => (await healthOf(port)).json.listener === 'up', 30_000);
    expect(await healthOf(port)).toMatchObject({ status: 200, json: { status: 'ok', db: 'up', listener: 'up' } });
    expect(await missingAcknowledged(port, token, load)).toEqual([]);
    expect(load.steps.length).toBeGreaterThan(0);
    expect(load.answers.filter((a) => a.kind === 'list' && a.outcome === 200).length).toBeGreaterThan(0);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
    expect(server.output().match(/embedded PostgreSQL \d+ exited unexpectedly \(signal SIGKILL\); restarting it/g)).toHaveLength(3);
  });
});
