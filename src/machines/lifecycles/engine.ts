/**
 * Reading a record through its lifecycle (pure): the state it is in, the events a caller may send now, the
 * state an event leads to, and the sentence that says why a step is refused. The machine is restored from
 * the stored status; nothing runs and nothing is written here.
 */
import { transition, type AnyMachineSnapshot } from 'xstate';
import type { LifecycleCaller } from './caller';
import type { Lifecycle } from './definition';
import { hasMovedOn, isMaker, RECORD_EVENTS, type RecordEvent } from './recordRules';
import { refusal, type Said } from '../../contract/refusalMessages';

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

/**
 * The events `caller` may send now, in the index's order, by walking the machine: restore the snapshot and ask it
 * event by event. What allowedEvents answers from its table; kept for the guards that read the record, and for
 * the test that holds the table to it (tests/machines/allowed-events-table.test.ts).
 */
export function walkAllowedEvents(lifecycle: Lifecycle, record: RecordBody, caller: LifecycleCaller): string[] {
  const snapshot = snapshotOf(lifecycle, record);
  if (!snapshot) return [];
  return Object.keys(lifecycle.events).filter((type) => snapshot.can({ type, caller }));
}

/**
 * The allowed-events table: per lifecycle, per caller (their kind and what they hold of the features the lifecycle's
 * guards read), per state, one verdict per event of the index, built the first time such a caller asks about that
 * state and kept. Walking the machine (resolveState, then `can` per event) cost more than the rest of a get-by-id;
 * a kept verdict costs a lookup.
 *
 * A verdict is kept only when it cannot depend on the record or on who the caller is beyond that key: it is found by
 * asking the machine once with a record and a caller that note every field read of them. A guard that read a record
 * field (an invoice's IRN, a spare request's requester, a plan's due date) or the caller's id or day leaves
 * `undefined`, and that event is asked of the machine on every call, exactly as before. Guards are pure functions of
 * the record and the caller, so a verdict reached without reading either holds for every record in that state.
 *
 * The key holds the privileges of every feature the lifecycle's guards have been seen to read (learnt while judging:
 * a guard `a || b` reads b only for some callers); when a new one is seen the lifecycle's table starts again with the
 * longer key. The privileges are read feature by feature, never by listing the permissions object.
 */
type Verdicts = ReadonlyArray<boolean | undefined>;

interface Table {
  /** The features the guards were seen to read, sorted: the key's parts. */
  features: readonly string[];
  byKey: Map<string, Map<string, Verdicts>>;
  /**
   * The privileges' part of the key, per permissions object: a session's object is built once (server/domain/
   * lifecycle-caller.ts), so its key is too, instead of sorting its privileges on every read. Made anew with the
   * features.
   */
  keys: WeakMap<object, string>;
}

/**
 * The events a verdict is kept for, in this order: the index's events (the steps), then the record events (Edit and
 * Delete, which the screens offer beside the steps on every read).
 */
const judged = new WeakMap<Lifecycle, readonly string[]>();
function judgedEvents(lifecycle: Lifecycle): readonly string[] {
  let events = judged.get(lifecycle);
  if (!events) {
    events = [...Object.keys(lifecycle.events), ...RECORD_EVENTS];
    judged.set(lifecycle, events);
  }
  return events;
}

/** Past this many distinct keys per lifecycle (privilege sets: roles), the table starts again rather than grow. */
const MAX_KEYS = 500;
const tables = new WeakMap<Lifecycle, Table>();

function keyOf(table: Table, caller: LifecycleCaller): string {
  let held = table.keys.get(caller.permissions);
  if (held === undefined) {
    held = '';
    for (const feature of table.features) {
      const privileges = caller.permissions[feature];
      held += privileges ? `|${[...privileges].sort().join(',')}` : '|-';
    }
    table.keys.set(caller.permissions, held);
  }
  return caller.kind + held;
}

/** The caller fields a kept verdict may depend on (they are its key); reading any other makes it the caller's own. */
const KEYED_CALLER_FIELDS: ReadonlySet<PropertyKey> = new Set(['kind', 'permissions']);

function judge(lifecycle: Lifecycle, state: string, caller: LifecycleCaller, featuresRead: Set<string>): Verdicts {
  let readOther = false;
  const noteRead = (keyed: (key: PropertyKey) => boolean) => ({
    get(target: object, key: PropertyKey, receiver: unknown) {
      if (!keyed(key)) readOther = true;
      return Reflect.get(target, key, receiver);
    },
    has(target: object, key: PropertyKey) {
      if (!keyed(key)) readOther = true;
      return Reflect.has(target, key);
    },
    ownKeys(target: object) {
      readOther = true;
      return Reflect.ownKeys(target);
    },
  });
  // The record holds only its status (the state: fixed by the key); any other field read is the record's.
  const record = new Proxy({ [lifecycle.statusField]: state }, noteRead((key) => key === lifecycle.statusField));
  // The privileges, read feature by feature (each noted: it joins the key); listing them is not keyed.
  const permissions = new Proxy(caller.permissions, {
    get(target, key) {
      if (typeof key === 'string') featuresRead.add(key);
      else readOther = true;
      return target[key as string];
    },
    has(target, key) {
      readOther = true;
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      readOther = true;
      return Reflect.ownKeys(target);
    },
  });
  const watched = new Proxy({ ...caller, permissions }, noteRead((key) => KEYED_CALLER_FIELDS.has(key))) as LifecycleCaller;
  const snapshot = lifecycle.machine.resolveState({ value: state, context: { record } });
  return judgedEvents(lifecycle).map((type) => {
    readOther = false;
    const allowed = snapshot.can({ type, caller: watched });
    return readOther ? undefined : allowed;
  });
}

function verdictsFor(lifecycle: Lifecycle, state: string, caller: LifecycleCaller): Verdicts {
  let table = tables.get(lifecycle);
  if (!table) {
    table = { features: [], byKey: new Map(), keys: new WeakMap() };
    tables.set(lifecycle, table);
  }
  const kept = table.byKey.get(keyOf(table, caller))?.get(state);
  if (kept) return kept;
  const featuresRead = new Set(table.features);
  const verdicts = judge(lifecycle, state, caller, featuresRead);
  if (featuresRead.size !== table.features.length) {
    // A feature no guard had read before: the key grows, and what was kept under the shorter one goes.
    table.features = [...featuresRead].sort();
    table.byKey.clear();
    table.keys = new WeakMap();
  }
  const key = keyOf(table, caller);
  let byState = table.byKey.get(key);
  if (!byState) {
    if (table.byKey.size >= MAX_KEYS) table.byKey.clear();
    byState = new Map();
    table.byKey.set(key, byState);
  }
  byState.set(state, verdicts);
  return verdicts;
}

/** The events `caller` may send now, in the index's order: from the table, asking the machine only where a guard reads the record. */
export function allowedEvents(lifecycle: Lifecycle, record: RecordBody, caller: LifecycleCaller): string[] {
  return keptOrAsked(lifecycle, record, caller, 'steps');
}

/**
 * The steps or the record events `caller` may send now, from the table; a verdict the table could not keep is asked
 * of the machine, restored once for all of them.
 */
function keptOrAsked(lifecycle: Lifecycle, record: RecordBody, caller: LifecycleCaller, which: 'steps' | 'record'): string[] {
  const state = stateOf(lifecycle, record);
  if (state === undefined) return [];
  const verdicts = verdictsFor(lifecycle, state, caller);
  const events = judgedEvents(lifecycle);
  const steps = events.length - RECORD_EVENTS.length;
  let snapshot: AnyMachineSnapshot | undefined;
  const allowed: string[] = [];
  for (let i = which === 'steps' ? 0 : steps; i < (which === 'steps' ? steps : events.length); i++) {
    const type = events[i]!;
    let verdict = verdicts[i];
    if (verdict === undefined) {
      snapshot ??= lifecycle.machine.resolveState({ value: state, context: { record } });
      verdict = snapshot.can({ type, caller });
    }
    if (verdict) allowed.push(type);
  }
  return allowed;
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

/** Whether the record is in one of its machine's final states (a closed or cancelled ticket): nothing more moves it. */
export function isFinal(lifecycle: Lifecycle, record: RecordBody): boolean {
  const state = stateOf(lifecycle, record);
  return state !== undefined && lifecycle.machine.config.states?.[state]?.type === 'final';
}

/** The values every refusal of a record names: its kind, its number or name, its status. */
function about(lifecycle: Lifecycle, record: RecordBody, name: string) {
  return { noun: lifecycle.noun, name, status: String(record[lifecycle.statusField] ?? 'without a status') };
}

/** "Credit note CN-2026-000003 is Approved: nothing more can be done with it", or what can be done. */
export function refusalMessage(lifecycle: Lifecycle, record: RecordBody, name: string, allowed: readonly string[]): Said {
  const status = String(record[lifecycle.statusField] ?? 'without a status');
  if (!lifecycle.machine.config.states?.[status] || isFinal(lifecycle, record)) return refusal('nothingMore', about(lifecycle, record, name));
  if (allowed.length === 0) return refusal('notNow', about(lifecycle, record, name));
  return refusal('youCan', { ...about(lifecycle, record, name), steps: allowed.map((e) => lifecycle.events[e]?.label ?? e) });
}

/**
 * The fields the lifecycle's steps stamp (who and when), and its maker (who raised the record): written by the
 * server only, never from a body or a form.
 */
/** The fields only a step's dialog asks for (see Lifecycle `createWith`): its data, bar what a new record may be given. */
export function stepDataFields(lifecycle: Lifecycle): string[] {
  const data = Object.values(lifecycle.events).flatMap((e) => [...Object.keys(e.requires ?? {}), ...(e.keeps ?? []), ...(e.signatures ?? [])]);
  return [...new Set(data)].filter((field) => !lifecycle.createWith?.includes(field));
}

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
  return keptOrAsked(lifecycle, record, caller, 'record') as RecordEvent[];
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
export function recordRefusal(lifecycle: Lifecycle, record: RecordBody, name: string, event: RecordEvent, caller: LifecycleCaller): Said {
  const state = stateOf(lifecycle, record);
  const values = about(lifecycle, record, name);
  if (state === undefined) return refusal('cannotChange', values);
  const rule = event === 'edit' ? lifecycle.records.edit[state] : lifecycle.records.delete[state];
  if (!rule) {
    if (event === 'delete') return refusal(isFinal(lifecycle, record) ? 'cannotDelete' : lifecycle.records.edit[state] ? 'cannotDeleteCanChange' : 'cannotDeleteTakeStep', values);
    return lifecycle.records.locked[state] ?? refusal('cannotChange', values);
  }
  if (rule.makerOnly && lifecycle.records.maker && !isMaker(lifecycle.records, record, caller)) {
    return refusal(event === 'edit' ? 'makerOnlyChange' : 'makerOnlyDelete', values);
  }
  if (hasMovedOn(rule, record)) return refusal('workDone', values);
  return refusal(event === 'edit' ? 'mayNotChange' : 'mayNotDelete', values);
}

/** The refusal of a checker's step to the record's maker (maker–checker), or undefined when that is not why. */
/** Why `event`, declared from the record's state, is blocked on this record (RecordRules `stepBlocks`), if it is. */
export function blockedStepRefusal(lifecycle: Lifecycle, record: RecordBody, name: string, event: string): Said | undefined {
  const block = lifecycle.records.stepBlocks?.[event];
  const state = stateOf(lifecycle, record);
  if (!block || state === undefined || !declaredEvents(lifecycle, state).includes(event)) return undefined;
  return block(record, name);
}

export function makerCheckerRefusal(lifecycle: Lifecycle, record: RecordBody, name: string, event: string, caller: LifecycleCaller): Said | undefined {
  if (!lifecycle.records.checkerSteps?.includes(event) || !isMaker(lifecycle.records, record, caller)) return undefined;
  const step = lifecycle.events[event]?.label ?? event;
  const noun = lifecycle.noun;
  return refusal('makerChecker', { noun, name, stepLower: step.toLowerCase(), nounLower: noun.toLowerCase() }, { noun, name, stepLower: step, nounLower: noun });
}
