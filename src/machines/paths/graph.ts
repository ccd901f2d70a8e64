/**
 * A machine's diagram as a graph (issue 15): its states and the transitions between them, read from the
 * machine's own state nodes, so the command (`npm run paths`), the explorer screen and the tests read one
 * source. Pure: no I/O, nothing from the DOM or Node.
 *
 * States are named by their path below the machine ("ready.bottom.deciding.idle"; a lifecycle's "Draft").
 * Edges are:
 *   - every event a state node handles, to each of its targets (an event handled without leaving the state
 *     is a loop back to it, so it is still sent by some path);
 *   - "(always)" for eventless transitions, and XState's own events for delays and invoked actors
 *     ("xstate.after.3000…", "xstate.done.actor.view");
 *   - "(enter)" from a compound state to its initial child, and from a parallel state to each region (a machine
 *     whose top is parallel starts in a state named after the machine, entering each region from there).
 * A transition declared on a compound state is drawn from that state: the walk takes it from there, not
 * from each of its children; one declared on the machine itself is drawn from the initial state. Guards are not evaluated (the graph is the diagram; who may send an event is the
 * lifecycle index's and the server's business), so every drawn transition is on some path.
 *
 * A transition is known by its source, event, target and guard index (which of the event's candidates, in the
 * order the machine lists them, it is): two candidates of one event leading to one state are one edge, the
 * first's. The nesting (which state each is inside of, which states run their children at once) is kept for the
 * explorer's drawing: a parallel root's regions are not below its name, so names alone do not tell it.
 */
import type { AnyStateMachine } from 'xstate';

export const ENTER = '(enter)';
export const ALWAYS = '(always)';

export interface Transition {
  from: string;
  event: string;
  to: string;
  /** Which of the event's candidates on its state node this is (0 for `(enter)`): its guard's place in the list. */
  guard: number;
}

/** What tells one transition of a graph from the others (a path's step records the same four). */
export function transitionId(t: { from: string; event: string; to: string; guard: number }): string {
  return `${t.from}\u0000${t.event}\u0000${t.to}\u0000${t.guard}`;
}

export interface MachineGraph {
  id: string;
  initial: string;
  states: string[];
  finals: string[];
  transitions: Transition[];
  /** The state each nested state is inside of (top-level states have none). */
  parents: Record<string, string>;
  /** The states whose children are regions, all active at once. */
  parallel: string[];
}

/** The slice of XState's StateNode this module reads. */
interface Node {
  id: string;
  path: string[];
  type: string;
  states: Record<string, Node>;
  initial?: { target?: readonly Node[] };
  transitions: Map<string, ReadonlyArray<{ target?: readonly Node[] }>>;
  always?: ReadonlyArray<{ target?: readonly Node[] }>;
}

/** A state's name: its path below the machine; a parallel root (several regions from the start) is the machine's id. */
const nameOf = (node: Node): string => node.path.join('.') || node.id;

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const root = machine.root as unknown as Node;
  const states: string[] = [];
  const finals: string[] = [];
  const transitions: Transition[] = [];
  const parents: Record<string, string> = {};
  const parallel: string[] = [];
  const seen = new Set<string>();
  const add = (from: string, event: string, to: string, guard: number) => {
    const key = `${from}\u0000${event}\u0000${to}`;
    if (!seen.has(key)) {
      seen.add(key);
      transitions.push({ from, event, to, guard });
    }
  };

  /** The events `node` handles, drawn from the state named `from`. */
  const addEventsOf = (node: Node, from: string) => {
    for (const [event, candidates] of node.transitions) {
      candidates.forEach((candidate, guard) => {
        const targets = candidate.target ?? [];
        if (targets.length === 0) add(from, event, from, guard);
        for (const target of targets) add(from, event, nameOf(target), guard);
      });
    }
  };

  const drawn = (node: Node) => node !== root || node.type === 'parallel';
  const visit = (node: Node, parent: string | undefined) => {
    const name = nameOf(node);
    if (drawn(node)) {
      states.push(name);
      if (parent !== undefined) parents[name] = parent;
      if (node.type === 'final') finals.push(name);
      if (node.type === 'parallel') parallel.push(name);
      addEventsOf(node, name);
      (node.always ?? []).forEach((candidate, guard) => {
        for (const target of candidate.target ?? []) add(name, ALWAYS, nameOf(target), guard);
      });
      if (node.type === 'compound') for (const target of node.initial?.target ?? []) add(name, ENTER, nameOf(target), 0);
      if (node.type === 'parallel') for (const region of Object.values(node.states)) add(name, ENTER, nameOf(region), 0);
    }
    for (const child of Object.values(node.states)) visit(child, drawn(node) ? name : undefined);
  };
  visit(root, undefined);

  const initial = root.type === 'parallel' ? nameOf(root) : nameOf((root.initial?.target ?? [])[0] ?? root);
  // Events the machine itself handles (whatever state it is in) are drawn from its initial state.
  if (root.type !== 'parallel') addEventsOf(root, initial);
  return { id: machine.id, initial, states, finals, transitions, parents, parallel };
}
