/**
 * QA's Gherkin export run by cucumber-js (issue 37, item 2) against a server this test starts: the .feature files
 * of every lifecycle machine, as `npm run paths -- --format gherkin --kind lifecycle --out DIR` writes them, pass
 * with the step definitions of tests/cucumber/ (each step through the API as its actor); a feature edited to say
 * another step than its path's fails, naming both sentences.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineGraph } from '../../src/machines/paths/graph';
import { pathMachines } from '../../src/machines/paths/machines';
import { machinePaths } from '../../src/machines/paths/paths';
import { testDb, type TestDb } from '../helpers/test-db';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const run = promisify(execFile);
let t: TestDb;
let baseUrl: string;
let dir: string;
beforeAll(async () => {
  t = await testDb();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Inside the project, as the npm script writes them: cucumber.mjs and the step definitions are found from there.
  dir = mkdtempSync(path.join(ROOT, '.qa-paths-cucumber-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** cucumber-js as `npx cucumber-js` runs it (cucumber.mjs), on the features `features` names (QA_FEATURES). */
const cucumber = (features: string) =>
  run(path.join(BIN, 'cucumber-js'), ['--format', 'summary', '--format', `junit:${path.join(dir, 'junit.xml')}`], { cwd: ROOT, env: { ...process.env, BASE_URL: baseUrl, QA_FEATURES: features }, maxBuffer: 16 * 1024 * 1024 }).then(
    (done) => ({ code: 0, out: done.stdout + done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
  );

describe('npx cucumber-js over the exported features', () => {
  it('passes every path of every lifecycle machine through the API', async () => {
    await run(path.join(BIN, 'tsx'), ['scripts/paths.ts', '--format', 'gherkin', '--kind', 'lifecycle', '--out', path.join(dir, 'features')], { cwd: ROOT });
    const lifecycles = pathMachines().filter((m) => m.kind === 'lifecycle');
    expect(readdirSync(path.join(dir, 'features')).sort()).toEqual(lifecycles.map((m) => `${m.id}.feature`).sort());
    const scenarios = lifecycles.reduce((n, m) => n + machinePaths(machineGraph(m.machine)).paths.length, 0);
    const result = await cucumber(path.join(dir, 'features', '*.feature'));
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain(`${scenarios} scenarios (${scenarios} passed)`);
    expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(new RegExp(`tests="${scenarios}"`));
  }, 240_000);

  it('fails a scenario whose sentence is not its path’s step, naming both', async () => {
    const feature = readFileSync(path.join(dir, 'features', 'creditNote.feature'), 'utf8');
    const edited = feature.replace('When the accounts approver approves it', 'When the accounts clerk approves it');
    expect(edited).not.toBe(feature);
    writeFileSync(path.join(dir, 'edited.feature'), edited);
    const result = await cucumber(path.join(dir, 'edited.feature'));
    expect(result.code).toBe(1);
    expect(result.out).toContain('step 1 of the path says another thing');
    expect(result.out).toContain('the accounts clerk approves it');
    expect(result.out).toMatch(/\d+ scenarios \(1 failed, \d+ passed\)/);
  }, 120_000);
});
