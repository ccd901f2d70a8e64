/**
 * Issues 17 and 30: what the product's authenticated reads cost beside a bare Fastify 5 + node-postgres route
 * reading the same rows from the same PostgreSQL, measured side by side in one run.
 *
 *   npx tsx bench/record-reads.ts          (also: npm run bench -- --record-reads)
 *
 * Each server runs in a process of its own (bench/servers/); this process only makes the load: CONCURRENCY
 * keep-alive connections sending requests back to back for DURATION_MS after a warm-up, the servers taking
 * turns (anchor, app, three times) so that neither gets a warmer machine. Figures: requests per second and the
 * 99th percentile latency of
 *   - GET /api/app/svc-ticket/getById/{id} signed in as the demo administrator, against the anchor's /row/{id};
 *   - GET /api/app/svc-ticket?limit=10 against the anchor's /rows (a page of ten with the count);
 *   - GET /api/app/ticket/view/my-open-tickets as the demo engineer (My Open Calls), against the anchor's /view,
 *     which runs the very statements the app sends for it (recorded from the product's own function);
 *   - GET /api/app/approvals/waiting-count as the administrator, against the anchor's /waiting (the same statement).
 * BENCH_CPU_PROF=<dir> keeps a CPU profile of the app's process (BENCH_CPU_PROF_ANCHOR=1: the anchor's too);
 * BENCH_CONCURRENCY and BENCH_DURATION_MS change the load; BENCH_CASES=get-by-id,… runs only the cases named.
 * Beside each figure: the server process's CPU per request, app against anchor, which a busy machine moves much less.
 * Budgets (the better of three rounds each): get-by-id and the list of ten at least 0.8× the anchor's requests per
 * second; the ticket view and the waiting-count at least 0.6× (issue 30).
 * A report, not a gate: the exit code is 1 only when the run itself fails.
 */
import http from 'node:http';
import { WAITING_COUNT_PATH } from '../src/contract/approvalShapes';
import { svcTicket } from '../src/contract/modules/serviceTickets';
import { tableName } from '../src/contract/modules/define';
import { findSession, type SessionUser } from '../server/auth/sessions';
import { waitingCount } from '../server/domain/approvals';
import type { CallContext } from '../server/domain/call-context';
import { ticketViewCalls } from '../server/domain/service/ticket-views';
import type { Queryable } from '../server/db/pool';
import { startBenchDb } from './db';
import { percentile } from './report';
import { cpuMicros, startChildServer, type ChildServer as Server } from './servers/child';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARMUP_MS = 1_500;
const ROUNDS = 3;

interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The statements a product function sends, recorded without running them (every read answers no rows): what the
 * anchor's /view and /waiting run, so that each side runs the same SQL.
 */
async function recorded(run: (db: Queryable) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const recorder = {
    async query(config: string | { text: string; values?: unknown[] }, values?: unknown[]) {
      statements.push(typeof config === 'string' ? { text: config, values: values ?? [] } : { text: config.text, values: config.values ?? [] });
      return { rows: [], rowCount: 0 };
    },
  } as unknown as Queryable;
  await run(recorder);
  return statements;
}

async function sessionUser(db: Queryable, token: string): Promise<SessionUser> {
  const found = await findSession(db, token);
  if (!found.ok) throw new Error('the benchmark’s session was not found');
  return found.user;
}

interface Load {
  perSecond: number;
  p99: number;
  errors: number;
  /** The server process's CPU (user + system) per answered request, in µs; undefined where /proc is not there. */
  cpuPerRequest?: number;
}

/** CONCURRENCY loops, each sending the next request when its answer has been read to the end. */
async function load(server: Server, url: string, headers: Record<string, string>, durationMs: number): Promise<Load> {
  const { port } = server;
  const cpuBefore = cpuMicros(server.child.pid);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + durationMs;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get({ host: '127.0.0.1', port, path: url, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      });
      request.on('error', () => {
        errors++;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const cpuAfter = cpuMicros(server.child.pid);
  const cpuPerRequest = cpuBefore !== undefined && cpuAfter !== undefined && latencies.length > 0 ? (cpuAfter - cpuBefore) / latencies.length : undefined;
  return { perSecond: latencies.length / seconds, p99: percentile(latencies, 99), errors, cpuPerRequest };
}

/** BENCH_CPU_PROF=<dir>: the app's process (and with BENCH_CPU_PROF_ANCHOR=1 the anchor's) writes a CPU profile there when it stops. */
function startServer(script: string, env: Record<string, string>): Promise<Server> {
  const profiled = script.includes('app-server') || process.env.BENCH_CPU_PROF_ANCHOR === '1';
  return startChildServer(script, env, profiled ? process.env.BENCH_CPU_PROF : undefined);
}

async function main(): Promise<void> {
  const db = await startBenchDb();
  const servers: Server[] = [];
  try {
    const table = tableName(svcTicket);
    const { rows } = await db.pool.query<{ _id: string }>(`select _id from ${table} where subscriber_id = $1 order by created_at limit 1`, [db.tenantId]);
    const ticketId = rows[0]?._id;
    if (!ticketId) throw new Error('The demo tenant has no service ticket');
    const app = await startServer('bench/servers/app-server.ts', { DATABASE_URL: db.url });
    servers.push(app);
    const signIn = async (email: string, password: string): Promise<string> => {
      const res = await fetch(`http://127.0.0.1:${app.port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      const { token } = (await res.json()) as { token: string };
      if (!token) throw new Error(`${email} could not sign in`);
      return token;
    };
    const token = await signIn('admin@demo.local', 'Demo-Admin-2026');
    const engineerToken = await signIn('engineer@demo.local', 'Demo-Engineer-2026');

    // The statements the app sends for the engineer's My Open Calls and the administrator's waiting-count.
    const engineer = await sessionUser(db.pool, engineerToken);
    const view = await recorded((recorder) =>
      ticketViewCalls.view.handler({ req: { params: { route: 'my-open-tickets' } }, user: engineer, tenantId: engineer.tenantId, db: recorder } as unknown as CallContext),
    );
    const [waiting] = await recorded(async (recorder) => waitingCount(recorder, await sessionUser(db.pool, token)));
    const anchor = await startServer('bench/servers/bare-server.ts', { DATABASE_URL: db.url, BENCH_TABLE: table, BENCH_TENANT: db.tenantId, BENCH_QUERIES: JSON.stringify({ view, waiting }) });
    servers.push(anchor);

    const allCases = [
      { name: 'get-by-id', app: `${svcTicket.path}/getById/${ticketId}`, anchor: `/row/${ticketId}`, token, budget: 0.8 },
      { name: 'list of 10', app: `${svcTicket.path}?limit=10`, anchor: '/rows', token, budget: 0.8 },
      { name: 'ticket view', app: '/api/app/ticket/view/my-open-tickets', anchor: '/view', token: engineerToken, budget: 0.6 },
      { name: 'waiting-count', app: WAITING_COUNT_PATH, anchor: '/waiting', token, budget: 0.6 },
    ];
    const only = process.env.BENCH_CASES?.split(',').map((name) => name.trim());
    const cases = only ? allCases.filter((c) => only.includes(c.name)) : allCases;
    if (cases.length === 0) throw new Error(`BENCH_CASES names no case: ${allCases.map((c) => c.name).join(', ')}`);
    console.log(`Record reads (issue 17): ${CONCURRENCY} connections, ${DURATION_MS / 1000} s per turn, ${db.where}`);
    console.log('case           server  round  req/s    p99 ms  errors  cpu µs/req');
    let failed = false;
    const summary: string[] = [];
    for (const c of cases) {
      const best = { app: 0, anchor: 0 };
      const leastCpu = { app: Infinity, anchor: Infinity };
      await load(anchor, c.anchor, {}, WARMUP_MS);
      await load(app, c.app, { token: c.token }, WARMUP_MS);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const who of ['anchor', 'app'] as const) {
          const figures = who === 'app' ? await load(app, c.app, { token: c.token }, DURATION_MS) : await load(anchor, c.anchor, {}, DURATION_MS);
          best[who] = Math.max(best[who], figures.perSecond);
          if (figures.cpuPerRequest !== undefined) leastCpu[who] = Math.min(leastCpu[who], figures.cpuPerRequest);
          const cpu = figures.cpuPerRequest === undefined ? '' : figures.cpuPerRequest.toFixed(0).padStart(10);
          console.log(`${c.name.padEnd(14)} ${who.padEnd(6)}  ${round}      ${figures.perSecond.toFixed(0).padStart(6)}  ${figures.p99.toFixed(1).padStart(7)}  ${String(figures.errors).padEnd(6)}${cpu}`);
        }
      }
      const ratio = best.app / best.anchor;
      const pass = ratio >= c.budget;
      failed ||= !pass;
      // Beside the budget's figure, the Node process's CPU per request (least of the rounds): the app's own work per
      // request against the bare route's, which a busy machine moves much less.
      const cpu = Number.isFinite(leastCpu.app) && Number.isFinite(leastCpu.anchor) ? `; server CPU ${leastCpu.app.toFixed(0)} µs/req vs ${leastCpu.anchor.toFixed(0)} (${(leastCpu.app / leastCpu.anchor).toFixed(2)}×)` : '';
      summary.push(`${c.name}: app ${best.app.toFixed(0)} req/s = ${ratio.toFixed(2)}× the anchor's ${best.anchor.toFixed(0)} req/s (budget ≥ ${c.budget}×)  ${pass ? 'PASS' : 'UNDER'}${cpu}`);
      console.log(summary[summary.length - 1]);
    }
    console.log(`\nBest of ${ROUNDS} rounds each, anchor measured in the same run:\n${summary.join('\n')}`);
    if (failed) console.log('At least one figure is under its budget.');
  } finally {
    for (const server of servers) server.child.kill();
    await db.close();
  }
}

await main();
