/**
 * The public proposal machine's model, run through the rendered page opened from its link: the session
 * spawns the page's actor, each model event becomes what a person does (clicks, typing, scrolling,
 * waiting) or what the server answers, and each state is checked by what the person sees on the page
 * (buttons, dialogs, texts, notifications). Leaving the page stops the actor.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { publicProposalMachine, VIEW_TIME_DEBOUNCE_MS, type PublicProposalEvent } from '../../../src/machines/flows/publicProposal';
import { AFTER_DEBOUNCE, atomicIds, describePath, PROPOSAL_RUNS, proposalPaths, VIEW_RECORD_ID, OPENED_AT, PROPOSAL } from '../../machines/publicProposal.model';
import { VIEW_TIME_BEACON_PATH } from '../../../src/contract/publicPaths';
import { createDeferredRequests, type DeferredRequests } from '../../machines/support/deferred';
import { ELSEWHERE, flush, notifications, proposalLink, renderPublicLink, type RenderedLink } from './render';

/** The page in sight or not, as the browser reports it (jsdom's document is always visible). */
let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

/** What the page hands the browser to send as it goes out of sight: the browser's beacon, recorded. */
const beacons: Array<{ url: string; body: Blob }> = [];
Object.defineProperty(navigator, 'sendBeacon', {
  configurable: true,
  value: (url: string, body: Blob) => {
    beacons.push({ url, body });
    return true;
  },
});

/** jsdom's Blob has no text(); FileReader reads it as a browser would. */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

afterEach(() => {
  act(() => notifications.clean());
  visibility = 'visible';
  beacons.length = 0;
});

const button = (name: string | RegExp) => screen.queryByRole('button', { name });
const dialog = () => screen.queryByRole('dialog');

function expectTerms(): void {
  expect(screen.getByRole('heading', { name: 'Head Terms-Commercial Proposal' })).toBeTruthy();
  expect(screen.getByText(PROPOSAL.proposalName as string)).toBeTruthy();
  const table = screen.getByRole('table', { name: 'Terms' });
  const cell = (label: string) => within(table).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
  expect(cell('Machine Name')).toBe('Screw Air Compressor GA37 (MT-2026-000003)');
  expect(cell('Contract Term')).toBe('36 months');
  expect(cell('Lock-in Period')).toBe('12 months');
  expect(cell('Notice Period')).toBe('3 months post contract locking');
  expect(cell('Monthly Rental')).toBe('₹ 85,000.00');
  expect(cell('Security Deposit')).toBe('₹ 2,55,000.00 (3 × monthly rental)');
  expect(cell('Escalation')).toBe('5% year on year');
  expect(screen.getByText('Asha Kulkarni')).toBeTruthy();
}

function noDecisionButtons(): void {
  expect(button('Accept')).toBeNull();
  expect(button('Reject')).toBeNull();
}

function checks(requests: DeferredRequests): Record<string, () => void> {
  return {
    'publicProposal.loading': () => {
      expect(screen.getByText('Loading proposal…')).toBeTruthy();
      expect(requests.inputOf('view')).toMatchObject({ token: 'link-token-abc' });
    },
    'publicProposal.failed': () => {
      const alert = screen.getByRole('alert');
      expect(within(alert).getByText('This link has expired. Please ask for a new one.')).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'publicProposal.ready.bottom.accepted': () => {
      expectTerms();
      expect(button('Accepted')?.hasAttribute('disabled')).toBe(true);
      noDecisionButtons();
    },
    'publicProposal.ready.bottom.expired': () => {
      expect(screen.getByText('Proposal Validatiy Expired on 01/11/2026')).toBeTruthy();
      noDecisionButtons();
      expect(button('Accepted')).toBeNull();
    },
    'publicProposal.ready.bottom.nothing': () => {
      expectTerms();
      noDecisionButtons();
      expect(button('Accepted')).toBeNull();
      expect(screen.queryByText(/Proposal Validatiy Expired/)).toBeNull();
    },
    'publicProposal.ready.bottom.deciding.idle': () => {
      expectTerms();
      expect(button('Accept')).toBeTruthy();
      expect(button('Reject')).toBeTruthy();
      expect(dialog()).toBeNull();
    },
    'publicProposal.ready.bottom.deciding.confirmingAccept': () => {
      const d = within(dialog() as HTMLElement);
      expect(d.getByText('Accept this Proposal?')).toBeTruthy();
      expect(d.getByRole('button', { name: 'Yes' })).toBeTruthy();
      expect(d.getByRole('button', { name: 'Close' })).toBeTruthy();
    },
    'publicProposal.ready.bottom.deciding.confirmingReject': () => {
      const d = within(dialog() as HTMLElement);
      expect(d.getByText('Are you sure to Reject this Proposal?')).toBeTruthy();
      expect(d.getByRole('button', { name: 'Yes' })).toBeTruthy();
    },
    'publicProposal.ready.bottom.deciding.acceptNotes': () => notesDialog('Accept Proposal', 'Accept Notes'),
    'publicProposal.ready.bottom.deciding.rejectNotes': () => notesDialog('Reject Proposal', 'Reject Notes'),
    'publicProposal.ready.bottom.deciding.submittingAccept': () => expect(within(dialog() as HTMLElement).getByRole('button', { name: 'Submit' }).getAttribute('data-loading')).toBe('true'),
    'publicProposal.ready.bottom.deciding.submittingReject': () => expect(within(dialog() as HTMLElement).getByRole('button', { name: 'Submit' }).getAttribute('data-loading')).toBe('true'),
    // The view time is invisible to the person: what the page sends is what is checked.
    'publicProposal.ready.viewTime.idle': () => expect(requests.has('viewTime')).toBe(false),
    'publicProposal.ready.viewTime.waiting': () => expect(requests.has('viewTime')).toBe(false),
    'publicProposal.ready.viewTime.reporting': () => expect(requests.inputOf('viewTime')).toEqual({ proposalId: PROPOSAL._id, viewRecordId: VIEW_RECORD_ID, openedAt: OPENED_AT, hiddenMs: 0 }),
    'publicProposal.ready.downloads.idle': () => expect(button('Download Files')?.getAttribute('data-loading')).not.toBe('true'),
    'publicProposal.ready.downloads.file': () => expect(button('Download Files')?.getAttribute('data-loading')).toBe('true'),
    'publicProposal.ready.downloads.pdf': () => expect(button('Download Files')?.getAttribute('data-loading')).toBe('true'),
  };
}

function notesDialog(title: string, label: string): void {
  const d = within(dialog() as HTMLElement);
  expect(d.getByText(title)).toBeTruthy();
  const notes = d.getByRole('textbox', { name: new RegExp(`^${label}`) });
  expect(notes.getAttribute('placeholder')).toBe('Enter Notes');
  expect(d.getByRole('button', { name: 'Close' })).toBeTruthy();
}

async function openDownloads(): Promise<void> {
  fireEvent.click(button('Download Files') as HTMLElement);
  await flush();
}

const NOTICES: Record<string, string | null> = {
  'done.decision.Won': 'Proposal Accepted Successfully',
  'done.decision.Lost': 'Proposal Rejected',
  'error.decision': 'Failed to Update',
  'done.file': 'Downloading requested file',
  'error.file': 'Something went wrong while downloading file. Please try again!',
};

/** What a person does for each model event, or how the server answers. */
async function perform(event: PublicProposalEvent, page: RenderedLink, requests: DeferredRequests, clock: SimulatedClock): Promise<void> {
  const before = page.notices.length;
  switch (event.type) {
    case 'proposal.accept':
      fireEvent.click(button('Accept') as HTMLElement);
      break;
    case 'proposal.reject':
      fireEvent.click(button('Reject') as HTMLElement);
      break;
    case 'proposal.confirm':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Yes' }));
      break;
    case 'proposal.close':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Close' }));
      break;
    case 'proposal.submit': {
      const d = within(dialog() as HTMLElement);
      fireEvent.change(d.getByRole('textbox'), { target: { value: event.notes } });
      fireEvent.click(d.getByRole('button', { name: 'Submit' }));
      await flush();
      if (event.notes.trim() === '') expect(within(dialog() as HTMLElement).getByText('Required')).toBeTruthy();
      break;
    }
    case 'proposal.retry':
      fireEvent.click(button('Try again') as HTMLElement);
      break;
    case 'page.scrolled':
      fireEvent.scroll(window);
      break;
    case 'page.hidden': {
      // Another tab, a locked phone or a closed page: the time seen so far goes out at once by beacon.
      const sent = beacons.length;
      visibility = 'hidden';
      fireEvent(document, new Event('visibilitychange'));
      await flush();
      expect(beacons.slice(sent).map((b) => b.url)).toEqual([VIEW_TIME_BEACON_PATH]);
      const body = JSON.parse(await blobText(beacons[sent]!.body)) as Record<string, unknown>;
      expect(body).toMatchObject({ token: 'link-token-abc', id: PROPOSAL._id, _id: VIEW_RECORD_ID });
      expect(typeof body.time).toBe('number');
      break;
    }
    case 'page.visible': {
      // Coming back sends nothing; the time away is left out of the next report.
      const sent = beacons.length;
      visibility = 'visible';
      fireEvent(document, new Event('visibilitychange'));
      await flush();
      expect(beacons.length).toBe(sent);
      break;
    }
    case 'proposal.downloadFile':
      await openDownloads();
      fireEvent.click(screen.getByRole('menuitem', { name: event.name || 'Download.pdf' }));
      break;
    case 'proposal.downloadPdf':
      await openDownloads();
      fireEvent.click(screen.getByRole('menuitem', { name: 'PRP-2026-000007.pdf' }));
      break;
    default: {
      if ((event.type as string) === AFTER_DEBOUNCE) {
        // Nothing is reported a millisecond early; exactly at 3000 ms it is.
        act(() => clock.increment(VIEW_TIME_DEBOUNCE_MS - 1));
        await flush();
        expect(requests.has('viewTime')).toBe(false);
        act(() => clock.increment(1));
        break;
      }
      const failed = event.type.startsWith('xstate.error.actor.');
      const id = event.type.slice(failed ? 'xstate.error.actor.'.length : 'xstate.done.actor.'.length);
      await act(async () => {
        if (failed) await requests.reject(id, (event as { error: unknown }).error);
        else await requests.resolve(id, (event as { output: unknown }).output);
      });
      const status = id === 'decision' && !failed ? `.${String((event as { output: { status: string } }).output.status)}` : '';
      const expected = NOTICES[`${failed ? 'error' : 'done'}.${id}${status}`];
      await flush();
      expect(page.notices.slice(before).map((n) => n.message)).toEqual(expected ? [expected] : []);
      if (expected) expect((await screen.findAllByText(expected)).length).toBeGreaterThan(0);
      return;
    }
  }
  await flush();
  expect(page.notices.slice(before)).toEqual([]);
}

// The page loads its decision modals and downloads menu on demand; the model checks the DOM right after
// each event, so both are loaded before the first path (as a person's pointer would have loaded them).
beforeAll(async () => {
  await Promise.all([import('../../../src/ui/screens/public/ProposalDecisionDialogs'), import('../../../src/ui/screens/public/ProposalDownloadsMenu')]);
});

describe('public proposal page, driven by the machine model', () => {
  for (const run of PROPOSAL_RUNS) {
    describe(run.title, () => {
      for (const path of proposalPaths(run)) {
        it(describePath(path.steps.map((s) => s.event)), async () => {
          const requests = createDeferredRequests();
          const clock = new SimulatedClock();
          const logic = publicProposalMachine.provide({
            actors: {
              view: requests.actor('view'),
              decide: requests.actor('decision'),
              reportViewTime: requests.actor('viewTime'),
              downloadFile: requests.actor('file'),
              downloadPdf: requests.actor('pdf'),
            },
          });
          const page = renderPublicLink(proposalLink(run.input), { actors: { publicProposal: logic }, clock });
          await flush();
          const actor = page.session.system.get('publicProposal');
          expect(page.session.getSnapshot().children.publicProposal).toBe(actor);
          const stateChecks = checks(requests);
          for (const step of path.steps) {
            if ((step.event.type as string) !== 'xstate.init') await perform(step.event, page, requests, clock);
            for (const id of atomicIds(step.state)) {
              const check = stateChecks[id];
              if (!check) throw new Error(`No check for state ${id}`);
              check();
            }
          }
          page.navigate(ELSEWHERE);
          await flush();
          expect(actor.getSnapshot().status).toBe('stopped');
          expect(page.session.system.get('publicProposal')).toBeUndefined();
          page.unmount();
        });
      }
    });
  }
});
