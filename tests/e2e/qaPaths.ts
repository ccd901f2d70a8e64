/**
 * QA's Playwright export (issue 37, item 2) run in the browser step as a tester runs it: `npm run paths --
 * --format playwright --kind lifecycle --out DIR` writes the @playwright/test specs of every lifecycle machine and
 * their config into a folder of the project, and `BASE_URL=… npx playwright test --config DIR/playwright.config.ts`
 * runs them from the project's folder against the started product (the one the other scenarios used before: each
 * path makes its own records); every test must pass.
 *
 * The whole set is about a hundred paths and takes longer than one worker should hold CI for, so it runs on
 * QA_PATH_WORKERS workers (two unless told): the paths share no records, and a machine's paths stay in one worker
 * (the config runs a file's tests in order).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Scenario } from './harness';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
const WORKERS = process.env.QA_PATH_WORKERS ?? '2';
/** Twice the full set's time on a loaded 2-core machine: a hung run fails with its output instead of holding CI. */
const LIMIT_MS = 30 * 60_000;

/**
 * Runs `command` to its end, its output kept for the verdict. Asynchronously: the harness's event loop keeps
 * draining the server's output meanwhile (a blocking spawnSync would leave the server writing into a full pipe).
 */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n(stopped after ${timeoutMs / 60_000} minutes)`;
      child.kill('SIGTERM');
    }, timeoutMs);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

export const qaPathScenarios: Scenario[] = [
  {
    name: "QA's Playwright export (@playwright/test specs of every lifecycle machine's paths) passes against the product",
    run: async ({ baseUrl }) => {
      // Inside the project: the specs import its fixtures by a relative path.
      const dir = mkdtempSync(join(ROOT, '.qa-paths-e2e-'));
      let passedAll = false;
      try {
        const exported = await run(join(BIN, 'tsx'), ['scripts/paths.ts', '--format', 'playwright', '--kind', 'lifecycle', '--out', dir], process.env, 2 * 60_000);
        expect(exported.status === 0, `npm run paths -- --format playwright --kind lifecycle failed: ${exported.stderr}`);
        const started = Date.now();
        const ran = await run(join(BIN, 'playwright'), ['test', '--config', join(dir, 'playwright.config.ts'), '--reporter', 'line', '--workers', WORKERS], { ...process.env, BASE_URL: baseUrl }, LIMIT_MS);
        expect(ran.status === 0, `the exported paths failed in the browser (traces and screenshots under ${dir}/test-results):\n${ran.stdout}\n${ran.stderr}`);
        const passed = /(\d+) passed/.exec(ran.stdout);
        expect(passed && Number(passed[1]) > 0 && !/\d+ (failed|flaky|skipped|did not run)/.test(ran.stdout), `the exported paths: ${ran.stdout}`);
        console.log(`     ${passed?.[1]} exported paths of every lifecycle machine passed on ${WORKERS} workers in ${Math.round((Date.now() - started) / 1000)} s`);
        passedAll = true;
      } finally {
        // A failure's traces and screenshots stay for whoever reads the log.
        if (passedAll) rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
