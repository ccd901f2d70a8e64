/**
 * Coverage of model-based paths, counted over `path.steps`: which atomic states were visited and which
 * event descriptors were executed, compared with everything the machine declares.
 */
import type { AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { getStateNodes } from 'xstate/graph';

interface StepLike {
  event: EventObject;
  state: { _nodes: readonly AnyStateNode[] };
}

/**
 * A state left the moment it is entered: an eventless transition without a guard always leaves it, so no
 * snapshot (and no person or API) ever sees it. It is a decision, not a state to visit.
 */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition) => !transition.guard);
}

/** Ids of every atomic state node a snapshot can rest in, e.g. `resource.list.loading`. */
export function atomicStateIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic' && !isTransient(node))
    .map((node) => node.id);
}

/** Every event descriptor a transition listens to (wildcards like `xstate.done.actor.call.*` included). */
export function declaredEventDescriptors(machine: AnyStateMachine): string[] {
  const descriptors = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const descriptor of node.transitions.keys()) descriptors.add(descriptor);
  }
  return [...descriptors].sort();
}

function matches(descriptor: string, eventType: string): boolean {
  return descriptor.endsWith('.*') ? eventType.startsWith(descriptor.slice(0, -1)) : descriptor === eventType;
}

export class PathCoverage {
  readonly states = new Set<string>();
  readonly events = new Set<string>();
  steps = 0;

  record(path: { steps: readonly StepLike[] }): void {
    for (const step of path.steps) {
      this.steps += 1;
      this.events.add(step.event.type);
      for (const node of step.state._nodes) if (node.type === 'atomic') this.states.add(node.id);
    }
  }

  missingStates(machine: AnyStateMachine): string[] {
    return atomicStateIds(machine).filter((id) => !this.states.has(id));
  }

  missingEvents(machine: AnyStateMachine): string[] {
    const executed = [...this.events];
    return declaredEventDescriptors(machine).filter((descriptor) => !executed.some((type) => matches(descriptor, type)));
  }
}

/**
 * Serialises a snapshot for traversal: its value, its context as the caller projects it, and the event
 * that led there, so every event appears on some path even when it leads back to a known state.
 */
export function serializeBy<TContext>(project: (context: TContext) => unknown) {
  return (state: { value: unknown; context: TContext }, event: EventObject | undefined): string =>
    JSON.stringify({ value: state.value, context: project(state.context), via: event?.type ?? null });
}
