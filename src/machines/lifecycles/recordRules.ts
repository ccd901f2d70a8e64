/**
 * Edits and deletes as events of a lifecycle machine (issue 28). A step moves a record between states; an edit
 * changes its fields and leaves it where it is; a delete removes it. Both are the machine's business: each
 * lifecycle declares, state by state, which fields may be edited and by whom, and in which states a record may be
 * deleted, beside its machine (./creditNote.ts, ./ticket.ts…). `withRecordRules` adds the `edit` and `delete`
 * events to the machine from that declaration, so `can()` answers them like any step, the server asks the same
 * machine before it writes (server/domain/lifecycle-edits.ts), and the screens offer Edit and Delete only where
 * the machine allows them.
 *
 * The defaults every lifecycle follows unless its file says otherwise (and says why):
 * - a draft is edited by its maker; a record waiting for approval is edited by nobody (the maker recalls it
 *   first), so the checker never rewrites the maker's amounts;
 * - final states are never edited;
 * - only drafts, and records that never left their first state, are deleted; everything else is cancelled or
 *   reversed instead (a Final invoice by a credit note, an Active agreement by termination), so its history stays;
 * - the maker of a record (`maker`, stamped by the server when the record is created) may not take the checker's
 *   steps (`checkerSteps`) on it, whatever privileges they hold.
 */
import { and, createMachine, not, type AnyStateMachine } from 'xstate';
import type { LifecycleCaller, LifecycleContext } from './caller';
import type { Said } from '../../contract/refusalMessages';

/** The events every lifecycle machine has beside its steps. */
export const RECORD_EVENTS = ['edit', 'delete'] as const;
export type RecordEvent = (typeof RECORD_EVENTS)[number];

export function isRecordEvent(event: string): event is RecordEvent {
  return (RECORD_EVENTS as readonly string[]).includes(event);
}

export interface EditRule {
  /** The machine's guard a person must pass to edit in this state (the same one its steps use). */
  guard: string;
  /** Only the record's maker (when the record names one): a draft is its author's until it is submitted. */
  makerOnly?: true;
  /**
   * The fields that may change in this state; every field of the record when absent. The status, the steps'
   * stamps and the maker are never edited (the server drops them from bodies before this is asked).
   */
  fields?: readonly string[];
  /** Not once any of these fields holds a value: the record has moved on (a plan done once is cancelled, not deleted). */
  unlessSet?: readonly string[];
}

export interface RecordRules {
  /** State → who may edit what. A state not named here may not be edited; `locked` says why. */
  edit: Readonly<Record<string, EditRule>>;
  /** State → the sentence a person reads when they try to edit the record in that state (src/contract/refusalMessages.ts). */
  locked: Readonly<Record<string, Said>>;
  /** State → who may delete the record in that state. A state not named here keeps its records. */
  delete: Readonly<Record<string, EditRule>>;
  /** The field the server stamps with whoever raised the record (maker–checker modules). */
  maker?: string;
  /** The steps the maker may not take on their own record: the checker's (approve, reject). */
  checkerSteps?: readonly string[];
  /**
   * Fields changed in any state by whoever may call the module (never the record's terms): annotations such as a
   * lead's notes, and the server's bookkeeping of what was done with the record (an invoice's e-mail log).
   */
  annotations?: readonly string[];
  /**
   * Step → why it is not offered on this record although the caller may take it in this state (money standing
   * against an invoice): undefined when nothing blocks it. The step's guard reads it, so the step is not a button,
   * and the server's refusal of a step sent anyway says it.
   */
  stepBlocks?: Readonly<Record<string, (record: Readonly<Record<string, unknown>>, name: string) => Said | undefined>>;
}

/** Whether the record has moved on past the rule (a field of its `unlessSet` holds a value). */
export function hasMovedOn(rule: Pick<EditRule, 'unlessSet'>, record: Readonly<Record<string, unknown>>): boolean {
  return (rule.unlessSet ?? []).some((field) => record[field] !== undefined && record[field] !== null && record[field] !== '');
}

/** Whether `caller` is the record's maker (false when the record names none: records from before makers were kept). */
export function isMaker(rules: Pick<RecordRules, 'maker'>, record: Readonly<Record<string, unknown>>, caller: LifecycleCaller): boolean {
  if (!rules.maker) return false;
  const maker = record[rules.maker];
  return typeof maker === 'string' && maker !== '' && maker === caller.id;
}

/** Whether the record names a maker who is not `caller` (a maker-only edit refused to everyone else). */
function madeBySomeoneElse(rules: Pick<RecordRules, 'maker'>, record: Readonly<Record<string, unknown>>, caller: LifecycleCaller): boolean {
  if (!rules.maker) return false;
  const maker = record[rules.maker];
  return typeof maker === 'string' && maker !== '' && maker !== caller.id;
}

/**
 * The caller with only the screens on which they hold `privilege` (and everything they hold there). A view over
 * their privileges, not a copy: a caller whose privileges are computed (the tests' holder of everything) works too.
 */
function holdingOnly(caller: LifecycleCaller, privilege: string): LifecycleCaller {
  const permissions = new Proxy(caller.permissions, {
    get(target, feature) {
      const held: unknown = Reflect.get(target, feature);
      return Array.isArray(held) && held.includes(privilege) ? held : undefined;
    },
  });
  // A view over the caller too, not a spread copy: a copy would read every field of the caller (its id, its day),
  // and the allowed-events table could then keep no Edit or Delete verdict (engine.ts notes what a guard reads).
  return new Proxy(caller, { get: (target, key) => (key === 'permissions' ? permissions : Reflect.get(target, key)) });
}

type GuardFn = (args: { context: LifecycleContext; event: { type: string; caller: LifecycleCaller } }, params?: unknown) => boolean;
interface TransitionConfig {
  target?: string;
  guard?: unknown;
  [key: string]: unknown;
}
interface StateConfig {
  on?: Record<string, TransitionConfig>;
  [key: string]: unknown;
}

/**
 * The lifecycle machine with its `edit` and `delete` events (back to the same state: an edit leaves the record
 * where it is, and a deleted record has no state left to be in) and the maker–checker rule on its checker steps. The machine's
 * own guards decide who may edit; `makerOnly` narrows it to the record's maker.
 */
export function withRecordRules(machine: AnyStateMachine, rules: RecordRules): AnyStateMachine {
  const base = machine.implementations.guards as Record<string, GuardFn>;
  const states = machine.config.states as Record<string, StateConfig>;
  for (const state of [...Object.keys(rules.edit), ...Object.keys(rules.delete), ...Object.keys(rules.locked)]) {
    if (!(state in states)) throw new Error(`${machine.id}: the record rules name "${state}", which is not a state of the machine`);
  }
  const checker = new Set(rules.checkerSteps ?? []);
  const recordGuard = (rule: EditRule, event: RecordEvent) => ({ type: 'recordRule', params: { rule, event } });
  const withRules: Record<string, StateConfig> = {};
  for (const [name, config] of Object.entries(states)) {
    const on: Record<string, TransitionConfig> = {};
    for (const [event, transition] of Object.entries(config.on ?? {})) {
      on[event] = checker.has(event) ? { ...transition, guard: and([transition.guard as string, not('isMaker')]) } : transition;
    }
    const edit = rules.edit[name];
    const remove = rules.delete[name];
    // To the state itself: XState's can() answers true only for a transition that goes somewhere or acts.
    if (edit) on.edit = { target: name, guard: recordGuard(edit, 'edit') };
    if (remove) on.delete = { target: name, guard: recordGuard(remove, 'delete') };
    withRules[name] = { ...config, on };
  }
  const guards: Record<string, GuardFn> = {
    ...base,
    isMaker: ({ context, event }) => isMaker(rules, context.record, event.caller),
    recordRule: (args, params) => {
      const { rule, event } = params as { rule: EditRule; event: RecordEvent };
      const passes = base[rule.guard];
      if (!passes) throw new Error(`${machine.id}: no guard "${rule.guard}" for an edit rule`);
      const { record } = args.context;
      const { caller } = args.event;
      if (caller.kind !== 'staff' || hasMovedOn(rule, record) || (rule.makerOnly && madeBySomeoneElse(rules, record, caller))) return false;
      // The step's guard, asked with only the screens on which the person also holds what an edit (UPDATE) or a
      // delete (DELETE) of the record needs: the server's routes ask for that privilege of the module's screens,
      // so the machine never offers a button whose call would be refused for want of it.
      return passes({ ...args, event: { ...args.event, caller: holdingOnly(caller, event === 'edit' ? 'UPDATE' : 'DELETE') } });
    },
  };
  const withEdits = createMachine({ ...(machine.config as object), states: withRules } as Parameters<typeof createMachine>[0], { ...machine.implementations, guards } as never);
  stepsMachines.set(withEdits, machine);
  return withEdits;
}

const stepsMachines = new WeakMap<AnyStateMachine, AnyStateMachine>();

/**
 * The machine of the lifecycle's steps alone, without its edit and delete events: what QA's paths walk and draw
 * (an edit or a delete is not a step between states; QA's replays take steps).
 */
export function stepsMachineOf(machine: AnyStateMachine): AnyStateMachine {
  return stepsMachines.get(machine) ?? machine;
}
