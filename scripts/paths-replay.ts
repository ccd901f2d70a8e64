/**
 * QA's paths replayed through the API of a running server (issue 15):
 *
 *   npm run paths:replay -- --base-url http://localhost:3000 [--machine ID] [--path ID] [--email E --password P]
 *
 * For every path of every lifecycle machine (`npm run paths`), and every module that uses the machine: a new
 * record is made (the same factories the tests use, tests/helpers/lifecycle-records.ts, as the demo
 * administrator, or the platform operator for subscription requests, unless told otherwise), each step is sent
 * the way its sender sends it (tests/helpers/lifecycle-records.ts `takeStep`: the staff's with PATCH {module
 * path}/transition/{id}, the customer's through their public page), and the stored state is read back after each
 * step. Every path is printed with PASS or FAIL; the exit code is 1 when
 * a path fails (the first failure is named last), 2 for a wrong argument. Workflow machines run in the browser,
 * not on the server: they are not replayed here.
 */
import { pathToFileURL } from 'node:url';
import { moduleNamed } from '../src/contract/modules/index';
import { machineGraph } from '../src/machines/paths/graph';
import { pathMachines } from '../src/machines/paths/machines';
import { machinePaths, type TestPath } from '../src/machines/paths/paths';
import { DEMO_USERS } from '../server/seed/demo-tenant';
import { lifecycleActorEmail, newLifecycleRecord, takeStep } from '../tests/helpers/lifecycle-records';
import type { ApiBody, Reply, SignedIn, TestDb } from '../tests/helpers/test-db';

export interface ReplayOptions {
  baseUrl: string;
  machine?: string;
  path?: string;
  email?: string;
  password?: string;
  log?: (line: string) => void;
}

export interface ReplayOutcome {
  path: string;
  module: string;
  passed: boolean;
  /** What failed, with the step, when it did. */
  failure?: string;
}

/** The slice of the test harness the record factories use, over HTTP to `baseUrl`. */
export function httpHarness(baseUrl: string): Pick<TestDb, 'call' | 'signIn'> {
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
  const passwords = new Map(DEMO_USERS.map((u) => [u.email, u.password]));
  return {
    call,
    async signIn(email, password) {
      const reply = await call<SignedIn>(null, 'POST', '/api/auth/login', { email, password: password ?? passwords.get(email) });
      if (reply.status !== 200) throw new Error(`sign-in of ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
  };
}

async function replayOne(t: Pick<TestDb, 'call' | 'signIn'>, who: SignedIn, module: string, machineId: string, path: TestPath): Promise<ReplayOutcome> {
  const name = `${machineId}/${path.id}`;
  const lifecycle = pathMachines().find((m) => m.id === machineId)?.lifecycles.find((l) => l.module === module);
  if (!lifecycle) throw new Error(`${module} has no lifecycle ${machineId}`);
  const base = moduleNamed(module).path;
  let id: string;
  try {
    id = await newLifecycleRecord(t as TestDb, who, module);
  } catch (error) {
    return { path: name, module, passed: false, failure: `making a new record: ${(error as Error).message}` };
  }
  for (const [i, step] of path.steps.entries()) {
    const expected = path.steps[i + 1]?.state ?? path.target;
    const where = `step ${i + 1} (${step.state} -${step.event}-> ${expected})`;
    const moved = await takeStep(t, who, module, id, step.event);
    if (moved.status !== 200) return { path: name, module, passed: false, failure: `${where}: ${moved.status} ${moved.body?.message ?? ''}` };
    const read = await t.call(who, 'GET', `${base}/getById/${id}`);
    if (read.body?.[lifecycle.statusField] !== expected) return { path: name, module, passed: false, failure: `${where}: the record is ${String(read.body?.[lifecycle.statusField])}` };
  }
  return { path: name, module, passed: true };
}

export async function replayPaths(options: ReplayOptions): Promise<ReplayOutcome[]> {
  const log = options.log ?? (() => undefined);
  const t = httpHarness(options.baseUrl);
  const signedIn = new Map<string, SignedIn>();
  const whoFor = async (module: string): Promise<SignedIn> => {
    const email = options.email ?? lifecycleActorEmail(module);
    if (!signedIn.has(email)) signedIn.set(email, await t.signIn(email, options.password));
    return signedIn.get(email) as SignedIn;
  };
  const machines = pathMachines().filter((m) => m.kind === 'lifecycle' && (options.machine === undefined || m.id === options.machine));
  if (machines.length === 0) throw new Error(`No lifecycle machine "${options.machine}"`);
  const outcomes: ReplayOutcome[] = [];
  for (const source of machines) {
    const paths = machinePaths(machineGraph(source.machine)).paths.filter((p) => options.path === undefined || p.id === options.path);
    for (const lifecycle of source.lifecycles) {
      for (const path of paths) {
        const outcome = await replayOne(t, await whoFor(lifecycle.module), lifecycle.module, source.id, path);
        outcomes.push(outcome);
        log(`${outcome.passed ? 'PASS' : 'FAIL'} ${outcome.path} (${outcome.module}, ${path.steps.length} steps)${outcome.failure ? `: ${outcome.failure}` : ''}`);
      }
    }
  }
  return outcomes;
}

function argument(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) {
    process.stderr.write(`${name} needs a value\n`);
    process.exit(2);
  }
  return value;
}

async function main(argv: string[]): Promise<void> {
  const known = new Set(['--base-url', '--machine', '--path', '--email', '--password']);
  for (let i = 0; i < argv.length; i += 2) {
    if (!known.has(argv[i] as string)) {
      process.stderr.write(`Unknown argument "${argv[i]}"\nUsage: npm run paths:replay -- --base-url URL [--machine ID] [--path ID] [--email E --password P]\n`);
      process.exit(2);
    }
  }
  const baseUrl = argument(argv, '--base-url');
  if (!baseUrl) {
    process.stderr.write('--base-url is required (the running server, e.g. http://localhost:3000)\n');
    process.exit(2);
  }
  const outcomes = await replayPaths({
    baseUrl,
    machine: argument(argv, '--machine'),
    path: argument(argv, '--path'),
    email: argument(argv, '--email'),
    password: argument(argv, '--password'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const failed = outcomes.find((o) => !o.passed);
  process.stdout.write(`${outcomes.filter((o) => o.passed).length} of ${outcomes.length} paths passed\n`);
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
