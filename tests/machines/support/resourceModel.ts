/**
 * Drives the lifecycle machine's model paths against a real actor whose request actors are deferred:
 * every model event is either sent to the actor or settles the matching request, every state reached is
 * compared with the model and checked against the slot's invariants, and every cache effect is checked
 * where it happens.
 */
import { expect } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CallArgs, ModuleRecord } from '../../../src/api/calls';
import { toErrorPayload, type ErrorPayload } from '../../../src/api/http';
import type { ModuleDef } from '../../../src/contract/modules/define';
import { callActorId, resourceMachine, type ResourceContext, type ResourceEvent } from '../../../src/machines/resource';
import { serializeBy } from './coverage';
import { createDeferredRequests, type DeferredRequests } from './deferred';
import type { NoticeRecorder } from './notices';
import { fromPromise } from 'xstate';
import type { HistoryEntry, LifecycleRecord } from '../../../src/api/lifecycleCalls';
import { recordWorkflowMachine, type RecordWorkflowInput } from '../../../src/machines/flows/recordWorkflow';
import { lifecycleOf } from '../../../src/machines/lifecycles/index';

export type ResourceActor = Actor<typeof resourceMachine>;
type ResourceSnapshot = ReturnType<ResourceActor['getSnapshot']>;

export interface ResourceRun {
  title: string;
  def: ModuleDef;
  events: readonly ResourceEvent[];
  /** The literal texts a person must see after `target` failed with `error`. */
  expectedNotices(target: string, error: ErrorPayload): string[];
  /** Extra checks after an extra call answered (its cache rule). */
  afterCall?: (name: string, before: ResourceContext, after: ResourceContext) => void;
}

type RequestSlot = 'create' | 'update' | 'remove' | 'getById';
const REQUEST_SLOTS: readonly RequestSlot[] = ['create', 'update', 'remove', 'getById'];

function withoutDef({ def: _def, ...rest }: ResourceContext) {
  return rest;
}

export function resourcePaths(run: ResourceRun) {
  const model = createTestModel(resourceMachine, {
    input: { def: run.def },
    serializeState: serializeBy(withoutDef),
  });
  return model.getShortestPaths({ events: [...run.events], filterEvents: (snapshot, event) => snapshot.can(event) });
}

export function startResourceActor(def: ModuleDef, requests: DeferredRequests): ResourceActor {
  const machine = resourceMachine.provide({
    actors: {
      fetchList: requests.actor('list'),
      createRecord: requests.actor('create'),
      updateRecord: requests.actor('update'),
      removeRecord: requests.actor('remove'),
      fetchRecord: requests.actor('getById'),
      fetchAgain: requests.actor('rebase'),
      runCall: requests.actor<unknown, { def: ModuleDef; name: string; args: CallArgs }>((input) => callActorId(input.name)),
      // An opened record's workflow reads nothing here: its own tests are in tests/ui/lifecyclePanel.test.tsx.
      recordWorkflow: recordWorkflowMachine.provide({ actors: { loadRecord: fromPromise<{ record: LifecycleRecord; history: HistoryEntry[] }, RecordWorkflowInput>(() => new Promise(() => undefined)) } }),
    },
  });
  return createActor(machine, { input: { def } }).start();
}

type StateCheck = (model: ResourceSnapshot) => void;
type EventExecutor = (step: { event: ResourceEvent }) => Promise<void> | void;

/** One assertion per atomic state, each also comparing the actor with the model. */
export function stateChecks(run: ResourceRun, actor: ResourceActor, requests: DeferredRequests, recorder: NoticeRecorder) {
  const context = () => actor.getSnapshot().context;
  const sameAsModel = (model: ResourceSnapshot) => {
    expect(actor.getSnapshot().value).toEqual(model.value);
    expect(withoutDef(context())).toEqual(withoutDef(model.context));
  };
  const checks: Record<string, StateCheck> = {
    '#resource.list.idle': () => {
      expect(context().list.loading).toBe(false);
      expect(context().list.error).toBeNull();
      expect(requests.has('list')).toBe(false);
    },
    '#resource.list.loading': () => {
      expect(context().list.loading).toBe(true);
      expect(context().list.error).toBeNull();
      expect(requests.inputOf('list')).toMatchObject({ def: run.def, query: context().list.query });
    },
    '#resource.list.loaded': () => {
      expect(context().list.loading).toBe(false);
      expect(context().list.error).toBeNull();
      expect(context().list.total).toBeGreaterThanOrEqual(context().list.data.length);
    },
    '#resource.list.failed': () => {
      // Data cleared on failure is checked where the failure arrives: later creates may add to the cache.
      const { list } = context();
      expect(list.loading).toBe(false);
      expect(list.error).not.toBeNull();
      expect(recorder.messages()).toEqual(expect.arrayContaining(run.expectedNotices('list', list.error as ErrorPayload)));
    },
  };
  for (const slot of REQUEST_SLOTS) {
    checks[`#resource.${slot}.idle`] = () => expect(context()[slot]).toEqual({ data: null, loading: false, error: null });
    checks[`#resource.${slot}.loading`] = () => {
      expect(context()[slot]).toMatchObject({ loading: true, error: null });
      expect(requests.has(slot)).toBe(true);
      if (slot !== 'create') expect(requests.inputOf(slot)).toMatchObject({ def: run.def, id: context().requests[slot] });
    };
    checks[`#resource.${slot}.succeeded`] = () => {
      expect(context()[slot].loading).toBe(false);
      expect(context()[slot].error).toBeNull();
      expect(context()[slot].data).not.toBeNull();
    };
    checks[`#resource.${slot}.failed`] = () => {
      const result = context()[slot];
      expect(result.data).toBeNull();
      expect(result.error).not.toBeNull();
      expect(recorder.messages()).toEqual(expect.arrayContaining(run.expectedNotices(slot, result.error as ErrorPayload)));
    };
  }
  // A versioned save (issue 28): refused as stale it keeps only what the person changed; Reload reads the record again.
  checks['#resource.update.stale'] = () => {
    expect(context().update).toMatchObject({ data: null, loading: false, error: { code: 'STALE_VERSION' } });
    expect(context().edit.id).toBe(context().requests.update);
    expect(context().edit.mine).not.toBeNull();
  };
  checks['#resource.update.reloading'] = () => {
    expect(requests.inputOf('rebase')).toMatchObject({ def: run.def, id: context().edit.id });
  };
  checks['#resource.update.rebased'] = () => {
    expect(context().update).toEqual({ data: null, loading: false, error: null });
    expect(context().edit.fresh).not.toBeNull();
  };
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (model: ResourceSnapshot) => {
        sameAsModel(model);
        check(model);
      },
    ]),
  );
}

function recordIndex(list: readonly ModuleRecord[], id: string): number {
  return list.findIndex((record) => record._id === id);
}

/** One executor per event type of the run, checking each answer's cache effect. */
export function eventExecutors(run: ResourceRun, actor: ResourceActor, requests: DeferredRequests, recorder: NoticeRecorder) {
  const context = () => actor.getSnapshot().context;
  const executors: Record<string, EventExecutor> = {};
  for (const event of run.events) {
    const type = event.type;
    if (type.startsWith('resource.')) {
      executors[type] = ({ event: sent }) => {
        const before = actor.getSnapshot();
        const listRequests = requests.started('list');
        actor.send(sent);
        if (sent.type === 'resource.changed') checkRefresh(before, actor.getSnapshot(), requests.started('list') - listRequests);
        // A record with a lifecycle gets its workflow actor when opened, and loses it when closed.
        if (sent.type === 'resource.open') expect(Boolean(actor.getSnapshot().children[`workflow.${sent.id}`])).toBe(lifecycleOf(run.def.name) !== undefined);
        if (sent.type === 'resource.close') expect(actor.getSnapshot().children[`workflow.${sent.id}`]).toBeUndefined();
        // Bodies go straight to the request, never into the context.
        if (sent.type === 'resource.create' || sent.type === 'resource.update') {
          expect(requests.inputOf(sent.type.slice('resource.'.length))).toMatchObject({ body: sent.body });
        }
        // A versioned save sends its version, and keeps of the body only what the person changed (for a stale answer).
        if (sent.type === 'resource.update' && sent.version !== undefined) {
          expect(requests.inputOf('update')).toMatchObject({ body: { version: sent.version } });
          expect(Object.keys(context().edit.mine ?? {}).sort()).toEqual(Object.keys(sent.body).filter((k) => JSON.stringify(sent.body[k]) !== JSON.stringify(sent.unchanged?.[k])).sort());
        }
        if (sent.type === 'resource.call') {
          expect(requests.inputOf(`call.${sent.name}`)).toMatchObject({ args: { params: sent.params, body: sent.body, query: sent.query } });
        }
      };
      continue;
    }
    const failed = type.startsWith('xstate.error.actor.');
    const actorId = type.slice(failed ? 'xstate.error.actor.'.length : 'xstate.done.actor.'.length);
    executors[type] = async ({ event: answered }) => {
      const before = context();
      if ('error' in answered) {
        await requests.reject(actorId, answered.error);
        const error = checkFailureClears(actorId, context(), answered.error);
        const target = actorId.startsWith('call.') ? actorId.slice('call.'.length) : actorId;
        expect(recorder.messages().slice(-run.expectedNotices(target, error).length)).toEqual(run.expectedNotices(target, error));
        return;
      }
      const output = 'output' in answered ? answered.output : undefined;
      await requests.resolve(actorId, output);
      checkCacheEffect(run, actorId, before, context(), output);
    };
  }
  return executors;
}

/** A failure clears its slot's data (the list's records and total). */
function checkFailureClears(actorId: string, after: ResourceContext, raw?: unknown): ErrorPayload {
  // A failed re-read leaves the stale save as it was: the person may try Reload again.
  if (actorId === 'rebase') {
    expect(after.update.error).toMatchObject({ code: 'STALE_VERSION' });
    expect(after.edit.mine).not.toBeNull();
    return toErrorPayload(raw);
  }
  if (actorId === 'list') expect(after.list).toMatchObject({ data: [], total: 0, loading: false });
  else if (actorId.startsWith('call.')) expect(after.calls[actorId.slice('call.'.length)]).toMatchObject({ data: null, loading: false });
  else expect(after[actorId as 'create']).toMatchObject({ data: null, loading: false });
  const error = actorId === 'list' ? after.list.error : actorId.startsWith('call.') ? after.calls[actorId.slice(5)].error : after[actorId as 'create'].error;
  expect(error).not.toBeNull();
  return error as ErrorPayload;
}

/** A socket change reloads a loaded list, marks a loading one stale, and leaves others alone. */
function checkRefresh(before: ResourceSnapshot, after: ResourceSnapshot, newListRequests: number): void {
  if (before.matches({ list: 'loaded' })) {
    expect(after.matches({ list: 'loading' })).toBe(true);
    expect(newListRequests).toBe(1);
    expect(after.context.list.query).toEqual(before.context.list.query);
  } else if (before.matches({ list: 'loading' })) {
    expect(after.context.list.stale).toBe(true);
    expect(newListRequests).toBe(0);
  } else {
    expect(newListRequests).toBe(0);
  }
}

function checkCacheEffect(run: ResourceRun, actorId: string, before: ResourceContext, after: ResourceContext, output: unknown): void {
  switch (actorId) {
    case 'list': {
      const page = output as { data: ModuleRecord[]; total: number };
      expect(after.list.data).toEqual(page.data);
      expect(after.list.total).toBe(page.total);
      return;
    }
    case 'create': {
      const record = output as ModuleRecord;
      const wasCached = recordIndex(before.list.data, record._id) >= 0;
      const expectedIndex = run.def.insertAt === 'end' ? after.list.data.length - 1 : 0;
      if (!wasCached) {
        expect(recordIndex(after.list.data, record._id)).toBe(expectedIndex);
        expect(after.list.total).toBe(before.list.total + 1);
      } else {
        expect(after.list.data).toHaveLength(before.list.data.length);
      }
      return;
    }
    case 'update': {
      const record = output as ModuleRecord;
      const cached = before.list.data.find((item) => item._id === record._id);
      if (cached) expect(after.list.data[recordIndex(after.list.data, record._id)]).toEqual({ ...cached, ...record });
      return;
    }
    case 'remove': {
      const id = before.requests.remove ?? '';
      expect(recordIndex(after.list.data, id)).toBe(-1);
      if (recordIndex(before.list.data, id) >= 0) expect(after.list.total).toBe(before.list.total - 1);
      return;
    }
    case 'getById':
      expect(after.getById.data).toEqual(output);
      return;
    case 'rebase':
      expect(after.edit.fresh).toEqual(output);
      expect(after.edit.mine).toEqual(before.edit.mine);
      return;
    default: {
      const name = actorId.slice('call.'.length);
      expect(after.calls[name]).toMatchObject({ data: output, loading: false, error: null });
      run.afterCall?.(name, before, after);
    }
  }
}

export { createDeferredRequests };
