/**
 * The last replay's result of each path (issue 37, item 6), read from the JSON report `npm run paths:replay --
 * --report FILE.json` writes (scripts/paths-replay-report.ts): the explorer shows it beside each path. A path
 * replayed for several modules (a machine shared by two record types) passed only when it passed for each.
 */
export interface PathResult {
  result: 'passed' | 'failed';
  /** The modules it was replayed for. */
  modules: string[];
  /** The first failure's words, with its module, when it failed. */
  failure?: string;
}

export interface ReplayResults {
  startedAt: string;
  /** "machine/id" → its result. */
  byPath: Record<string, PathResult>;
}

/** A report that is not one the replay writes: the explorer says so instead of showing nothing. */
export class ReplayReportError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the report's text; throws ReplayReportError naming what is wrong with it. */
export function readReplayReport(text: string): ReplayResults {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ReplayReportError('not JSON');
  }
  if (!isRecord(document) || !Array.isArray(document.paths)) throw new ReplayReportError('no "paths" list (write it with npm run paths:replay -- --report FILE.json)');
  const byPath: Record<string, PathResult> = {};
  for (const [i, entry] of document.paths.entries()) {
    if (!isRecord(entry) || typeof entry.path !== 'string' || (entry.result !== 'passed' && entry.result !== 'failed')) throw new ReplayReportError(`paths[${i}] has no path id and result`);
    const module = typeof entry.module === 'string' ? entry.module : '';
    const known = byPath[entry.path];
    const failure = entry.result === 'failed' ? `${module}: ${typeof entry.failure === 'string' ? entry.failure : 'failed'}` : undefined;
    byPath[entry.path] = {
      result: known?.result === 'failed' || entry.result === 'failed' ? 'failed' : 'passed',
      modules: [...(known?.modules ?? []), module],
      ...((known?.failure ?? failure) ? { failure: known?.failure ?? failure } : {}),
    };
  }
  return { startedAt: typeof document.startedAt === 'string' ? document.startedAt : '', byPath };
}
