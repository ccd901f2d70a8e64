/**
 * QA's paths written out (issue 15): the JSON document, tables a person reads (Markdown), rows for a
 * spreadsheet (CSV) and scenarios in the product's words (Gherkin). Pure text, shared by `npm run paths` and
 * the explorer's "copy" buttons, so both say the same thing.
 */
import { csvCell } from '../../contract/csv';
import type { PathMachine } from './machines';
import type { MachinePaths, TestPath } from './paths';
import { playwrightSpec, PROJECT_FIXTURES } from './playwright';
import { stepSentence } from './sentences';
import { testerSteps, type TesterStep } from './steps';

export type PathFormat = 'json' | 'md' | 'csv' | 'gherkin' | 'playwright';
export const PATH_FORMATS: readonly PathFormat[] = ['json', 'md', 'csv', 'gherkin', 'playwright'];

export interface MachineReport {
  source: PathMachine;
  result: MachinePaths;
  /** The paths after the filters (all of them without filters). */
  paths: TestPath[];
}

/** The document of `npm run paths -- --json`. */
export function pathsDocument(reports: readonly MachineReport[]) {
  return {
    machines: reports.map(({ source, result, paths }) => ({
      id: result.id,
      kind: source.kind,
      modules: source.lifecycles.map((l) => l.module),
      initial: result.initial,
      states: result.states,
      finals: result.finals,
      transitions: result.transitions,
      paths: paths.map((p) => ({ id: p.id, target: p.target, steps: testerSteps(source, p) })),
      coverage: result.coverage,
      bounds: result.bounds,
    })),
  };
}

/** The walk in one line; a step names who takes it ("[the accounts approver]"), internal steps are drawn "~>". */
function stepText(source: PathMachine, path: TestPath): string {
  if (path.steps.length === 0) return path.target;
  const steps = testerSteps(source, path).map((s) => (s.internal ? `${s.state} ~>` : `${s.state} -${s.event}${s.actor && s.actor.kind !== 'user' ? ` [${s.actor.words}]` : ''}${s.guard ? ` {${s.guard.words}}` : ''}->`));
  return [...steps, path.target].join(' ');
}

function markdown(reports: readonly MachineReport[]): string {
  const out: string[] = [];
  for (const { source, result, paths } of reports) {
    out.push(`## ${result.id} (${source.kind}${source.lifecycles.length ? `: ${source.lifecycles.map((l) => l.module).join(', ')}` : ''})`, '');
    out.push(
      `Cover ${result.coverage.criterion}: states ${result.coverage.states[0]}/${result.coverage.states[1]}, transitions ${result.coverage.transitions[0]}/${result.coverage.transitions[1]} and transition pairs ${result.coverage.pairs[0]}/${result.coverage.pairs[1]}` +
        `${result.coverage.simplePaths ? `, simple paths ${result.coverage.simplePaths[0]}/${result.coverage.simplePaths[1]}` : ''} covered by ${result.paths.length} paths ` +
        `(longest ${result.bounds.maxDepth} steps, limit ${result.bounds.depthLimit}; at most ${result.bounds.countLimit} paths).`,
      '',
    );
    out.push('| Path | Target | Steps | Walk |', '|---|---|---|---|');
    for (const p of paths) out.push(`| ${result.id}/${p.id} | ${p.target} | ${p.steps.length} | ${stepText(source, p).replace(/\|/g, '\\|')} |`);
    out.push('');
  }
  return out.join('\n');
}

function csv(reports: readonly MachineReport[]): string {
  const rows = [['machine', 'kind', 'path', 'target', 'steps', 'walk']];
  for (const { source, result, paths } of reports) for (const p of paths) rows.push([result.id, source.kind, `${result.id}/${p.id}`, p.target, String(p.steps.length), stepText(source, p)]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/** The steps a tester takes, each with where the walk stands after it and the machine's own moves that follow. */
function visibleSteps(steps: readonly TesterStep[], target: string): Array<{ step: TesterStep; landing: string }> {
  return steps.flatMap((step, i) => {
    if (step.internal) return [];
    const next = steps.slice(i + 1).find((s) => !s.internal);
    return [{ step, landing: next?.state ?? target }];
  });
}

/** "an invoice", "a ticket": the article a reader expects (by the noun's first letter, which fits the product's nouns). */
function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** One feature: a scenario per path, Given / When / Then in the product's words, each When said by its actor. */
export function gherkinOf(source: PathMachine, machineId: string, paths: readonly TestPath[]): string {
  const lifecycle = source.lifecycles[0];
  const noun = lifecycle ? lifecycle.noun.toLowerCase() : `${machineId} workflow`;
  const out = [`Feature: ${lifecycle ? `${lifecycle.noun} lifecycle` : `The ${machineId} workflow`} (${machineId})`, ''];
  const standing = (state: string) => (lifecycle ? `the ${noun} is "${state}"` : `the ${noun} is in "${state}"`);
  for (const path of paths) {
    out.push(`  Scenario: ${machineId}/${path.id} reaches "${path.target}"`);
    const steps = visibleSteps(testerSteps(source, path), path.target);
    const given = steps[0]?.step.state ?? path.steps[0]?.state ?? path.target;
    out.push(lifecycle ? `    Given ${withArticle(noun)} that is "${given}"` : `    Given the ${noun} is in "${given}"`);
    if (steps.length === 0) out.push(`    Then ${standing(path.target)}`);
    for (const { step, landing } of steps) {
      if (step.guard) out.push(`    # ${step.guard.words} (${step.guard.name})`);
      for (const d of step.data) out.push(`    # ${d.field}: ${d.rule}; e.g. ${JSON.stringify(d.example)}`);
      out.push(`    When ${stepSentence(step)}`);
      out.push(`    Then ${standing(landing)}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** The Gherkin export as files: one `.feature` per machine (a file holds one Feature), named by the machine's id. */
export function gherkinFiles(reports: readonly MachineReport[]): Array<{ file: string; text: string }> {
  return reports.map(({ source, result, paths }) => ({ file: `${result.id}.feature`, text: gherkinOf(source, result.id, paths) }));
}

/**
 * The document in `format`. The playwright format here is the spec files one after another, importing the
 * fixtures from the project's folder (the explorer's copy of one path, saved there); `npm run paths -- --format
 * playwright --out DIR` writes them as files with their config (./playwright.ts).
 */
export function formatPaths(format: PathFormat, reports: readonly MachineReport[]): string {
  if (format === 'json') return JSON.stringify(pathsDocument(reports), null, 2) + '\n';
  if (format === 'md') return markdown(reports);
  if (format === 'csv') return csv(reports);
  if (format === 'playwright') return reports.map((r) => playwrightSpec(r, PROJECT_FIXTURES)).filter((t) => t !== undefined).join('\n');
  return reports.map(({ source, result, paths }) => gherkinOf(source, result.id, paths)).join('\n');
}
