/**
 * Who takes each step of a lifecycle path (issue 37): the customer on a public link, the server's scheduler, or
 * a member of staff in a role that passes the step's guard. The role is found by asking the machine's own guard
 * with each tester role's privileges in turn (./roles.ts, the most specific role first), so a maker–checker path
 * is taken by the clerk and then the approver, as it is in the office, never by one administrator.
 *
 * Pure: the guard is asked with an empty record, so a guard that also reads the record (a spare request's
 * requester, a plan's due date) is passed by the next role that holds the privilege outright.
 */
import type { LifecycleCaller } from '../lifecycles/caller';
import type { Lifecycle } from '../lifecycles/index';
import { TESTER_ROLES, type TesterRole } from './roles';

export type StepActor =
  | { kind: 'customer'; words: string }
  | { kind: 'scheduler'; words: string }
  /** A workflow's events: whoever is on the screen. */
  | { kind: 'user'; words: string }
  | { kind: 'staff'; role: string; words: string };

export interface StepGuard {
  name: string;
  /** Who passes it, in words (the lifecycle index's `guards`). */
  words: string;
}

type GuardFn = (args: { context: { record: Record<string, unknown> }; event: { type: string; caller: LifecycleCaller } }) => boolean;

interface TransitionNode {
  transitions: Map<string, ReadonlyArray<{ guard?: unknown; target?: ReadonlyArray<{ path: string[] }> }>>;
}

/** The guard's name on the transition `state -event->` of the lifecycle's steps machine (undefined when it has none). */
export function guardNameOf(machine: Lifecycle['machine'], state: string, event: string): string | undefined {
  const node = machine.root.states[state] as unknown as TransitionNode | undefined;
  const candidate = node?.transitions.get(event)?.[0];
  const guard = candidate?.guard;
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard && typeof (guard as { type: unknown }).type === 'string') return (guard as { type: string }).type;
  return undefined;
}

export function stepGuard(lifecycle: Lifecycle, machine: Lifecycle['machine'], state: string, event: string): StepGuard | undefined {
  const name = guardNameOf(machine, state, event);
  return name === undefined ? undefined : { name, words: lifecycle.guards[name] ?? name };
}

function callerOf(role: TesterRole): LifecycleCaller {
  return { kind: 'staff', id: `tester-${role.role}`, name: role.words, permissions: role.permissions };
}

/** The tester role whose privileges pass `guard` (asked as the machine asks it), the most specific first. */
export function roleFor(machine: Lifecycle['machine'], guard: string | undefined, event: string): TesterRole | undefined {
  const guards = machine.implementations.guards as Record<string, GuardFn>;
  const passes = guard === undefined ? () => true : guards[guard];
  if (!passes) return undefined;
  return TESTER_ROLES.find((role) => passes({ context: { record: {} }, event: { type: event, caller: callerOf(role) } }));
}

/** Who sends `event` from `state` on a record of `lifecycle` (its steps machine `machine`). */
export function stepActor(lifecycle: Lifecycle, machine: Lifecycle['machine'], state: string, event: string): StepActor {
  const sender = lifecycle.events[event]?.sender;
  if (sender === 'customer') return { kind: 'customer', words: lifecycle.module === 'subscription-request' ? 'the prospect' : 'the customer' };
  if (sender === 'scheduler') return { kind: 'scheduler', words: 'the scheduler' };
  const role = roleFor(machine, guardNameOf(machine, state, event), event);
  if (!role) throw new Error(`${lifecycle.module}: no tester role passes the guard of ${state} -${event}->`);
  return { kind: 'staff', role: role.role, words: `the ${role.words}` };
}
