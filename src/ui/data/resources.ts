/**
 * What screens read from and send to a catalogue module's actor, on top of the session's `useModule`:
 * the five slots with a status derived from the machine's state (a delete may succeed with an empty
 * body, so "succeeded" is the state, not the presence of data), intent functions, and the reference
 * pickers' options. A module is only asked for its list when the person holds its VIEW privilege (or a
 * view code that grants it): the server answers anything else with 403, which signs the person out.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { CallArgs, CallArgsOf, CallArgsParam, CallNameIn, CallNamed, CallReplyOf, ModuleRecord } from '../../api/calls';
import type { HistoryEntry, LifecycleRecord } from '../../api/lifecycleCalls';
import type { ErrorPayload, Query } from '../../api/http';
import { catalogue, type ExtraCall, type ModuleDef, type ModuleName, type ModuleOf } from '../../contract/modules';
import { OPERATOR_USER_TYPE } from '../../contract/modules/admin';
import { hasPermission } from '../../contract/permissions';
import { mayPickThrough, pickerCall } from '../../contract/pickerReads';
import { registerModules } from '../../machines/moduleRegistry';
import { useModule, useResourceEvents, useSession, selectPermissions, type SavedFrom } from '../../machines/SessionProvider';
import { selectUser } from '../../machines/selectors';
import type { RecordWorkflowActorRef } from '../../machines/flowRefs';
import { stepThroughWorkflow } from '../../machines/signedStep/calls';
import type { SignedStepRequest } from '../../machines/signedStep/machine';
import { rebasedRecord, workflowActorId, type ResourceActorRef, type ResourceSnapshot } from '../../machines/resource';
import { recordName } from '../screens/module/listView';
import { mayUseModule } from '../routeModules';
import { useT, type Translate } from '../../i18n';

// Every screen that opens a module actor reads it through this file, so the catalogue is registered with
// the session here, with the signed-in screens, rather than in the session (see machines/moduleRegistry.ts).
registerModules(catalogue);

export type SlotStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface SlotView<T> {
  data: T | null;
  loading: boolean;
  error: ErrorPayload | null;
  status: SlotStatus;
}

export interface ListView {
  data: ModuleRecord[];
  total: number;
  loading: boolean;
  error: ErrorPayload | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

/**
 * A versioned save of one record (issue 28, src/machines/resourceShapes.ts EditSlot): refused as stale (someone
 * saved the record since it was read), being read again, or read again with the person's changes on top.
 */
export interface EditView {
  /** The record the save was for. */
  id: string | null;
  /** 409 STALE_VERSION: the update slot's error says who changed it and when; "Reload" (intents.rebase) is offered. */
  stale: boolean;
  reloading: boolean;
  /** The record as read again (its version is the one to save with), null until then. */
  fresh: ModuleRecord | null;
  /** What the form shows after "Reload": the record as read again with the person's changes on top. */
  record: ModuleRecord | null;
}

export interface ResourceSlots {
  list: ListView;
  create: SlotView<ModuleRecord>;
  update: SlotView<ModuleRecord>;
  remove: SlotView<unknown>;
  getById: SlotView<ModuleRecord>;
  edit: EditView;
}

/** The extra calls the module named N declares (none for a name that is not a catalogue module's). */
type CallsOf<N extends string> = N extends ModuleName ? (ModuleOf<N> extends { calls?: infer C extends readonly ExtraCall[] } ? C : readonly []) : readonly [];
type FieldsOf<N extends string> = N extends ModuleName ? ModuleOf<N>['fields'] : never;

/** Every extra call name of the catalogue: what a screen working on any module (a generic screen) may name. */
type AnyCallName = { [N in ModuleName]: CallNameIn<CallsOf<N>> }[ModuleName];

/** The calls a screen may name on the module named N: its own when N is written out, any catalogue call otherwise. */
export type ModuleCallName<N extends string> = N extends ModuleName ? CallNameIn<CallsOf<N>> : AnyCallName;

/** What the call C of the module named N answers (its reply schema's output); `unknown` when N is not written out. */
export type ModuleCallReply<N extends string, C extends string> = N extends ModuleName
  ? C extends CallNameIn<CallsOf<N>>
    ? CallReplyOf<CallNamed<CallsOf<N>, C>, FieldsOf<N>>
    : never
  : unknown;

/** What the call C of the module named N takes (its params, body and query, typed by its schemas). */
export type ModuleCallArgs<N extends ModuleName, C extends string> = CallArgsOf<CallNamed<CallsOf<N>, C>>;

/**
 * Sends an extra call of the module named N: with the module written out (`useResource('invoice')`), the name is
 * one of its calls and the request is typed by the call's schemas (src/api/calls.ts `ModuleCallFn`); a generic
 * screen (the module read as data) names any call of the catalogue, and the actor refuses one the module lacks. A
 * screen shared by a few modules (the two ticket modules) names a call of theirs, typed as they declare it.
 */
export type IntentCall<N extends string> = [N] extends [ModuleName]
  ? <C extends CallNameIn<CallsOf<N>>>(name: C, ...args: CallArgsParam<CallNamed<CallsOf<N>, C>>) => void
  : (name: AnyCallName, args?: CallArgs) => void;

export interface ResourceIntents<N extends string = string> {
  load: (query?: Query) => void;
  create: (body: Record<string, unknown>) => void;
  /** `saw`: the version read with the record and the form's untouched body (the server refuses a stale copy). */
  update: (id: string, body: Record<string, unknown>, saw?: SavedFrom) => void;
  remove: (id: string, version?: number) => void;
  /** After a stale save: read the record again, keeping the person's changes on top. */
  rebase: () => void;
  getById: (id: string) => void;
  call: IntentCall<N>;
  reset: () => void;
}


type SlotName = 'create' | 'update' | 'remove' | 'getById';

function slotStatus(snapshot: ResourceSnapshot, slot: SlotName): SlotStatus {
  const value = (snapshot.value as Record<string, string>)[slot];
  // The update slot's stale save is a failure to the screens that do not offer "Reload"; read again, it is idle.
  if (value === 'stale') return 'failed';
  if (value === 'reloading') return 'loading';
  if (value === 'rebased') return 'idle';
  return (value as SlotStatus) ?? 'idle';
}

const NO_EDIT: EditView = { id: null, stale: false, reloading: false, fresh: null, record: null };

function selectEdit(snapshot: ResourceSnapshot): EditView {
  const state = (snapshot.value as Record<string, string>).update;
  const edit = snapshot.context.edit;
  if (edit.id === null) return NO_EDIT;
  return { id: edit.id, stale: state === 'stale', reloading: state === 'reloading', fresh: edit.fresh, record: rebasedRecord(edit) };
}

function selectSlots(snapshot: ResourceSnapshot | undefined): ResourceSlots | null {
  if (!snapshot) return null;
  const c = snapshot.context;
  const listState = (snapshot.value as Record<string, string>).list as ListView['status'];
  return {
    list: { data: c.list.data, total: c.list.total, loading: c.list.loading, error: c.list.error, status: listState },
    create: { ...c.create, status: slotStatus(snapshot, 'create') },
    update: { ...c.update, status: slotStatus(snapshot, 'update') },
    remove: { ...c.remove, status: slotStatus(snapshot, 'remove') },
    getById: { ...c.getById, status: slotStatus(snapshot, 'getById') },
    edit: selectEdit(snapshot),
  };
}

/** Structural equality on the slot objects (they are replaced only when they change). */
function sameSlots(a: ResourceSlots | null, b: ResourceSlots | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.list.data === b.list.data && a.list.total === b.list.total && a.list.loading === b.list.loading && a.list.error === b.list.error && a.list.status === b.list.status &&
    (['create', 'update', 'remove', 'getById'] as const).every((k) => a[k].data === b[k].data && a[k].loading === b[k].loading && a[k].error === b[k].error && a[k].status === b[k].status) &&
    a.edit.id === b.edit.id && a.edit.stale === b.edit.stale && a.edit.reloading === b.edit.reloading && a.edit.fresh === b.edit.fresh
  );
}

const EMPTY_SLOTS: ResourceSlots = {
  list: { data: [], total: 0, loading: false, error: null, status: 'idle' },
  create: { data: null, loading: false, error: null, status: 'idle' },
  update: { data: null, loading: false, error: null, status: 'idle' },
  remove: { data: null, loading: false, error: null, status: 'idle' },
  getById: { data: null, loading: false, error: null, status: 'idle' },
  edit: NO_EDIT,
};

function useSlots(ref: ResourceActorRef | undefined): ResourceSlots {
  const slots = useSelector(ref, selectSlots, sameSlots);
  return slots ?? EMPTY_SLOTS;
}

/** The module's slots and intents; with `loadOnMount` the list is requested once when the screen opens. */
export function useResource<N extends string>(name: N, options: { loadOnMount?: boolean; query?: Query } = {}): { slots: ResourceSlots; intents: ResourceIntents<N> } {
  const ref = useModule(name) as ResourceActorRef | undefined;
  const events = useResourceEvents(ref);
  const slots = useSlots(ref);
  const queryKey = JSON.stringify(options.query ?? null);
  // Loading on mount is the one effect screens use: it sends the load event, nothing else.
  useEffect(() => {
    if (options.loadOnMount && ref) events.list(options.query);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, options.loadOnMount, queryKey]);
  const intents = useMemo<ResourceIntents<N>>(
    () => ({
      load: (query) => events.list(query ?? options.query),
      create: (body) => events.create(body),
      update: (id, body, saw) => events.update(id, body, saw),
      remove: (id, version) => events.remove(id, version),
      rebase: () => events.rebase(),
      getById: (id) => events.getById(id),
      // The types above are the contract; the actor takes any declared call's name and parts as data.
      call: ((callName: string, args?: CallArgs) => events.call(callName, args ?? {})) as IntentCall<N>,
      reset: () => events.reset(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [events, queryKey],
  );
  return { slots, intents };
}

/** Create / update / delete rights of the person on a module (its feature, or a view code that shows it). */
export function useModulePermissions(def: ModuleDef, viewCode?: string): { view: boolean; create: boolean; update: boolean; remove: boolean } {
  const permissions = useSession(selectPermissions);
  const userType = useSession(selectUser)?.userType;
  return useMemo(() => {
    const has = (priv: string) => hasPermission(permissions, def.feature, priv) || (viewCode ? hasPermission(permissions, viewCode, priv) : false);
    // A platform row (a subscriber) is made by the platform operator only: the server refuses anyone else, so the
    // screen does not offer New to a tenant's administrator who otherwise holds the module's CREATE.
    const mayMake = !def.crossTenant || userType === OPERATOR_USER_TYPE;
    return { view: has('VIEW'), create: has('CREATE') && mayMake, update: has('UPDATE'), remove: has('DELETE') };
  }, [permissions, def.feature, def.crossTenant, viewCode, userType]);
}

/** A record fetched by id through the get-by-id slot (requested when the id changes). */
export function useRecordById(def: ModuleDef, id: string): { record: ModuleRecord | null; loading: boolean; error: string | null } {
  const ref = useModule(def.name);
  const events = useResourceEvents(ref);
  const slots = useSlots(ref);
  // Asked once the module's actor is there: a page opened first (a link, a reload) renders before the session has
  // spawned it, and an ask sent to no actor is lost (the page stayed blank).
  useEffect(() => {
    if (ref) events.getById(id);
  }, [ref, events, id]);
  return { record: slots.getById.data, loading: !ref || slots.getById.loading, error: slots.getById.error?.message ?? null };
}

/**
 * Whether the person may list a module: by its own code, or by a view that shows it (the clerk holds Final
 * Invoices, not Generate Invoice, and the server lists them the Final invoices then). Calling a module the person
 * may not view would answer 403, which signs them out by the spec's rule.
 */
function useMayList(name: string): boolean {
  const permissions = useSession(selectPermissions);
  return mayUseModule(permissions, name);
}

/** Choices for a picker over another module: its records by name, when the person may list them. */
/**
 * Who may be chosen where a record names a person (an engineer, an owner): the tenant's staff. Client users
 * and platform operators are people of the tenant's list too, and their names still show where they appear.
 */
function choosable(name: string, row: Record<string, unknown>): boolean {
  return name !== 'subscriber-user' || row.userType === undefined || row.userType === 'Subscriber-User';
}

/** Whether a row holds, for every field `where` names, one of the values given. */
function matches(row: Record<string, unknown>, where: Readonly<Record<string, readonly string[]>> | undefined): boolean {
  return Object.entries(where ?? {}).every(([field, values]) => values.includes(String(row[field] ?? '')));
}

/**
 * `picking`: options for a picker (only what may be chosen), not names for showing ids; `where`: the records the
 * picker offers, when not all of them may be chosen (the catalogue's `pickFrom`).
 */
export function useReferenceOptions(
  name: string,
  picking = false,
  where?: Readonly<Record<string, readonly string[]>>,
): { options: Array<{ value: string; label: string }>; loading: boolean; mayList: boolean } {
  const { slots, mayList } = useReferenceList(name);
  const t = useT();
  const options = useMemo(
    () => slots.list.data.filter((r) => !picking || (choosable(name, r) && matches(r, where))).map((r) => ({ value: r._id, label: picking ? pickLabel(r, t) : recordName(r) })),
    [slots.list.data, picking, name, where, t],
  );
  return { options, loading: slots.list.loading, mayList };
}

/**
 * What a picker shows of a choice: its name; a spare part also by its number and what is in stock, which is what the
 * engineer asks for it by and whether the stores can give it (names stay plain where a record is only shown).
 */
function pickLabel(record: ModuleRecord, t: Translate): string {
  const { partNumber, stockQty, unit } = record;
  if (typeof partNumber !== 'string' || typeof stockQty !== 'number') return recordName(record);
  return t('form.partStock', { name: recordName(record), number: partNumber, qty: stockQty, unit: typeof unit === 'string' ? unit : '' }).trim();
}

/**
 * The records of a module a picker reads: its list when the person may list it; else its picker read
 * (src/contract/pickerReads.ts: an engineer raising a spare-part request reads the parts' numbers, names and stock,
 * not the master); else nothing is asked for. `mayList` says whether there is anything to pick from.
 */
export function useReferenceList(name: string): { slots: ResourceSlots; mayList: boolean } {
  const mayList = useMayList(name);
  const picker = usePickerRead(mayList ? '' : name);
  const { slots, intents } = useResource(mayList || picker ? name : '', { loadOnMount: mayList });
  const ref = useModule(picker ? name : '');
  const read = useCallSlot(name, (picker ?? '') as never) as CallView<{ data?: ModuleRecord[]; total?: number }>;
  // Asked once the module's actor is there (a call sent to no actor is lost), as a list is on mount.
  useEffect(() => {
    if (ref && picker) intents.call(picker as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, picker]);
  const picked = useMemo<ResourceSlots | null>(() => {
    if (!picker) return null;
    const data = read.data?.data ?? [];
    const loading = read.loading || (!read.data && !read.error);
    const status: ListView['status'] = loading ? 'loading' : read.error ? 'failed' : 'loaded';
    return { ...slots, list: { data, total: read.data?.total ?? data.length, loading, error: read.error, status } };
  }, [picker, slots, read]);
  return { slots: picked ?? slots, mayList: mayList || Boolean(picker) };
}

/** The picker read the person may make of a module they may not list (its call's name), if any. */
function usePickerRead(name: string): string | undefined {
  const permissions = useSession(selectPermissions);
  return useMemo(() => {
    const call = pickerCall(catalogue.find((m) => m.name === name));
    return call && mayPickThrough(call.pickerFor, (module, privilege) => mayUseModule(permissions, module, privilege)) ? call.name : undefined;
  }, [permissions, name]);
}

/**
 * id → name maps of the referenced modules (for list cells and details). The signed-in person is always named,
 * even to someone who may not list the tenant's people (an engineer's own spare-part requests: "Requested by").
 */
export function useReferenceNames(modules: readonly string[]): Record<string, ReadonlyMap<string, string>> {
  const unique = [...new Set(modules)];
  const me = useSession(selectUser);
  // Hooks in a loop need a stable count: modules come from a module's columns, which do not change.
  const lists = unique.map((name) => ({ name, options: useReferenceOptions(name).options })); // eslint-disable-line react-hooks/rules-of-hooks
  return useMemo(
    () =>
      Object.fromEntries(
        lists.map((l) => {
          const names = new Map(l.options.map((o) => [o.value, o.label]));
          if (l.name === PEOPLE && me && !names.has(me._id)) names.set(me._id, me.name);
          return [l.name, names];
        }),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me, ...lists.map((l) => l.options)],
  );
}

/** The module whose records are the tenant's people. */
const PEOPLE = 'subscriber-user';

export interface CallView<Reply = unknown, Args = CallArgs> {
  /** The call's last answer (typed by its reply schema), null until it answers. */
  data: Reply | null;
  loading: boolean;
  error: ErrorPayload | null;
  /** What the call was last sent with (typed by its schemas' inputs); absent until it is sent. */
  args?: Args;
}

/** What the call C of the module named N was sent with: its schemas' inputs, or any call's parts when N is not written out. */
export type ModuleCallSent<N extends string, C extends string> = N extends ModuleName ? ModuleCallArgs<N, C> : CallArgs;

const IDLE_CALL: CallView<never> = { data: null, loading: false, error: null };

/**
 * The slot of one extra call of a module (e.g. a role's updateRole): with the module written out, the call is one
 * of its own and the answer is typed by the call's reply schema.
 */
export function useCallSlot<N extends string, C extends ModuleCallName<N>>(name: N, callName: C): CallView<ModuleCallReply<N, C>, ModuleCallSent<N, C>> {
  const ref = useModule(name) as ResourceActorRef | undefined;
  // The actor keeps every call's answer as data; what the call's schema says it is, is the contract above.
  const slot = useSelector(ref, (s) => s?.context.calls[callName] ?? IDLE_CALL, (a, b) => a.data === b.data && a.loading === b.loading && a.error === b.error) ?? IDLE_CALL;
  return slot as CallView<ModuleCallReply<N, C>, ModuleCallSent<N, C>>;
}

/**
 * Runs `then` once, with the answer, when the request a dialog sent (`sent`) has come back without an error: the
 * dialog then says what was done and closes. The answer is read from the slot the request fills.
 */
export function useSucceeded<Answer>(sent: boolean, slot: { loading: boolean; data: Answer | null; error: unknown }, then: (answer: Answer) => void): void {
  const succeeded = sent && !slot.loading && slot.data != null && slot.error == null;
  const latest = useRef(then);
  latest.current = then;
  useEffect(() => {
    if (succeeded && slot.data != null) latest.current(slot.data);
    // Only the moment it succeeds: the answer is read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [succeeded]);
}

export interface RecordWorkflowView {
  /** The server's record with its version and the steps the person may take now (null until read). */
  record: LifecycleRecord | null;
  history: HistoryEntry[];
  status: 'loading' | 'failed' | 'ready' | 'stepping' | 'refreshing' | 'closed';
  pending: string | null;
  error: ErrorPayload | null;
  /** `call`: the module's call that takes the step when the transition route does not (a purchase order's `receive`). */
  step(event: string, data?: Record<string, unknown>, note?: string, call?: string): void;
  /** Sends a step and answers once the workflow has taken it, or rejects with why it was refused (a dialog that stays open until then). */
  stepAndWait(request: SignedStepRequest): Promise<void>;
  retry(): void;
}

const CLOSED: Omit<RecordWorkflowView, 'step' | 'stepAndWait' | 'retry'> = { record: null, history: [], status: 'closed', pending: null, error: null };

/**
 * The workflow of a record a person has open (issue 11): the module's actor spawns it when the record is
 * opened and stops it when it is closed (these two events are what this hook sends); the screen reads it.
 */
export function useRecordWorkflow(def: ModuleDef, id: string): RecordWorkflowView {
  const ref = useModule(def.name) as ResourceActorRef | undefined;
  useEffect(() => {
    if (!ref) return;
    ref.send({ type: 'resource.open', id });
    return () => ref.send({ type: 'resource.close', id });
  }, [ref, id]);
  const child = useSelector(ref, (s) => s?.children[workflowActorId(id)] as RecordWorkflowActorRef | undefined);
  const view = useSelector(child, (s) => (s ? { record: s.context.record, history: s.context.history, status: String(s.value) as RecordWorkflowView['status'], pending: s.context.pending, error: s.context.error } : CLOSED), (a, b) => a.record === b.record && a.history === b.history && a.status === b.status && a.pending === b.pending && a.error === b.error) ?? CLOSED;
  return useMemo(
    () => ({
      ...view,
      step: (event, data, note, call) => child?.send({ type: 'workflow.step', event, data, note, call }),
      stepAndWait: (request) => stepThroughWorkflow(child, request),
      retry: () => child?.send({ type: 'workflow.retry' }),
    }),
    [view, child],
  );
}
