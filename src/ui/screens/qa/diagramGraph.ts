/**
 * A machine's graph as ELK reads it, and ELK's answer as the explorer draws it (pure: no ELK here, see
 * ./diagramLayout.ts). States nest as the machine does: a compound or parallel state is a box holding its
 * children, each region of a parallel state a box of its own. A compound's `(enter)` edge starts at a dot inside
 * it (the statechart's initial marker), so every transition, `(enter)` too, is one edge; the machine's own start
 * is a dot at the top level whose arrow is no transition. Every edge carries its event as a label, shortened when
 * long (the whole name is the edge's title).
 */
import { ENTER, transitionId, type MachineGraph, type Transition } from '../../../machines/paths/graph';

/** The slice of ELK's JSON graph this module writes and reads (elkjs's own types would tie this module to it). */
export interface ElkShape {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  layoutOptions?: Record<string, string>;
}
export interface ElkLabel extends ElkShape {
  text: string;
}
export interface ElkPoint {
  x: number;
  y: number;
}
export interface ElkEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: ElkLabel[];
  sections?: Array<{ startPoint: ElkPoint; endPoint: ElkPoint; bendPoints?: ElkPoint[] }>;
}
export interface ElkNode extends ElkShape {
  labels?: ElkLabel[];
  children?: ElkNode[];
  edges?: ElkEdge[];
}

export type StateKind = 'atomic' | 'final' | 'compound' | 'parallel' | 'region';

export interface PlacedState {
  name: string;
  /** Its own name (the last part of its path), shortened when long. */
  label: string;
  kind: StateKind;
  /** How many states it is inside of. */
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  transition: Transition;
  /** transitionId(transition): what a path's step is matched on. */
  id: string;
  /** SVG path data, in the diagram's coordinates. */
  d: string;
  label: { text: string; x: number; y: number; width: number; height: number };
}

/** An initial marker: the dot inside `of` (null: the machine's own start) from which its first state is entered. */
export interface PlacedInitial {
  of: string | null;
  cx: number;
  cy: number;
  /** The arrow from the machine's dot to its initial state (a compound's is its `(enter)` edge). */
  d?: string;
}

export interface DiagramLayout {
  width: number;
  height: number;
  /** Outer states before the ones inside them, so boxes are drawn under their children. */
  states: PlacedState[];
  edges: PlacedEdge[];
  initials: PlacedInitial[];
}

const FONT = { state: 12, label: 10 } as const;
/** Average glyph widths at those sizes: ELK needs sizes before anything is drawn. */
const GLYPH = { state: 7.2, label: 6 } as const;
const STATE_HEIGHT = 34;
const LABEL_HEIGHT = 14;
const DOT = 12;
const BOX_TITLE = 26;
const LONGEST_STATE = 24;
/** The longest event label on an edge, in characters. */
export const LONGEST_EVENT = 22;

export const DIAGRAM_FONT = FONT;

const ELLIPSIS = '…';

/**
 * How a diagram names states and events: a lifecycle's in the product's words (its statuses and step names, in the
 * person's language), a workflow's by their ids in the code (../qa/machineWords.ts). Labels are sized from these.
 */
export interface DiagramWords {
  state: (state: string) => string;
  event: (event: string) => string;
}

export const CODE_WORDS: DiagramWords = { state: (s) => s, event: (e) => e };

/** What a graph's labels read in `words`: two layouts with the same reading are the same layout. */
export function readingOf(graph: MachineGraph, words: DiagramWords): string {
  return [...graph.states.map(words.state), ...graph.transitions.map((t) => words.event(t.event))].join('\u0000');
}

/** A state's own name, its end cut when long (the whole path is its title). */
export function stateLabel(state: string): string {
  const own = state.split('.').pop() ?? state;
  return own.length > LONGEST_STATE ? `${own.slice(0, LONGEST_STATE - 1)}${ELLIPSIS}` : own;
}

/**
 * An event name short enough to sit on an edge (at most LONGEST_EVENT characters). XState's own prefix goes (its
 * events are the only ones with it); a dotted name keeps its first part and as many last parts as fit, which tell
 * "done…permissions" from "error…permissions" where "xstate.done.acto…" would not; another keeps its beginning.
 */
export function eventLabel(event: string): string {
  const name = event.startsWith('xstate.') ? event.slice('xstate.'.length) : event;
  if (name.length <= LONGEST_EVENT) return name;
  const parts = name.split('.');
  const head = parts.length > 1 ? (parts[0] as string) : '';
  const fits = (tail: string, withHead: boolean) => (withHead ? head.length : 0) + ELLIPSIS.length + tail.length <= LONGEST_EVENT;
  for (const withHead of [true, false]) {
    let tail = '';
    for (let i = parts.length - 1; i > 0; i--) {
      const longer = tail ? `${parts[i]}.${tail}` : (parts[i] as string);
      if (!fits(longer, withHead)) break;
      tail = longer;
    }
    if (tail) return `${withHead ? head : ''}${ELLIPSIS}${tail}`;
  }
  return `${name.slice(0, LONGEST_EVENT - 1)}${ELLIPSIS}`;
}

const INITIAL = '\u0001initial\u0001';
const INITIAL_OF = (state: string | null) => `${INITIAL}${state ?? ''}`;
const START_EDGE = '\u0001start';

function kindOf(graph: MachineGraph, state: string, parents: ReadonlySet<string>, parallel: ReadonlySet<string>, finals: ReadonlySet<string>): StateKind {
  if (parallel.has(state)) return 'parallel';
  const parent = graph.parents[state];
  if (parent !== undefined && parallel.has(parent)) return 'region';
  if (parents.has(state)) return 'compound';
  return finals.has(state) ? 'final' : 'atomic';
}

const edgeLabelOf = (text: string): ElkLabel => ({
  id: '',
  text,
  width: Math.ceil(text.length * GLYPH.label) + 4,
  height: LABEL_HEIGHT,
  layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' },
});

/** The graph for ELK: states nested as in the machine, an initial dot in each compound, every transition an edge. */
export function elkGraphOf(graph: MachineGraph, words: DiagramWords = CODE_WORDS): ElkNode {
  const parents = new Set(Object.values(graph.parents));
  const parallel = new Set(graph.parallel);
  const finals = new Set(graph.finals);
  const nodes = new Map<string, ElkNode>();
  const root: ElkNode = {
    id: '\u0001root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      // One layout across the nesting, so an edge from inside a box to outside it is routed with the rest.
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      // Cycles are broken walking from the start (the dot is the only source), so the initial state comes first
      // and an edge back (a reopen, a retry) is drawn going back, not the other way round.
      'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeNode': '12',
      'elk.spacing.edgeEdge': '8',
      'elk.spacing.edgeLabel': '2',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [],
    edges: [],
  };
  const childrenOf = (parent: string | undefined): ElkNode[] => {
    const node = parent === undefined ? root : nodes.get(parent);
    if (!node) throw new Error(`The state ${parent} is drawn before the states inside it`);
    node.children ??= [];
    return node.children;
  };

  // graph.states lists a state before the states inside it (graph.ts visits depth first).
  for (const state of graph.states) {
    const kind = kindOf(graph, state, parents, parallel, finals);
    const label = stateLabel(words.state(state));
    const titleWidth = Math.ceil(label.length * GLYPH.state) + 24;
    const node: ElkNode =
      kind === 'atomic' || kind === 'final'
        ? { id: state, width: Math.max(72, titleWidth), height: STATE_HEIGHT }
        : {
            id: state,
            children: [],
            layoutOptions: {
              'elk.padding': `[top=${BOX_TITLE + 6},left=12,bottom=12,right=12]`,
              'elk.nodeSize.constraints': 'MINIMUM_SIZE',
              'elk.nodeSize.minimum': `(${titleWidth}, ${BOX_TITLE + 20})`,
            },
          };
    nodes.set(state, node);
    childrenOf(graph.parents[state]).push(node);
  }

  // A compound's entry starts at a dot inside it; a parallel state's regions are all entered from its dot.
  const entered = new Set(graph.transitions.filter((t) => t.event === ENTER).map((t) => t.from));
  for (const state of entered) childrenOf(state).unshift({ id: INITIAL_OF(state), width: DOT, height: DOT });
  root.children?.unshift({ id: INITIAL_OF(null), width: DOT, height: DOT });
  root.edges?.push({ id: START_EDGE, sources: [INITIAL_OF(null)], targets: [graph.initial] });

  graph.transitions.forEach((t, index) => {
    const label = { ...edgeLabelOf(eventLabel(words.event(t.event))), id: `l${index}` };
    const source = t.event === ENTER ? INITIAL_OF(t.from) : t.from;
    root.edges?.push({ id: `e${index}`, sources: [source], targets: [t.to], labels: [label] });
  });
  return root;
}

function pathData(edge: ElkEdge): string {
  return (edge.sections ?? [])
    .map((s) => [`M ${s.startPoint.x} ${s.startPoint.y}`, ...(s.bendPoints ?? []).map((p) => `L ${p.x} ${p.y}`), `L ${s.endPoint.x} ${s.endPoint.y}`].join(' '))
    .join(' ');
}

/** ELK's answer (coordinates from the top left of the whole diagram) as boxes, edges and dots to draw. */
export function placedFrom(graph: MachineGraph, laidOut: ElkNode, words: DiagramWords = CODE_WORDS): DiagramLayout {
  const parents = new Set(Object.values(graph.parents));
  const parallel = new Set(graph.parallel);
  const finals = new Set(graph.finals);
  const byId = new Map<string, ElkNode>();
  const walk = (node: ElkNode) => {
    byId.set(node.id, node);
    node.children?.forEach(walk);
  };
  walk(laidOut);
  const depthOf = (state: string): number => {
    let depth = 0;
    for (let parent = graph.parents[state]; parent !== undefined; parent = graph.parents[parent]) depth++;
    return depth;
  };
  const box = (id: string) => {
    const node = byId.get(id);
    if (!node || node.x === undefined || node.y === undefined) throw new Error(`ELK placed no box for ${id}`);
    return { x: node.x, y: node.y, width: node.width ?? 0, height: node.height ?? 0 };
  };

  const states: PlacedState[] = graph.states
    .map((name) => ({ name, label: stateLabel(words.state(name)), kind: kindOf(graph, name, parents, parallel, finals), depth: depthOf(name), ...box(name) }))
    .sort((a, b) => a.depth - b.depth);
  const edges = new Map((laidOut.edges ?? []).map((edge) => [edge.id, edge]));
  const placedEdges: PlacedEdge[] = graph.transitions.map((transition, index) => {
    const edge = edges.get(`e${index}`);
    const label = edge?.labels?.[0];
    if (!edge || !label || label.x === undefined || label.y === undefined) throw new Error(`ELK placed no edge for ${transitionId(transition)}`);
    return { transition, id: transitionId(transition), d: pathData(edge), label: { text: label.text, x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 } };
  });
  const initials: PlacedInitial[] = [...byId.values()]
    .filter((node) => node.id.startsWith(INITIAL))
    .map((node) => {
      const of = node.id.slice(INITIAL.length) || null;
      const { x, y } = box(node.id);
      const start = edges.get(START_EDGE);
      return { of, cx: x + DOT / 2, cy: y + DOT / 2, ...(of === null && start ? { d: pathData(start) } : {}) };
    });
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, edges: placedEdges, initials };
}
