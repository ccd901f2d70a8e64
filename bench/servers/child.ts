/**
 * A benchmark's server in a process of its own (bench/servers/*.ts), and what /proc says of it: its CPU time and
 * its resident memory. A server measured inside the benchmark's process shares its heap and RSS with the load
 * generator and the reading client, so its memory figures would be theirs too (issue 30: the streamed list's RSS
 * growth read 264.7 MB with the app, its anchor and the client in one process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildServer {
  port: number;
  child: ChildProcess;
}

/**
 * Starts `script` (relative to the checkout) under tsx and resolves with the port of its first "listening <port>"
 * line. `cpuProfileDir`: the process writes a V8 CPU profile there when it stops (SIGTERM exits normally).
 */
export async function startChildServer(script: string, env: Record<string, string>, cpuProfileDir?: string): Promise<ChildServer> {
  const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(ROOT, script)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return { port, child };
}

/** Stops a child server and waits for it to be gone (so its CPU profile, if any, is written). */
export async function stopChildServer(server: ChildServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const gone = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill('SIGTERM');
  await gone;
}

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on Linux (USER_HZ) whatever the kernel's own rate. */
const USER_HZ = 100;

/**
 * A process's CPU time so far in µs, from /proc/<pid>/stat (utime + stime). Requests per second move with whatever
 * else the machine runs; the CPU a server spends per request moves much less, so it is the figure to read on a busy
 * machine. Undefined where /proc is not there.
 */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / USER_HZ) * 1e6;
  } catch {
    return undefined;
  }
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Watches a process's resident memory: the figure now, and the peak since `watchResident` was called. The kernel's
 * high-water mark (VmHWM) is reset first where it may be (writing 5 to clear_refs, our own child), so the peak is the
 * runs' and not the start-up's; where it may not, 5 ms samples stand in for it.
 */
export function watchResident(pid: number): { before: number; stop(): number } {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not ours to reset: the samples alone give the peak.
  }
  const before = statusKb(pid, 'VmRSS') ?? 0;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, statusKb(pid, 'VmRSS') ?? 0);
  }, 5);
  return {
    before,
    stop() {
      clearInterval(sampler);
      return Math.max(peak, statusKb(pid, 'VmRSS') ?? 0, statusKb(pid, 'VmHWM') ?? 0);
    },
  };
}
