/**
 * Where the scroll frames' time goes (`npm run bench -- --profile`): while the page scrolls once more
 * (after the measured pass, so the profiler's overhead never reaches the figures), the Chromium
 * DevTools protocol records a timeline trace and a sampling CPU profile. The report names the main
 * thread's work by kind (script, style, layout, paint, …) and the functions with the most self time;
 * both raw files are kept for DevTools (Performance panel: load the trace; the .cpuprofile too).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileReport {
  /** Main-thread time (ms) per kind of work, largest first. */
  work: Array<{ kind: string; ms: number }>;
  /** Functions with the most self time (ms), largest first. */
  functions: Array<{ name: string; where: string; ms: number }>;
  traceFile: string;
  profileFile: string;
}

/** Timeline events that are the top of their kind of work; nested events are not counted twice. */
const WORK: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'v8.run': 'script',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'composite',
  Commit: 'composite',
  HitTest: 'hit test',
  ScrollLayer: 'scroll',
};

/** Sums the top-level work events of the renderer's main thread, by kind. */
function summariseTrace(events: readonly TraceEvent[]): Array<{ kind: string; ms: number }> {
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const onMain = events.filter((e) => e.ph === 'X' && e.dur !== undefined && (!main || (e.pid === main.pid && e.tid === main.tid)) && WORK[e.name]);
  onMain.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  // Open intervals per kind: an event inside another of the same kind is already counted.
  const openUntil = new Map<string, number>();
  for (const event of onMain) {
    const kind = WORK[event.name] as string;
    const end = event.ts + (event.dur ?? 0);
    if ((openUntil.get(kind) ?? -1) >= end) continue;
    openUntil.set(kind, end);
    totals.set(kind, (totals.get(kind) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals].map(([kind, ms]) => ({ kind, ms })).sort((a, b) => b.ms - a.ms);
}

/** Self time per function from the sampling profile. */
function summariseProfile(profile: CpuProfile, top: number): Array<{ name: string; where: string; ms: number }> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { name: string; where: string; ms: number }>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] as number);
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${path.basename(url)}:${lineNumber + 1}:${columnNumber + 1}` : '';
    const key = `${name} ${where}`;
    const entry = self.get(key) ?? { name, where, ms: 0 };
    entry.ms += (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    self.set(key, entry);
  }
  return [...self.values()].sort((a, b) => b.ms - a.ms).slice(0, top);
}

/** The tracing events as loosely typed listeners (playwright-core types them per protocol version). */
interface TracingEvents {
  on(event: 'Tracing.dataCollected', listener: (payload: { value: TraceEvent[] }) => void): unknown;
  off(event: 'Tracing.dataCollected', listener: (payload: { value: TraceEvent[] }) => void): unknown;
  once(event: 'Tracing.tracingComplete', listener: () => void): unknown;
}

async function collectTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const tracing = cdp as unknown as TracingEvents;
  const onData = (payload: { value: TraceEvent[] }) => events.push(...payload.value);
  tracing.on('Tracing.dataCollected', onData);
  const done = new Promise<void>((resolve) => tracing.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  tracing.off('Tracing.dataCollected', onData);
  return events;
}

/** Runs `work` (the scroll) with the trace and the CPU profile recording; writes both under `dir`. */
export async function profileWhile(page: Page, dir: string, work: () => Promise<unknown>): Promise<ProfileReport> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Tracing.start', {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', '__metadata'].join(','),
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    await work();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const events = await collectTrace(cdp);
    fs.mkdirSync(dir, { recursive: true });
    const traceFile = path.join(dir, 'scroll.trace.json');
    const profileFile = path.join(dir, 'scroll.cpuprofile');
    fs.writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
    fs.writeFileSync(profileFile, JSON.stringify(profile));
    return { work: summariseTrace(events), functions: summariseProfile(profile, 25), traceFile, profileFile };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export function printProfile(report: ProfileReport): string {
  const lines = ['Where the profiled scroll pass spent the main thread (not part of the figures):'];
  for (const { kind, ms } of report.work) lines.push(`  ${kind.padEnd(20)} ${ms.toFixed(0).padStart(7)} ms`);
  lines.push('', 'Functions with the most self time:');
  for (const { name, where, ms } of report.functions) lines.push(`  ${ms.toFixed(1).padStart(8)} ms  ${name}  ${where}`);
  lines.push('', `Trace: ${report.traceFile}`, `CPU profile: ${report.profileFile}`);
  return lines.join('\n');
}
