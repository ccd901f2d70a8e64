/**
 * The explorer's diagram as ELK lays it out (issue 37 item 6), for every machine QA's paths are made from: each
 * nested state's box inside its parent's, sibling boxes apart (a parallel state's regions too), one edge with a label
 * for every transition, and event labels kept short with the distinguishing part.
 */
import { describe, expect, it } from 'vitest';
import { machineGraph } from '../../src/machines/paths/graph';
import { pathMachines } from '../../src/machines/paths/machines';
import { eventLabel, LONGEST_EVENT, type PlacedState } from '../../src/ui/screens/qa/diagramGraph';
import { layoutDiagram } from '../../src/ui/screens/qa/diagramLayout';

const inside = (inner: PlacedState, outer: PlacedState) => inner.x > outer.x && inner.y > outer.y && inner.x + inner.width < outer.x + outer.width && inner.y + inner.height < outer.y + outer.height;
const overlap = (a: PlacedState, b: PlacedState) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the diagram layout', () => {
  it('nests every state in its parent, keeps siblings apart and draws every transition once, with a label', async () => {
    for (const source of pathMachines()) {
      const graph = machineGraph(source.machine);
      const layout = await layoutDiagram(graph);
      const box = new Map(layout.states.map((s) => [s.name, s]));
      expect([...box.keys()].sort(), source.id).toEqual([...graph.states].sort());
      for (const [child, parent] of Object.entries(graph.parents)) expect(inside(box.get(child)!, box.get(parent)!), `${source.id}: ${child} inside ${parent}`).toBe(true);
      const siblings = new Map<string | undefined, PlacedState[]>();
      for (const state of layout.states) siblings.set(graph.parents[state.name], [...(siblings.get(graph.parents[state.name]) ?? []), state]);
      for (const group of siblings.values()) for (const a of group) for (const b of group) if (a.name < b.name) expect(overlap(a, b), `${source.id}: ${a.name} and ${b.name}`).toBe(false);
      for (const region of graph.parallel.flatMap((p) => graph.states.filter((s) => graph.parents[s] === p))) expect(box.get(region)!.kind, `${source.id}: ${region}`).toBe('region');

      expect(layout.edges.map((e) => e.transition), source.id).toEqual(graph.transitions);
      expect(new Set(layout.edges.map((e) => e.id)).size, source.id).toBe(graph.transitions.length);
      for (const edge of layout.edges) {
        expect(edge.d, `${source.id}: ${edge.id}`).toMatch(/^M [\d.]+ [\d.]+ (L [\d.]+ [\d.]+ ?)+/);
        expect(edge.label.text).toBe(eventLabel(edge.transition.event));
        expect(edge.label.x >= 0 && edge.label.x + edge.label.width <= layout.width && edge.label.y >= 0 && edge.label.y + edge.label.height <= layout.height, `${source.id}: label of ${edge.id} in the drawing`).toBe(true);
      }
      // The machine's start and each compound's entry have a dot; a compound's dot is inside its box.
      const entered = new Set(graph.transitions.filter((t) => t.event === '(enter)').map((t) => t.from));
      expect(layout.initials.map((d) => d.of).sort((a, b) => String(a).localeCompare(String(b))), source.id).toEqual([null, ...entered].sort((a, b) => String(a).localeCompare(String(b))));
      for (const dot of layout.initials.filter((d) => d.of !== null)) {
        const parent = box.get(dot.of!)!;
        expect(dot.cx > parent.x && dot.cx < parent.x + parent.width && dot.cy > parent.y && dot.cy < parent.y + parent.height, `${source.id}: the dot of ${dot.of}`).toBe(true);
      }
    }
  }, 120_000);

  it('shortens long event names keeping what tells them apart', () => {
    expect(eventLabel('submit')).toBe('submit');
    expect(eventLabel('xstate.done.actor.permissions')).toBe('done.actor.permissions');
    expect(eventLabel('xstate.error.actor.permissions')).toBe('error…permissions');
    expect(eventLabel('xstate.done.actor.0.recordWorkflow.loading')).toBe('done…loading');
    expect(eventLabel('subscription.openPrivacy')).toBe('…openPrivacy');
    expect(eventLabel('anEventNameWithoutAnyDotsThatIsLong')).toBe('anEventNameWithoutAny…');
    for (const event of ['xstate.after.3000.publicProposal.ready.viewTime.waiting', 'anEventNameWithoutAnyDotsThatIsLong']) expect(eventLabel(event).length).toBeLessThanOrEqual(LONGEST_EVENT);
  });
});
