/**
 * `npm run paths:replay` (issues 15 and 37) against a server this test starts: every path of every lifecycle
 * machine passes with each step taken by its role (the clerk submits, the approver approves), a person who may
 * not take a path's steps gets it reported as FAIL with the step and the server's answer, and the command writes
 * its JSON and JUnit reports and prints its time.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineGraph } from '../../src/machines/paths/graph';
import { pathMachines } from '../../src/machines/paths/machines';
import { machinePaths } from '../../src/machines/paths/paths';
import { replayPaths } from '../../scripts/paths-replay';
import { replayDocument } from '../../scripts/paths-replay-report';
import { testDb, type TestDb } from '../helpers/test-db';

const ROOT = path.resolve(__dirname, '../..');
let t: TestDb;
let baseUrl: string;
beforeAll(async () => {
  t = await testDb();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('paths:replay', () => {
  it('passes every path of every lifecycle machine, for every module that uses it, each step taken by its role', async () => {
    const lines: string[] = [];
    const outcomes = await replayPaths({ baseUrl, log: (line) => lines.push(line) });
    const expected = pathMachines()
      .filter((m) => m.kind === 'lifecycle')
      .reduce((n, m) => n + m.lifecycles.length * machinePaths(machineGraph(m.machine)).paths.length, 0);
    expect(outcomes).toHaveLength(expected);
    expect(outcomes.filter((o) => !o.passed), lines.join('\n')).toEqual([]);
    expect(lines.every((line) => line.startsWith('PASS '))).toBe(true);

    // Maker and checker are two people: the clerk submits a credit note, the approver approves it.
    const steps = outcomes.filter((o) => o.module === 'credit-note').flatMap((o) => o.steps);
    const takers = (event: string) => new Set(steps.filter((s) => s.event === event).map((s) => s.account));
    expect(takers('submit')).toEqual(new Set(['clerk@demo.local']));
    expect(takers('approve')).toEqual(new Set(['approver@demo.local']));
    expect(steps.find((s) => s.event === 'reject')).toMatchObject({ actor: 'the accounts approver', result: 'passed' });
    const requisition = outcomes.filter((o) => o.module === 'purchase-order-requisition').flatMap((o) => o.steps);
    expect(new Set(requisition.filter((s) => s.event === 'approve').map((s) => s.account))).toEqual(new Set(['purchase@demo.local']));
    const proposal = outcomes.filter((o) => o.module === 'proposal').flatMap((o) => o.steps);
    expect(proposal.find((s) => s.event === 'accept')?.actor).toBe('the customer');
  }, 120_000);

  it('replays the transition pairs of the maker–checker machines (--cover transition-pairs)', async () => {
    for (const machine of ['creditNote', 'requisition']) {
      const outcomes = await replayPaths({ baseUrl, machine, cover: 'transition-pairs' });
      const pairs = machinePaths(machineGraph(pathMachines().find((m) => m.id === machine)!.machine), { cover: 'transition-pairs' });
      expect(outcomes).toHaveLength(pairs.paths.length);
      expect(outcomes.filter((o) => !o.passed)).toEqual([]);
    }
  }, 60_000);

  it('reports a path the person may not take as FAIL, naming the step and the answer', async () => {
    const outcomes = await replayPaths({ baseUrl, machine: 'requisition', email: 'clerk@demo.local', password: 'Demo-Clerk-2026' });
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.every((o) => !o.passed)).toBe(true);
    const failed = outcomes.find((o) => o.failedStep === 1);
    expect(failed?.failure).toMatch(/^step 1 \(Draft -submit-> Submitted, as the stores clerk\): 40[39] /);
    expect(failed?.answer?.status).toBeGreaterThanOrEqual(400);
    const document = replayDocument({ baseUrl, startedAt: new Date().toISOString(), durationMs: 1, outcomes });
    expect(document.failed).toBe(outcomes.length);
    expect(document.paths[0]).toMatchObject({ result: 'failed', failingStep: expect.any(Number), answer: { status: expect.any(Number) } });
  }, 60_000);

  it('takes a role as the account it is told, and refuses the step when that person may not', async () => {
    // The approver's steps given to the clerk: the clerk's approval is refused at the approval step.
    const outcomes = await replayPaths({ baseUrl, machine: 'creditNote', target: 'Approved', accounts: { ACCOUNTS_APPROVER: { email: 'clerk@demo.local', password: 'Demo-Clerk-2026' } } });
    expect(outcomes.length).toBeGreaterThan(0);
    for (const o of outcomes) {
      expect(o.passed).toBe(false);
      expect(o.steps[(o.failedStep ?? 0) - 1]).toMatchObject({ event: 'approve', account: 'clerk@demo.local', result: 'failed' });
    }
  }, 60_000);

  it('the command writes the JSON and JUnit reports and prints its time', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paths-replay-'));
    // Not spawnSync: the server answering the command runs in this process.
    const run = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/paths-replay.ts', '--base-url', baseUrl, '--machine', 'creditNote', '--report', `${dir}/replay.json`, '--junit', `${dir}/junit.xml`], { cwd: ROOT, encoding: 'utf8' });
    const report = JSON.parse(readFileSync(`${dir}/replay.json`, 'utf8')) as ReturnType<typeof replayDocument>;
    expect(run.stdout).toMatch(new RegExp(`^${report.total} of ${report.total} paths passed in \\d+\\.\\d s$`, 'm'));
    expect(report.total).toBe(machinePaths(machineGraph(pathMachines().find((m) => m.id === 'creditNote')!.machine)).paths.length);
    expect(report.paths.every((p) => p.result === 'passed' && p.steps.every((s) => s.result === 'passed' && s.account))).toBe(true);
    const junit = readFileSync(`${dir}/junit.xml`, 'utf8');
    expect(junit).toMatch(new RegExp(`<testsuites name="paths:replay" tests="${report.total}" failures="0" time="[0-9.]+">`));
    expect(junit.match(/<testcase /g)).toHaveLength(report.total);
  }, 60_000);
});
