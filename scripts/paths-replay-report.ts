/**
 * What `npm run paths:replay` leaves behind (issue 37): a JSON report a program reads (the explorer shows each
 * path's last result from it) and a JUnit XML file CI shows, one test case per path and module, its failure
 * naming the step and the server's answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayOutcome } from './paths-replay';

export interface ReplayRun {
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  outcomes: readonly ReplayOutcome[];
}

export function replayDocument(run: ReplayRun) {
  const failed = run.outcomes.filter((o) => !o.passed).length;
  return {
    baseUrl: run.baseUrl,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    total: run.outcomes.length,
    passed: run.outcomes.length - failed,
    failed,
    paths: run.outcomes.map((o) => ({
      path: o.path,
      machine: o.machine,
      module: o.module,
      result: o.passed ? 'passed' : 'failed',
      durationMs: o.durationMs,
      steps: o.steps,
      ...(o.passed ? {} : { failingStep: o.failedStep ?? null, failure: o.failure, answer: o.answer ?? null }),
    })),
  };
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string).replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/g, '');

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

export function junitXml(run: ReplayRun): string {
  const byMachine = new Map<string, ReplayOutcome[]>();
  for (const o of run.outcomes) byMachine.set(o.machine, [...(byMachine.get(o.machine) ?? []), o]);
  const failures = run.outcomes.filter((o) => !o.passed).length;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="paths:replay" tests="${run.outcomes.length}" failures="${failures}" time="${seconds(run.durationMs)}">`];
  for (const [machine, outcomes] of byMachine) {
    const time = outcomes.reduce((ms, o) => ms + o.durationMs, 0);
    out.push(`  <testsuite name="${escapeXml(machine)}" tests="${outcomes.length}" failures="${outcomes.filter((o) => !o.passed).length}" errors="0" skipped="0" time="${seconds(time)}" timestamp="${run.startedAt}">`);
    for (const o of outcomes) {
      out.push(`    <testcase classname="paths.${escapeXml(machine)}.${escapeXml(o.module)}" name="${escapeXml(`${o.path} (${o.module})`)}" time="${seconds(o.durationMs)}">`);
      if (!o.passed) {
        const answer = o.answer ? `\nThe server answered ${o.answer.status}: ${JSON.stringify(o.answer.body)}` : '';
        out.push(`      <failure message="${escapeXml(o.failure ?? 'failed')}" type="StepFailed">${escapeXml(`${o.failure ?? ''}${answer}`)}</failure>`);
      }
      const steps = o.steps.map((s) => `${s.result.toUpperCase()} ${s.state} -${s.event}-> ${s.to} as ${s.actor}${s.account ? ` (${s.account})` : ''}`).join('\n');
      out.push(`      <system-out>${escapeXml(steps)}</system-out>`, '    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

function writeFile(file: string, text: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, text);
}

export function writeReports(run: ReplayRun, files: { json?: string; junit?: string }): void {
  if (files.json) writeFile(files.json, `${JSON.stringify(replayDocument(run), null, 2)}\n`);
  if (files.junit) writeFile(files.junit, junitXml(run));
}
