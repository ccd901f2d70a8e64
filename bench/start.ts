/**
 * Issue 17, target 4 (`npm run bench -- --start`): how soon the server answers after it is started on an existing
 * data folder, as `npm start` runs it (the compiled bundle on plain node), beside the anchor measured in the same
 * run: the same server started from its TypeScript sources through tsx, as `npm start` used to run it.
 *
 *   1. The server bundle is built (npm run build:server) and a throw-away DATA_DIR is made by a first start that
 *      creates the embedded PostgreSQL cluster, migrates and seeds it (not measured).
 *   2. RUNS times each, taking turns: start, poll GET /api/health every 10 ms until it answers 200 (the figure),
 *      read the process's resident memory, stop it with SIGTERM and wait for it to exit.
 *
 * Budget: the first answer within 2 s. A report, not a gate: the exit code is 1 only when the run itself fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/e2e/harness';
import { median, table, type Line } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUDGET_MS = 2_000;
const BUNDLE = path.join(ROOT, 'server-dist', 'main.js');

const WAYS = {
  compiled: { label: 'compiled bundle on node (npm start)', args: ['--enable-source-maps', BUNDLE] },
  sources: { label: 'anchor: TypeScript sources through tsx (the former npm start)', args: ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')] },
} as const;

type Way = keyof typeof WAYS;

function residentMB(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const done = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000))]);
  if (!done) child.kill('SIGKILL');
}

/** Starts the server one way; resolves with the milliseconds to its first 200 from /api/health and its memory then. */
async function startOnce(way: Way, env: NodeJS.ProcessEnv, port: number): Promise<{ ms: number; rssMB: number | undefined }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way].args], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ${way} server exited with ${child.exitCode}: ${errors.slice(-2000)}`);
      if (performance.now() - started > 120_000) throw new Error(`the ${way} server did not answer within 120 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.status === 200, () => false);
      if (ok) return { ms: performance.now() - started, rssMB: residentMB(child.pid ?? 0) };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await stop(child);
  }
}

async function main(): Promise<void> {
  console.log('· building the server bundle (npm run build:server)');
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build:server failed (exit ${build.status})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  try {
    const port = await freePort();
    const { DATABASE_URL: _embedded, ...inherited } = process.env;
    const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
    console.log(`· first start in ${dataDir}: creating, migrating and seeding the data folder (not measured)`);
    const first = await startOnce('compiled', env, port);
    console.log(`  took ${Math.round(first.ms)} ms`);
    const figures: Record<Way, { ms: number[]; rssMB: number[] }> = { compiled: { ms: [], rssMB: [] }, sources: { ms: [], rssMB: [] } };
    for (let run = 1; run <= RUNS; run++) {
      for (const way of ['sources', 'compiled'] as const) {
        const { ms, rssMB } = await startOnce(way, env, port);
        figures[way].ms.push(ms);
        if (rssMB !== undefined) figures[way].rssMB.push(rssMB);
        console.log(`  run ${run}, ${way}: first answer after ${Math.round(ms)} ms, ${rssMB?.toFixed(0) ?? '?'} MB resident`);
      }
    }
    const lines: Line[] = [
      { figure: `${WAYS.compiled.label}: first answer, median of ${RUNS}`, value: median(figures.compiled.ms), unit: 'ms', budget: BUDGET_MS },
      { figure: `${WAYS.compiled.label}: resident memory then, median`, value: median(figures.compiled.rssMB), unit: 'MB' },
      { figure: `${WAYS.sources.label}: first answer, median`, value: median(figures.sources.ms), unit: 'ms' },
      { figure: `${WAYS.sources.label}: resident memory then, median`, value: median(figures.sources.rssMB), unit: 'MB' },
    ];
    console.log(`\nNode ${process.version} · ${os.cpus().length} CPU`);
    console.log(table('Start on an existing data folder: spawn to the first 200 from GET /api/health (embedded PostgreSQL started by the server)', lines));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nThe benchmark run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
}
