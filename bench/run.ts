/**
 * `npm run bench -- [benchmark] [its flags]`: runs one benchmark, each in a process of its own (so that one's
 * memory and warm caches never colour another's figures). `npm run bench -- --help` lists them. Every benchmark
 * prints each figure beside its budget and PASS or OVER/UNDER, with the anchor it measured in the same run where
 * it has one; none is a gate (exit code 0 whether the figures pass or not, 1 only when the run itself fails).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Benchmark {
  /** What selects it on the command line (`--record-reads`); the first is the default. */
  flag: string;
  file: string;
  issue: string;
  measures: string;
  budget: string;
  anchor: string;
  /** Flags it takes, passed on as they are. */
  flags?: string;
  /** Environment variables it reads. */
  env?: string;
}

const BENCHMARKS: readonly Benchmark[] = [
  {
    flag: '--lists',
    file: 'bench/lists-and-pages.ts',
    issue: '4 and 18',
    measures: 'a 100,000-record list through the API (latency, size, server memory, and another person’s get-by-id while it is served) and on the list screen in Chromium (first rows, frames while scrolling, page heap); then the first pages below',
    budget: 'API median ≤ 2.5 s and ≤ 1.2× the bare stream’s, server growth for the list ≤ 150 MB, another person’s get-by-id p99 ≤ 100 ms meanwhile; first rows ≤ 4 s, frame p95 ≤ 50 ms',
    anchor: 'a bare Fastify + pg-cursor stream of the same rows in a process of its own (its latency and its own memory growth), taking turns with the app; the same get-by-id with no list running; the first pages have theirs',
    flags: '--api-only (the API figures alone: no client build, no Chromium), --screen-only (no API figures), --profile[=<dir>] (where the scroll spent its time)',
    env: 'BENCH_RECORDS (default 100000), BENCH_DIST (an existing build to measure)',
  },
  {
    flag: '--first-pages',
    file: 'bench/lists-and-pages.ts',
    issue: '18',
    measures: 'sign-in, a customer proposal link and home after sign-in, loaded cold in Chromium at CPU 4× and 562 ms / 1.44 Mbps: JS+CSS on the wire, JS files, LCP',
    budget: 'sign-in and proposal ≤ 150 KB, ≤ 15 JS files, LCP ≤ 2.5 s; home ≤ 250 KB, LCP ≤ 3.5 s',
    anchor: 'a minimal React + Mantine sign-in page (bench/anchor), same run, same profile',
    env: 'BENCH_DIST',
  },
  {
    flag: '--record-reads',
    file: 'bench/record-reads.ts',
    issue: '17 and 30',
    measures: 'signed-in get-by-id, list-of-10, ticket view (My Open Calls) and approvals waiting-count requests per second and p99 at 50 connections, best of three rounds',
    budget: 'get-by-id and list of 10 ≥ 0.8× the anchor’s requests per second; ticket view and waiting-count ≥ 0.6×',
    anchor: 'a bare Fastify 5 + node-postgres server on the same PostgreSQL running the same statements (bench/servers/bare-server.ts), taking turns with the app',
    env: 'BENCH_CONCURRENCY (50), BENCH_DURATION_MS (5000), BENCH_CPU_PROF=<dir>',
  },
  {
    flag: '--serialize',
    file: 'bench/serialize.ts',
    issue: '30 §3',
    measures: "serializing the app's real answers (a service ticket by id, a page of ten) with fast-json-stringify compiled from the module's field schema, the serializer a Fastify reply schema would bring",
    budget: 'worth adopting when ≤ 0.8× JSON.stringify’s time',
    anchor: 'JSON.stringify of the same answers (what the routes use today), same process, taking turns',
  },
  {
    flag: '--heavy-calls',
    file: 'bench/heavy-calls.ts',
    issue: '35 §4',
    measures: "three other people's p99 (My Open Calls, a page of ten invoices, an invoice by id) while one person runs six parallel loops of invoice PDFs ignoring its 429s, and the PDFs and 429s that person got",
    budget: "others' p99 ≤ 1.5× their idle p99",
    anchor: 'the same calls of the same people with nobody looping, same run, just before',
    env: 'BENCH_DURATION_MS (8000), BENCH_OTHERS (6), BENCH_ABUSERS (6)',
  },
  {
    flag: '--start',
    file: 'bench/start.ts',
    issue: '17',
    measures: 'spawn to the first answer of GET /api/health on an existing data folder (the server starts its embedded PostgreSQL), and resident memory then',
    budget: 'first answer ≤ 2 s',
    anchor: 'the same server from its TypeScript sources through tsx (the former npm start), taking turns',
    env: 'BENCH_RUNS (default 3)',
  },
  {
    flag: '--seed',
    file: 'bench/demo-seed.ts',
    issue: '30',
    measures: 'seeding the demo tenants into a freshly migrated database, best of three',
    budget: 'seed ≤ 3 s',
    anchor: 'migrating the same empty database, same round',
  },
  {
    flag: '--tenant-reconcile',
    file: 'bench/tenant-reconcile.ts',
    issue: '8',
    measures: 'the start-up reconcile of 200 tenants an older catalogue provisioned, per tenant, and a start with nothing to do',
    budget: 'p95 ≤ 250 ms and max ≤ 1 s per tenant; an up-to-date start ≤ 100 ms',
    anchor: 'provisioning one tenant from nothing (the same walk, writing everything), same run',
    env: 'BENCH_TENANTS (default 200)',
  },
];

function help(): string {
  const lines = ['Usage: npm run bench -- [benchmark] [its flags]   (no benchmark: --lists)', '', 'Benchmarks:'];
  for (const b of BENCHMARKS) {
    lines.push(`  ${b.flag}  (issue ${b.issue}, ${b.file})`);
    lines.push(`      measures: ${b.measures}`);
    lines.push(`      budget:   ${b.budget}`);
    lines.push(`      anchor:   ${b.anchor}`);
    if (b.flags) lines.push(`      flags:    ${b.flags}`);
    if (b.env) lines.push(`      env:      ${b.env}`);
  }
  lines.push('', 'DATABASE_URL: a database of its own on that server instead of a throw-away embedded PostgreSQL.');
  return lines.join('\n');
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(help());
  process.exit(0);
}
const chosen = BENCHMARKS.filter((b) => args.includes(b.flag));
if (chosen.length > 1) {
  console.error(`Choose one benchmark at a time (given: ${chosen.map((b) => b.flag).join(', ')}).\n\n${help()}`);
  process.exit(2);
}
const benchmark = chosen[0] ?? BENCHMARKS[0]!;
// The list file reads --first-pages itself; its own selector flag (--lists) is not one of its flags.
const rest = args.filter((a) => a !== '--lists' && (a === '--first-pages' ? benchmark.flag === '--first-pages' : a !== benchmark.flag));
const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, benchmark.file), ...rest], { cwd: ROOT, stdio: 'inherit' });
process.exit(run.status ?? 1);
