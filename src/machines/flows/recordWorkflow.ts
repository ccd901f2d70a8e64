/**
 * The workflow of one opened record whose module has a lifecycle (issue 11). The module's actor
 * (src/machines/resource.ts) spawns one per record a person opens and stops it when they close it; no
 * component creates it. It holds what the server says of the record (its state, `version` and the steps the
 * person may take now, `allowedEvents`) and its history, sends a step, and takes the new state, steps and
 * version from the step's reply: the open record follows the reply, not the cached list row.
 *
 *   loading ──done──▶ ready ──step──▶ stepping ──done──▶ refreshing (history) ──▶ ready
 *      │                ▲                 │
 *      └─error─▶ failed │                 └─error─▶ loading (409: the record changed or the step is not
 *                 retry─┘                            allowed now: read again; other errors: ready)
 *
 * `workflow.reload` (the record changed elsewhere) reads it again from ready or failed. A record that a step
 * took out of the person's view (404 on reading it again) stays shown as the step left it, with no steps. The pure lifecycle
 * machine stays on the server and in the index: this actor shows what the server allows, so a person never
 * sees a step the server would refuse, and a refusal that happens anyway (someone else moved first) is
 * explained and the steps refreshed.
 */
import { assign, fromPromise, setup } from 'xstate';
import { lifecycleCalls, type HistoryEntry, type LifecycleRecord, type StepInput } from '../../api/lifecycleCalls';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import type { ModuleDef } from '../../contract/modules/define';
import { notify } from '../../api/notify';
import type { Said } from '../../contract/messageWords';
import { RECORD_CHANGED, STEP_FAILED } from './stepFallbacks';
import { steppedRecordName } from '../../contract/words';
import { lifecycleRecordOf } from '../lifecycles/records';

export interface RecordWorkflowInput {
  def: ModuleDef;
  id: string;
}

export interface RecordWorkflowContext extends RecordWorkflowInput {
  record: LifecycleRecord | null;
  history: HistoryEntry[];
  error: ErrorPayload | null;
  /** The step in flight, for the buttons' progress. */
  pending: string | null;
}

export type RecordWorkflowEvent = { type: 'workflow.step'; event: string; note?: string; data?: Record<string, unknown>; call?: string } | { type: 'workflow.reload' } | { type: 'workflow.retry' };

const loadRecord = fromPromise<{ record: LifecycleRecord; history: HistoryEntry[] }, RecordWorkflowInput>(async ({ input }) => {
  const calls = lifecycleCalls(input.def);
  const [record, history] = await Promise.all([calls.read(input.id), calls.history(input.id)]);
  return { record, history: history.data };
});

const takeStep = fromPromise<LifecycleRecord, RecordWorkflowInput & { step: StepInput }>(({ input }) => lifecycleCalls(input.def).step(input.id, input.step));

const loadHistory = fromPromise<HistoryEntry[], RecordWorkflowInput>(async ({ input }) => (await lifecycleCalls(input.def).history(input.id)).data);

function nameOf(context: RecordWorkflowContext): string {
  return steppedRecordName(lifecycleRecordOf(context.def.name)?.noun ?? context.def.label, context.record);
}

/** Statuses a step's confirmation says in a sentence of their own ("… is on board"), by their dictionary key. */
const STATUS_SENTENCES: Readonly<Record<string, string>> = { 'On-Board': 'workflow.steppedOnBoard' };

/** A refused step, said with the server's words (the person's language) when it sent them. */
/** The server's refusal in its words, or, when it said nothing, the fallback's (a notice in the person's language). */
function refusalNotice(error: ErrorPayload, fallback: Said, color: 'yellow' | 'red'): void {
  const said = error.message ? { message: error.message, words: error.words } : fallback;
  notify({ message: said.message, color, ...(said.words ? { words: said.words } : {}) });
}

export const recordWorkflowMachine = setup({
  types: {} as { context: RecordWorkflowContext; events: RecordWorkflowEvent; input: RecordWorkflowInput },
  actors: { loadRecord, takeStep, loadHistory },
  actions: {
    noteStepped: ({ context }) => {
      const status = context.record?.[lifecycleRecordOf(context.def.name)?.statusField ?? 'status'];
      const name = nameOf(context);
      const key = STATUS_SENTENCES[String(status)] ?? 'workflow.stepped';
      notify({ message: `${name} is ${String(status)}`, words: { key, values: { name, status: String(status) } }, color: 'green' });
    },
  },
  guards: {
    isConflict: ({ event }) => 'error' in event && toErrorPayload(event.error).status === 409,
    leftTheView: ({ context, event }) => context.record !== null && 'error' in event && toErrorPayload(event.error).status === 404,
  },
}).createMachine({
  id: 'recordWorkflow',
  context: ({ input }) => ({ ...input, record: null, history: [], error: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadRecord',
        input: ({ context }) => ({ def: context.def, id: context.id }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ record: event.output.record, history: event.output.history, error: null })) },
        onError: [
          {
            // A step took the record out of what this person may see (a review list's records are the ones
            // waiting for review): keep showing where it went, with no steps, rather than an error.
            guard: 'leftTheView',
            target: 'ready',
            actions: assign(({ context, event }) => ({ record: context.record ? { ...context.record, allowedEvents: [] } : null, error: toErrorPayload(event.error) })),
          },
          { target: 'failed', actions: assign(({ event }) => ({ error: toErrorPayload(event.error) })) },
        ],
      },
    },
    failed: { on: { 'workflow.retry': 'loading', 'workflow.reload': 'loading' } },
    ready: {
      on: {
        'workflow.step': {
          target: 'stepping',
          actions: assign(({ event }) => ({ pending: event.event, error: null })),
        },
        'workflow.reload': 'loading',
      },
    },
    stepping: {
      invoke: {
        src: 'takeStep',
        input: ({ context, event }) => ({
          def: context.def,
          id: context.id,
          step: event.type === 'workflow.step' ? { event: event.event, version: context.record?.version, note: event.note, data: event.data, call: event.call } : { event: '' },
        }),
        onDone: { target: 'refreshing', actions: [assign(({ context, event }) => ({ record: { ...context.record, ...event.output }, pending: null })), 'noteStepped'] },
        onError: [
          {
            // Someone moved the record first, or the step is not allowed now: say why, then read it again.
            guard: 'isConflict',
            target: 'loading',
            actions: [assign(({ event }) => ({ error: toErrorPayload(event.error), pending: null })), ({ event }) => refusalNotice(toErrorPayload(event.error), RECORD_CHANGED, 'yellow')],
          },
          {
            target: 'ready',
            actions: [assign(({ event }) => ({ error: toErrorPayload(event.error), pending: null })), ({ event }) => refusalNotice(toErrorPayload(event.error), STEP_FAILED, 'red')],
          },
        ],
      },
    },
    refreshing: {
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ def: context.def, id: context.id }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ history: event.output })) },
        // The step is taken; a history that did not load shows what it had.
        onError: { target: 'ready' },
      },
    },
  },
});
