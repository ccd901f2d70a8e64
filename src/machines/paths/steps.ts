/**
 * A path's steps as a tester reads them (issue 37): who takes each (./actors.ts), the data it requires or
 * keeps with an example value and its rule (the lifecycle index's `requires`, `keeps` and `choices`), and the
 * guard it depends on in words, so two paths that differ by a guard no longer look alike. Steps the machine
 * takes by itself (`xstate.*` events, `(always)`, `(enter)`) are marked internal: no tester takes them.
 */
import type { AnyStateMachine } from 'xstate';
import { humanize } from '../../contract/words';
import { stepActor, type StepActor } from './actors';
import { exampleValue } from './examples';
import { ALWAYS, ENTER } from './graph';
import type { PathMachine } from './machines';
import type { TestPath } from './paths';

export interface StepData {
  field: string;
  required: boolean;
  example: string;
  /** What the value must be: the index's message for a required field, "optional", or the choices. */
  rule: string;
  choices?: readonly string[];
}

export interface TesterStep {
  state: string;
  event: string;
  /** Where the step leads. */
  to: string;
  /** The words of the button (lifecycle) or the event's name (workflow). */
  label: string;
  /** Taken by the machine itself: not a step a tester takes. */
  internal: boolean;
  actor?: StepActor;
  guard?: { name: string; words: string };
  data: StepData[];
}

export function isInternalEvent(event: string): boolean {
  return event.startsWith('xstate.') || event === ALWAYS || event === ENTER;
}

interface Candidate {
  guard?: unknown;
  target?: ReadonlyArray<{ path: string[] }>;
}
interface Node {
  states: Record<string, Node>;
  transitions: Map<string, readonly Candidate[]>;
}

const guardName = (guard: unknown): string | undefined =>
  typeof guard === 'string' ? guard : guard && typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string' ? (guard as { type: string }).type : undefined;

/** The guard of the candidate of `state -event->` that leads to `to`; "none of …" for the fallback after guarded ones. */
function guardOf(machine: AnyStateMachine, state: string, event: string, to: string): { name: string; guarded: boolean } | undefined {
  let node = machine.root as unknown as Node | undefined;
  for (const part of state.split('.')) node = node?.states[part];
  const candidates = (node ?? (machine.root as unknown as Node)).transitions.get(event) ?? [];
  const leads = (c: Candidate) => ((c.target ?? []).length === 0 ? to === state : (c.target ?? []).some((t) => t.path.join('.') === to));
  const index = candidates.findIndex(leads);
  if (index < 0) return undefined;
  const own = guardName(candidates[index]?.guard);
  if (own) return { name: own, guarded: true };
  const before = candidates.slice(0, index).map((c) => guardName(c.guard)).filter((g): g is string => g !== undefined);
  return before.length ? { name: before.join(', '), guarded: false } : undefined;
}

function dataOf(source: PathMachine, event: string): StepData[] {
  const spec = source.lifecycles.map((l) => l.events[event]).find((s) => s !== undefined);
  if (!spec) return [];
  const required = Object.entries(spec.requires ?? {}).map(([field, message]) => ({ field, required: true, example: exampleValue(field, event), rule: `required: ${message}` }));
  const kept = (spec.keeps ?? [])
    .filter((field) => !spec.signatures?.includes(field))
    .map((field) => {
      const choices = spec.choices?.[field];
      return choices
        ? { field, required: false, example: choices[0]?.value ?? '', rule: `optional, one of ${choices.map((c) => c.label).join(', ')}`, choices: choices.map((c) => c.value) }
        : { field, required: false, example: exampleValue(field, event), rule: 'optional' };
    });
  return [...required, ...kept];
}

export function testerSteps(source: PathMachine, path: TestPath): TesterStep[] {
  const lifecycle = source.lifecycles[0];
  return path.steps.map((step) => {
    // Where the transition itself leads: the next step may start from a state it is inside of.
    const to = step.to;
    const internal = isInternalEvent(step.event);
    const base = { state: step.state, event: step.event, to, internal };
    if (internal) return { ...base, label: step.event, data: [] };
    const found = guardOf(source.machine, step.state, step.event, to);
    if (lifecycle) {
      const label = lifecycle.events[step.event]?.label ?? step.event;
      const guard = found && { name: found.name, words: lifecycle.guards[found.name] ?? found.name };
      return { ...base, label, actor: stepActor(lifecycle, source.machine, step.state, step.event), ...(guard ? { guard } : {}), data: dataOf(source, step.event) };
    }
    const guard = found && { name: found.name, words: found.guarded ? `only when "${humanize(found.name).toLowerCase()}" holds` : `only when ${found.name.split(', ').map((g) => `"${humanize(g).toLowerCase()}"`).join(' nor ')} does not hold` };
    return { ...base, label: step.event, actor: { kind: 'user', words: 'the person on the screen' }, ...(guard ? { guard } : {}), data: [] };
  });
}
