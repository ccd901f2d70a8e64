/**
 * The model of the public proposal page, shared by the actor test (tests/machines) and the page test
 * (tests/ui/public): the fixtures, the runs (each an input and the events it explores), and the paths the
 * graph's standalone `getShortestPaths` draws from the machine. `createTestModel` refuses `after`, so the
 * paths come from the path function and the 3000 ms debounce is one more event: "the delay elapsed",
 * which each driver executes with a simulated clock.
 */
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import {
  publicProposalMachine,
  VIEW_TIME_DEBOUNCE_MS,
  type PublicProposalContext,
  type PublicProposalEvent,
} from '../../src/machines/flows/publicProposal';
import type { ViewResult } from '../../src/machines/flows/publicProposalCalls';
import type { PublicProposal } from '../../src/contract/publicProposalTerms';
import type { PublicProposalInput } from '../../src/contract/publicLinks';
import { serializeBy } from './support/coverage';

export const TODAY = '2026-11-22';
export const OPENED_AT = 1_790_000_000_000;
export const VIEW_RECORD_ID = 'view-1';

export const ATTACHMENTS = [
  { url: '/files/demo/rental-terms.pdf', name: 'Rental terms and conditions.pdf' },
  { url: '/files/demo/unnamed.pdf', name: '' },
] as const;

export const PROPOSAL: PublicProposal = {
  _id: 'prp-1',
  alternateId: 'PRP-2026-000007',
  proposalName: 'Compressed air on rent – Chakan Plant 2',
  machineType: { _id: 'mt-1', machineName: 'Screw Air Compressor GA37', alternateId: 'MT-2026-000003' },
  contractTerm: 36,
  lockInPeriod: 12,
  noticePeriod: 3,
  monthlyRental: 85000,
  securityDeposit: 3,
  escalation: 5,
  proposalValidity: '2026-12-31',
  status: 'Sent(Final)',
  owner: { _id: 'u-1', name: 'Asha Kulkarni' },
  attachementDocument: [...ATTACHMENTS],
  totalViewTime: [{ _id: VIEW_RECORD_ID, time: 0, status: 'Sent(Final)' }],
};

const opened = (proposal: PublicProposal): ViewResult => ({ proposal, viewRecordId: VIEW_RECORD_ID, openedAt: OPENED_AT, today: TODAY });

export const OPENINGS = {
  final: opened(PROPOSAL),
  expired: opened({ ...PROPOSAL, proposalValidity: '2026-11-01' }),
  won: opened({ ...PROPOSAL, status: 'Won', acceptNote: 'Go ahead' }),
  deal: opened({ ...PROPOSAL, status: 'Deal' }),
  /** A Sent(Draft) link: the proposal reads View once opened, and the page offers no decision. */
  draft: opened({ ...PROPOSAL, status: 'View' }),
} as const;

export const DECIDED = {
  won: { ...PROPOSAL, status: 'Won', acceptNote: 'Please schedule installation' },
  lost: { ...PROPOSAL, status: 'Lost', declineNote: 'Budget moved to next year' },
} as const;

export const NOTES = { accept: 'Please schedule installation', reject: 'Budget moved to next year' } as const;
export const SERVER_DOWN = new ApiError(500, { message: 'Database unavailable' }, 'Request failed with status 500');
export const LINK_GONE = new ApiError(410, { message: 'This link has expired. Please ask for a new one.' }, 'Request failed with status 410');

export const AFTER_DEBOUNCE = `xstate.after.${VIEW_TIME_DEBOUNCE_MS}.publicProposal.ready.viewTime.waiting`;
/** The delayed event as the path functions see it (the machine's own event type). */
export const debounceElapsed = { type: AFTER_DEBOUNCE } as unknown as PublicProposalEvent;

const done = <T>(actorId: string, output: T) => ({ type: `xstate.done.actor.${actorId}`, output, actorId }) as unknown as PublicProposalEvent;
const failed = (actorId: string, error: unknown) => ({ type: `xstate.error.actor.${actorId}`, error, actorId }) as unknown as PublicProposalEvent;

export interface ProposalRun {
  title: string;
  input: PublicProposalInput;
  events: readonly PublicProposalEvent[];
}

export const TOKEN = 'link-token-abc';
const finalLink: PublicProposalInput = { token: TOKEN, linkStatus: 'Sent(Final)', proposalId: PROPOSAL._id };

export const PROPOSAL_RUNS: readonly ProposalRun[] = [
  {
    title: 'final link: confirm, notes required, accept or reject, failures',
    input: finalLink,
    events: [
      done('view', OPENINGS.final),
      failed('view', LINK_GONE),
      { type: 'proposal.retry' },
      { type: 'proposal.accept' },
      { type: 'proposal.reject' },
      { type: 'proposal.confirm' },
      { type: 'proposal.close' },
      { type: 'proposal.submit', notes: '   ' },
      { type: 'proposal.submit', notes: NOTES.accept },
      { type: 'proposal.submit', notes: NOTES.reject },
      done('decision', DECIDED.won),
      done('decision', DECIDED.lost),
      failed('decision', SERVER_DOWN),
    ],
  },
  {
    title: 'the first matching rule: accepted (Won, Deal) and expired',
    input: finalLink,
    events: [done('view', OPENINGS.won), done('view', OPENINGS.deal), done('view', OPENINGS.expired), { type: 'proposal.accept' }, { type: 'proposal.reject' }],
  },
  {
    title: 'draft link: viewed as View, nothing to decide',
    input: { token: TOKEN, linkStatus: 'Sent(Draft)', proposalId: PROPOSAL._id },
    events: [done('view', OPENINGS.draft), { type: 'proposal.accept' }, { type: 'proposal.reject' }],
  },
  {
    title: 'view time: reported 3000 ms after scrolling stops',
    input: finalLink,
    events: [done('view', OPENINGS.final), { type: 'page.scrolled' }, debounceElapsed, done('viewTime', { _id: VIEW_RECORD_ID, time: 3 }), failed('viewTime', SERVER_DOWN)],
  },
  {
    title: 'view time: counted only while the page is in sight (issue 33)',
    input: finalLink,
    events: [done('view', OPENINGS.final), { type: 'page.hidden', at: OPENED_AT + 4_000 }, { type: 'page.visible', at: OPENED_AT + 10_000 }, { type: 'page.scrolled' }, debounceElapsed, done('viewTime', { _id: VIEW_RECORD_ID, time: 7 })],
  },
  {
    title: 'downloads: attachments (with and without a name) and the proposal PDF',
    input: finalLink,
    events: [
      done('view', OPENINGS.final),
      { type: 'proposal.downloadFile', url: ATTACHMENTS[0].url, name: ATTACHMENTS[0].name },
      { type: 'proposal.downloadFile', url: ATTACHMENTS[1].url, name: ATTACHMENTS[1].name },
      done('file', ATTACHMENTS[0].name),
      failed('file', SERVER_DOWN),
      { type: 'proposal.downloadPdf' },
      done('pdf', 'PRP-2026-000007.pdf'),
      failed('pdf', SERVER_DOWN),
    ],
  },
];

type Snapshot = ReturnType<typeof publicProposalMachine.transition>;

/** A decision answer must match the request in flight (a Won answer to a reject is not a real path). */
function consistent(snapshot: Snapshot, event: PublicProposalEvent): boolean {
  if (event.type !== 'xstate.done.actor.decision') return true;
  const status = (event as { output: PublicProposal }).output.status;
  if (status === 'Won') return snapshot.matches({ ready: { bottom: { deciding: 'submittingAccept' } } });
  return snapshot.matches({ ready: { bottom: { deciding: 'submittingReject' } } });
}

const project = (context: PublicProposalContext) => ({ status: context.proposal?.status ?? null, validity: context.proposal?.proposalValidity ?? null, notesError: context.notesError, failed: context.error !== null });

export function proposalPaths(run: ProposalRun) {
  return getShortestPaths(publicProposalMachine, {
    input: run.input,
    events: [...run.events],
    serializeState: serializeBy(project) as never,
    filterEvents: (snapshot, event) => snapshot.can(event) && consistent(snapshot, event),
  });
}

export const atomicIds = (state: { _nodes: ReadonlyArray<{ type: string; id: string }> }): string[] =>
  state._nodes.filter((node) => node.type === 'atomic').map((node) => node.id);

/** A readable, unique test name: event types with their distinguishing payload. */
export function describePath(events: readonly PublicProposalEvent[]): string {
  return events
    .map((event) => {
      const e = event as { type: string; output?: { proposal?: { status?: string; proposalValidity?: string }; status?: string }; notes?: string; name?: string };
      const detail = e.output?.proposal ? `${e.output.proposal.status}/${e.output.proposal.proposalValidity}` : (e.output?.status ?? (e.notes !== undefined ? JSON.stringify(e.notes) : e.name !== undefined ? JSON.stringify(e.name) : ''));
      return `${e.type.replace('xstate.', '')}${detail ? `(${detail})` : ''}`;
    })
    .join(' → ');
}

