/**
 * Lays a machine's diagram out with ELK (elkjs, layered): states nested in their parents' boxes, edges routed
 * around them, labels placed where they overlap nothing (./diagramGraph.ts says what is asked and what comes back).
 * ELK is imported only here and only when a diagram is drawn, so no other page's files carry it. Its bundled build
 * runs on the page's own thread: the largest machine (resource, 29 states and 67 transitions) takes it about a
 * second on a slow machine, the lifecycles a tenth of that, so each graph's layout is made once and kept.
 */
import type { MachineGraph } from '../../../machines/paths/graph';
import { elkGraphOf, placedFrom, type DiagramLayout, type ElkNode } from './diagramGraph';

interface Elk {
  layout(graph: ElkNode): Promise<ElkNode>;
}

let elk: Promise<Elk> | undefined;
const layouts = new WeakMap<MachineGraph, Promise<DiagramLayout>>();

function loadElk(): Promise<Elk> {
  const loading = (elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK() as unknown as Elk));
  // A failed download may succeed on the next diagram.
  loading.catch(() => {
    if (elk === loading) elk = undefined;
  });
  return loading;
}

async function layOut(graph: MachineGraph): Promise<DiagramLayout> {
  const laidOut = await (await loadElk()).layout(elkGraphOf(graph));
  return placedFrom(graph, laidOut);
}

/** The diagram of `graph`, laid out once per graph (a failed layout is tried again next time). */
export function layoutDiagram(graph: MachineGraph): Promise<DiagramLayout> {
  let layout = layouts.get(graph);
  if (!layout) {
    layout = layOut(graph);
    layouts.set(graph, layout);
    layout.catch(() => layouts.delete(graph));
  }
  return layout;
}
