/**
 * Paths of a lifecycle machine (src/machines/lifecycles), generated from it for the tests of the machine, of
 * the server (HTTP replay) and for the fixture that puts a record in any state: every simple path from the
 * initial state, walked by a caller who holds every privilege; and the machine's transitions, for coverage.
 */
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { moduleNamed } from '../../../src/contract/modules/index';
import { isRecordEvent, type Lifecycle, type LifecycleCaller } from '../../../src/machines/lifecycles/index';

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

/** The day the model callers act on, and record data that lets every dated guard pass on it. */
export const MODEL_TODAY = '2026-06-01';
const MODEL_RECORDS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  // A plan whose next due date has passed: the scheduler may make it due, then overdue.
  'preventive-maintenance': { nextDueDate: '2026-01-01' },
};

/** The record a model walk starts from: what its machine's dated guards read (nothing for most). */
export function modelRecord(lifecycle: Lifecycle): Record<string, unknown> {
  return { ...MODEL_RECORDS[lifecycle.module] };
}

/** The customer on a public link, and the scheduler, as model callers. */
export const MODEL_CUSTOMER: LifecycleCaller = { kind: 'customer', id: 'public-link', name: 'Customer (public link)', permissions: {}, today: MODEL_TODAY };
export const MODEL_SCHEDULER: LifecycleCaller = { kind: 'scheduler', id: 'scheduler', name: 'Scheduler', permissions: {}, today: MODEL_TODAY };

/** Who sends `event` in a model walk: its sender (the index's `sender`), else a member of staff with every privilege. */
export function modelCaller(lifecycle: Lifecycle, event: string): LifecycleCaller {
  const sender = lifecycle.events[event]?.sender;
  return sender === 'customer' ? MODEL_CUSTOMER : sender === 'scheduler' ? MODEL_SCHEDULER : EVERY_PRIVILEGE;
}

/** Every step (from, event, to) the machine declares: its edits and deletes are not steps between states. */
export function declaredTransitions(machine: AnyStateMachine): LifecycleStep[] {
  const steps: LifecycleStep[] = [];
  for (const [from, node] of Object.entries(machine.config.states ?? {})) {
    for (const [event, config] of Object.entries((node as { on?: Record<string, { target: string }> }).on ?? {})) if (!isRecordEvent(event)) steps.push({ from, event, to: config.target });
  }
  return steps;
}

function simplePaths(lifecycle: Lifecycle, caller: LifecycleCaller): LifecyclePath[] {
  const model = createTestModel(lifecycle.machine, { input: { record: modelRecord(lifecycle) } });
  // Each event sent by whoever sends it: the customer's and the scheduler's by them, the rest by `caller`.
  const events = Object.keys(lifecycle.events).map((type) => ({ type, caller: lifecycle.events[type]?.sender ? modelCaller(lifecycle, type) : caller }));
  // Steps only: edits and deletes leave the record where it is (tested by tests/api/record-edits.test.ts).
  return model.getSimplePaths({ events, filterEvents: (snapshot, event) => !isRecordEvent(event.type) && snapshot.can(event) }).map((path) => {
    const steps: LifecycleStep[] = [];
    let from = String(lifecycle.machine.resolveState({ value: lifecycle.machine.config.initial as string, context: { record: modelRecord(lifecycle) } }).value);
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

/** How many simple paths (no state twice) start at `from`, counting no further than `cap`. */
function simplePathsUpTo(lifecycle: Lifecycle, from: string, cap: number): number {
  const transitions = declaredTransitions(lifecycle.machine);
  let count = 0;
  const walk = (state: string, seen: ReadonlySet<string>): void => {
    for (const step of transitions.filter((t) => t.from === state && !seen.has(t.to))) {
      if (++count >= cap) return;
      walk(step.to, new Set([...seen, step.to]));
      if (count >= cap) return;
    }
  };
  walk(from, new Set([from]));
  return count;
}

/** Above this many simple paths a machine is walked by its transition cover instead (a pipeline's stages all reach each other). */
export const MAX_SIMPLE_PATHS = 40;
/** Above this many steps back into the initial state, likewise (see lifecyclePaths). */
const MAX_RETURNS_TO_INITIAL = 3;

/**
 * The paths tests replay: every simple path from the initial state while there are few (each ends in a different
 * order of steps), else one path per transition, the shortest way to its source state and then the transition, so
 * every transition is still taken and the count stays bounded by the transitions (the lead's pipeline).
 */
export function lifecyclePaths(lifecycle: Lifecycle, caller: LifecycleCaller = EVERY_PRIVILEGE): LifecyclePath[] {
  const initial = String(lifecycle.machine.config.initial);
  // A machine whose steps lead back to its initial state from many places (a maintenance plan: markDone,
  // occurrenceDone and resume all return to Scheduled) is walked by its transition cover straight away: xstate's walk
  // tells states apart by the step that reached them, so its paths multiply (966 against 31 before the plan's
  // occurrenceDone, and half a minute after it) and the cover was taken in the end anyway.
  const returns = declaredTransitions(lifecycle.machine).filter((t) => t.to === initial && t.from !== initial).length;
  // Counted first, and only up to the bound: enumerating a pipeline's simple paths would not finish.
  if (returns <= MAX_RETURNS_TO_INITIAL && simplePathsUpTo(lifecycle, initial, MAX_SIMPLE_PATHS + 1) <= MAX_SIMPLE_PATHS) {
    // xstate's walk may find far more than this count (966 against 31 for the maintenance plan, whose steps lead
    // back to its initial state): bounded here too.
    const simple = simplePaths(lifecycle, caller);
    if (simple.length <= MAX_SIMPLE_PATHS + 1) return simple;
  }
  return declaredTransitions(lifecycle.machine).map((step) => ({ target: step.to, steps: [...pathBetween(lifecycle, initial, step.from), step] }));
}

/** The shortest way from the initial state to `state` (empty for the initial state). */
/** The fewest steps from `from` to `to` (breadth first over the machine's transitions). */
export function pathBetween(lifecycle: Lifecycle, from: string, to: string): LifecycleStep[] {
  const transitions = declaredTransitions(lifecycle.machine);
  const reached = new Map<string, LifecycleStep[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const state = queue.shift() as string;
    if (state === to) return reached.get(state) ?? [];
    for (const step of transitions.filter((t) => t.from === state && !reached.has(t.to))) {
      reached.set(step.to, [...(reached.get(state) ?? []), step]);
      queue.push(step.to);
    }
  }
  throw new Error(`${lifecycle.module}: no path from ${from} reaches ${to}`);
}

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

/**
 * Kept data a step needs only in some records, with a value the server takes: cancelling an invoice registered
 * with the e-invoice portal needs the portal's reason code (server/domain/billing/invoice-steps.ts).
 */
const CONDITIONAL_DATA: Readonly<Record<string, string>> = { cancelReasonCode: '2' };

/**
 * The data a step requires, made up for a replay: words for its text fields, and `userId` (the person replaying)
 * for a field naming a user, such as the engineer a ticket is assigned to; and the kept data some records need.
 */
export function eventData(lifecycle: Lifecycle, event: string, userId = ''): Record<string, string> {
  const references = moduleNamed(lifecycle.module).references ?? {};
  const spec = lifecycle.events[event];
  const required = Object.keys(spec?.requires ?? {}).map((field) => [field, references[field] === 'subscriber-user' ? userId : `Model path: ${event}`]);
  const conditional = (spec?.keeps ?? []).filter((field) => field in CONDITIONAL_DATA).map((field) => [field, CONDITIONAL_DATA[field]!]);
  return Object.fromEntries([...required, ...conditional]);
}
