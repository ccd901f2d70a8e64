/**
 * The list and first-page benchmarks (`npm run bench`, the default of bench/run.ts; not part of `npm test`), each
 * figure printed beside the budget a product would set: issue 4's list of 100 000 records through the API and through the list screen's rendering,
 * and issue 18's first pages (sign-in, a customer's proposal link, home after sign-in) loaded cold on a
 * slow phone profile beside a minimal React + Mantine sign-in page (bench/firstPages.ts).
 *
 *   1. A throw-away PostgreSQL (embedded, in a temporary folder, on a free port from 55432; or a database
 *      of its own on DATABASE_URL's server), migrated and seeded with the demo tenants (bench/db.ts).
 *   2. 100 000 spare parts for the demo tenant, valid for the module's schema, inserted in batches
 *      (bench/records.ts).
 *   3. The app's API (bench/servers/app-server.ts) and the bare Fastify + pg-cursor stream (its anchor,
 *      bench/servers/bare-stream.ts), each in a process of its own: admin@demo.local signs in over HTTP and GETs
 *      the list with the client's limit five times, between two turns of five of the anchor, each process's
 *      resident memory watched through /proc; then the stores clerk reads one part by id, four at a time, while
 *      the list is served once more, and alone for as long (bench/api.ts).
 *   4. For the screen and the first pages, the app as `npm start` builds it (buildApp + socket.io, serving the
 *      client built from the checkout) in this process.
 *   5. Debian's Chromium opens the list screen, which loads and shows the whole list; the table is then
 *      scrolled frame by frame (bench/screen.ts).
 *
 * The figures are a report, not a gate: the exit code is 0 whether they pass or not, and 1 only when the
 * run itself fails. BENCH_RECORDS changes the record count (default 100000) for a quick try.
 *
 * The client measured is the checkout's: it is built afresh (npx vite build) into a temporary folder, so a
 * stale dist/ (or one another run is rebuilding) never stands in for the code under test. BENCH_DIST names
 * an existing build to measure instead (e.g. one built with --minify false, for readable profiles).
 *
 * Flags (after `npm run bench --`):
 *   --first-pages       only issue 18's first pages (no records inserted, no list figures).
 *   --screen-only       skip the API figures (step 3's five list requests); the screen is measured as usual.
 *   --profile[=<dir>]   after the measured scroll, scroll once more under the Chromium profiler and print
 *                       where the main thread's time went; the trace and CPU profile are kept in <dir>
 *                       (default: a temporary folder). The profiled pass is not part of the figures.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableName } from '../src/contract/modules/define';
import { sparePartInventory } from '../src/contract/modules/parts';
import { GUARDED_ROUTES } from '../src/contract/routes';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEMO_USERS } from '../server/seed/demo-tenant';
import { attachRealtime } from '../server/realtime/socket';
import { measureList, measureReadsDuringList, signInOverHttp } from './api';
import { gzipClientFiles } from './compress';
import { startBenchDb } from './db';
import { firstPagesLines, makeProposalLink, measureFirstPages } from './firstPages';
import { insertSpareParts } from './records';
import { max, median, percentile, table, toMB, verdict, type Line } from './report';
import { printProfile } from './profile';
import { measureScreen } from './screen';
import { startChildServer, stopChildServer } from './servers/child';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const API_RUNS = 5;
const MODULE = sparePartInventory;
const ADMIN = DEMO_USERS.find((u) => u.email === 'admin@demo.local');
const STORES = DEMO_USERS.find((u) => u.email === 'stores@demo.local')!;

const args = process.argv.slice(2);
const SCREEN_ONLY = args.includes('--screen-only');
const FIRST_PAGES_ONLY = args.includes('--first-pages');
/** Only the API figures (the list beside the bare stream, others' reads meanwhile): no client build, no Chromium. */
const API_ONLY = args.includes('--api-only');
const profileArg = args.find((a) => a === '--profile' || a.startsWith('--profile='));
const PROFILE_DIR = profileArg === undefined ? undefined : profileArg.includes('=') ? path.resolve(profileArg.slice('--profile='.length)) : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
const unknown = args.filter((a) => a !== '--screen-only' && a !== '--first-pages' && a !== '--api-only' && a !== profileArg);

/** Budgets: what the product promises for one tenant's list of 100 000 records on a modest machine. */
const BUDGET = {
  apiMedianMs: 2_500,
  apiMaxMs: 4_000,
  responseMB: 50,
  serverRssMB: 1_024,
  /** Issue 30: the streamed list's median within 1.2× the bare Fastify + pg-cursor stream's (bench/servers/bare-stream.ts), same run. */
  listVsBareStream: 1.2,
  /** Issue 17: the list is streamed, so serving it grows the server by little, and others are served meanwhile. */
  serverRssGrowthMB: 150,
  otherReadP99Ms: 100,
  firstRowsMs: 4_000,
  screenReadyMs: 4_000,
  frameP95Ms: 50,
  frameMaxMs: 200,
  pageHeapMB: 256,
};

/** Everything started is stopped in reverse order, on success, failure or Ctrl-C. */
const stack: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let close = stack.pop(); close; close = stack.pop()) await close().catch((error) => console.error(`clean-up: ${(error as Error).message}`));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const step = (text: string) => console.log(`· ${text}`);

/** The client to serve: BENCH_DIST when given, else the checkout's sources built into a temporary folder. */
function buildClient(): string {
  const given = process.env.BENCH_DIST;
  if (given) {
    if (!fs.existsSync(path.join(given, 'index.html'))) throw new Error(`BENCH_DIST=${given} holds no index.html`);
    step(`client: ${given} (BENCH_DIST)`);
    return path.resolve(given);
  }
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
  stack.push(async () => fs.rmSync(out, { recursive: true, force: true }));
  step(`building the client from the checkout into ${out} (npx vite build)`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`);
  return out;
}

async function main(): Promise<void> {
  if (!ADMIN) throw new Error('admin@demo.local is not among the demo users');
  if (!Number.isInteger(RECORDS) || RECORDS < 1) throw new Error(`BENCH_RECORDS must be a positive integer, got ${process.env.BENCH_RECORDS}`);
  const route = GUARDED_ROUTES.find((r) => r.code === MODULE.feature);
  if (!route) throw new Error(`no route shows ${MODULE.name} (code ${MODULE.feature})`);

  if (unknown.length > 0) throw new Error(`unknown argument(s) ${unknown.join(' ')}: use --first-pages, --screen-only, --api-only and/or --profile[=<dir>]`);

  step(process.env.DATABASE_URL ? 'creating a database on DATABASE_URL, migrating and seeding the demo tenants' : 'starting a throw-away embedded PostgreSQL, migrating and seeding the demo tenants');
  const db = await startBenchDb();
  stack.push(() => db.close());
  step(`database: ${db.where}`);
  if (API_ONLY) return apiOnly(db);
  const dist = buildClient();

  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DIST_DIR: dist, DATA_DIR: os.tmpdir() }, ROOT);
  const app = await buildApp({ db: db.pool, config, logger: false });
  gzipClientFiles(app);
  const realtime = attachRealtime(app.server, { db: db.pool, hub: app.hub });
  stack.push(async () => {
    await realtime.close();
    await app.close();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  step(`app listening on ${baseUrl}`);

  // Issue 18 first: the pages are measured before the 100 000 records make the tenant heavy.
  step('first pages: building and serving the anchor page, making a proposal link, loading each page cold on the slow-phone profile');
  const proposalLink = await makeProposalLink(baseUrl, await signInOverHttp(baseUrl, ADMIN.email, ADMIN.password));
  const firstPages = await measureFirstPages({ baseUrl, email: ADMIN.email, password: ADMIN.password, proposalLink }, (close) => stack.push(close));
  const firstLines = firstPagesLines(firstPages);
  const printFirstPages = () => {
    console.log(`\nNode ${process.version} · ${os.cpus().length} CPU · Chromium ${firstPages.browserVersion}\n`);
    console.log(table('First pages: cold load, CPU 4× slower, 562 ms round trip, 1.44 Mbps down (anchor: minimal React + Mantine sign-in, same run)', firstLines));
    for (const [name, figures] of [['anchor', firstPages.anchor], ['sign-in', firstPages.signIn], ['proposal', firstPages.proposal], ['home', firstPages.home]] as const) {
      console.log(`  ${name}: heaviest ${figures.largest.map((f) => `${f.url} ${(f.bytes / 1024).toFixed(1)} KB`).join(', ')}; LCP each round ${(figures.lcpRounds ?? []).map((ms) => `${Math.round(ms).toLocaleString('en-US')} ms`).join(', ')}; ready (first round) at ${Math.round(figures.readyAt).toLocaleString('en-US')} ms`);
    }
  };
  if (FIRST_PAGES_ONLY) {
    printFirstPages();
    const over = firstLines.filter((line) => verdict(line) === 'OVER').length;
    console.log(`\n${over === 0 ? 'Every figure is within its budget.' : `${over} figure(s) over budget.`} (A report, not a gate: exit code 0.)`);
    return;
  }

  step(`inserting ${RECORDS.toLocaleString('en-US')} ${MODULE.name} records for the demo tenant`);
  const inserted = await insertSpareParts(db.pool, db.tenantId, RECORDS);
  step(`inserted in ${(inserted.ms / 1000).toFixed(1)} s; the tenant now has ${inserted.total.toLocaleString('en-US')} ${MODULE.name} records`);

  let list: Awaited<ReturnType<typeof listBesideBareStream>> | undefined;
  if (!SCREEN_ONLY) list = await listBesideBareStream(db, inserted.total);

  step(`opening /app/${route.path} in Chromium`);
  const screen = await measureScreen(
    {
      baseUrl,
      email: ADMIN.email,
      password: ADMIN.password,
      route: `/app/${route.path}`,
      listPath: MODULE.path,
      tableLabel: MODULE.label,
      expectedTotal: inserted.total,
      readyTimeoutMs: 180_000,
      profileDir: PROFILE_DIR,
    },
    (close) => stack.push(close),
  );

  const apiLines: Line[] = list ? apiFigures(list) : [];
  const all = [...screen.wheelFrames, ...screen.dragFrames];
  const screenLines: Line[] = [
    { figure: 'list request done (in the browser)', value: screen.listResponseEnd, unit: 'ms' },
    { figure: 'first rows painted', value: screen.firstRowsPainted, unit: 'ms', budget: BUDGET.firstRowsMs },
    { figure: 'total painted (screen ready)', value: screen.totalPainted, unit: 'ms', budget: BUDGET.screenReadyMs },
    { figure: `still list, ${screen.idleFrames.length} frames: frame median`, value: median(screen.idleFrames), unit: 'ms' },
    { figure: `wheel scroll, ${screen.wheelFrames.length} frames: frame p95`, value: percentile(screen.wheelFrames, 95), unit: 'ms', budget: BUDGET.frameP95Ms },
    { figure: 'wheel scroll: frame max', value: max(screen.wheelFrames), unit: 'ms', budget: BUDGET.frameMaxMs },
    { figure: `drag top→bottom, ${screen.dragFrames.length} frames: frame p95`, value: percentile(screen.dragFrames, 95), unit: 'ms', budget: BUDGET.frameP95Ms },
    { figure: 'drag top→bottom: frame max', value: max(screen.dragFrames), unit: 'ms', budget: BUDGET.frameMaxMs },
    { figure: 'all scroll frames: median', value: median(all), unit: 'ms' },
    { figure: 'page JS heap after load (after GC)', value: screen.heapAfterLoad === undefined ? undefined : toMB(screen.heapAfterLoad), unit: 'MB', budget: BUDGET.pageHeapMB },
    { figure: 'page JS heap after scrolling (after GC)', value: screen.heapAfterScroll === undefined ? undefined : toMB(screen.heapAfterScroll), unit: 'MB', budget: BUDGET.pageHeapMB },
  ];

  console.log('');
  console.log(`${inserted.total.toLocaleString('en-US')} ${MODULE.name} records · Node ${process.version} · ${os.cpus().length} CPU · ${screen.browserVersion ? `Chromium ${screen.browserVersion}` : ''}`);
  console.log('');
  if (list) {
    console.log(table(apiTitle(list, inserted.total), apiLines));
    console.log('');
  }
  console.log(table(`Screen: /app/${route.path} (${MODULE.label}), times from navigation start, full page load after sign-in`, screenLines));
  if (screen.timedOut) console.log(`\nThe screen did not show its rows and total within 180 s: the figures after it were not measured.`);
  else if (screen.lastRowRendered !== undefined && screen.lastRowRendered < inserted.total) console.log(`\nNote: at the bottom of the list the last row rendered is ${screen.lastRowRendered}, not ${inserted.total}.`);
  if (screen.totalText) console.log(`\nThe screen's total read: "${screen.totalText}"`);
  if (screen.profile) console.log(`\n${printProfile(screen.profile)}`);
  printFirstPages();
  const over = [...apiLines, ...screenLines, ...firstLines].filter((line) => verdict(line) === 'OVER').length;
  console.log(`\n${over === 0 ? 'Every figure is within its budget.' : `${over} figure(s) over budget.`} (A report, not a gate: exit code 0.)`);
}

type ListFigures = Awaited<ReturnType<typeof listBesideBareStream>>;

/**
 * The list through the API beside its anchor, the bare stream, taking turns (anchor, app, anchor: the anchor's median
 * over both of its turns), with another person's reads meanwhile. The app (bench/servers/app-server.ts, as `npm start`
 * builds it, without the client's files) and the bare stream each run in a process of their own, so that each one's
 * memory is its own and not the client's or the other's.
 */
async function listBesideBareStream(db: Awaited<ReturnType<typeof startBenchDb>>, total: number) {
  const app = await startChildServer('bench/servers/app-server.ts', { DATABASE_URL: db.url, LOG_REQUESTS: '' });
  stack.push(() => stopChildServer(app));
  const bareStream = await startChildServer('bench/servers/bare-stream-server.ts', { DATABASE_URL: db.url, BENCH_TABLE: tableName(MODULE), BENCH_TENANT: db.tenantId });
  stack.push(() => stopChildServer(bareStream));
  const appUrl = `http://127.0.0.1:${app.port}`;
  const bareUrl = `http://127.0.0.1:${bareStream.port}/rows`;
  const token = await signInOverHttp(appUrl, ADMIN!.email, ADMIN!.password);
  const listUrl = `${appUrl}${MODULE.path}?limit=${Number.MAX_SAFE_INTEGER}`;
  step(`GET ${MODULE.path}?limit=${Number.MAX_SAFE_INTEGER}, ${API_RUNS} runs, between two turns of ${API_RUNS} of the bare stream (each server in a process of its own)`);
  const bareBefore = await measureList(bareUrl, '', API_RUNS, bareStream.child.pid!);
  const api = await measureList(listUrl, token, API_RUNS, app.child.pid!);
  const bareAfter = await measureList(bareUrl, '', API_RUNS, bareStream.child.pid!);
  if (api.total !== total || api.rows !== total) throw new Error(`the list answered ${api.rows} rows, total ${api.total}; expected ${total}`);
  if (bareBefore.rows !== total) throw new Error(`the bare stream answered ${bareBefore.rows} rows; expected ${total}`);
  const bare = [...bareBefore.latencies, ...bareAfter.latencies];
  // The anchor's growth: the larger of its two turns (its first turn also grows it from a cold start).
  const bareGrowth = Math.max(bareBefore.rssPeak - bareBefore.rssBaseline, bareAfter.rssPeak - bareAfter.rssBaseline);
  // Another person (the stores clerk) reads one part by id while the administrator's whole list is served.
  const reader = await signInOverHttp(appUrl, STORES.email, STORES.password);
  const one = (await (await fetch(`${appUrl}${MODULE.path}?limit=1`, { headers: { token: reader } })).json()) as { data: Array<{ _id: string }> };
  const readUrl = `${appUrl}${MODULE.path}/getById/${one.data[0]?._id ?? ''}`;
  step(`GET ${MODULE.path}/getById/… as ${STORES.email}, 4 at a time, while the list is served and then alone for as long`);
  const reads = await measureReadsDuringList(listUrl, token, readUrl, reader);
  return { api, bare, bareGrowth, reads };
}

function apiTitle({ api, bare }: ListFigures, total: number): string {
  return `API: GET ${MODULE.path}?limit=${Number.MAX_SAFE_INTEGER}, ${total.toLocaleString('en-US')} records (app runs: ${api.latencies.map((ms) => Math.round(ms)).join(', ')} ms; bare stream: ${bare.map((ms) => Math.round(ms)).join(', ')} ms)`;
}

function apiFigures({ api, bare, bareGrowth, reads }: ListFigures): Line[] {
  return [
    { figure: 'list latency to last byte, median', value: median(api.latencies), unit: 'ms', budget: BUDGET.apiMedianMs },
    { figure: 'anchor: bare Fastify + pg-cursor stream, same compression and batch, median', value: median(bare), unit: 'ms' },
    { figure: 'list median ÷ the bare stream’s median', value: median(api.latencies) / median(bare), unit: 'ratio', budget: BUDGET.listVsBareStream },
    { figure: 'list latency to last byte, max', value: max(api.latencies), unit: 'ms', budget: BUDGET.apiMaxMs },
    { figure: 'time to first byte, median', value: median(api.firstByte), unit: 'ms' },
    { figure: 'response size', value: toMB(api.bytes), unit: 'MB', budget: BUDGET.responseMB },
    { figure: 'records in the answer (data.length)', value: api.rows, unit: 'count' },
    { figure: 'server RSS before the runs', value: toMB(api.rssBaseline), unit: 'MB' },
    { figure: 'server RSS peak during the runs', value: toMB(api.rssPeak), unit: 'MB', budget: BUDGET.serverRssMB },
    { figure: 'server RSS growth for the list (peak − before)', value: toMB(api.rssPeak - api.rssBaseline), unit: 'MB', budget: BUDGET.serverRssGrowthMB },
    { figure: 'anchor: the bare stream’s RSS growth for the same list', value: toMB(bareGrowth), unit: 'MB' },
    { figure: `another person's get-by-id p99 while the list is served (${reads.during.length} reads)`, value: percentile(reads.during, 99), unit: 'ms', budget: BUDGET.otherReadP99Ms },
    { figure: `anchor: the same get-by-id p99 with no list running (${reads.alone.length} reads)`, value: percentile(reads.alone, 99), unit: 'ms' },
  ];
}

async function apiOnly(db: Awaited<ReturnType<typeof startBenchDb>>): Promise<void> {
  step(`inserting ${RECORDS.toLocaleString('en-US')} ${MODULE.name} records for the demo tenant`);
  const inserted = await insertSpareParts(db.pool, db.tenantId, RECORDS);
  const list = await listBesideBareStream(db, inserted.total);
  const all = apiFigures(list);
  console.log('');
  console.log(table(apiTitle(list, inserted.total), all));
  const over = all.filter((line) => verdict(line) === 'OVER').length;
  console.log(`\n${over === 0 ? 'Every figure is within its budget.' : `${over} figure(s) over budget.`} (A report, not a gate: exit code 0.)`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\nThe benchmark run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
