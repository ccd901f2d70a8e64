/**
 * QA's Playwright export (issue 15) run in the browser step: the test files `npm run paths -- --format
 * playwright` writes for two lifecycles (credit notes and requisitions) are generated and run against the
 * started product; every path must pass. The export clicks the real lifecycle buttons, so this also walks
 * issue 11's record view.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Scenario } from './harness';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

function exportAndRun(machine: string, baseUrl: string): string {
  const exported = spawnSync(TSX, ['scripts/paths.ts', '--format', 'playwright', '--machine', machine], { cwd: ROOT, encoding: 'utf8' });
  expect(exported.status === 0, `npm run paths -- --format playwright --machine ${machine} failed: ${exported.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'qa-paths-'));
  try {
    const file = join(dir, `${machine}.mts`);
    writeFileSync(file, exported.stdout);
    const ran = spawnSync(TSX, [file, '--base-url', baseUrl], { cwd: dir, encoding: 'utf8', timeout: 5 * 60_000 });
    expect(ran.status === 0, `the exported ${machine} paths failed in the browser:\n${ran.stdout}\n${ran.stderr}`);
    return ran.stdout.trim().split('\n').at(-1) ?? '';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const qaPathScenarios: Scenario[] = [
  {
    name: "QA's Playwright export of the credit-note and requisition lifecycles passes against the product",
    run: async ({ baseUrl }) => {
      for (const machine of ['creditNote', 'requisition']) {
        const summary = exportAndRun(machine, baseUrl);
        expect(/^(\d+) of \1 paths passed in the browser$/.test(summary), `${machine}: ${summary}`);
      }
    },
  },
];
