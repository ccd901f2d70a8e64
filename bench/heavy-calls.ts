/**
 * Issue 35 §4: one person looping heavy calls must not slow everyone else down. The product's API host in a process
 * of its own (bench/servers/app-server.ts, its default limits: server/config.ts DEFAULT_HEAVY_CALL_LIMITS); this
 * process makes the load.
 *
 *   npx tsx bench/heavy-calls.ts          (also: npm run bench -- --heavy-calls)
 *
 * Others: three other people of the same tenant, OTHERS keep-alive loops between them, back to back: the engineer's
 * open calls (My Open Calls), the accounts clerk's page of ten invoices, the accounts approver's invoice by id.
 *   1. idle: the others alone for DURATION_MS (after a warm-up): their p99 is the anchor;
 *   2. abuse: the same, while the demo administrator runs ABUSERS parallel loops of invoice PDFs (POST
 *      generatePdf), never waiting, whatever the answer (a hostile loop ignores its 429s).
 * Budget: the others' p99 under abuse ≤ 1.5× their idle p99. Printed beside it: the PDFs the abuser got and the
 * 429s it was answered. BENCH_DURATION_MS (8000), BENCH_OTHERS (6), BENCH_ABUSERS (6) change the load.
 * A report, not a gate: the exit code is 1 only when the run itself fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tableName } from '../src/contract/modules/define';
import { invoice } from '../src/contract/modules/billing';
import { signInOverHttp } from './api';
import { startBenchDb } from './db';
import { percentile, table, type Line } from './report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 8_000);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 6);
const ABUSERS = Number(process.env.BENCH_ABUSERS ?? 6);
const WARMUP_MS = 1_500;
const BUDGET_RATIO = 1.5;

async function startApp(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/servers/app-server.ts')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the app server exited with ${code} before listening`)));
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return { port, child };
}

interface Answer {
  status: number;
  ms: number;
}

function request(agent: http.Agent, port: number, method: string, url: string, token: string): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: { token, 'content-type': 'application/json' }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/** `loops` loops sending `next()`'s call back to back until `until`; every answer kept. */
async function loop(port: number, loops: number, until: number, next: (i: number) => { method: string; url: string; token: string }): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: loops }, async (_, lane) => {
      for (let i = lane; performance.now() < until; i += loops) {
        const call = next(i);
        answers.push(await request(agent, port, call.method, call.url, call.token));
      }
    }),
  );
  agent.destroy();
  return answers;
}

async function main(): Promise<void> {
  const db = await startBenchDb();
  let app: { port: number; child: ChildProcess } | undefined;
  try {
    const [bill] = (await db.pool.query<{ _id: string }>(`select _id from ${tableName(invoice)} where subscriber_id = $1 order by created_at limit 1`, [db.tenantId])).rows;
    if (!bill) throw new Error('The demo tenant has no invoice');
    app = await startApp({ DATABASE_URL: db.url });
    const base = `http://127.0.0.1:${app.port}`;
    const others = [
      await signInOverHttp(base, 'engineer@demo.local', 'Demo-Engineer-2026'),
      await signInOverHttp(base, 'clerk@demo.local', 'Demo-Clerk-2026'),
      await signInOverHttp(base, 'approver@demo.local', 'Demo-Approver-2026'),
    ];
    const abuser = await signInOverHttp(base, 'admin@demo.local', 'Demo-Admin-2026');
    // Each person's own everyday calls: the engineer's open calls, the accounts people's invoices (a page, one by id).
    const everyday = [
      { url: '/api/app/ticket/view/my-open-tickets', token: others[0] as string },
      { url: '/api/app/invoice?limit=10', token: others[1] as string },
      { url: `/api/app/invoice/getById/${bill._id}`, token: others[2] as string },
    ];
    const othersCall = (i: number) => ({ method: 'GET', ...(everyday[i % everyday.length] as { url: string; token: string }) });
    const pdfCall = () => ({ method: 'POST', url: `/api/app/invoice/generatePdf/${bill._id}`, token: abuser });

    await loop(app.port, OTHERS, performance.now() + WARMUP_MS, othersCall);
    const idle = await loop(app.port, OTHERS, performance.now() + DURATION_MS, othersCall);
    const until = performance.now() + DURATION_MS;
    const [busy, abuse] = await Promise.all([loop(app.port, OTHERS, until, othersCall), loop(app.port, ABUSERS, until, pdfCall)]);

    const ok = (answers: Answer[]) => answers.filter((a) => a.status === 200).map((a) => a.ms);
    const idleP99 = percentile(ok(idle), 99);
    const busyP99 = percentile(ok(busy), 99);
    const failed = [...idle, ...busy].filter((a) => a.status !== 200).length;
    const lines: Line[] = [
      { figure: `others' p99, idle (anchor; ${ok(idle).length} calls)`, value: idleP99, unit: 'ms' },
      { figure: `others' p99 while one person loops PDFs (${ok(busy).length} calls)`, value: busyP99, unit: 'ms', budget: idleP99 * BUDGET_RATIO },
      { figure: 'ratio (budget 1.5× idle)', value: busyP99 / idleP99, unit: 'ratio', budget: BUDGET_RATIO },
      { figure: `others' max while busy (idle: ${Math.round(Math.max(...ok(idle)))} ms)`, value: Math.max(...ok(busy)), unit: 'ms' },
      { figure: 'PDFs the looping person got', value: abuse.filter((a) => a.status === 200).length, unit: 'count' },
      { figure: '429s the looping person was answered', value: abuse.filter((a) => a.status === 429).length, unit: 'count' },
      { figure: `others' calls that failed (should be 0)${failed > 0 ? `: ${[...new Set([...idle, ...busy].filter((a) => a.status !== 200).map((a) => a.status))].join(', ')}` : ''}`, value: failed, unit: 'count', budget: 0 },
    ];
    console.log(table(`Heavy calls (issue 35 §4): ${OTHERS} loops of three other people, ${ABUSERS} loops of invoice PDFs by one person, ${DURATION_MS} ms each phase; ${db.where}`, lines));
  } finally {
    app?.child.kill('SIGTERM');
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
