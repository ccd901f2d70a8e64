/**
 * What a test file exported by `npm run paths -- --format playwright` (issue 15) runs on: Debian's Chromium
 * through playwright-core, against a running product. Each test makes a fresh record of its module through the
 * API (the suite's own factories), signs in through the form, opens the record from its list, and then does
 * what a person does: clicks the lifecycle buttons by their words, fills a step's dialog, and reads the
 * status badge after every step.
 *
 *   npx tsx exported-paths.ts --base-url http://localhost:3000 [--email E --password P]
 *
 * Prints PASS or FAIL per test and exits 1 when any failed.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { moduleNamed } from '../../src/contract/modules/index';
import { GUARDED_ROUTES } from '../../src/contract/routes';
import { httpHarness } from '../../scripts/paths-replay';
import { DEMO_USERS } from '../../server/seed/demo-tenant';
import { newLifecycleRecord } from '../helpers/lifecycle-records';
import { CHROMIUM_ARGS, chromiumPath } from './harness';

export interface PathUi {
  /** A new record of `module`, opened on its list's detail view. */
  open(module: string): Promise<void>;
  /** The status badge shows `status` (waits for it). */
  expectStatus(status: string): Promise<void>;
  /** Clicks the step's button; fills its dialog (`fields`: label → text) and confirms it when it has one. */
  take(label: string, options?: { fields?: Record<string, string>; dialog?: boolean }): Promise<void>;
}

interface Test {
  name: string;
  run: (ui: PathUi) => Promise<void>;
}

const tests: Test[] = [];

export function test(name: string, run: (ui: PathUi) => Promise<void>): void {
  tests.push({ name, run });
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function uiFor(page: Page, baseUrl: string, who: { email: string; password: string }): PathUi {
  const harness = httpHarness(baseUrl);
  const panel = () => page.getByTestId('lifecycle-panel');
  return {
    async open(module) {
      const signedIn = await harness.signIn(who.email, who.password);
      const id = await newLifecycleRecord(harness as never, signedIn, module);
      const def = moduleNamed(module);
      const record = (await harness.call(signedIn, 'GET', `${def.path}/getById/${id}`)).body as { alternateId?: string };
      const route = GUARDED_ROUTES.find((r) => r.code === def.feature);
      if (!route) throw new Error(`No route shows ${module}`);
      await page.goto(`${baseUrl}/app/${route.path}`);
      await page.getByRole('textbox', { name: 'Search' }).fill(String(record.alternateId ?? id));
      await page.getByRole('button', { name: /^View / }).first().click();
      await panel().waitFor();
    },
    async expectStatus(status) {
      await panel().getByTestId('lifecycle-status').filter({ hasText: new RegExp(`^${status.replace(/[()]/g, '\\$&')}$`) }).waitFor({ timeout: 15_000 });
    },
    async take(label, options = {}) {
      await panel().getByRole('button', { name: label, exact: true }).click();
      if (!options.dialog) return;
      const dialog = page.getByRole('dialog', { name: label });
      for (const [field, text] of Object.entries(options.fields ?? {})) await dialog.getByLabel(field).fill(text);
      await dialog.getByRole('button', { name: label, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    },
  };
}

async function signIn(page: Page, baseUrl: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/auth/login-2`);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/app/**');
}

/** Runs the tests declared so far; called at the end of an exported file. */
export async function run(): Promise<void> {
  const baseUrl = option('--base-url');
  if (!baseUrl) {
    console.error('--base-url is required (the running product, e.g. http://localhost:3000)');
    process.exit(2);
  }
  const email = option('--email') ?? 'admin@demo.local';
  const who = { email, password: option('--password') ?? DEMO_USERS.find((u) => u.email === email)?.password ?? '' };
  let browser: Browser | undefined;
  let failed = 0;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    for (const t of tests) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const started = Date.now();
      try {
        await signIn(page, baseUrl, who);
        await t.run(uiFor(page, baseUrl, who));
        console.log(`PASS ${t.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`FAIL ${t.name}: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser?.close();
  }
  console.log(`${tests.length - failed} of ${tests.length} paths passed in the browser`);
  process.exit(failed === 0 ? 0 : 1);
}
