/**
 * Paths of a lifecycle machine (src/machines/lifecycles), generated from it for the tests of the machine, of
 * the server (HTTP replay) and for the fixture that puts a record in any state: every simple path from the
 * initial state, walked by a caller who holds every privilege; and the machine's transitions, for coverage.
 */
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Lifecycle, LifecycleCaller } from '../../../src/machines/lifecycles/index';

export interface LifecycleStep {
  from: string;
  event: string;
  to: string;
}

export interface LifecyclePath {
  /** The state the path ends in. */
  target: string;
  steps: LifecycleStep[];
}

const ALL_PRIVILEGES = ['VIEW', 'CREATE', 'UPDATE', 'DELETE'] as const;

/** A member of staff holding every privilege of every feature, for walking every transition. */
export const EVERY_PRIVILEGE: LifecycleCaller = {
  kind: 'staff',
  id: 'model-caller',
  name: 'Model Caller',
  permissions: new Proxy({}, { get: () => ALL_PRIVILEGES }),
};

/** Every (from, event, to) the machine declares. */
export function declaredTransitions(machine: AnyStateMachine): LifecycleStep[] {
  const steps: LifecycleStep[] = [];
  for (const [from, node] of Object.entries(machine.config.states ?? {})) {
    for (const [event, config] of Object.entries((node as { on?: Record<string, { target: string }> }).on ?? {})) steps.push({ from, event, to: config.target });
  }
  return steps;
}

export function lifecyclePaths(lifecycle: Lifecycle, caller: LifecycleCaller = EVERY_PRIVILEGE): LifecyclePath[] {
  const model = createTestModel(lifecycle.machine, { input: { record: {} } });
  const events = Object.keys(lifecycle.events).map((type) => ({ type, caller }));
  return model.getSimplePaths({ events, filterEvents: (snapshot, event) => snapshot.can(event) }).map((path) => {
    const steps: LifecycleStep[] = [];
    let from = String(lifecycle.machine.resolveState({ value: lifecycle.machine.config.initial as string, context: { record: {} } }).value);
    for (const step of path.steps) {
      const to = String(step.state.value);
      if (step.event.type.startsWith('xstate.')) {
        from = to;
        continue;
      }
      steps.push({ from, event: step.event.type, to });
      from = to;
    }
    return { target: String(path.state.value), steps };
  });
}

/** The shortest way from the initial state to `state` (empty for the initial state). */
export function pathTo(lifecycle: Lifecycle, state: string): LifecycleStep[] {
  let best: LifecycleStep[] | undefined;
  for (const path of lifecyclePaths(lifecycle)) {
    if (path.steps[0]?.from === state) return [];
    const at = path.steps.findIndex((s) => s.to === state);
    if (at >= 0 && (!best || at + 1 < best.length)) best = path.steps.slice(0, at + 1);
  }
  if (!best) throw new Error(`${lifecycle.module}: no path reaches ${state}`);
  return best;
}

/** Data an event needs, filled with a plausible value for each required field. */
export function eventData(lifecycle: Lifecycle, event: string): Record<string, string> {
  return Object.fromEntries(Object.keys(lifecycle.events[event]?.requires ?? {}).map((field) => [field, `Model path: ${event}`]));
}
