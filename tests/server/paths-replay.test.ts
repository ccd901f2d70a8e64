/**
 * `npm run paths:replay` (issue 15) against a server this test starts: every path of every lifecycle machine
 * passes for the demo administrator, and a person who may not take a path's steps gets it reported as FAIL
 * with the step and the server's answer (the replay finds failures, it does not only print PASS).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineGraph } from '../../src/machines/paths/graph';
import { pathMachines } from '../../src/machines/paths/machines';
import { machinePaths } from '../../src/machines/paths/paths';
import { replayPaths } from '../../scripts/paths-replay';
import { testDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
let baseUrl: string;
beforeAll(async () => {
  t = await testDb();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('paths:replay', () => {
  it('passes every path of every lifecycle machine, for every module that uses it', async () => {
    const lines: string[] = [];
    const outcomes = await replayPaths({ baseUrl, log: (line) => lines.push(line) });
    const expected = pathMachines()
      .filter((m) => m.kind === 'lifecycle')
      .reduce((n, m) => n + m.lifecycles.length * machinePaths(machineGraph(m.machine)).paths.length, 0);
    expect(outcomes).toHaveLength(expected);
    expect(outcomes.filter((o) => !o.passed), lines.join('\n')).toEqual([]);
    expect(lines.every((line) => line.startsWith('PASS '))).toBe(true);
  }, 120_000);

  it('reports a path the person may not take as FAIL, naming the step and the answer', async () => {
    const outcomes = await replayPaths({ baseUrl, machine: 'requisition', email: 'clerk@demo.local', password: 'Demo-Clerk-2026' });
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.every((o) => !o.passed)).toBe(true);
    expect(outcomes[0]?.failure).toMatch(/^(making a new record: |step 1 \(Draft -submit-> Submitted\): 40[39] )/);
  }, 60_000);
});
