/**
 * Where the explorer draws each state of a machine's graph (pure): columns by distance from the initial
 * state (breadth first), states in a column in the order they were found. Edges go right to the next
 * columns; an edge back (or within a column) is drawn as an arc below, a loop as a small arc above.
 */
import type { MachineGraph, Transition } from '../../../machines/paths/graph';

export const NODE = { width: 168, height: 34, columnGap: 72, rowGap: 20, margin: 16 } as const;

export interface PlacedState {
  name: string;
  x: number;
  y: number;
  column: number;
}

export interface PlacedEdge {
  transition: Transition;
  /** SVG path data. */
  d: string;
  /** Where its label sits. */
  labelX: number;
  labelY: number;
}

export interface DiagramLayout {
  width: number;
  height: number;
  states: Map<string, PlacedState>;
  edges: PlacedEdge[];
}

export function layoutDiagram(graph: MachineGraph): DiagramLayout {
  const column = new Map<string, number>([[graph.initial, 0]]);
  const queue = [graph.initial];
  while (queue.length > 0) {
    const state = queue.shift() as string;
    for (const t of graph.transitions) {
      if (t.from !== state || column.has(t.to)) continue;
      column.set(t.to, (column.get(state) as number) + 1);
      queue.push(t.to);
    }
  }
  // States no transition reaches (the coverage would say so) go in a last column of their own.
  const last = Math.max(0, ...column.values()) + 1;
  for (const state of graph.states) if (!column.has(state)) column.set(state, last);

  const rows = new Map<number, number>();
  const states = new Map<string, PlacedState>();
  for (const name of [graph.initial, ...graph.states.filter((s) => s !== graph.initial)]) {
    const c = column.get(name) as number;
    const row = rows.get(c) ?? 0;
    rows.set(c, row + 1);
    states.set(name, {
      name,
      column: c,
      x: NODE.margin + c * (NODE.width + NODE.columnGap),
      y: NODE.margin + 24 + row * (NODE.height + NODE.rowGap),
    });
  }
  const width = NODE.margin * 2 + (Math.max(...[...states.values()].map((s) => s.column)) + 1) * (NODE.width + NODE.columnGap);
  const bottom = Math.max(...[...states.values()].map((s) => s.y)) + NODE.height;

  const edges: PlacedEdge[] = graph.transitions.map((transition, index) => {
    const from = states.get(transition.from) as PlacedState;
    const to = states.get(transition.to) as PlacedState;
    if (from === to) {
      const x = from.x + NODE.width / 2;
      return { transition, d: `M ${x - 18} ${from.y} C ${x - 30} ${from.y - 26}, ${x + 30} ${from.y - 26}, ${x + 18} ${from.y}`, labelX: x, labelY: from.y - 22 };
    }
    if (to.column > from.column) {
      const x1 = from.x + NODE.width;
      const y1 = from.y + NODE.height / 2;
      const x2 = to.x;
      const y2 = to.y + NODE.height / 2;
      const bend = (x2 - x1) / 2;
      return { transition, d: `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`, labelX: (x1 + x2) / 2, labelY: (y1 + y2) / 2 - 4 };
    }
    // Back or sideways: an arc under both states, deeper for each such edge so they do not overlap.
    const x1 = from.x + NODE.width / 2;
    const x2 = to.x + NODE.width / 2;
    const y1 = from.y + NODE.height;
    const y2 = to.y + NODE.height;
    const depth = 28 + (index % 5) * 10;
    const low = Math.max(y1, y2) + depth;
    return { transition, d: `M ${x1} ${y1} C ${x1} ${low}, ${x2} ${low}, ${x2} ${y2}`, labelX: (x1 + x2) / 2, labelY: low - depth / 4 };
  });
  return { width, height: bottom + NODE.margin + 70, states, edges };
}
