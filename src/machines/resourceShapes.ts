/**
 * The shapes of the module lifecycle (resource.ts): its slots, context, events and request-actor ids.
 * Kept apart so screens and tests can name them without reading the machine.
 */
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { CallArgs, ListPage, ModuleRecord, PathParams } from '../api/calls';
import type { ErrorPayload, Query } from '../api/http';
import type { ModuleDef } from '../contract/modules/define';

export interface Slot<T> {
  data: T | null;
  loading: boolean;
  error: ErrorPayload | null;
}

export interface ListSlot {
  data: ModuleRecord[];
  total: number;
  loading: boolean;
  error: ErrorPayload | null;
  /** The query of the last list request; a socket refresh repeats it. */
  query: Query | undefined;
  /** A change arrived while the list was loading: load once more when this load ends. */
  stale: boolean;
}

export interface CallSlot extends Slot<unknown> {
  args: CallArgs;
}

export type RecordBody = Record<string, unknown>;

/**
 * Ids of the requests in flight, for the cache rules when they answer. Bodies are not kept: they go
 * straight from the event to the request actor (a user's body may hold a password).
 */
export interface ResourceRequests {
  update: string | null;
  remove: string | null;
  getById: string | null;
}

/**
 * A versioned save of one record (issue 28). While the save is in flight it holds what the person changed (only
 * that: the fields where their body differs from the one the form would have sent untouched), so that a stale
 * answer (409 STALE_VERSION: someone saved the record since it was read) does not lose their typing. "Reload" reads
 * the record again into `fresh`; the form then shows `fresh` with `mine` on top, and saves with `fresh.version`.
 */
export interface EditSlot {
  id: string | null;
  mine: RecordBody | null;
  /** The record as read again after a stale save (null until then). */
  fresh: ModuleRecord | null;
}

export interface ResourceContext {
  def: ModuleDef;
  list: ListSlot;
  create: Slot<ModuleRecord>;
  update: Slot<ModuleRecord>;
  remove: Slot<unknown>;
  getById: Slot<ModuleRecord>;
  calls: Record<string, CallSlot>;
  requests: ResourceRequests;
  edit: EditSlot;
}

export interface ResourceInput {
  def: ModuleDef;
}

/** What screens send. */
export type ResourceRequestEvent =
  | { type: 'resource.list'; query?: Query }
  | { type: 'resource.create'; body: RecordBody }
  /**
   * `version`: the one read with the record (sent with the save; a stale copy is refused with 409 STALE_VERSION).
   * `unchanged`: the body the form would have sent had the person typed nothing, so the machine knows what they changed.
   */
  | { type: 'resource.update'; id: string; body: RecordBody; version?: number; unchanged?: RecordBody }
  | { type: 'resource.remove'; id: string; version?: number }
  /** After a stale save: read the record again, keeping what the person changed on top of it. */
  | { type: 'resource.rebase' }
  | { type: 'resource.getById'; id: string }
  | { type: 'resource.call'; name: string; params?: PathParams; body?: unknown; query?: Query }
  | { type: 'resource.reset' }
  /** A person opened (closed) a record: its workflow actor, for a module with a lifecycle. */
  | { type: 'resource.open'; id: string }
  | { type: 'resource.close'; id: string }
  /** From the socket (through the session): a record of this module changed somewhere. */
  | { type: 'resource.changed'; op: string; _id: string };

export type CallActorId = `call.${string}`;

/** The id of an opened record's workflow actor among the module actor's children. */
export function workflowActorId(recordId: string): string {
  return `workflow.${recordId}`;
}

/** What the request actors answer. */
export type ResourceResultEvent =
  | DoneActorEvent<ListPage, 'list'>
  | ErrorActorEvent<unknown, 'list'>
  | DoneActorEvent<ModuleRecord, 'create'>
  | ErrorActorEvent<unknown, 'create'>
  | DoneActorEvent<ModuleRecord, 'update'>
  | ErrorActorEvent<unknown, 'update'>
  | DoneActorEvent<unknown, 'remove'>
  | ErrorActorEvent<unknown, 'remove'>
  | DoneActorEvent<ModuleRecord, 'getById'>
  | ErrorActorEvent<unknown, 'getById'>
  | DoneActorEvent<ModuleRecord, 'rebase'>
  | ErrorActorEvent<unknown, 'rebase'>
  | DoneActorEvent<unknown, CallActorId>
  | ErrorActorEvent<unknown, CallActorId>;

export type ResourceEvent = ResourceRequestEvent | ResourceResultEvent;

/** The slots of single-record requests (the list has its own shape). */
export type RequestSlotName = 'create' | 'update' | 'remove' | 'getById';

export const idleSlot = <T>(): Slot<T> => ({ data: null, loading: false, error: null });

export const idleEdit = (): EditSlot => ({ id: null, mine: null, fresh: null });

/** Values compared as the server stores them (an absent value and an empty one are the same: nothing typed). */
function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (blank(a) && blank(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the person changed: the fields of `body` that differ from `unchanged` (every field when that is not known). */
export function changedByPerson(body: RecordBody, unchanged: RecordBody | undefined): RecordBody {
  if (!unchanged) return { ...body };
  return Object.fromEntries(Object.entries(body).filter(([field, value]) => !sameValue(value, unchanged[field])));
}

/** The record read again with the person's changes on top: what the form shows after "Reload". */
export function rebasedRecord(edit: EditSlot): ModuleRecord | null {
  return edit.fresh ? { ...edit.fresh, ...(edit.mine ?? {}) } : null;
}

export function initialResourceContext(def: ModuleDef): ResourceContext {
  return {
    def,
    list: { data: [], total: 0, loading: false, error: null, query: undefined, stale: false },
    create: idleSlot(),
    update: idleSlot(),
    remove: idleSlot(),
    getById: idleSlot(),
    calls: {},
    requests: { update: null, remove: null, getById: null },
    edit: idleEdit(),
  };
}

export const CALL_ACTOR_PREFIX = 'call.';

export function callActorId(name: string): CallActorId {
  return `${CALL_ACTOR_PREFIX}${name}`;
}

export function callName(actorId: string): string {
  return actorId.slice(CALL_ACTOR_PREFIX.length);
}
