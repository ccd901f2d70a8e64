/**
 * Lays a machine's diagram out with ELK (elkjs, layered): states nested in their parents' boxes, edges routed
 * around them, labels placed where they overlap nothing (./diagramGraph.ts says what is asked and what comes back).
 * ELK is imported only here and only when a diagram is drawn, so no other page's files carry it. Its bundled build
 * runs on the page's own thread: the largest machine (resource, 29 states and 67 transitions) takes it about a
 * second on a slow machine, the lifecycles a tenth of that, so each graph's layout is made once and kept.
 */
import type { MachineGraph } from '../../../machines/paths/graph';
import { CODE_WORDS, elkGraphOf, placedFrom, readingOf, type DiagramLayout, type DiagramWords, type ElkNode } from './diagramGraph';

interface Elk {
  layout(graph: ElkNode): Promise<ElkNode>;
}

let elk: Promise<Elk> | undefined;
/** Per graph, its layouts by what their labels read (the language of a lifecycle's words). */
const layouts = new WeakMap<MachineGraph, Map<string, Promise<DiagramLayout>>>();

function loadElk(): Promise<Elk> {
  const loading = (elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK() as unknown as Elk));
  // A failed download may succeed on the next diagram.
  loading.catch(() => {
    if (elk === loading) elk = undefined;
  });
  return loading;
}

async function layOut(graph: MachineGraph, words: DiagramWords): Promise<DiagramLayout> {
  const laidOut = await (await loadElk()).layout(elkGraphOf(graph, words));
  return placedFrom(graph, laidOut, words);
}

/** The diagram of `graph` named in `words`, laid out once per graph and reading (a failed layout is tried again next time). */
export function layoutDiagram(graph: MachineGraph, words: DiagramWords = CODE_WORDS): Promise<DiagramLayout> {
  const reading = readingOf(graph, words);
  const ofGraph = layouts.get(graph) ?? new Map<string, Promise<DiagramLayout>>();
  layouts.set(graph, ofGraph);
  let layout = ofGraph.get(reading);
  if (!layout) {
    layout = layOut(graph, words);
    ofGraph.set(reading, layout);
    layout.catch(() => ofGraph.delete(reading));
  }
  return layout;
}
