/**
 * QA's paths (issue 15): for every lifecycle and workflow machine, the paths cover every state and every
 * transition within their bounds, their ids are stable and change only where a machine changed, the filters
 * return what they say, every format parses, and the command prints the same document and refuses a wrong
 * argument.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { setup, StateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { formatPaths, gherkinFiles, pathsDocument, type MachineReport } from '../../src/machines/paths/formats';
import { machineGraph } from '../../src/machines/paths/graph';
import { playwrightConfig, playwrightFiles } from '../../src/machines/paths/playwright';
import { pathMachines } from '../../src/machines/paths/machines';
import { filterPaths, machinePaths, pathKey } from '../../src/machines/paths/paths';
import { stepActor } from '../../src/machines/paths/actors';
import { testerSteps } from '../../src/machines/paths/steps';
import { TESTER_ROLES } from '../../src/machines/paths/roles';
import { readReplayReport, ReplayReportError } from '../../src/machines/paths/replayResults';
import { lifecycleOf, stepsMachineOf } from '../../src/machines/lifecycles/index';
import { parseReplayArguments, selectPaths } from '../../scripts/paths-replay';

const ROOT = path.resolve(__dirname, '../..');
const machines = pathMachines();
const reports: MachineReport[] = machines.map((source) => {
  const result = machinePaths(machineGraph(source.machine));
  return { source, result, paths: result.paths };
});

describe.each(reports.map((r) => [r.result.id, r] as const))('paths of %s', (_id, { result }) => {
  it('cover every state and every transition, within their bounds', () => {
    expect(result.coverage.states).toEqual([result.states.length, result.states.length]);
    expect(result.coverage.transitions).toEqual([result.transitions.length, result.transitions.length]);
    expect(result.bounds.count).toBeLessThanOrEqual(result.bounds.countLimit);
    expect(result.bounds.maxDepth).toBeLessThanOrEqual(result.bounds.depthLimit);
  });

  it('walk the graph: each step is a declared transition from where the walk stands', () => {
    // A step leads to a state; the next step starts there or in a state that one is inside of ("a" for "a.b").
    const at = (landed: string, next: string) => landed === next || landed.startsWith(`${next}.`);
    for (const p of result.paths) {
      expect(p.steps[0]?.state).toBe(result.initial);
      p.steps.forEach((step, i) => {
        const next = p.steps[i + 1]?.state;
        const taken = result.transitions.filter((t) => t.from === step.state && t.event === step.event && (next === undefined ? t.to === p.target : at(t.to, next)));
        expect(taken.length, `${result.id}/${p.id} step ${i}: ${step.state} -${step.event}->`).toBeGreaterThan(0);
      });
    }
  });

  it('have ids unique in the machine and the same on every run', () => {
    const ids = result.paths.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{6}([0-9a-f]{2})?$/);
    const again = machinePaths(machineGraph(machines.find((m) => m.id === result.id)!.machine));
    expect(again.paths).toEqual(result.paths);
  });
});

describe('coverage criteria', () => {
  const lifecycles = machines.filter((m) => m.kind === 'lifecycle');

  it.each(lifecycles.map((m) => [m.id, m] as const))('transition pairs of %s are all taken, with the same ids for the same walks', (_id, source) => {
    const graph = machineGraph(source.machine);
    const pairs = machinePaths(graph, { cover: 'transition-pairs' });
    expect(pairs.coverage.criterion).toBe('transition-pairs');
    expect(pairs.coverage.pairs[0]).toBe(pairs.coverage.pairs[1]);
    expect(pairs.coverage.transitions).toEqual([graph.transitions.length, graph.transitions.length]);
    expect(machinePaths(graph, { cover: 'transition-pairs' }).paths).toEqual(pairs.paths);
    // A walk both criteria keep has one id: the id is the walk's, not the criterion's.
    const byKey = new Map(pairs.paths.map((p) => [pathKey(p), p.id]));
    for (const p of machinePaths(graph).paths) if (byKey.has(pathKey(p))) expect(byKey.get(pathKey(p))).toBe(p.id);
  });

  it('simple paths visit no state twice and keep to --max-length; so do the others', () => {
    for (const source of lifecycles) {
      const graph = machineGraph(source.machine);
      const simple = machinePaths(graph, { cover: 'simple' });
      expect(simple.paths.length).toBeGreaterThan(0);
      for (const p of simple.paths) {
        const visited = [...p.steps.map((s) => s.state), p.target];
        expect(new Set(visited).size, `${source.id}/${p.id}`).toBe(visited.length);
      }
      expect(simple.coverage.simplePaths?.[0]).toBe(simple.paths.length);
      for (const cover of ['transitions', 'transition-pairs', 'simple'] as const) {
        expect(Math.max(0, ...machinePaths(graph, { cover, maxLength: 1 }).paths.map((p) => p.steps.length))).toBeLessThanOrEqual(1);
      }
    }
    const lead = machineGraph(lifecycles.find((m) => m.id === 'lead')!.machine);
    const short = machinePaths(lead, { cover: 'transition-pairs', maxLength: 1 });
    expect(short.coverage.pairs[0]).toBeLessThan(short.coverage.pairs[1]);
  });
});

describe('machine ids', () => {
  it('are unique among the machines QA explores (a path names its machine by id)', () => {
    const ids = machines.map((m) => m.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});

describe('path ids', () => {
  const before = setup({}).createMachine({
    id: 'sample',
    initial: 'Draft',
    states: { Draft: { on: { submit: 'Submitted' } }, Submitted: { on: { approve: 'Approved', reject: 'Rejected' } }, Approved: { type: 'final' }, Rejected: {} },
  });
  const after = setup({}).createMachine({
    id: 'sample',
    initial: 'Draft',
    states: { Draft: { on: { submit: 'Submitted' } }, Submitted: { on: { approve: 'Approved', reject: 'Rejected' } }, Approved: { type: 'final' }, Rejected: { on: { revise: 'Draft' } } },
  });

  it('change only for the paths whose steps changed', () => {
    const old = machinePaths(machineGraph(before)).paths;
    const changed = machinePaths(machineGraph(after)).paths;
    const approved = (paths: typeof old) => paths.find((p) => p.target === 'Approved')?.id;
    expect(approved(changed)).toBe(approved(old));
    expect(changed.find((p) => p.target === 'Draft')).toBeDefined();
    expect(old.map((p) => p.id)).not.toContain(changed.find((p) => p.target === 'Draft')?.id);
  });
});

describe('filters', () => {
  const requisition = reports.find((r) => r.result.id === 'requisition')!.result;

  it('--target keeps exactly the paths ending there, --through exactly those sending the event', () => {
    const toRejected = filterPaths(requisition.paths, { target: 'Rejected' });
    expect(toRejected.length).toBeGreaterThan(0);
    expect(toRejected).toEqual(requisition.paths.filter((p) => p.target === 'Rejected'));
    const approving = filterPaths(requisition.paths, { through: 'approve' });
    expect(approving.length).toBeGreaterThan(0);
    expect(approving).toEqual(requisition.paths.filter((p) => p.steps.some((s) => s.event === 'approve')));
    expect(filterPaths(requisition.paths, { target: 'Rejected', through: 'recall' })).toEqual([]);
  });
});

describe('formats', () => {
  const total = reports.reduce((n, r) => n + r.paths.length, 0);

  it('json is the document QA reads', () => {
    const document = JSON.parse(formatPaths('json', reports)) as ReturnType<typeof pathsDocument>;
    expect(document.machines.map((m) => m.id)).toEqual(machines.map((m) => m.id));
    for (const machine of document.machines) {
      expect(Object.keys(machine)).toEqual(expect.arrayContaining(['id', 'states', 'transitions', 'paths', 'coverage']));
      for (const p of machine.paths) {
        for (const step of p.steps) {
          expect(Object.keys(step)).toEqual(expect.arrayContaining(['state', 'event', 'to', 'internal', 'label', 'data']));
          // Every step a tester takes says who takes it; the machine's own moves are marked internal.
          expect(step.internal || step.actor !== undefined, `${machine.id}/${p.id} ${step.event}`).toBe(true);
          expect(step.internal).toBe(step.event.startsWith('xstate.') || step.event === '(always)' || step.event === '(enter)');
        }
      }
    }
  });

  it('a step carries its actor, its data with an example and rule, and its guard in words', () => {
    const creditNote = reports.find((r) => r.result.id === 'creditNote')!;
    const rejected = creditNote.paths.find((p) => p.steps[0]?.event === 'reject')!;
    expect(testerSteps(creditNote.source, rejected)[0]).toMatchObject({
      actor: { kind: 'staff', role: 'ACCOUNTS_APPROVER', words: 'the accounts approver' },
      guard: { name: 'mayDecide', words: 'MANAGE_CREDIT_NOTE: UPDATE' },
      data: [{ field: 'approvalRemarks', required: true, example: 'Amount does not match the PO', rule: 'required: Give the reason for rejecting the credit note' }],
    });
    const invoice = reports.find((r) => r.result.id === 'invoice')!;
    const cancel = invoice.paths.flatMap((p) => testerSteps(invoice.source, p)).find((s) => s.event === 'cancel')!;
    expect(cancel.data.find((d) => d.field === 'cancelReasonCode')).toMatchObject({ required: false, example: '1', choices: ['1', '2', '3', '4'] });
    // Two paths by one event that differ by a guard read differently.
    const password = reports.find((r) => r.result.id === 'changePassword')!;
    const submits = password.paths.flatMap((p) => testerSteps(password.source, p)).filter((s) => s.event === 'password.submit');
    expect(new Set(submits.map((s) => s.guard?.words))).toEqual(new Set(['only when "is valid" holds', 'only when "is valid" does not hold']));
  });

  it('csv has a header and one row of six cells per path', () => {
    const rows = formatPaths('csv', reports).trimEnd().split('\n');
    expect(rows).toHaveLength(total + 1);
    const cells = (row: string) => (row.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).filter((c) => c !== '').length;
    for (const row of rows) expect(cells(row), row).toBe(6);
  });

  it('md has one table row per path', () => {
    const rows = formatPaths('md', reports).split('\n').filter((line) => /^\| [A-Za-z]+\/[0-9a-f]{6}/.test(line));
    expect(rows).toHaveLength(total);
  });

  it('gherkin has one scenario per path, each Given, then When and Then in turn, in the product words', () => {
    const text = formatPaths('gherkin', reports);
    const scenarios = text.split('\n  Scenario: ').slice(1);
    expect(scenarios).toHaveLength(total);
    for (const scenario of scenarios) {
      const lines = scenario.split('\n').slice(1).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('Feature:'));
      expect(lines[0]).toMatch(/^Given /);
      if (lines.length === 2) expect(lines[1]).toMatch(/^Then /);
      else lines.slice(1).forEach((line, i) => expect(line).toMatch(i % 2 === 0 ? /^When / : /^Then /));
    }
    // Internal events are not steps a tester reads.
    expect(text).not.toMatch(/When .*(xstate\.|\(always\)|\(enter\))/);
    expect(text).toContain('When the stores clerk submits it for review');
    expect(text).toContain('When the accounts approver rejects it giving the reason "Amount does not match the PO"');
    expect(text).toContain('When the customer accepts it giving the note "Terms agreed"');
    expect(text).toContain('When the scheduler finds it "Falls due"');
    expect(text).toContain('Then the requisition is "Submitted"');
    // The article a reader expects before the record's noun.
    expect(text).toContain('Given an invoice that is "Draft"');
    expect(text).toContain('Given a ticket that is');
    expect(text).not.toMatch(/Given a [aeiou]/i);
  });
});

describe('the gherkin export', () => {
  const parse = (text: string) => new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher()).parse(text);

  it('is one .feature file per machine, each parsed by the Gherkin parser, a scenario per path', () => {
    const files = gherkinFiles(reports);
    expect(files.map((f) => f.file)).toEqual(reports.map((r) => `${r.result.id}.feature`));
    for (const [i, { file, text }] of files.entries()) {
      const document = parse(text);
      expect(document.feature?.name, file).toMatch(/\(.+\)$/);
      expect(document.feature?.children.length, file).toBe(reports[i]!.paths.length);
    }
    // The parser refuses what the old export was: two Features in one file.
    expect(() => parse(files.slice(0, 2).map((f) => f.text).join('\n'))).toThrow();
  });
});

describe('the machines of the paths', () => {
  it('are every state machine the client defines: the screens\' flows, the session, and the record workflow behind every step', async () => {
    const dir = path.join(ROOT, 'src/machines');
    // Lifecycles are in the paths as their steps machines (one per lifecycle, checked by the tests above).
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.startsWith('lifecycles/') && !f.startsWith('paths/'));
    const defined = new Set<string>();
    for (const file of files) {
      const exported = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(exported)) {
        if (value instanceof StateMachine) defined.add(value.id);
      }
    }
    expect(defined.has('recordWorkflow')).toBe(true);
    const ids = new Set(machines.map((m) => m.id));
    expect([...defined].filter((id) => !ids.has(id))).toEqual([]);
  }, 60_000);
});

describe('the playwright format', () => {
  it('is a @playwright/test spec per lifecycle machine: a test per path and module, a test.step per tester step, each taken by its actor', () => {
    const files = playwrightFiles(reports, '../tests/e2e/paths/fixtures');
    const lifecycles = reports.filter((r) => r.source.kind === 'lifecycle');
    expect(files.map((f) => f.file)).toEqual([...lifecycles.map((r) => `${r.result.id}.spec.ts`), 'playwright.config.ts']);
    for (const [i, report] of lifecycles.entries()) {
      const { text } = files[i]!;
      const compiled = ts.transpileModule(text, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
      expect(compiled.diagnostics ?? [], report.result.id).toEqual([]);
      expect(text).toContain('import { test } from "../tests/e2e/paths/fixtures";');
      expect(text.match(/^ {2}test\(/gm), report.result.id).toHaveLength(report.source.lifecycles.length * report.paths.length);
      // Each step the tester takes is one test.step; the machine's own moves are not steps.
      const visible = report.paths.reduce((n, p) => n + testerSteps(report.source, p).filter((s) => !s.internal).length, 0);
      expect(text.match(/await test\.step\("\d+\. When /g) ?? [], report.result.id).toHaveLength(report.source.lifecycles.length * visible);
      expect(text).not.toMatch(/xstate\.|\(always\)|\/work\/|\/home\/|\/tmp\//);
    }
    const creditNote = files.find((f) => f.file === 'creditNote.spec.ts')!.text;
    expect(creditNote).toContain('When the accounts approver rejects it giving the reason \\"Amount does not match the PO\\"');
    expect(creditNote).toContain('"actor":"staff:ACCOUNTS_APPROVER","dialog":true,"data":{"approvalRemarks":"Amount does not match the PO"}');
    expect(creditNote).toContain('"event":"submit","label":"Submit for approval","from":"Draft","to":"Pending Approval","actor":"staff:ACCOUNTS_CLERK"');
    const proposal = files.find((f) => f.file === 'proposal.spec.ts')!.text;
    expect(proposal).toContain('"event":"accept","label":"Accepted by the customer","from":"Sent(Final)","to":"Won","actor":"customer"');
    const plan = files.find((f) => f.file === 'maintenancePlan.spec.ts')!.text;
    expect(plan).toContain('"actor":"scheduler"');
  });

  it('writes a config on the project\'s Chromium, headless, with a trace and a screenshot of each failure', () => {
    const config = playwrightConfig();
    const compiled = ts.transpileModule(config, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
    expect(compiled.diagnostics ?? []).toEqual([]);
    for (const words of ["process.env.CHROMIUM_PATH, '/usr/bin/chromium'", "args: ['--no-sandbox', '--disable-gpu']", "trace: 'retain-on-failure'", "screenshot: 'only-on-failure'", 'baseURL: process.env.BASE_URL', 'headless: true']) expect(config).toContain(words);
  });

  it('is written by npm run paths -- --format playwright --out DIR inside the project, and refused without --out or outside it', () => {
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    const dir = mkdtempSync(path.join(ROOT, '.qa-paths-unit-'));
    try {
      const wrote = spawnSync(tsx, ['scripts/paths.ts', '--format', 'playwright', '--machine', 'creditNote', '--out', path.join(dir, 'pw')], { cwd: ROOT, encoding: 'utf8' });
      expect(wrote.status, wrote.stderr).toBe(0);
      expect(readdirSync(path.join(dir, 'pw')).sort()).toEqual(['creditNote.spec.ts', 'playwright.config.ts']);
      const spec = readFileSync(path.join(dir, 'pw', 'creditNote.spec.ts'), 'utf8');
      expect(spec).toContain('import { test } from "../../tests/e2e/paths/fixtures";');
      expect(spec).not.toContain(ROOT);
      const noOut = spawnSync(tsx, ['scripts/paths.ts', '--format', 'playwright'], { cwd: ROOT, encoding: 'utf8' });
      expect(noOut.status).toBe(2);
      expect(noOut.stderr).toContain('add --out DIR');
      const outside = spawnSync(tsx, ['scripts/paths.ts', '--format', 'playwright', '--out', path.join(tmpdir(), 'qa-paths-outside')], { cwd: ROOT, encoding: 'utf8' });
      expect(outside.status).toBe(2);
      expect(outside.stderr).toContain('--out must be a folder inside the project');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm run paths', () => {
  it('prints the same JSON document and refuses a wrong argument with exit code 2', () => {
    const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
    const printed = execFileSync(tsx, ['scripts/paths.ts', '--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(JSON.parse(printed)).toEqual(JSON.parse(formatPaths('json', reports)));
    // Filtered, with a coverage criterion: the figures (of the machine, not the filter) on stderr.
    const pairs = spawnSync(tsx, ['scripts/paths.ts', '--json', '--machine', 'creditNote', '--target', 'Approved', '--cover', 'transition-pairs', '--max-length', '3'], { cwd: ROOT, encoding: 'utf8' });
    const filtered = JSON.parse(pairs.stdout) as ReturnType<typeof pathsDocument>;
    expect(filtered.machines.map((m) => m.id)).toEqual(['creditNote']);
    expect(filtered.machines[0]?.paths.length).toBeGreaterThan(0);
    expect(filtered.machines[0]?.paths.every((p) => p.target === 'Approved' && p.steps.length <= 3)).toBe(true);
    expect(pairs.stderr).toMatch(/^Cover transition-pairs, at most 3 steps: \d+ paths over 1 machines; states 4\/4 \(100%\), transitions 6\/6 \(100%\), transition pairs 10\/10 \(100%\)$/m);
    expect(filtered.machines[0]?.coverage).toMatchObject({ criterion: 'transition-pairs', pairs: [10, 10] });
    const wrong = spawnSync(tsx, ['scripts/paths.ts', '--machine', 'nothing'], { cwd: ROOT, encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^No machine "nothing": the machines are agreement, creditNote, /);
  }, 60_000);
});

describe('tester roles', () => {
  it('hold the demo roles’ privileges, as the seed grants them', async () => {
    const { DEMO_ROLES } = await import('../../server/seed/demo-tenant');
    for (const role of TESTER_ROLES.filter((r) => r.role in DEMO_ROLES)) {
      const seeded = DEMO_ROLES[role.role as keyof typeof DEMO_ROLES].features.map((f) => [f.feature, f.privileges]);
      expect(Object.entries(role.permissions), role.role).toEqual(seeded);
    }
  });

  it('take each lifecycle step by the most specific role passing its guard', () => {
    const creditNote = lifecycleOf('credit-note')!;
    const steps = stepsMachineOf(creditNote.machine);
    expect(stepActor(creditNote, steps, 'Draft', 'submit')).toEqual({ kind: 'staff', role: 'ACCOUNTS_CLERK', words: 'the accounts clerk' });
    expect(stepActor(creditNote, steps, 'Pending Approval', 'reject')).toEqual({ kind: 'staff', role: 'ACCOUNTS_APPROVER', words: 'the accounts approver' });
    const proposal = lifecycleOf('proposal')!;
    expect(stepActor(proposal, stepsMachineOf(proposal.machine), 'Sent', 'accept').kind).toBe('customer');
    const lead = lifecycleOf('lead')!;
    expect(stepActor(lead, stepsMachineOf(lead.machine), 'New', 'moveToContacted')).toMatchObject({ role: 'ADMIN' });
    const request = lifecycleOf('subscription-request')!;
    expect(stepActor(request, stepsMachineOf(request.machine), 'Pending', 'reject')).toMatchObject({ role: 'OPERATOR' });
  });
});

describe('npm run paths:replay', () => {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  // Nothing listens on port 9: every refusal here comes before any call.
  const replay = (...args: string[]) => spawnSync(tsx, ['scripts/paths-replay.ts', '--base-url', 'http://127.0.0.1:9', ...args], { cwd: ROOT, encoding: 'utf8' });

  it('selects paths by machine, state and id, and names a filter that matches nothing', () => {
    expect(selectPaths({ machine: 'creditNote', target: 'Approved' }).flatMap((s) => s.paths).every((p) => p.target === 'Approved')).toBe(true);
    expect(() => selectPaths({ path: 'ffffff' })).toThrow('No path "ffffff" in any lifecycle machine');
    expect(() => selectPaths({ machine: 'creditNote', target: 'Nowhere' })).toThrow('No state "Nowhere" in the machine creditNote');
    expect(() => selectPaths({ machine: 'nothing' })).toThrow(/^No lifecycle machine "nothing"/);
    const approved = selectPaths({ machine: 'creditNote', target: 'Approved' })[0]!.paths[0]!;
    expect(() => selectPaths({ machine: 'creditNote', target: 'Rejected', path: approved.id })).toThrow('No path is selected by these filters');
  });

  it('reads its arguments and refuses a wrong one', () => {
    expect(parseReplayArguments(['--base-url', 'http://x', '--account', 'ACCOUNTS_APPROVER=farah@x.in:secret', '--report', 'r.json', '--junit', 'j.xml'])).toMatchObject({
      baseUrl: 'http://x',
      accounts: { ACCOUNTS_APPROVER: { email: 'farah@x.in', password: 'secret' } },
      report: 'r.json',
      junit: 'j.xml',
    });
    expect(() => parseReplayArguments(['--base-url', 'http://x', '--colour', 'red'])).toThrow('Unknown argument "--colour"');
    expect(() => parseReplayArguments(['--base-url', 'http://x', '--account', 'clerk'])).toThrow('--account takes ROLE=EMAIL:PASSWORD');
    expect(() => parseReplayArguments(['--machine', 'creditNote'])).toThrow('--base-url is required');
  });

  it('exits 2 on an unknown path, before calling the server (an unknown state or machine: the selection above)', () => {
    const run = replay('--path', 'ffffff');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^No path "ffffff" in any lifecycle machine\n/);
  }, 60_000);
});

describe('a replay report read by the explorer', () => {
  it('gives each path its result: failed when it failed for any module, with the first failure', () => {
    const report = {
      startedAt: '2026-11-28T05:00:00.000Z',
      paths: [
        { path: 'ticket/aaaaaa', module: 'ticket', result: 'passed' },
        { path: 'ticket/aaaaaa', module: 'svc-ticket', result: 'failed', failure: 'step 1: 403' },
        { path: 'creditNote/bbbbbb', module: 'credit-note', result: 'passed' },
      ],
    };
    expect(readReplayReport(JSON.stringify(report))).toEqual({
      startedAt: '2026-11-28T05:00:00.000Z',
      byPath: {
        'ticket/aaaaaa': { result: 'failed', modules: ['ticket', 'svc-ticket'], failure: 'svc-ticket: step 1: 403' },
        'creditNote/bbbbbb': { result: 'passed', modules: ['credit-note'] },
      },
    });
  });

  it('refuses what is not a replay report, saying what is wrong', () => {
    expect(() => readReplayReport('not json')).toThrow(new ReplayReportError('not JSON'));
    expect(() => readReplayReport('{"machines": []}')).toThrow(/^no "paths" list/);
    expect(() => readReplayReport('{"paths": [{"path": "x/aaaaaa", "result": "maybe"}]}')).toThrow('paths[0] has no path id and result');
  });
});
