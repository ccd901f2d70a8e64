/**
 * The test-path explorer's workflow (issue 15, /app/qa-paths): which machine QA looks at, the filters on its
 * paths, the path picked and the step shown on the diagram, and copying a path as text.
 *
 *   idle ──copy──▶ copying ──by the clipboard──▶ copied
 *                     ├──by a selection──▶ copiedBySelection   (the page has no clipboard: plain HTTP)
 *                     └──refused──▶ copyByHand                 (the text shown selected, to copy by hand)
 *   copied, copiedBySelection, copyByHand ──copy──▶ copying;  copyByHand ──copy.close──▶ idle
 *
 * Picking another machine or path, or clearing it, ends what a copy showed (its notice, the text to copy).
 * The choices (machine, filters, path, step) are context, taken in any state; picking another machine clears
 * the filters and the path, and a filter that hides the picked path drops it. The paths themselves are the
 * pure data of src/machines/paths (the same as `npm run paths`): the machine keeps only ids. A replay report
 * loaded (`report.load`, the JSON `npm run paths:replay -- --report` writes) gives each path its last result,
 * whichever machine is shown; a file that is not one is refused with why, keeping the results before it.
 */
import { assign, fromPromise, setup } from 'xstate';
import { copyText, type CopiedBy } from '../../api/clipboard';
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
  /** The text of the copy under way or done; shown selected for the person when the browser would not copy it. */
  copyText: string | null;
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
  /** Closes the text shown to copy by hand. */
  | { type: 'copy.close' }
  | { type: 'report.load'; text: string }
  /** The chosen file could not be read at all. */
  | { type: 'report.unreadable'; reason: string };

/** Copies text (the clipboard, else a selection: src/api/clipboard.ts); rejects when the browser allows neither. */
export const writeClipboard = fromPromise<CopiedBy, { text: string }>(({ input }) => copyText(input.text));

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
  context: ({ input }) => ({ machineId: input.machineId, target: null, through: null, pathId: null, step: 0, pathLength: 0, copyText: null, results: null, reportError: null }),
  initial: 'idle',
  on: {
    'machine.pick': { target: '.idle', actions: 'pickMachine' },
    'filter.target': { actions: 'setTarget' },
    'filter.through': { actions: 'setThrough' },
    'path.pick': { target: '.idle', actions: 'pickPath' },
    'path.clear': { target: '.idle', actions: 'clearPath' },
    'step.next': { guard: 'hasPath', actions: 'next' },
    'step.prev': { guard: 'hasPath', actions: 'prev' },
    'report.load': { actions: 'loadReport' },
    'report.unreadable': { actions: assign({ reportError: ({ event }) => event.reason }) },
  },
  states: {
    idle: { entry: assign({ copyText: null }), on: { copy: 'copying' } },
    copying: {
      // Kept to be shown if the browser refuses to copy it.
      entry: assign({ copyText: ({ event }) => (event.type === 'copy' ? event.text : null) }),
      invoke: {
        src: 'writeClipboard',
        input: ({ event }) => ({ text: event.type === 'copy' ? event.text : '' }),
        onDone: [{ guard: ({ event }) => event.output === 'selection', target: 'copiedBySelection' }, { target: 'copied' }],
        onError: 'copyByHand',
      },
    },
    copied: { on: { copy: 'copying' } },
    copiedBySelection: { on: { copy: 'copying' } },
    copyByHand: { on: { copy: 'copying', 'copy.close': 'idle' } },
  },
});
