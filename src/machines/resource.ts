/**
 * The request lifecycle every catalogue module shares (document 1 §4, document 2 §4 and §9), written once.
 *
 * One parallel region per slot (list, create, update, remove, getById), so a list can load while an
 * update is in flight; extra calls have one slot per call name in the context. A request sets loading and
 * clears the error; success stores the data and applies the cached-list rule; failure clears the data,
 * stores the error payload and notifies with the server's or the module's message.
 *
 * I/O runs in `fromPromise` actors declared in setup (tests swap them with `machine.provide`). They are
 * spawned on entering `loading` and stopped on leaving it, the way `invoke` would, but as actions: that
 * keeps the machine traversable by `xstate/graph`, whose test models refuse `invoke`. Their results come
 * back as the usual `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events.
 */
import { assign, enqueueActions, fromPromise, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { moduleCalls, findCall, type CallArgs, type ListPage, type ModuleRecord } from '../api/calls';
import { toErrorPayload, type ErrorPayload, type Query } from '../api/http';
import type { ModuleDef, Op } from '../contract/modules/define';
import { wordKey } from '../contract/words';
import type { Words } from '../contract/messageWords';
import { validationWords } from '../contract/validationMessages';
import { notify } from '../api/notify';
import {
  applyCacheChange,
  callChange,
  createChange,
  removeChange,
  updateChange,
  type CacheChange,
  type CachedList,
} from './cachedList';
import { recordWorkflowMachine } from './flows/recordWorkflow';
import { lifecycleRecordOf } from './lifecycles/records';
import { failureMessages } from './resourceMessages';
import {
  CALL_ACTOR_PREFIX,
  callActorId,
  callName,
  changedByPerson,
  idleEdit,
  idleSlot,
  initialResourceContext,
  type ListSlot,
  type RecordBody,
  type ResourceContext,
  type ResourceEvent,
  type ResourceInput,
  type RequestSlotName,
  workflowActorId,
} from './resourceShapes';

export * from './resourceShapes';

function cacheWith(list: ListSlot, change: CacheChange | null): ListSlot {
  if (!change) return list;
  const next: CachedList = applyCacheChange({ data: list.data, total: list.total }, change);
  return { ...list, data: next.data, total: next.total };
}

function showFailure(def: ModuleDef, target: Parameters<typeof failureMessages>[1], error: ErrorPayload): void {
  for (const message of failureMessages(def, target, error)) notify({ message, color: 'red', words: failureWords(def, message, error) });
}

/**
 * A failure notice's words, for the person's language: the server's own (a refusal, a field's validation message),
 * or those of the validation message its English is, or, for the module's own message (English in the catalogue),
 * its key among the catalogue's messages.
 */
function failureWords(def: ModuleDef, message: string, error: ErrorPayload): Words {
  const own = message === error.message ? (error.words ?? validationWords(message)) : undefined;
  if (own) return { ...own, values: { module: def.name, ...own.values } };
  return { key: `catalogue.message.${wordKey(message)}` };
}

/** Real I/O: the module's typed calls. Every input carries the module entry. */
const ioActors = {
  fetchList: fromPromise<ListPage, { def: ModuleDef; query: Query | undefined }>(({ input }) =>
    moduleCalls(input.def).list(input.query),
  ),
  createRecord: fromPromise<ModuleRecord, { def: ModuleDef; body: RecordBody }>(({ input }) =>
    moduleCalls(input.def).create(input.body),
  ),
  updateRecord: fromPromise<ModuleRecord, { def: ModuleDef; id: string; body: RecordBody }>(({ input }) =>
    moduleCalls(input.def).update(input.id, input.body),
  ),
  removeRecord: fromPromise<unknown, { def: ModuleDef; id: string; version?: number }>(({ input }) =>
    moduleCalls(input.def).remove(input.id, input.version),
  ),
  fetchRecord: fromPromise<ModuleRecord, { def: ModuleDef; id: string }>(({ input }) =>
    moduleCalls(input.def).getById(input.id),
  ),
  /** The record read again after a stale save (the same call, its own source so tests settle it apart). */
  fetchAgain: fromPromise<ModuleRecord, { def: ModuleDef; id: string }>(({ input }) =>
    moduleCalls(input.def).getById(input.id),
  ),
  runCall: fromPromise<unknown, { def: ModuleDef; name: string; args: CallArgs }>(({ input }) =>
    moduleCalls(input.def).call(input.name, input.args),
  ),
};

/*
 * A new request restarts its own region only. The transitions sit on the region's states (not on the
 * region): a re-entering transition declared on a region would have the parallel root as its domain
 * and restart every sibling region with it.
 */
const requestList = { target: '#resource.list.loading', reenter: true, actions: 'requestList' } as const;
const requestCreate = { target: '#resource.create.loading', reenter: true, actions: 'requestCreate' } as const;
const requestUpdate = { target: '#resource.update.loading', reenter: true, actions: 'requestUpdate' } as const;
const requestRemove = { target: '#resource.remove.loading', reenter: true, actions: 'requestRemove' } as const;
const requestGetById = { target: '#resource.getById.loading', reenter: true, actions: 'requestGetById' } as const;
const resetUpdate = { target: '#resource.update.idle', actions: [{ type: 'clearResult', params: { slot: 'update' } }, 'clearEdit'] } as const;

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
  },
  actors: { ...ioActors, recordWorkflow: recordWorkflowMachine },
  guards: {
    listIsStale: ({ context }) => context.list.stale,
    /** The save was refused because the record was saved by someone else since it was read (issue 28). */
    savedElsewhere: ({ event }) => 'error' in event && toErrorPayload(event.error).code === 'STALE_VERSION',
    /** Only calls the module's catalogue entry declares can run (a typo must not crash the actor). */
    callIsDeclared: ({ context, event }) =>
      event.type === 'resource.call' && (context.def.calls ?? []).some((call) => call.name === event.name),
    /** Answers of calls that are not in flight (never started, or superseded) are ignored. */
    callIsPending: ({ context, event }) =>
      'actorId' in event && event.actorId.startsWith(CALL_ACTOR_PREFIX) && context.calls[callName(event.actorId)]?.loading === true,
  },
  actions: {
    // list
    requestList: assign(({ context, event }) => ({
      list: {
        ...context.list,
        loading: true,
        error: null,
        stale: false,
        query: event.type === 'resource.list' ? event.query : context.list.query,
      },
    })),
    spawnList: spawnChild('fetchList', {
      id: 'list',
      input: ({ context }) => ({ def: context.def, query: context.list.query }),
    }),
    stopList: stopChild('list'),
    storeList: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.list') return {};
      return { list: { ...cacheWith(context.list, { kind: 'replace', page: event.output }), loading: false } };
    }),
    failList: assign(({ context, event }) => {
      if (event.type !== 'xstate.error.actor.list') return {};
      const error = toErrorPayload(event.error);
      return { list: { ...context.list, data: [], total: 0, loading: false, error, stale: false } };
    }),
    markListStale: assign(({ context }) => ({ list: { ...context.list, stale: true } })),
    // create, update, remove, getById
    requestCreate: assign(({ context, event }) =>
      event.type === 'resource.create'
        ? { create: { ...context.create, loading: true, error: null } }
        : {},
    ),
    requestUpdate: assign(({ context, event }) =>
      event.type === 'resource.update'
        ? {
            update: { ...context.update, loading: true, error: null },
            requests: { ...context.requests, update: event.id },
            // A versioned save may come back stale: what the person changed is kept until it is answered, so
            // "Reload" can show it again on top of the record as it is now (never the whole body: see ResourceRequests).
            edit:
              event.version === undefined
                ? idleEdit()
                : { id: event.id, mine: changedByPerson(event.body, event.unchanged), fresh: context.edit.id === event.id ? context.edit.fresh : null },
          }
        : {},
    ),
    requestRemove: assign(({ context, event }) =>
      event.type === 'resource.remove'
        ? { remove: { ...context.remove, loading: true, error: null }, requests: { ...context.requests, remove: event.id } }
        : {},
    ),
    requestGetById: assign(({ context, event }) =>
      event.type === 'resource.getById'
        ? { getById: { ...context.getById, loading: true, error: null }, requests: { ...context.requests, getById: event.id } }
        : {},
    ),
    spawnCreate: spawnChild('createRecord', {
      id: 'create',
      input: ({ context, event }) => ({ def: context.def, body: event.type === 'resource.create' ? event.body : {} }),
    }),
    spawnUpdate: spawnChild('updateRecord', {
      id: 'update',
      input: ({ context, event }) => ({
        def: context.def,
        id: context.requests.update ?? '',
        // The version read travels with the save: the server refuses a stale copy (409 STALE_VERSION).
        body: event.type === 'resource.update' ? (event.version === undefined ? event.body : { ...event.body, version: event.version }) : {},
      }),
    }),
    spawnRemove: spawnChild('removeRecord', {
      id: 'remove',
      input: ({ context, event }) => ({
        def: context.def,
        id: context.requests.remove ?? '',
        ...(event.type === 'resource.remove' && event.version !== undefined ? { version: event.version } : {}),
      }),
    }),
    // After a stale save: the record read again (its own child, beside a record view's get-by-id).
    spawnRebase: spawnChild('fetchAgain', {
      id: 'rebase',
      input: ({ context }) => ({ def: context.def, id: context.edit.id ?? '' }),
    }),
    stopRebase: stopChild('rebase'),
    storeRebased: assign(({ context, event }) =>
      event.type === 'xstate.done.actor.rebase' ? { edit: { ...context.edit, fresh: event.output }, update: idleSlot<ModuleRecord>() } : {},
    ),
    clearEdit: assign(() => ({ edit: idleEdit() })),
    spawnGetById: spawnChild('fetchRecord', {
      id: 'getById',
      input: ({ context }) => ({ def: context.def, id: context.requests.getById ?? '' }),
    }),
    stopRequest: stopChild((_, params: { slot: RequestSlotName }) => params.slot),
    storeCreated: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.create') return {};
      return {
        create: { data: event.output, loading: false, error: null },
        list: cacheWith(context.list, createChange(context.def, event.output)),
      };
    }),
    storeUpdated: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.update') return {};
      return {
        update: { data: event.output, loading: false, error: null },
        edit: idleEdit(),
        list: cacheWith(context.list, updateChange(context.requests.update ?? '', event.output)),
      };
    }),
    storeRemoved: assign(({ context, event }) => {
      if (event.type !== 'xstate.done.actor.remove') return {};
      return {
        remove: { data: event.output, loading: false, error: null },
        list: cacheWith(context.list, removeChange(context.def, context.requests.remove ?? '', event.output)),
      };
    }),
    storeFetched: assign(({ event }) =>
      event.type === 'xstate.done.actor.getById' ? { getById: { data: event.output, loading: false, error: null } } : {},
    ),
    failRequest: assign(({ event }, params: { slot: RequestSlotName }) => {
      if (!('error' in event)) return {};
      return { [params.slot]: { data: null, loading: false, error: toErrorPayload(event.error) } };
    }),
    notifyFailure: ({ context, event }, params: { op: Op }) => {
      if ('error' in event) showFailure(context.def, params.op, toErrorPayload(event.error));
    },
    clearResult: assign((_, params: { slot: RequestSlotName }) => ({ [params.slot]: idleSlot() })),
    // extra calls: one slot per call name, any number in flight at once
    startCall: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'resource.call') return;
      const args: CallArgs = { params: event.params, body: event.body, query: event.query };
      const id = callActorId(event.name);
      enqueue.stopChild(id);
      enqueue.assign({
        calls: { ...context.calls, [event.name]: { data: context.calls[event.name]?.data ?? null, loading: true, error: null, args } },
      });
      enqueue.spawnChild('runCall', { id, input: { def: context.def, name: event.name, args } });
    }),
    finishCall: assign(({ context, event }) => {
      if (!event.type.startsWith('xstate.done.actor.') || !('output' in event)) return {};
      const name = callName(event.actorId);
      const slot = context.calls[name];
      if (!slot) return {};
      const change = callChange(findCall(context.def, name), slot.args, event.output);
      return {
        calls: { ...context.calls, [name]: { ...slot, data: event.output, loading: false, error: null } },
        list: cacheWith(context.list, change),
      };
    }),
    failCall: assign(({ context, event }) => {
      if (!('error' in event)) return {};
      const name = callName(event.actorId);
      const slot = context.calls[name];
      if (!slot) return {};
      return { calls: { ...context.calls, [name]: { ...slot, data: null, loading: false, error: toErrorPayload(event.error) } } };
    }),
    reportUnknownCall: ({ context, event }) => {
      if (event.type === 'resource.call') console.error(`Module ${context.def.name} has no call ${event.name}`);
    },
    // opened records with a lifecycle: one workflow actor each, owned here (src/machines/flows/recordWorkflow.ts)
    openWorkflow: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'resource.open' || !lifecycleRecordOf(context.def.name)) return;
      const id = workflowActorId(event.id);
      if (self.getSnapshot()?.children?.[id]) enqueue.sendTo(id, { type: 'workflow.reload' });
      else enqueue.spawnChild('recordWorkflow', { id, input: { def: context.def, id: event.id } });
    }),
    closeWorkflow: stopChild(({ event }) => (event.type === 'resource.close' ? workflowActorId(event.id) : '')),
    reloadWorkflow: enqueueActions(({ event, enqueue, self }) => {
      if (event.type !== 'resource.changed') return;
      const id = workflowActorId(event._id);
      // (Model tests walk the machine without a live actor: no snapshot, no children.)
      if (event.op !== 'remove' && self.getSnapshot()?.children?.[id]) enqueue(sendTo(id, { type: 'workflow.reload' }));
    }),
    notifyCallFailure: ({ context, event }) => {
      if (!('error' in event)) return;
      showFailure(context.def, findCall(context.def, callName(event.actorId)), toErrorPayload(event.error));
    },
  },
}).createMachine({
  id: 'resource',
  type: 'parallel',
  context: ({ input }) => initialResourceContext(input.def),
  on: {
    'resource.call': [{ guard: 'callIsDeclared', actions: 'startCall' }, { actions: 'reportUnknownCall' }],
    'xstate.done.actor.call.*': { guard: 'callIsPending', actions: 'finishCall' },
    'xstate.error.actor.call.*': { guard: 'callIsPending', actions: ['failCall', 'notifyCallFailure'] },
    'resource.open': { actions: 'openWorkflow' },
    'resource.close': { actions: 'closeWorkflow' },
    'resource.changed': { actions: 'reloadWorkflow' },
  },
  states: {
    list: {
      initial: 'idle',
      states: {
        idle: { on: { 'resource.list': requestList } },
        loading: {
          entry: 'spawnList',
          exit: 'stopList',
          on: {
            'xstate.done.actor.list': [
              // Changes arrived during this load: show what came, then load once more (coalesced).
              { guard: 'listIsStale', target: 'loading', reenter: true, actions: ['storeList', 'requestList'] },
              { target: 'loaded', actions: 'storeList' },
            ],
            'xstate.error.actor.list': { target: 'failed', actions: ['failList', { type: 'notifyFailure', params: { op: 'list' } }] },
            'resource.changed': { actions: 'markListStale' },
            'resource.list': requestList,
          },
        },
        loaded: {
          on: { 'resource.list': requestList, 'resource.changed': { target: 'loading', actions: 'requestList' } },
        },
        failed: { on: { 'resource.list': requestList } },
      },
    },
    create: {
      initial: 'idle',
      states: {
        idle: { on: { 'resource.create': requestCreate } },
        loading: {
          entry: 'spawnCreate',
          exit: { type: 'stopRequest', params: { slot: 'create' } },
          on: {
            'resource.create': requestCreate,
            'xstate.done.actor.create': { target: 'succeeded', actions: 'storeCreated' },
            'xstate.error.actor.create': {
              target: 'failed',
              actions: [
                { type: 'failRequest', params: { slot: 'create' } },
                { type: 'notifyFailure', params: { op: 'create' } },
              ],
            },
          },
        },
        succeeded: { on: { 'resource.create': requestCreate, 'resource.reset': { target: 'idle', actions: { type: 'clearResult', params: { slot: 'create' } } } } },
        failed: { on: { 'resource.create': requestCreate, 'resource.reset': { target: 'idle', actions: { type: 'clearResult', params: { slot: 'create' } } } } },
      },
    },
    update: {
      initial: 'idle',
      states: {
        idle: { on: { 'resource.update': requestUpdate } },
        loading: {
          entry: 'spawnUpdate',
          exit: { type: 'stopRequest', params: { slot: 'update' } },
          on: {
            'resource.update': requestUpdate,
            'xstate.done.actor.update': { target: 'succeeded', actions: 'storeUpdated' },
            'xstate.error.actor.update': [
              {
                // Someone saved the record since it was read: the person's changes stay, and they may read it again.
                guard: 'savedElsewhere',
                target: 'stale',
                actions: [
                  { type: 'failRequest', params: { slot: 'update' } },
                  { type: 'notifyFailure', params: { op: 'update' } },
                ],
              },
              {
                target: 'failed',
                actions: [
                  { type: 'failRequest', params: { slot: 'update' } },
                  { type: 'notifyFailure', params: { op: 'update' } },
                ],
              },
            ],
          },
        },
        succeeded: { on: { 'resource.update': requestUpdate, 'resource.reset': resetUpdate } },
        failed: { on: { 'resource.update': requestUpdate, 'resource.reset': resetUpdate } },
        stale: { on: { 'resource.update': requestUpdate, 'resource.rebase': 'reloading', 'resource.reset': resetUpdate } },
        reloading: {
          entry: 'spawnRebase',
          exit: 'stopRebase',
          on: {
            'resource.update': requestUpdate,
            'xstate.done.actor.rebase': { target: 'rebased', actions: 'storeRebased' },
            // The record could not be read again: the stale save stays as it was (its message, "Reload"), the failure notified.
            'xstate.error.actor.rebase': { target: 'stale', actions: { type: 'notifyFailure', params: { op: 'getById' } } },
            'resource.reset': resetUpdate,
          },
        },
        /** The record read again, the person's changes on top (EditSlot): the form shows it and saves with its version. */
        rebased: { on: { 'resource.update': requestUpdate, 'resource.reset': resetUpdate } },
      },
    },
    remove: {
      initial: 'idle',
      states: {
        idle: { on: { 'resource.remove': requestRemove } },
        loading: {
          entry: 'spawnRemove',
          exit: { type: 'stopRequest', params: { slot: 'remove' } },
          on: {
            'resource.remove': requestRemove,
            'xstate.done.actor.remove': { target: 'succeeded', actions: 'storeRemoved' },
            'xstate.error.actor.remove': {
              target: 'failed',
              actions: [
                { type: 'failRequest', params: { slot: 'remove' } },
                { type: 'notifyFailure', params: { op: 'remove' } },
              ],
            },
          },
        },
        succeeded: { on: { 'resource.remove': requestRemove, 'resource.reset': { target: 'idle', actions: { type: 'clearResult', params: { slot: 'remove' } } } } },
        failed: { on: { 'resource.remove': requestRemove, 'resource.reset': { target: 'idle', actions: { type: 'clearResult', params: { slot: 'remove' } } } } },
      },
    },
    getById: {
      initial: 'idle',
      states: {
        idle: { on: { 'resource.getById': requestGetById } },
        loading: {
          entry: 'spawnGetById',
          exit: { type: 'stopRequest', params: { slot: 'getById' } },
          on: {
            'resource.getById': requestGetById,
            'xstate.done.actor.getById': { target: 'succeeded', actions: 'storeFetched' },
            'xstate.error.actor.getById': {
              target: 'failed',
              actions: [
                { type: 'failRequest', params: { slot: 'getById' } },
                { type: 'notifyFailure', params: { op: 'getById' } },
              ],
            },
          },
        },
        succeeded: { on: { 'resource.getById': requestGetById, 'resource.reset': { target: 'idle', actions: { type: 'clearResult', params: { slot: 'getById' } } } } },
        failed: { on: { 'resource.getById': requestGetById, 'resource.reset': { target: 'idle', actions: { type: 'clearResult', params: { slot: 'getById' } } } } },
      },
    },
  },
});

export type ResourceActorRef = ActorRefFrom<typeof resourceMachine>;
export type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;
