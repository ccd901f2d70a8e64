/**
 * The public proposal page (/public/businessProposal, document 1 §2 and §4, document 2 §7-§8): opening it
 * stores the link's token as the auth token and records a view, and the bottom area follows the
 * first of four rules (accepted, expired, decide, nothing). Deciding goes confirmation → notes modal →
 * request; the view time is reported 3000 ms after the person stops scrolling; attachments and the PDF
 * download on demand.
 *
 * The session spawns this actor when a /public/businessProposal link opens (`publicProposalInputOf` reads
 * the link) and stops it when the page is left; the page only renders snapshots and sends events. I/O
 * runs in actors declared in setup, each in a request state (requestState.ts), so tests swap them with
 * `provide`. The debounce is a delayed transition (`after`), exercised with a simulated clock and the
 * graph's path functions.
 */
import {
  assign,
  fromPromise,
  setup,
  spawnChild,
  stopChild,
  type ActorRefFrom,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { notify, type Notice, type NoticeColor } from '../../api/notify';
import { requestChildId, requestState } from '../requestState';
import {
  beaconViewTime,
  decideProposal,
  downloadAttachment,
  downloadProposalPdf,
  reportViewTime,
  viewProposal,
  type AttachmentInput,
  type DecisionInput,
  type ViewInput,
  type ViewResult,
  type ViewTimeInput,
} from './publicProposalCalls';
import type { PublicProposalInput } from '../../contract/publicLinks';
import { bottomRule, proposalPdfName, viewStatusOf, type PublicProposal } from '../../contract/publicProposalTerms';
import { PUBLIC_PROPOSAL_ENGLISH } from '../../contract/publicProposalTexts';

/**
 * What the session opens the page with: the link's input and, when the visitor landed on the link and the
 * view its HTML asked for was answered before the first render (publicProposalCalls.ts, viewedWithPage), that view.
 */
export interface PublicProposalOpening extends PublicProposalInput {
  viewed?: ViewResult;
}

/** Debounce of the view-time report (document 1 §2, §9). */
export const VIEW_TIME_DEBOUNCE_MS = 3000;

/**
 * What the page tells the person, in the spec's English (src/contract/publicProposalTexts.ts). Each notice also carries
 * its dictionary key, so the notifier says it in the person's language (src/ui/AppProviders.tsx words a notice's
 * `words`); the page words the notes field's "Required" itself.
 */
export const PROPOSAL_MESSAGES = PUBLIC_PROPOSAL_ENGLISH.notices;

type ProposalNotice = keyof typeof PROPOSAL_MESSAGES;
const noticeOf = (notice: ProposalNotice, color: NoticeColor): Notice => ({
  message: PROPOSAL_MESSAGES[notice],
  words: { key: `publicProposal.notices.${notice}` },
  color,
});

export interface PublicProposalContext {
  token: string;
  linkStatus: string | null;
  proposalId: string;
  proposal: PublicProposal | null;
  viewRecordId: string | null;
  openedAt: number | null;
  /** Milliseconds hidden so far, and since when it is hidden now (null while in view): time on the page counts only what is seen. */
  hiddenMs: number;
  hiddenSince: number | null;
  today: string;
  notesError: string | null;
  error: ErrorPayload | null;
}

export type PublicProposalEvent =
  | { type: 'proposal.retry' }
  /** Reject or Accept: ask for confirmation. */
  | { type: 'proposal.reject' }
  | { type: 'proposal.accept' }
  /** Yes in the confirmation: open the notes modal. */
  | { type: 'proposal.confirm' }
  /** Close in the confirmation or the modal. */
  | { type: 'proposal.close' }
  | { type: 'proposal.submit'; notes: string }
  | { type: 'page.scrolled' }
  /** The page went out of sight (another tab, the phone locked, the tab closing) or came back, at `at` (ms). */
  | { type: 'page.hidden'; at: number }
  | { type: 'page.visible'; at: number }
  | { type: 'proposal.downloadFile'; url: string; name?: string }
  | { type: 'proposal.downloadPdf' }
  | DoneActorEvent<ViewResult, 'view'>
  | ErrorActorEvent<unknown, 'view'>
  | DoneActorEvent<PublicProposal, 'decision'>
  | ErrorActorEvent<unknown, 'decision'>
  | DoneActorEvent<unknown, 'viewTime'>
  | ErrorActorEvent<unknown, 'viewTime'>
  | DoneActorEvent<string, 'file'>
  | ErrorActorEvent<unknown, 'file'>
  | DoneActorEvent<string, 'pdf'>
  | ErrorActorEvent<unknown, 'pdf'>;

/** What a view-time report says at `now`: the time hidden counts the stretch still going on. */
function viewTimeOf(context: PublicProposalContext, now: number): ViewTimeInput {
  const hiddenNow = context.hiddenSince === null ? 0 : Math.max(0, now - context.hiddenSince);
  return { proposalId: context.proposalId, viewRecordId: context.viewRecordId ?? '', openedAt: context.openedAt ?? now, hiddenMs: context.hiddenMs + hiddenNow };
}

const notesOf = (event: PublicProposalEvent): string => (event.type === 'proposal.submit' ? event.notes.trim() : '');

/** The notes modal of one decision: submit with notes, or "Required". */
const notesModal = (submitting: 'submittingAccept' | 'submittingReject') =>
  ({
    on: {
      'proposal.submit': [
        { guard: 'hasNotes', target: submitting, actions: ['clearNotesError', 'beaconViewTime'] },
        { actions: 'requireNotes' },
      ],
      'proposal.close': { target: 'idle', actions: 'clearNotesError' },
    },
  }) as const;

export const publicProposalMachine = setup({
  types: {
    context: {} as PublicProposalContext,
    events: {} as PublicProposalEvent,
    input: {} as PublicProposalOpening,
  },
  actors: {
    view: fromPromise<ViewResult, ViewInput>(({ input }) => viewProposal(input)),
    decide: fromPromise<PublicProposal, DecisionInput>(({ input }) => decideProposal(input)),
    reportViewTime: fromPromise<unknown, ViewTimeInput>(({ input }) => reportViewTime(input)),
    // A fire-and-forget beacon (a page being closed cannot wait for an answer): an action, so tests provide their own.
    downloadFile: fromPromise<string, AttachmentInput>(({ input }) => downloadAttachment(input)),
    downloadPdf: fromPromise<string, { proposalId: string; fileName: string }>(({ input }) => downloadProposalPdf(input)),
  },
  guards: {
    viewedWithPage: ({ context }) => context.proposal !== null,
    isAccepted: ({ context }) => context.proposal !== null && bottomRule(context.proposal, context.today) === 'accepted',
    isExpired: ({ context }) => context.proposal !== null && bottomRule(context.proposal, context.today) === 'expired',
    canDecide: ({ context }) => context.proposal !== null && bottomRule(context.proposal, context.today) === 'decide',
    hasNotes: ({ event }) => notesOf(event) !== '',
  },
  actions: {
    stopRequest: stopChild(requestChildId),
    spawnView: spawnChild('view', {
      id: 'view',
      input: ({ context }) => ({ token: context.token, proposalId: context.proposalId, status: viewStatusOf(context.linkStatus) }),
    }),
    assignView: assign(({ event }) =>
      event.type === 'xstate.done.actor.view'
        ? { proposal: event.output.proposal, viewRecordId: event.output.viewRecordId, openedAt: event.output.openedAt, today: event.output.today, error: null }
        : {},
    ),
    assignLoadError: assign(({ event }) => (event.type === 'xstate.error.actor.view' ? { error: toErrorPayload(event.error) } : {})),
    requestAccept: spawnChild('decide', {
      id: 'decision',
      input: ({ context, event }) => ({ proposalId: context.proposalId, type: 'Won' as const, notes: notesOf(event) }),
    }),
    requestReject: spawnChild('decide', {
      id: 'decision',
      input: ({ context, event }) => ({ proposalId: context.proposalId, type: 'Lost' as const, notes: notesOf(event) }),
    }),
    assignDecision: assign(({ event }) => (event.type === 'xstate.done.actor.decision' ? { proposal: event.output } : {})),
    notifyAccepted: () => notify(noticeOf('accepted', 'green')),
    notifyRejected: () => notify(noticeOf('rejected', 'yellow')),
    notifyUpdateFailed: () => notify(noticeOf('updateFailed', 'red')),
    requireNotes: assign({ notesError: PROPOSAL_MESSAGES.notesRequired }),
    clearNotesError: assign({ notesError: null }),
    spawnViewTime: spawnChild('reportViewTime', {
      id: 'viewTime',
      input: ({ context }) => viewTimeOf(context, Date.now()),
    }),
    noteHidden: assign(({ context, event }) => (event.type === 'page.hidden' && context.hiddenSince === null ? { hiddenSince: event.at } : {})),
    noteVisible: assign(({ context, event }) =>
      event.type === 'page.visible' && context.hiddenSince !== null ? { hiddenMs: context.hiddenMs + Math.max(0, event.at - context.hiddenSince), hiddenSince: null } : {},
    ),
    // Sent as the page goes out of sight, and with a decision: the seller sees the time even if the page is never left.
    beaconViewTime: ({ context, event }) => {
      if (context.viewRecordId) beaconViewTime({ ...viewTimeOf(context, 'at' in event && typeof event.at === 'number' ? event.at : Date.now()), token: context.token });
    },
    // The spec asks only for a log line: the person is reading, not waiting for this.
    logViewTimeFailure: ({ event }) => {
      if (event.type === 'xstate.error.actor.viewTime') console.warn('View time not recorded:', toErrorPayload(event.error).message ?? 'request failed');
    },
    spawnFile: spawnChild('downloadFile', {
      id: 'file',
      input: ({ event }) => (event.type === 'proposal.downloadFile' ? { url: event.url, name: event.name } : { url: '' }),
    }),
    notifyDownloading: () => notify(noticeOf('downloading', 'green')),
    notifyDownloadFailed: () => notify(noticeOf('downloadFailed', 'red')),
    spawnPdf: spawnChild('downloadPdf', {
      id: 'pdf',
      input: ({ context }) => ({ proposalId: context.proposalId, fileName: proposalPdfName(context.proposal ?? { _id: context.proposalId }) }),
    }),
  },
}).createMachine({
  id: 'publicProposal',
  context: ({ input }) => ({
    token: input.token,
    linkStatus: input.linkStatus,
    proposalId: input.proposalId,
    proposal: input.viewed?.proposal ?? null,
    viewRecordId: input.viewed?.viewRecordId ?? null,
    openedAt: input.viewed?.openedAt ?? null,
    hiddenMs: 0,
    hiddenSince: null,
    today: input.viewed?.today ?? '',
    notesError: null,
    error: null,
  }),
  initial: 'opening',
  states: {
    // A page opened with its view already answered shows the proposal in its first snapshot; else it asks.
    opening: {
      always: [{ guard: 'viewedWithPage', target: 'ready' }, { target: 'loading' }],
    },
    loading: requestState('view', 'spawnView', {
      done: { target: 'ready', actions: 'assignView' },
      error: { target: 'failed', actions: 'assignLoadError' },
    }),
    failed: {
      on: { 'proposal.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        bottom: {
          initial: 'choosing',
          states: {
            // The first matching rule applies (document 1 §2); re-chosen after each decision.
            choosing: {
              always: [
                { guard: 'isAccepted', target: 'accepted' },
                { guard: 'isExpired', target: 'expired' },
                { guard: 'canDecide', target: 'deciding' },
                { target: 'nothing' },
              ],
            },
            accepted: {},
            expired: {},
            nothing: {},
            deciding: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'proposal.accept': 'confirmingAccept', 'proposal.reject': 'confirmingReject' },
                },
                confirmingAccept: {
                  on: { 'proposal.confirm': 'acceptNotes', 'proposal.close': 'idle' },
                },
                confirmingReject: {
                  on: { 'proposal.confirm': 'rejectNotes', 'proposal.close': 'idle' },
                },
                acceptNotes: notesModal('submittingAccept'),
                rejectNotes: notesModal('submittingReject'),
                submittingAccept: requestState('decision', 'requestAccept', {
                  done: { target: '#publicProposal.ready.bottom.choosing', actions: ['assignDecision', 'notifyAccepted'] },
                  error: { target: 'acceptNotes', actions: 'notifyUpdateFailed' },
                }),
                submittingReject: requestState('decision', 'requestReject', {
                  done: { target: '#publicProposal.ready.bottom.choosing', actions: ['assignDecision', 'notifyRejected'] },
                  error: { target: 'rejectNotes', actions: 'notifyUpdateFailed' },
                }),
              },
            },
          },
        },
        viewTime: {
          initial: 'idle',
          // Whatever the report is doing, going out of sight stops the clock and sends the time; coming back restarts it.
          on: {
            'page.hidden': { actions: ['noteHidden', 'beaconViewTime'] },
            'page.visible': { actions: 'noteVisible' },
          },
          states: {
            idle: {
              on: { 'page.scrolled': 'waiting' },
            },
            // Every scroll restarts the 3000 ms wait; the report goes out once scrolling has stopped.
            waiting: {
              after: { [VIEW_TIME_DEBOUNCE_MS]: 'reporting' },
              on: { 'page.scrolled': { target: 'waiting', reenter: true } },
            },
            reporting: requestState('viewTime', 'spawnViewTime', {
              done: 'idle',
              error: { target: 'idle', actions: 'logViewTimeFailure' },
              on: { 'page.scrolled': 'waiting' },
            }),
          },
        },
        downloads: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'proposal.downloadFile': 'file', 'proposal.downloadPdf': 'pdf' },
            },
            file: requestState('file', 'spawnFile', {
              done: { target: 'idle', actions: 'notifyDownloading' },
              error: { target: 'idle', actions: 'notifyDownloadFailed' },
            }),
            // A failed PDF is silently ignored (document 1 §8).
            pdf: requestState('pdf', 'spawnPdf', { done: 'idle', error: 'idle' }),
          },
        },
      },
    },
  },
});

export type PublicProposalActorRef = ActorRefFrom<typeof publicProposalMachine>;
export type PublicProposalSnapshot = SnapshotFrom<typeof publicProposalMachine>;

