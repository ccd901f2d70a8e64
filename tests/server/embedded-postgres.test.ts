/** The embedded PostgreSQL supervisor's failure modes and recovery, and the configuration defaults. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { spawn } from 'node:child_process';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { EmbeddedPgError, portIsFree, startEmbeddedPostgres } from '../../server/db/embedded';
import { currentIdentity, isAlive, startTicksOf } from '../../server/db/process-identity';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-sup-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function freePgPort(): Promise<number> {
  for (let port = 58_000 + Math.floor(Math.random() * 2_000); ; port++) if (await portIsFree(port)) return port;
}

describe('embedded PostgreSQL supervisor', () => {
  it('refuses port 5432', async () => {
    await expect(startEmbeddedPostgres({ dataDir: tempDir(), port: 5432, database: 'x' })).rejects.toThrow(/never uses port 5432/);
  });

  it('says clearly when its port is taken', async () => {
    const port = await freePgPort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    try {
      const failure = startEmbeddedPostgres({ dataDir: tempDir(), port, database: 'x', durable: false, log: () => undefined });
      await expect(failure).rejects.toBeInstanceOf(EmbeddedPgError);
      await expect(failure).rejects.toThrow(`127.0.0.1:${port}: the port is in use by another process. Set EMBEDDED_PG_PORT to a free port.`);
    } finally {
      blocker.close();
    }
  });

  it('says clearly when DATA_DIR is unusable', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    await expect(startEmbeddedPostgres({ dataDir: path.join(file, 'data'), port: await freePgPort(), database: 'x', log: () => undefined })).rejects.toThrow(/DATA_DIR .* is unusable/);
  });

  it('refuses a DATA_DIR/pg that holds something other than a cluster', async () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'pg'));
    fs.writeFileSync(path.join(dir, 'pg', 'notes.txt'), 'mine');
    await expect(startEmbeddedPostgres({ dataDir: dir, port: await freePgPort(), database: 'x', log: () => undefined })).rejects.toThrow(/not empty but holds no PostgreSQL cluster/);
    expect(fs.readFileSync(path.join(dir, 'pg', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('initialises once, keeps data across restarts, and removes a stale postmaster.pid naming another process', async () => {
    const dir = tempDir();
    const port = await freePgPort();
    const logs: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir: dir, port, database: 'app', durable: false, log: (m) => logs.push(m) });
    const client = new pg.Client(first.url);
    await client.connect();
    await client.query('create table kept (v text)');
    await client.query('insert into kept values ($1)', ['still here']);
    await client.end();
    await first.stop();
    expect(logs.some((m) => m.includes('initialising a new cluster'))).toBe(true);

    // A crash left a pid file whose pid now belongs to an unrelated process (this test runner).
    fs.writeFileSync(path.join(dir, 'pg', 'postmaster.pid'), `${process.pid}\n${path.join(dir, 'pg')}\n`);
    logs.length = 0;
    const second = await startEmbeddedPostgres({ dataDir: dir, port, database: 'app', durable: false, log: (m) => logs.push(m) });
    try {
      expect(logs.some((m) => m.includes('initialising'))).toBe(false);
      expect(logs.some((m) => m.includes('not our postmaster'))).toBe(true);
      const again = new pg.Client(second.url);
      await again.connect();
      expect((await again.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
      await again.end();
    } finally {
      await second.stop();
    }
    expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});

describe('one owner per data folder', () => {
  it('refuses a second start while the first holds DATA_DIR, and never stops its postmaster', async () => {
    const dir = tempDir();
    const port = await freePgPort();
    const first = await startEmbeddedPostgres({ dataDir: dir, port, database: 'app', durable: false, log: () => undefined });
    try {
      await expect(startEmbeddedPostgres({ dataDir: dir, port: await freePgPort(), database: 'app', durable: false, log: () => undefined })).rejects.toThrow(/already locked by this process/);
      expect(isAlive(first.pid)).toBe(true);
    } finally {
      await first.stop();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('treats a live postmaster as an orphan only when the process that started it is gone', async () => {
    const dir = tempDir();
    const port = await freePgPort();
    const first = await startEmbeddedPostgres({ dataDir: dir, port, database: 'app', durable: false, log: () => undefined });
    const owner = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      // The lock deleted by hand, and the postmaster owned by another live process: hands off.
      fs.rmSync(path.join(dir, LOCK_FILE));
      const ownerPid = owner.pid as number;
      fs.writeFileSync(path.join(dir, 'postmaster.owner'), JSON.stringify({ ...currentIdentity(), pid: ownerPid, startTicks: startTicksOf(ownerPid), command: 'sleep 600' }));
      await expect(startEmbeddedPostgres({ dataDir: dir, port, database: 'app', durable: false, log: () => undefined })).rejects.toThrow(
        `belongs to process ${ownerPid} on ${os.hostname()} (sleep 600), which is still running; not stopping it`,
      );
      expect(isAlive(first.pid)).toBe(true);
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false); // the refused start released its lock

      // Once that owner is gone, the same postmaster is an orphan: stopped, and a new one started.
      owner.kill('SIGKILL');
      await new Promise((resolve) => owner.once('exit', resolve));
      const logs: string[] = [];
      const second = await startEmbeddedPostgres({ dataDir: dir, port, database: 'app', durable: false, log: (m) => logs.push(m) });
      expect(logs.join('\n')).toContain(`stopping orphaned postmaster ${first.pid}`);
      expect(second.pid).not.toBe(first.pid);
      await second.stop();
    } finally {
      owner.kill('SIGKILL');
      await first.stop();
    }
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/fieldops');
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: '/srv/fieldops/data', publicUrl: 'http://localhost:3000', embeddedPgPort: 54329, databaseUrl: undefined });
  });

  it('reads the environment and refuses port 5432 for the embedded server', () => {
    const config = loadConfig({ PORT: '8080', HOST: 'localhost', DATA_DIR: '/var/lib/fieldops', DATABASE_URL: 'postgres://db/x', PUBLIC_URL: 'https://ops.example.in/' }, '/srv');
    expect(config).toMatchObject({ port: 8080, host: 'localhost', dataDir: '/var/lib/fieldops', databaseUrl: 'postgres://db/x', publicUrl: 'https://ops.example.in' });
    expect(() => loadConfig({ EMBEDDED_PG_PORT: '5432' })).toThrow(/must not be 5432/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be a port number/);
  });
});
