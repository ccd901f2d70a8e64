/**
 * Test paths of a machine (issue 15): a small set of walks from the initial state that together take every
 * transition of its graph (./graph.ts), each with a stable id.
 *
 * Generation is bounded by construction: one candidate per transition (the shortest way to its source, then
 * the transition), candidates that are the beginning of a longer one dropped. So a machine with T transitions
 * and S states gives at most T paths of at most S steps; no machine explodes, however many loops it has.
 * The bounds and the coverage are reported with the paths.
 *
 * A path's id is a short hash of its steps (state and event, in order): the same machine gives the same ids on
 * every run, and a changed machine changes only the ids of the paths whose steps changed. A bug report can cite
 * "requisition/3f9a1c".
 */
import type { MachineGraph, Transition } from './graph';

export interface PathStep {
  /** The state the step starts in (or one it is inside of, where the transition is declared). */
  state: string;
  event: string;
  /** Where the transition leads, and its guard index: with state and event, which edge of the graph it is. */
  to: string;
  guard: number;
}

export interface TestPath {
  id: string;
  /** The state the path ends in. */
  target: string;
  steps: PathStep[];
}

/** What a set of paths must take (issue 37): every transition, every pair of consecutive transitions, or every simple path. */
export type CoverCriterion = 'transitions' | 'transition-pairs' | 'simple';
export const COVER_CRITERIA: readonly CoverCriterion[] = ['transitions', 'transition-pairs', 'simple'];

export interface PathOptions {
  cover?: CoverCriterion;
  /** The longest path kept, in steps (paths longer than this are left out, and the coverage says so). */
  maxLength?: number;
}

export interface Coverage {
  criterion: CoverCriterion;
  states: [covered: number, total: number];
  transitions: [covered: number, total: number];
  /** Pairs of consecutive transitions (one taken where the other lands) that the paths take, of those the graph has. */
  pairs: [covered: number, total: number];
  /** For `simple`: the simple paths kept, of those found (within the length and the count limit). */
  simplePaths?: [kept: number, found: number];
}

export interface MachinePaths extends MachineGraph {
  paths: TestPath[];
  coverage: Coverage;
  /** The bounds the generation kept to: the longest path and the number of paths, against their limits. */
  bounds: { maxDepth: number; depthLimit: number; count: number; countLimit: number };
}

/** FNV-1a, 32 bits: small, pure and stable across runs and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * What identifies a path: its steps (state and event) and where they end (one event may lead to several states by
 * its guards). A step's target and guard index are left out so the ids stay those paths had before steps carried them.
 */
export function pathKey(path: { steps: ReadonlyArray<Pick<PathStep, 'state' | 'event'>>; target: string }): string {
  return [...path.steps.map((s) => `${s.state}\u0001${s.event}`), path.target].join('\u0002');
}

/** Six hex digits of the steps' hash; eight when two paths of one machine would share six. */
function assignIds(machineId: string, walks: ReadonlyArray<{ target: string; steps: PathStep[] }>): TestPath[] {
  const hashes = walks.map((w) => fnv1a(`${machineId}\u0003${pathKey(w)}`).toString(16).padStart(8, '0'));
  const short = hashes.map((h) => h.slice(0, 6));
  return walks.map((walk, i) => ({ id: short.filter((s) => s === short[i]).length > 1 ? (hashes[i] as string) : (short[i] as string), ...walk }));
}

/** The states `state` is inside of ("a.b.c" is inside "a.b" and "a"), nearest first. */
function ancestorsOf(state: string, states: ReadonlySet<string>): string[] {
  const parts = state.split('.');
  const found: string[] = [];
  for (let i = parts.length - 1; i > 0; i--) {
    const name = parts.slice(0, i).join('.');
    if (states.has(name)) found.push(name);
  }
  return found;
}

/**
 * Shortest walks (as transitions) from the initial state to every reachable state. Standing in a state is
 * also standing in every state it is inside of, so those are reached by the same walk (a transition the parent
 * declares can be taken from any of its children).
 */
function shortestWays(graph: MachineGraph): Map<string, Transition[]> {
  const states = new Set(graph.states);
  const ways = new Map<string, Transition[]>();
  const queue: string[] = [];
  const reach = (state: string, way: Transition[]) => {
    for (const name of [state, ...ancestorsOf(state, states)]) {
      if (ways.has(name)) continue;
      ways.set(name, way);
      queue.push(name);
    }
  };
  reach(graph.initial, []);
  const outgoing = new Map<string, Transition[]>();
  for (const t of graph.transitions) outgoing.set(t.from, [...(outgoing.get(t.from) ?? []), t]);
  while (queue.length > 0) {
    const state = queue.shift() as string;
    for (const t of outgoing.get(state) ?? []) reach(t.to, [...(ways.get(state) as Transition[]), t]);
  }
  return ways;
}

const keyOf = (t: Transition): string => `${t.from}\u0000${t.event}\u0000${t.to}`;

/** `short` is where `long` begins: the same transitions, then more. */
const isPrefix = (short: readonly Transition[], long: readonly Transition[]): boolean => short.length < long.length && short.every((t, i) => keyOf(t) === keyOf(long[i] as Transition));

/** Where a walk may go on from `state`: the transitions of the state and of every state it is inside of. */
function outgoingOf(graph: MachineGraph): (state: string) => Transition[] {
  const states = new Set(graph.states);
  const from = new Map<string, Transition[]>();
  for (const t of graph.transitions) from.set(t.from, [...(from.get(t.from) ?? []), t]);
  return (state) => [state, ...ancestorsOf(state, states)].flatMap((name) => from.get(name) ?? []);
}

const pairKey = (a: Transition, b: Transition): string => `${keyOf(a)}\u0003${keyOf(b)}`;

/** Every pair of consecutive transitions the graph has: `b` can be taken where `a` lands. */
function transitionPairs(graph: MachineGraph): Array<[Transition, Transition]> {
  const next = outgoingOf(graph);
  return graph.transitions.flatMap((a) => next(a.to).map((b) => [a, b] as [Transition, Transition]));
}

/** The most simple paths (no state twice) kept per machine: a bound on machines with many loops. */
const SIMPLE_LIMIT = 2000;

/** Walks from the initial state that visit no state twice and cannot be made longer, at most `maxLength` steps. */
function simpleWalks(graph: MachineGraph, maxLength: number): { walks: Transition[][]; found: number } {
  const next = outgoingOf(graph);
  const walks: Transition[][] = [];
  let found = 0;
  const walk = (state: string, visited: Set<string>, way: Transition[]) => {
    const onward = way.length < maxLength ? next(state).filter((t) => !visited.has(t.to)) : [];
    if (onward.length === 0) {
      found++;
      if (way.length > 0 && walks.length < SIMPLE_LIMIT) walks.push(way);
      return;
    }
    for (const t of onward) walk(t.to, new Set(visited).add(t.to), [...way, t]);
  };
  walk(graph.initial, new Set([graph.initial]), []);
  return { walks, found };
}

function candidateWalks(graph: MachineGraph, cover: CoverCriterion, maxLength: number): { walks: Transition[][]; simplePaths?: [number, number] } {
  if (cover === 'simple') {
    const { walks, found } = simpleWalks(graph, maxLength);
    return { walks, simplePaths: [walks.length, found] };
  }
  const ways = shortestWays(graph);
  // Pairs are taken with every transition alone too: one into a final state has no pair, and must still be taken.
  const wanted: Transition[][] = [...graph.transitions.map((t) => [t]), ...(cover === 'transition-pairs' ? transitionPairs(graph).map(([a, b]) => [a, b]) : [])];
  return { walks: wanted.flatMap((tail) => {
    const way = ways.get((tail[0] as Transition).from);
    return way ? [[...way, ...tail]] : []; // not reachable from the initial state: the coverage says so
  }) };
}

export function machinePaths(graph: MachineGraph, options: PathOptions = {}): MachinePaths {
  const cover = options.cover ?? 'transitions';
  const maxLength = options.maxLength ?? Number.POSITIVE_INFINITY;
  const candidates = candidateWalks(graph, cover, cover === 'simple' ? Math.min(maxLength, graph.states.length) : maxLength);
  const walks: Transition[][] = [];
  const seen = new Set<string>();
  for (const walk of candidates.walks) {
    if (walk.length > maxLength) continue;
    const key = walk.map(keyOf).join('\u0002');
    if (seen.has(key)) continue;
    seen.add(key);
    walks.push(walk);
  }
  const kept = walks.filter((walk) => !walks.some((other) => isPrefix(walk, other)));
  const asPath = (walk: Transition[]) => ({ target: (walk[walk.length - 1] as Transition).to, steps: walk.map((t) => ({ state: t.from, event: t.event, to: t.to, guard: t.guard })) });
  kept.sort((a, b) => a.length - b.length || pathKey(asPath(a)).localeCompare(pathKey(asPath(b))));
  const paths = assignIds(graph.id, kept.map(asPath));

  const coveredStates = new Set<string>([graph.initial]);
  const coveredTransitions = new Set<string>();
  const coveredPairs = new Set<string>();
  for (const walk of kept) {
    walk.forEach((t, i) => {
      coveredStates.add(t.from).add(t.to);
      coveredTransitions.add(keyOf(t));
      if (i > 0) coveredPairs.add(pairKey(walk[i - 1] as Transition, t));
    });
  }
  const pairs = transitionPairs(graph);
  const longest = Math.max(0, ...paths.map((p) => p.steps.length));
  return {
    ...graph,
    paths,
    coverage: {
      criterion: cover,
      states: [graph.states.filter((s) => coveredStates.has(s)).length, graph.states.length],
      transitions: [graph.transitions.filter((t) => coveredTransitions.has(keyOf(t))).length, graph.transitions.length],
      pairs: [pairs.filter(([a, b]) => coveredPairs.has(pairKey(a, b))).length, pairs.length],
      ...(candidates.simplePaths ? { simplePaths: candidates.simplePaths } : {}),
    },
    bounds: {
      maxDepth: longest,
      depthLimit: Number.isFinite(maxLength) ? maxLength : cover === 'transitions' ? graph.states.length : cover === 'transition-pairs' ? graph.states.length + 1 : graph.states.length,
      count: paths.length,
      countLimit: cover === 'transitions' ? Math.max(1, graph.transitions.length) : cover === 'transition-pairs' ? Math.max(1, pairs.length) : SIMPLE_LIMIT,
    },
  };
}

export interface PathFilter {
  target?: string;
  through?: string;
}

export function filterPaths(paths: readonly TestPath[], filter: PathFilter): TestPath[] {
  return paths.filter((p) => (filter.target === undefined || p.target === filter.target) && (filter.through === undefined || p.steps.some((s) => s.event === filter.through)));
}
