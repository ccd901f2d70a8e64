/**
 * The test-path explorer's workflow (issue 15, /app/qa-paths): which machine QA looks at, the filters on its
 * paths, the path picked and the step shown on the diagram, and copying a path as text.
 *
 *   idle ──copy──▶ copying ──done──▶ copied ──(copy again)──▶ copying
 *                     └──error──▶ copyFailed
 *
 * The choices (machine, filters, path, step) are context, taken in any state; picking another machine clears
 * the filters and the path, and a filter that hides the picked path drops it. The paths themselves are the
 * pure data of src/machines/paths (the same as `npm run paths`): the machine keeps only ids. A replay report
 * loaded (`report.load`, the JSON `npm run paths:replay -- --report` writes) gives each path its last result,
 * whichever machine is shown; a file that is not one is refused with why, keeping the results before it.
 */
import { assign, fromPromise, setup } from 'xstate';
import { readReplayReport, ReplayReportError, type ReplayResults } from '../paths/replayResults';

export interface QaPathsContext {
  machineId: string;
  target: string | null;
  through: string | null;
  pathId: string | null;
  /** How many of the picked path's steps are shown as taken (0: at its start). */
  step: number;
  /** Steps of the picked path, so stepping stops at its end. */
  pathLength: number;
  copyError: string | null;
  /** The last replay report loaded: each path's result. */
  results: ReplayResults | null;
  reportError: string | null;
}

export type QaPathsEvent =
  | { type: 'machine.pick'; machineId: string }
  | { type: 'filter.target'; state: string | null }
  | { type: 'filter.through'; event: string | null }
  | { type: 'path.pick'; pathId: string; length: number }
  | { type: 'path.clear' }
  | { type: 'step.next' }
  | { type: 'step.prev' }
  | { type: 'copy'; text: string }
  | { type: 'report.load'; text: string }
  /** The chosen file could not be read at all. */
  | { type: 'report.unreadable'; reason: string };

/** Writes text to the clipboard; the screen may provide another writer (tests do). */
export const writeClipboard = fromPromise<void, { text: string }>(async ({ input }) => {
  const clipboard = globalThis.navigator?.clipboard;
  if (!clipboard) throw new Error('This browser does not let the page copy');
  await clipboard.writeText(input.text);
});

export const qaPathsMachine = setup({
  types: {} as { context: QaPathsContext; events: QaPathsEvent; input: { machineId: string } },
  actors: { writeClipboard },
  actions: {
    pickMachine: assign(({ event }) => (event.type === 'machine.pick' ? { machineId: event.machineId, target: null, through: null, pathId: null, step: 0, pathLength: 0 } : {})),
    setTarget: assign(({ event }) => (event.type === 'filter.target' ? { target: event.state, pathId: null, step: 0, pathLength: 0 } : {})),
    setThrough: assign(({ event }) => (event.type === 'filter.through' ? { through: event.event, pathId: null, step: 0, pathLength: 0 } : {})),
    pickPath: assign(({ event }) => (event.type === 'path.pick' ? { pathId: event.pathId, step: 0, pathLength: event.length } : {})),
    clearPath: assign({ pathId: null, step: 0, pathLength: 0 }),
    next: assign(({ context }) => ({ step: Math.min(context.step + 1, context.pathLength) })),
    prev: assign(({ context }) => ({ step: Math.max(context.step - 1, 0) })),
    loadReport: assign(({ event }) => {
      if (event.type !== 'report.load') return {};
      try {
        return { results: readReplayReport(event.text), reportError: null };
      } catch (error) {
        if (!(error instanceof ReplayReportError)) throw error;
        return { reportError: error.message };
      }
    }),
  },
  guards: {
    hasPath: ({ context }) => context.pathId !== null,
  },
}).createMachine({
  id: 'qaPaths',
  context: ({ input }) => ({ machineId: input.machineId, target: null, through: null, pathId: null, step: 0, pathLength: 0, copyError: null, results: null, reportError: null }),
  initial: 'idle',
  on: {
    'machine.pick': { actions: 'pickMachine' },
    'filter.target': { actions: 'setTarget' },
    'filter.through': { actions: 'setThrough' },
    'path.pick': { actions: 'pickPath' },
    'path.clear': { actions: 'clearPath' },
    'step.next': { guard: 'hasPath', actions: 'next' },
    'step.prev': { guard: 'hasPath', actions: 'prev' },
    'report.load': { actions: 'loadReport' },
    'report.unreadable': { actions: assign({ reportError: ({ event }) => event.reason }) },
  },
  states: {
    idle: { on: { copy: 'copying' } },
    copying: {
      invoke: {
        src: 'writeClipboard',
        input: ({ event }) => ({ text: event.type === 'copy' ? event.text : '' }),
        onDone: 'copied',
        onError: { target: 'copyFailed', actions: assign({ copyError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
      },
    },
    copied: { on: { copy: 'copying' } },
    copyFailed: { on: { copy: { target: 'copying', actions: assign({ copyError: null }) } } },
  },
});
