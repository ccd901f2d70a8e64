/**
 * Browser-test harness: starts the real product (`npm start` semantics: built client + API host on an
 * embedded PostgreSQL in a throw-away DATA_DIR), launches Debian's Chromium through playwright-core, and
 * runs the scenarios one after another. Scenarios are plain async functions; a failed expectation throws.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export interface Scenario {
  name: string;
  run: (ctx: { page: Page; baseUrl: string }) => Promise<void>;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH');
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const SERVER_BUNDLE = 'server-dist/main.js';

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Starts the API host serving dist/ on free ports, resolving once it prints that it listens. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldops-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The product's own embedded PostgreSQL, whatever DATABASE_URL the caller's shell holds.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), PUBLIC_URL: baseUrl };
  // The server as `npm start` runs it: the compiled bundle `npm run build` writes, on plain node.
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(baseUrl) || output.includes(`:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  // Wait until the API answers, not only until it logged.
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${baseUrl}/api/auth/getHeaderImages/none`);
      if (res.status < 500) break;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20_000))]);
      // A server that ignores SIGTERM is killed; its embedded PostgreSQL then stops when the data
      // folder below disappears under it (the postmaster checks its lock file once a minute).
      if (!stopped) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for a clean-up step, but never for ever: a browser or server that does not close within `ms`
 * is reported and left to the process exit (playwright kills the browsers it launched when the process
 * exits). A CI run once hung after its last scenario had passed; no step may hold the run open again.
 */
async function within(what: string, ms: number, work: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    const outcome = await Promise.race([work().then(() => 'done' as const), late]);
    if (outcome === 'late') console.error(`warn ${what} did not finish within ${ms} ms; going on`);
  } catch (error) {
    console.error(`warn ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

export async function runScenarios(scenarios: readonly Scenario[]): Promise<number> {
  const server = await startServer();
  let browser: Browser | undefined;
  let failures = 0;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
    for (const scenario of scenarios) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const started = Date.now();
      try {
        await scenario.run({ page, baseUrl: server.baseUrl });
        console.log(`ok   ${scenario.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failures++;
        console.error(`FAIL ${scenario.name}: ${error instanceof Error ? error.stack : String(error)}`);
        // What the page showed when the scenario failed, for whoever reads the log (E2E_SHOTS=<dir>).
        if (process.env.E2E_SHOTS) {
          const file = `${process.env.E2E_SHOTS}/${scenario.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`;
          await page.screenshot({ path: file, fullPage: true }).then(() => console.error(`     screenshot: ${file} at ${page.url()}`), () => undefined);
        }
      } finally {
        await within('closing the browser context', 10_000, () => context.close());
      }
    }
  } finally {
    await within('closing Chromium', 15_000, async () => browser?.close());
    await within('stopping the server', 30_000, () => server.stop());
  }
  console.log(`${scenarios.length - failures}/${scenarios.length} browser scenarios passed`);
  return failures;
}

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
