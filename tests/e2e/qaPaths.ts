/**
 * QA's Playwright export (issue 37, item 2) run in the browser step as a tester runs it: `npm run paths --
 * --format playwright --out DIR` writes the @playwright/test specs and their config into a folder of the
 * project, and `BASE_URL=… npx playwright test --config DIR/playwright.config.ts` runs them from the project's
 * folder against the started product; every test must pass. A named subset of the lifecycle machines (the
 * maker–checker ones: credit notes, each step by the clerk or the approver, and requisitions, by the stores clerk
 * and the purchase manager), so the scenario stays within about four minutes on a 2-core machine; the whole
 * export is run by hand the same way (README, "Test paths").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Scenario } from './harness';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
/** The machines whose exported paths this scenario runs. */
export const QA_PATH_MACHINES = ['creditNote', 'requisition'] as const;

export const qaPathScenarios: Scenario[] = [
  {
    name: "QA's Playwright export (@playwright/test specs of the credit-note and requisition lifecycles) passes against the product",
    run: async ({ baseUrl }) => {
      // Inside the project: the specs import its fixtures by a relative path.
      const dir = mkdtempSync(join(ROOT, '.qa-paths-e2e-'));
      let passedAll = false;
      try {
        for (const machine of QA_PATH_MACHINES) {
          const exported = spawnSync(join(BIN, 'tsx'), ['scripts/paths.ts', '--format', 'playwright', '--machine', machine, '--out', dir], { cwd: ROOT, encoding: 'utf8' });
          expect(exported.status === 0, `npm run paths -- --format playwright --machine ${machine} failed: ${exported.stderr}`);
        }
        const ran = spawnSync(join(BIN, 'playwright'), ['test', '--config', join(dir, 'playwright.config.ts'), '--reporter', 'line'], {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, BASE_URL: baseUrl },
          timeout: 8 * 60_000,
        });
        expect(ran.status === 0, `the exported paths failed in the browser (traces and screenshots under ${dir}/test-results):\n${ran.stdout}\n${ran.stderr}`);
        const passed = /(\d+) passed/.exec(ran.stdout);
        expect(passed && Number(passed[1]) > 0 && !/\d+ (failed|flaky|skipped)/.test(ran.stdout), `the exported paths: ${ran.stdout}`);
        console.log(`     ${passed?.[1]} exported paths of ${QA_PATH_MACHINES.join(', ')} passed`);
        passedAll = true;
      } finally {
        // A failure's traces and screenshots stay for whoever reads the log.
        if (passedAll) rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
