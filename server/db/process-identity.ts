/**
 * Who a process is, beyond its pid. Pids are reused: after a reboot or a container restart the server is
 * often given the very pid a dead predecessor had (pid 1 or 7 in a container, every time). So a record
 * that names a process also carries the kernel's start time of that process and the boot it belongs to;
 * a live pid whose start time differs is another process, and the record is stale.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProcessIdentity {
  pid: number;
  /** Host name: a record written on another host (shared network folder) cannot be checked from here. */
  host: string;
  /** Kernel start time of the process (/proc/<pid>/stat field 22, clock ticks since boot); absent off Linux. */
  startTicks?: string;
  /** /proc/sys/kernel/random/boot_id: start ticks only compare within one boot. */
  bootId?: string;
  /** When the record was written, for the person reading a refusal. */
  startedAt: string;
  /** The command line, for the person reading a refusal. */
  command: string;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another account (PostgreSQL runs as `postgres` when we are root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOr(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Start time in clock ticks since boot, from /proc (Linux); undefined where /proc is absent. */
export function startTicksOf(pid: number): string | undefined {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count fields from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19]; // field 22 of the whole line
}

export function bootId(): string | undefined {
  return readOr('/proc/sys/kernel/random/boot_id')?.trim();
}

export function currentIdentity(): ProcessIdentity {
  return {
    pid: process.pid,
    host: os.hostname(),
    startTicks: startTicksOf(process.pid),
    bootId: bootId(),
    startedAt: new Date(Date.now() - process.uptime() * 1_000).toISOString(),
    command: process.argv.join(' '),
  };
}

export type Liveness = 'alive' | 'gone' | 'unknown';

/**
 * Is the process a record names still running? 'unknown' when it was written on another host, where we
 * cannot look: the caller must then refuse rather than guess.
 */
export function livenessOf(identity: ProcessIdentity): Liveness {
  if (identity.host !== os.hostname()) return 'unknown';
  if (!isAlive(identity.pid)) return 'gone';
  const boot = bootId();
  if (identity.bootId && boot && identity.bootId !== boot) return 'gone'; // written before a reboot
  const ticks = startTicksOf(identity.pid);
  if (identity.startTicks && ticks && identity.startTicks !== ticks) return 'gone'; // the pid was reused
  return 'alive';
}

export function isProcessIdentity(value: unknown): value is ProcessIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Number.isInteger(record.pid) && typeof record.host === 'string' && typeof record.startedAt === 'string' && typeof record.command === 'string';
}

export async function commandLine(pid: number): Promise<string[]> {
  const proc = readOr(`/proc/${pid}/cmdline`);
  if (proc !== undefined) return proc.split('\0').filter(Boolean);
  try {
    const { stdout } = await run('ps', ['-o', 'args=', '-p', String(pid)]);
    return stdout.trim().split(/\s+/);
  } catch {
    return [];
  }
}

export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}
