/**
 * Reading a record through its lifecycle (pure): the state it is in, the events a caller may send now, the
 * state an event leads to, and the sentence that says why a step is refused. The machine is restored from
 * the stored status; nothing runs and nothing is written here.
 */
import { transition, type AnyMachineSnapshot } from 'xstate';
import type { LifecycleCaller } from './caller';
import type { Lifecycle } from './definition';
import { isMaker, RECORD_EVENTS, type RecordEvent } from './recordRules';

type RecordBody = Readonly<Record<string, unknown>>;

/** The record's state, or undefined when its stored status is not a state of the machine. */
export function stateOf(lifecycle: Lifecycle, record: RecordBody): string | undefined {
  const status = record[lifecycle.statusField];
  return typeof status === 'string' && status in lifecycle.machine.config.states! ? status : undefined;
}

function snapshotOf(lifecycle: Lifecycle, record: RecordBody): AnyMachineSnapshot | undefined {
  const state = stateOf(lifecycle, record);
  return state === undefined ? undefined : lifecycle.machine.resolveState({ value: state, context: { record } });
}

/** The events `caller` may send now, in the index's order. */
export function allowedEvents(lifecycle: Lifecycle, record: RecordBody, caller: LifecycleCaller): string[] {
  const snapshot = snapshotOf(lifecycle, record);
  if (!snapshot) return [];
  return Object.keys(lifecycle.events).filter((type) => snapshot.can({ type, caller }));
}

/** The events the machine has from `state`, whoever may send them (a screen that checks the person's privilege itself). */
export function declaredEvents(lifecycle: Lifecycle, state: string): string[] {
  const node = lifecycle.machine.config.states?.[state] as { on?: Record<string, unknown> } | undefined;
  return Object.keys(node?.on ?? {});
}

/** Where `event` takes the record for `caller`, or undefined when the machine does not allow it now. */
export function nextState(lifecycle: Lifecycle, record: RecordBody, event: string, caller: LifecycleCaller): string | undefined {
  const snapshot = snapshotOf(lifecycle, record);
  if (!snapshot?.can({ type: event, caller })) return undefined;
  const [next] = transition(lifecycle.machine, snapshot, { type: event, caller });
  return String(next.value);
}

/** The events that take the record to `state` for `caller` now (a PUT or a bulk call naming a status). */
export function eventsLeadingTo(lifecycle: Lifecycle, record: RecordBody, state: string, caller: LifecycleCaller): string[] {
  return allowedEvents(lifecycle, record, caller).filter((event) => nextState(lifecycle, record, event, caller) === state);
}

function listed(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** Whether the record is in one of its machine's final states (a closed or cancelled ticket): nothing more moves it. */
export function isFinal(lifecycle: Lifecycle, record: RecordBody): boolean {
  const state = stateOf(lifecycle, record);
  return state !== undefined && lifecycle.machine.config.states?.[state]?.type === 'final';
}

/** "Credit note CN-2026-000003 is Approved: nothing more can be done with it", or what can be done. */
export function refusalMessage(lifecycle: Lifecycle, record: RecordBody, name: string, allowed: readonly string[]): string {
  const status = String(record[lifecycle.statusField] ?? 'without a status');
  const head = `${lifecycle.noun} ${name} is ${status}`;
  if (!lifecycle.machine.config.states?.[status] || isFinal(lifecycle, record)) return `${head}: nothing more can be done with it`;
  if (allowed.length === 0) return `${head}: you may not change it now`;
  return `${head}: you can ${listed(allowed.map((e) => `"${lifecycle.events[e]?.label ?? e}"`))}`;
}

/**
 * The fields the lifecycle's steps stamp (who and when), and its maker (who raised the record): written by the
 * server only, never from a body or a form.
 */
export function stampedFields(lifecycle: Lifecycle): string[] {
  const maker = lifecycle.records.maker ? [lifecycle.records.maker] : [];
  return [...new Set([...Object.values(lifecycle.events).flatMap((e) => (e.stamps ? [e.stamps.by, e.stamps.at] : [])), ...maker])];
}

/** Whether `caller` may send the record event (`edit` or `delete`, ./recordRules.ts) now. */
export function mayDo(lifecycle: Lifecycle, record: RecordBody, event: RecordEvent, caller: LifecycleCaller): boolean {
  return snapshotOf(lifecycle, record)?.can({ type: event, caller }) ?? false;
}

/** The record events `caller` may send now: what the screens offer as Edit and Delete. */
export function recordEvents(lifecycle: Lifecycle, record: RecordBody, caller: LifecycleCaller): RecordEvent[] {
  return RECORD_EVENTS.filter((event) => mayDo(lifecycle, record, event, caller));
}

/** The fields an edit may change in the record's state: every field when the state's rule names none. */
export function editableFields(lifecycle: Lifecycle, record: RecordBody): readonly string[] | 'any' {
  const state = stateOf(lifecycle, record);
  const rule = state === undefined ? undefined : lifecycle.records.edit[state];
  return rule?.fields ?? 'any';
}

/**
 * Why `caller` may not edit (or delete) the record now, in words: the state's sentence ("Approved credit notes
 * cannot be changed: raise another credit note"), that it is its maker's, or that their privileges do not reach it.
 */
export function recordRefusal(lifecycle: Lifecycle, record: RecordBody, name: string, event: RecordEvent, caller: LifecycleCaller): string {
  const state = stateOf(lifecycle, record);
  const head = `${lifecycle.noun} ${name} is ${String(record[lifecycle.statusField] ?? 'without a status')}`;
  if (state === undefined) return `${head}: it cannot be changed`;
  const rule = event === 'edit' ? lifecycle.records.edit[state] : lifecycle.records.delete[state];
  if (!rule) {
    if (event === 'delete') return `${head}: it cannot be deleted${isFinal(lifecycle, record) ? '' : ` (${lifecycle.records.edit[state] ? 'it can still be changed' : 'take its next step instead'})`}`;
    return lifecycle.records.locked[state] ?? `${head}: it cannot be changed`;
  }
  if (rule.makerOnly && lifecycle.records.maker && !isMaker(lifecycle.records, record, caller)) {
    return `${head}: only the person who raised it can ${event === 'edit' ? 'change' : 'delete'} it`;
  }
  if ((rule.unlessSet ?? []).some((field) => record[field] !== undefined && record[field] !== null && record[field] !== '')) {
    return `${head}: it has work done under it, so it cannot be deleted: cancel it instead`;
  }
  return `${head}: you may not ${event === 'edit' ? 'change' : 'delete'} it`;
}

/** The refusal of a checker's step to the record's maker (maker–checker), or undefined when that is not why. */
export function makerCheckerRefusal(lifecycle: Lifecycle, record: RecordBody, name: string, event: string, caller: LifecycleCaller): string | undefined {
  if (!lifecycle.records.checkerSteps?.includes(event) || !isMaker(lifecycle.records, record, caller)) return undefined;
  const step = (lifecycle.events[event]?.label ?? event).toLowerCase();
  return `${lifecycle.noun} ${name} was raised by you: someone else must ${step} it (whoever raises a ${lifecycle.noun.toLowerCase()} does not approve or reject it)`;
}
