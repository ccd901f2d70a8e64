/** The DATA_DIR lock (server/db/data-dir-lock.ts): who may take it, and when a record is stale. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../../server/db/data-dir-lock';
import { bootId, currentIdentity, startTicksOf, type ProcessIdentity } from '../../server/db/process-identity';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-lock-'));
  dirs.push(dir);
  return dir;
}
const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
afterAll(() => {
  sleeper.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function writeRecord(dir: string, record: Partial<ProcessIdentity>): void {
  const full: ProcessIdentity = { pid: 1, host: os.hostname(), startedAt: new Date().toISOString(), command: 'node server/main.ts', ...record };
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(full));
}

const quiet = (): void => undefined;

describe('DATA_DIR lock', () => {
  it('is taken with this process as owner and released only by it', async () => {
    const dir = tempDir();
    const lock = await acquireDataDirLock(dir, quiet);
    const record = JSON.parse(fs.readFileSync(lock.file, 'utf8')) as ProcessIdentity;
    expect(record).toMatchObject({ pid: process.pid, host: os.hostname(), startTicks: currentIdentity().startTicks, bootId: bootId() });
    await expect(acquireDataDirLock(dir, quiet)).rejects.toThrow(/already locked by this process/);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);

    // A release after someone else took the folder over leaves their lock alone.
    const again = await acquireDataDirLock(dir, quiet);
    writeRecord(dir, { pid: sleeper.pid as number, startTicks: startTicksOf(sleeper.pid as number) });
    again.release();
    expect(fs.existsSync(again.file)).toBe(true);
  });

  it('refuses while the owner runs, naming it, and leaves its lock in place', async () => {
    const dir = tempDir();
    writeRecord(dir, { pid: sleeper.pid as number, startTicks: startTicksOf(sleeper.pid as number), bootId: bootId(), command: 'node --import tsx server/main.ts' });
    const refusal = acquireDataDirLock(dir, quiet);
    await expect(refusal).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refusal).rejects.toThrow(`DATA_DIR ${dir} is in use by FieldOps process ${sleeper.pid} on ${os.hostname()}`);
    await expect(refusal).rejects.toMatchObject({ exitCode: 2 });
    expect((JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as ProcessIdentity).pid).toBe(sleeper.pid);
  });

  it('takes over the lock of a dead owner, of a reused pid, and of an earlier boot', async () => {
    const dead = spawn('true');
    await new Promise((resolve) => dead.once('exit', resolve));
    const live = sleeper.pid as number;
    const stale: Array<Partial<ProcessIdentity>> = [
      { pid: dead.pid as number },
      { pid: live, startTicks: '1', bootId: bootId() }, // the pid now belongs to another process
      { pid: live, startTicks: startTicksOf(live), bootId: 'another-boot' },
      { pid: process.pid, startTicks: '1' }, // a predecessor that had our pid (containers)
    ];
    for (const record of stale) {
      const dir = tempDir();
      writeRecord(dir, record);
      const logs: string[] = [];
      const lock = await acquireDataDirLock(dir, (m) => logs.push(m));
      expect(logs.join('\n')).toMatch(/taking over .* which is gone/);
      expect((JSON.parse(fs.readFileSync(lock.file, 'utf8')) as ProcessIdentity).pid).toBe(process.pid);
      lock.release();
    }
  });

  it('refuses a record from another host or one it cannot read, rather than guess', async () => {
    const remote = tempDir();
    writeRecord(remote, { host: 'another-host' });
    await expect(acquireDataDirLock(remote, quiet)).rejects.toThrow(/another host, which this server cannot check/);
    const garbled = tempDir();
    fs.writeFileSync(path.join(garbled, LOCK_FILE), 'not json');
    await expect(acquireDataDirLock(garbled, quiet)).rejects.toThrow(/holds no process record/);
  });

  it('lets exactly one of several simultaneous contenders break a stale lock', async () => {
    const dir = tempDir();
    writeRecord(dir, { pid: 999_999_999 });
    // Within one process the contenders share a pid: the takeover race is what is tested, and the
    // second and later see the winner's record as "already locked by this process".
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => acquireDataDirLock(dir, quiet)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/already locked by this process/);
  });
});
