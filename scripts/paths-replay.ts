/**
 * QA's paths replayed through the API of a running server (issues 15 and 37):
 *
 *   npm run paths:replay -- --base-url http://localhost:3000 [--machine ID] [--path ID] [--target STATE] [--cover C]
 *     [--account ROLE=EMAIL:PASSWORD ...] [--email E --password P] [--report FILE.json] [--junit FILE.xml]
 *
 * For every path of every lifecycle machine (`npm run paths`), and every module that uses the machine: a new
 * record is made (the same factories the tests use, tests/helpers/lifecycle-records.ts: by the module's maker,
 * the demo's clerk, when it has one), and each step is taken by whoever takes it in the office
 * (src/machines/paths/actors.ts): the member of staff in the role whose privileges pass its guard, signed in
 * with the demo's account of that role (`--account` names another), the customer through their public page, the
 * scheduler through the transition route. So a credit note is submitted by the accounts clerk and approved by
 * the accounts approver. `--email/--password` takes every staff step as that one person instead. The stored
 * state is read back after each step.
 *
 * Every path is printed with PASS or FAIL, then the count and the time; `--report` writes the JSON report,
 * `--junit` the JUnit XML (scripts/paths-replay-report.ts). The exit code is 1 when a path fails (the first
 * failure is named last), 2 for a wrong argument, an unknown machine, state or path, or no path selected.
 * Workflow machines run in the browser, not on the server: they are not replayed here.
 */
import { pathToFileURL } from 'node:url';
import { moduleNamed } from '../src/contract/modules/index';
import type { Lifecycle } from '../src/machines/lifecycles/index';
import { stepActor } from '../src/machines/paths/actors';
import { machineGraph } from '../src/machines/paths/graph';
import { pathMachines, type PathMachine } from '../src/machines/paths/machines';
import { COVER_CRITERIA, filterPaths, machinePaths, type CoverCriterion, type TestPath } from '../src/machines/paths/paths';
import { DEMO_USERS } from '../server/seed/demo-tenant';
import { eventData } from '../tests/machines/support/lifecyclePaths';
import { lifecycleActorEmail, newLifecycleRecord, takeStep } from '../tests/helpers/lifecycle-records';
import type { ApiBody, Reply, SignedIn, TestDb } from '../tests/helpers/test-db';
import { writeReports } from './paths-replay-report';

export interface Account {
  email: string;
  password?: string;
}

export interface ReplayOptions {
  baseUrl: string;
  machine?: string;
  path?: string;
  target?: string;
  /** Which paths (`npm run paths -- --cover`): each transition's, by default. */
  cover?: CoverCriterion;
  /** Who signs in for each staff role (role code → account); the demo's users of those roles otherwise. */
  accounts?: Readonly<Record<string, Account>>;
  /** One person for every staff step (and every record made), instead of each step's role. */
  email?: string;
  password?: string;
  log?: (line: string) => void;
}

export interface ReplayStep {
  state: string;
  event: string;
  to: string;
  /** Who takes it, in words ("the accounts approver"). */
  actor: string;
  /** The account signed in for it (the one that made the link, for a customer's step). */
  account?: string;
  data: Record<string, unknown>;
  result: 'passed' | 'failed' | 'not run';
}

export interface ReplayOutcome {
  path: string;
  machine: string;
  module: string;
  passed: boolean;
  durationMs: number;
  steps: ReplayStep[];
  /** What failed, with the step, when it did. */
  failure?: string;
  /** The failing step's number (1 for the first), 0 when the record could not be made. */
  failedStep?: number;
  /** The server's answer to the failing call. */
  answer?: { status: number; body: unknown };
}

/** A wrong filter or argument: the command exits 2 with its message. */
export class ReplayArgumentError extends Error {}

/** The demo's user of each role: who takes a role's steps unless told otherwise. */
export function demoAccounts(): Record<string, Account> {
  return Object.fromEntries(DEMO_USERS.map((u) => [u.role, { email: u.email, password: u.password }]));
}

/** The slice of the test harness the record factories use, over HTTP to `baseUrl`. */
export function httpHarness(baseUrl: string, accounts: readonly Account[] = []): Pick<TestDb, 'call' | 'signIn'> {
  const call = async <T = ApiBody>(who: SignedIn | string | null, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> => {
    const token = typeof who === 'string' ? who : who?.token;
    const response = await fetch(new URL(url, baseUrl), {
      method,
      headers: { ...headers, ...(token ? { token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text for the message
    }
    return { status: response.status, body: parsed as T, headers: Object.fromEntries(response.headers) };
  };
  const passwords = new Map([...DEMO_USERS.map((u) => [u.email, u.password] as const), ...accounts.filter((a) => a.password).map((a) => [a.email, a.password as string] as const)]);
  const sessions = new Map<string, SignedIn>();
  return {
    call,
    async signIn(email, password) {
      const known = sessions.get(email);
      if (known) return known;
      const reply = await call<SignedIn>(null, 'POST', '/api/auth/login', { email, password: password ?? passwords.get(email) });
      if (reply.status !== 200) throw new Error(`sign-in of ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      sessions.set(email, reply.body);
      return reply.body;
    },
  };
}

interface Selection {
  source: PathMachine;
  paths: TestPath[];
}

/** The paths the filters choose; throws ReplayArgumentError naming a filter that matches nothing. */
export function selectPaths(options: Pick<ReplayOptions, 'machine' | 'path' | 'target' | 'cover'>): Selection[] {
  const lifecycles = pathMachines().filter((m) => m.kind === 'lifecycle');
  const machines = lifecycles.filter((m) => options.machine === undefined || m.id === options.machine);
  if (machines.length === 0) throw new ReplayArgumentError(`No lifecycle machine "${options.machine}": the lifecycle machines are ${lifecycles.map((m) => m.id).join(', ')}`);
  const all = machines.map((source) => ({ source, graph: machineGraph(source.machine) }));
  if (options.target !== undefined && !all.some(({ graph }) => graph.states.includes(options.target as string))) {
    throw new ReplayArgumentError(`No state "${options.target}" in ${options.machine ? `the machine ${options.machine}` : 'any lifecycle machine'}`);
  }
  const selected = all.map(({ source, graph }) => ({ source, paths: filterPaths(machinePaths(graph, { cover: options.cover }).paths, { target: options.target }).filter((p) => options.path === undefined || p.id === options.path) }));
  if (options.path !== undefined && selected.every((s) => s.paths.length === 0) && !all.some(({ graph }) => COVER_CRITERIA.some((cover) => machinePaths(graph, { cover }).paths.some((p) => p.id === options.path)))) {
    throw new ReplayArgumentError(`No path "${options.path}" in ${options.machine ? `the machine ${options.machine}` : 'any lifecycle machine'}`);
  }
  if (selected.every((s) => s.paths.length === 0)) throw new ReplayArgumentError('No path is selected by these filters: nothing to replay');
  return selected;
}

async function replayOne(t: Pick<TestDb, 'call' | 'signIn'>, options: ReplayOptions, source: PathMachine, lifecycle: Lifecycle, path: TestPath): Promise<ReplayOutcome> {
  const started = Date.now();
  const name = `${source.id}/${path.id}`;
  const base = moduleNamed(lifecycle.module).path;
  const accounts = { ...demoAccounts(), ...options.accounts };
  const one = options.email === undefined ? undefined : { email: options.email, password: options.password };
  // The record's maker and the sender of the link for a customer's step: the module's usual actor.
  const owner = one ?? { email: lifecycleActorEmail(lifecycle.module) };
  // Passwords are the harness's (the demo's, or the accounts given): an account here is its email.
  const steps: ReplayStep[] = path.steps.map((step, i) => {
    const actor = stepActor(lifecycle, source.machine, step.state, step.event);
    const account = actor.kind === 'staff' ? (one ?? accounts[actor.role]) : owner;
    return { state: step.state, event: step.event, to: path.steps[i + 1]?.state ?? path.target, actor: actor.words, account: account?.email, data: {}, result: 'not run' };
  });
  const outcome = (passed: boolean, extra: Partial<ReplayOutcome> = {}): ReplayOutcome => ({ path: name, machine: source.id, module: lifecycle.module, passed, durationMs: Date.now() - started, steps, ...extra });
  let id: string;
  try {
    id = await newLifecycleRecord(t as TestDb, await t.signIn(owner.email), lifecycle.module);
  } catch (error) {
    return outcome(false, { failure: `making a new record: ${(error as Error).message}`, failedStep: 0 });
  }
  for (const [i, step] of steps.entries()) {
    const where = `step ${i + 1} (${step.state} -${step.event}-> ${step.to}, as ${step.actor})`;
    if (!step.account) return outcome(false, { failure: `${where}: no account is given for this role (--account)`, failedStep: i + 1 });
    const who = await t.signIn(step.account);
    step.data = eventData(lifecycle, step.event, who.user._id);
    const moved = await takeStep(t, who, lifecycle.module, id, step.event, step.data);
    if (moved.status !== 200) {
      step.result = 'failed';
      return outcome(false, { failure: `${where}: ${moved.status} ${(moved.body as ApiBody | undefined)?.message ?? ''}`, failedStep: i + 1, answer: { status: moved.status, body: moved.body } });
    }
    // Read back by the record's owner: a checker may no longer see what they rejected (a requisition's reviewer).
    const read = await t.call(await t.signIn(owner.email), 'GET', `${base}/getById/${id}`);
    if (read.body?.[lifecycle.statusField] !== step.to) {
      step.result = 'failed';
      return outcome(false, { failure: `${where}: the record is ${String(read.body?.[lifecycle.statusField])}`, failedStep: i + 1, answer: { status: read.status, body: read.body } });
    }
    step.result = 'passed';
  }
  return outcome(true);
}

export async function replayPaths(options: ReplayOptions): Promise<ReplayOutcome[]> {
  const log = options.log ?? (() => undefined);
  const selection = selectPaths(options);
  const given = [...Object.values(options.accounts ?? {}), ...(options.email ? [{ email: options.email, password: options.password }] : [])];
  const t = httpHarness(options.baseUrl, given);
  const outcomes: ReplayOutcome[] = [];
  for (const { source, paths } of selection) {
    for (const lifecycle of source.lifecycles) {
      for (const path of paths) {
        const outcome = await replayOne(t, options, source, lifecycle, path);
        outcomes.push(outcome);
        log(`${outcome.passed ? 'PASS' : 'FAIL'} ${outcome.path} (${outcome.module}, ${path.steps.length} steps)${outcome.failure ? `: ${outcome.failure}` : ''}`);
      }
    }
  }
  return outcomes;
}

const USAGE =
  'Usage: npm run paths:replay -- --base-url URL [--machine ID] [--path ID] [--target STATE] [--cover transitions|transition-pairs|simple] [--account ROLE=EMAIL:PASSWORD ...] [--email E --password P] [--report FILE.json] [--junit FILE.xml]';
const SINGLE = ['--base-url', '--machine', '--path', '--target', '--cover', '--email', '--password', '--report', '--junit'] as const;

export interface ReplayArguments extends ReplayOptions {
  report?: string;
  junit?: string;
}

/** The command's arguments; throws ReplayArgumentError on a wrong one. */
export function parseReplayArguments(argv: readonly string[]): ReplayArguments {
  const values: Partial<Record<(typeof SINGLE)[number], string>> = {};
  const accounts: Record<string, Account> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i] as string;
    const value = argv[i + 1];
    if (name !== '--account' && !(SINGLE as readonly string[]).includes(name)) throw new ReplayArgumentError(`Unknown argument "${name}"`);
    if (value === undefined || value.startsWith('--')) throw new ReplayArgumentError(`${name} needs a value`);
    if (name === '--account') {
      const match = /^([A-Z_]+)=([^:]+)(?::(.*))?$/.exec(value);
      if (!match) throw new ReplayArgumentError(`--account takes ROLE=EMAIL:PASSWORD, not "${value}"`);
      accounts[match[1] as string] = { email: match[2] as string, ...(match[3] ? { password: match[3] } : {}) };
    } else values[name as (typeof SINGLE)[number]] = value;
  }
  const cover = values['--cover'];
  if (cover !== undefined && !COVER_CRITERIA.includes(cover as CoverCriterion)) throw new ReplayArgumentError(`--cover must be one of ${COVER_CRITERIA.join(', ')}, not "${cover}"`);
  if (!values['--base-url']) throw new ReplayArgumentError('--base-url is required (the running server, e.g. http://localhost:3000)');
  return {
    baseUrl: values['--base-url'],
    machine: values['--machine'],
    path: values['--path'],
    target: values['--target'],
    cover: cover as CoverCriterion | undefined,
    email: values['--email'],
    password: values['--password'],
    accounts,
    report: values['--report'],
    junit: values['--junit'],
  };
}

async function main(argv: string[]): Promise<void> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  let options: ReplayArguments;
  let outcomes: ReplayOutcome[];
  try {
    options = parseReplayArguments(argv);
    outcomes = await replayPaths({ ...options, log: (line) => process.stdout.write(`${line}\n`) });
  } catch (error) {
    if (!(error instanceof ReplayArgumentError)) throw error;
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  const durationMs = Date.now() - started;
  writeReports({ baseUrl: options.baseUrl, startedAt, durationMs, outcomes }, { json: options.report, junit: options.junit });
  const failed = outcomes.find((o) => !o.passed);
  process.stdout.write(`${outcomes.filter((o) => o.passed).length} of ${outcomes.length} paths passed in ${(durationMs / 1000).toFixed(1)} s\n`);
  if (failed) {
    process.stdout.write(`First failure: ${failed.path} (${failed.module}): ${failed.failure}\n`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
