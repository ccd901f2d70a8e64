/**
 * Model-based test of the public proposal machine against a real actor: every path the graph draws from
 * the machine is replayed with deferred request actors and a simulated clock; after every step the actor
 * must be where the model is, and each atomic state has its own check of what the outside world sees
 * (requests in flight with their inputs, notices).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { PROPOSAL_MESSAGES, publicProposalMachine, VIEW_TIME_DEBOUNCE_MS, type PublicProposalEvent } from '../../src/machines/flows/publicProposal';
import { viewStatusOf } from '../../src/contract/publicProposalTerms';
import { visibleSeconds } from '../../src/machines/flows/publicProposalCalls';
import { atomicIds, AFTER_DEBOUNCE, describePath, OPENED_AT, OPENINGS, PROPOSAL, PROPOSAL_RUNS, proposalPaths, VIEW_RECORD_ID, type ProposalRun } from './publicProposal.model';
import { PathCoverage } from './support/coverage';
import { createDeferredRequests, settle, type DeferredRequests } from './support/deferred';
import { recordNotices, type NoticeRecorder } from './support/notices';

const coverage = new PathCoverage();
/** The notes of the last submit: what the decision request must carry. */
const submitted = { notes: '' };
let recorder: NoticeRecorder;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  recorder = recordNotices();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  recorder.release();
  warn.mockRestore();
});

type ProposalActor = Actor<typeof publicProposalMachine>;

function start(run: ProposalRun, requests: DeferredRequests, clock: SimulatedClock): ProposalActor {
  const machine = publicProposalMachine.provide({
    actors: {
      view: requests.actor('view'),
      decide: requests.actor('decision'),
      reportViewTime: requests.actor('viewTime'),
      downloadFile: requests.actor('file'),
      downloadPdf: requests.actor('pdf'),
    },
  });
  return createActor(machine, { input: run.input, clock }).start();
}

function checks(run: ProposalRun, actor: ProposalActor, requests: DeferredRequests): Record<string, () => void> {
  const context = () => actor.getSnapshot().context;
  const pending = (id: string) => requests.has(id);
  return {
    'publicProposal.loading': () => {
      expect(requests.inputOf('view')).toEqual({ token: run.input.token, proposalId: run.input.proposalId, status: viewStatusOf(run.input.linkStatus) });
    },
    'publicProposal.failed': () => {
      expect(context().error?.message).toBe('This link has expired. Please ask for a new one.');
      expect(pending('view')).toBe(false);
    },
    'publicProposal.ready.bottom.accepted': () => expect(['Won', 'Deal']).toContain(context().proposal?.status),
    'publicProposal.ready.bottom.expired': () => expect(context().proposal?.proposalValidity! < context().today).toBe(true),
    'publicProposal.ready.bottom.nothing': () => expect(['View', 'Lost']).toContain(context().proposal?.status),
    'publicProposal.ready.bottom.deciding.idle': () => {
      expect(context().proposal?.status).toBe('Sent(Final)');
      expect(context().notesError).toBeNull();
    },
    'publicProposal.ready.bottom.deciding.confirmingAccept': () => expect(pending('decision')).toBe(false),
    'publicProposal.ready.bottom.deciding.confirmingReject': () => expect(pending('decision')).toBe(false),
    'publicProposal.ready.bottom.deciding.acceptNotes': () => expect([null, PROPOSAL_MESSAGES.notesRequired]).toContain(context().notesError),
    'publicProposal.ready.bottom.deciding.rejectNotes': () => expect([null, PROPOSAL_MESSAGES.notesRequired]).toContain(context().notesError),
    'publicProposal.ready.bottom.deciding.submittingAccept': () =>
      expect(requests.inputOf('decision')).toEqual({ proposalId: PROPOSAL._id, type: 'Won', notes: submitted.notes }),
    'publicProposal.ready.bottom.deciding.submittingReject': () =>
      expect(requests.inputOf('decision')).toEqual({ proposalId: PROPOSAL._id, type: 'Lost', notes: submitted.notes }),
    'publicProposal.ready.viewTime.idle': () => expect(pending('viewTime')).toBe(false),
    'publicProposal.ready.viewTime.waiting': () => expect(pending('viewTime')).toBe(false),
    'publicProposal.ready.viewTime.reporting': () =>
      expect(requests.inputOf('viewTime')).toEqual({ proposalId: PROPOSAL._id, viewRecordId: VIEW_RECORD_ID, openedAt: OPENED_AT, hiddenMs: 0 }),
    'publicProposal.ready.downloads.idle': () => {
      expect(pending('file')).toBe(false);
      expect(pending('pdf')).toBe(false);
    },
    'publicProposal.ready.downloads.file': () => expect(requests.inputOf('file')).toMatchObject({ url: expect.stringMatching(/^\/files\/demo\//) }),
    'publicProposal.ready.downloads.pdf': () => expect(requests.inputOf('pdf')).toEqual({ proposalId: PROPOSAL._id, fileName: 'PRP-2026-000007.pdf' }),
  };
}

/** Executes one model event and checks its visible effect (notices, logs, the exact debounce). */
async function execute(event: PublicProposalEvent, actor: ProposalActor, requests: DeferredRequests, clock: SimulatedClock): Promise<void> {
  const noticesBefore = recorder.notices.length;
  const lastNotice = () => recorder.notices.slice(noticesBefore);
  if ((event.type as string) === AFTER_DEBOUNCE) {
    clock.increment(VIEW_TIME_DEBOUNCE_MS - 1);
    await settle();
    expect(requests.has('viewTime')).toBe(false);
    clock.increment(1);
    await settle();
    expect(requests.has('viewTime')).toBe(true);
    return;
  }
  if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
    const failed = event.type.startsWith('xstate.error.actor.');
    const id = event.type.slice(failed ? 'xstate.error.actor.'.length : 'xstate.done.actor.'.length);
    if (failed) await requests.reject(id, (event as { error: unknown }).error);
    else await requests.resolve(id, (event as { output: unknown }).output);
    // The spec's English, and the key the notifier says it by in the person's language.
    const expectedNotices: Record<string, unknown[]> = {
      'done.decision.Won': [{ message: 'Proposal Accepted Successfully', color: 'green', words: { key: 'publicProposal.notices.accepted' } }],
      'done.decision.Lost': [{ message: 'Proposal Rejected', color: 'yellow', words: { key: 'publicProposal.notices.rejected' } }],
      'error.decision': [{ message: 'Failed to Update', color: 'red', words: { key: 'publicProposal.notices.updateFailed' } }],
      'done.file': [{ message: 'Downloading requested file', color: 'green', words: { key: 'publicProposal.notices.downloading' } }],
      'error.file': [{ message: 'Something went wrong while downloading file. Please try again!', color: 'red', words: { key: 'publicProposal.notices.downloadFailed' } }],
    };
    const status = id === 'decision' && !failed ? `.${String((event as { output: { status: string } }).output.status)}` : '';
    expect(lastNotice()).toEqual(expectedNotices[`${failed ? 'error' : 'done'}.${id}${status}`] ?? []);
    if (id === 'viewTime' && failed) expect(warn).toHaveBeenCalledWith('View time not recorded:', 'Database unavailable');
    return;
  }
  if (event.type === 'proposal.submit') submitted.notes = event.notes.trim();
  actor.send(event);
  await settle();
  expect(lastNotice()).toEqual([]);
}

describe('publicProposal machine, model-based against the actor', () => {
  for (const run of PROPOSAL_RUNS) {
    const paths = proposalPaths(run);
    describe(run.title, () => {
      it('has paths to explore', () => expect(paths.length).toBeGreaterThan(1));
      for (const path of paths) {
        it(describePath(path.steps.map((s) => s.event)), async () => {
          coverage.record(path);
          const requests = createDeferredRequests();
          const clock = new SimulatedClock();
          const actor = start(run, requests, clock);
          await settle();
          const stateChecks = checks(run, actor, requests);
          const verify = (model: (typeof path.steps)[number]['state']) => {
            expect(actor.getSnapshot().value).toEqual(model.value);
            expect(actor.getSnapshot().context).toEqual(model.context);
            for (const id of atomicIds(model)) {
              const check = stateChecks[id];
              if (!check) throw new Error(`No check for state ${id}`);
              check();
            }
          };
          for (const step of path.steps) {
            if ((step.event.type as string) !== 'xstate.init') await execute(step.event, actor, requests, clock);
            verify(step.state);
          }
          actor.stop();
        });
      }
    });
  }
});

/**
 * A visitor who landed on the link, whose view answered before the first render (machines/landing.ts): the page
 * opens on the proposal in its first snapshot, asks for no view, and reports the view time from that view.
 */
describe('opened with its view already answered', () => {
  it('is ready in the first snapshot, with the bottom rule chosen, and asks for no view', async () => {
    const requests = createDeferredRequests();
    const clock = new SimulatedClock();
    const machine = publicProposalMachine.provide({ actors: { view: requests.actor('view'), reportViewTime: requests.actor('viewTime') } });
    const actor = createActor(machine, { input: { ...PROPOSAL_RUNS[0].input, viewed: OPENINGS.final }, clock });
    expect(actor.getSnapshot().matches({ ready: { bottom: { deciding: 'idle' } } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ proposal: PROPOSAL, viewRecordId: VIEW_RECORD_ID, openedAt: OPENED_AT });
    actor.start();
    await settle();
    expect(requests.has('view')).toBe(false);
    actor.send({ type: 'page.scrolled' });
    clock.increment(VIEW_TIME_DEBOUNCE_MS);
    await settle();
    expect(requests.inputOf('viewTime')).toMatchObject({ viewRecordId: VIEW_RECORD_ID, openedAt: OPENED_AT });
    actor.stop();
  });
});

describe('time on the page (issue 33)', () => {
  it('leaves out the time hidden, and sends a beacon as the page goes out of sight', async () => {
    const requests = createDeferredRequests();
    const clock = new SimulatedClock();
    const beacons: Array<{ hiddenMs: number }> = [];
    const machine = publicProposalMachine.provide({
      actors: { view: requests.actor('view'), reportViewTime: requests.actor('viewTime') },
      actions: { beaconViewTime: ({ context }) => void beacons.push({ hiddenMs: context.hiddenMs }) },
    });
    const actor = createActor(machine, { input: { ...PROPOSAL_RUNS[0].input, viewed: OPENINGS.final }, clock }).start();
    actor.send({ type: 'page.hidden', at: OPENED_AT + 4_000 });
    expect(beacons).toHaveLength(1);
    actor.send({ type: 'page.hidden', at: OPENED_AT + 5_000 });
    actor.send({ type: 'page.visible', at: OPENED_AT + 10_000 });
    expect(actor.getSnapshot().context).toMatchObject({ hiddenMs: 6_000, hiddenSince: null });
    actor.send({ type: 'page.scrolled' });
    clock.increment(VIEW_TIME_DEBOUNCE_MS);
    await settle();
    expect(requests.inputOf('viewTime')).toMatchObject({ viewRecordId: VIEW_RECORD_ID, openedAt: OPENED_AT, hiddenMs: 6_000 });
    expect(visibleSeconds({ openedAt: OPENED_AT, hiddenMs: 6_000 }, OPENED_AT + 13_000)).toBe(7);
    actor.stop();
  });
});

afterAll(() => {
  // Every state the machine can rest in and every event is on some path (`opening` and `choosing` only decide,
  // with eventless transitions, so no snapshot rests there: tests/machines/support/coverage.ts leaves them out).
  expect(coverage.missingStates(publicProposalMachine)).toEqual([]);
  expect(coverage.missingEvents(publicProposalMachine)).toEqual([]);
});
