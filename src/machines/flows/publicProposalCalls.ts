/**
 * The public proposal page's I/O (document 2 §7 "Public proposal and customer page calls"): public calls
 * with the link token the page stored, and saving what they answer as files. The machine gets these as
 * its `fromPromise` actors; tests provide their own.
 */
import type { z } from 'zod';
import type { EndpointArgs, EndpointReply } from '../../contract/endpoints';
import { apiRequest } from '../../api/http';
import type { fileReply } from '../../contract/modules/replies';
import type { publicProposalEndpoints } from '../../contract/publicShapes';
import { clearAll, writeStored } from '../../api/storage';
import type { PublicProposalInput } from '../../contract/publicLinks';
import { viewStatusOf, type PublicProposal } from '../../contract/publicProposalTerms';
import { saveBase64 } from '../../api/saveFile';
import { PUBLIC_PROPOSAL_PATH, VIEW_TIME_BEACON_PATH } from '../../contract/publicPaths';
import { EARLY_VIEW_GLOBAL, VIEW_PROPOSAL_PATH, type EarlyView, type ViewProposalBody } from '../../contract/earlyProposalView';

// The page imports the calls' declarations as types only (src/contract/publicShapes.ts), so it loads no zod.
type PublicCall<K extends keyof typeof publicProposalEndpoints> = (typeof publicProposalEndpoints)[K];
type Reply<K extends keyof typeof publicProposalEndpoints> = EndpointReply<PublicCall<K>>;
type Body<K extends keyof typeof publicProposalEndpoints> = EndpointArgs<PublicCall<K>>['body'];

/**
 * The customer's own calendar day, YYYY-MM-DD, as their device counts it (the proposal's validity is a day).
 * Written out rather than with dayjs, which would be the page's only use of it (issue 18).
 */
export function deviceDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const DOWNLOAD_FILE_PATH = '/api/app/file-upload/downloadFile';
/** Attachments saved without a name of their own (document 1 §2). */
export const DEFAULT_FILE_NAME = 'Download.pdf';

/**
 * The link's token becomes the stored auth token (document 1 §2), sent in `token` by every public call.
 * Whatever session the browser held is cleared first: its token is replaced, so the rest could not work.
 * It is part of the opening request, not a separate action, so it is certainly in place before the call.
 */
export function storeLinkToken(token: string): void {
  clearAll();
  writeStored('tn_ah', token);
}

export interface ViewInput {
  token: string;
  proposalId: string;
  /** The link's status, Sent(Draft) already turned into View. */
  status: string;
}

export interface ViewResult {
  proposal: PublicProposal;
  viewRecordId: string;
  /** When the page opened (ms): the view time counts from here. */
  openedAt: number;
  /** The person's calendar day (YYYY-MM-DD), against which the validity is judged. */
  today: string;
}

type ViewReply = Reply<'viewProposal'>;

/** The request the link's HTML sent (earlyProposalView.ts) and its answer, once read off the window. */
interface EarlyAnswer {
  token: string;
  body: ViewProposalBody;
  /** The parsed answer, or undefined when the request failed or was refused. */
  answer: Promise<ViewReply | undefined>;
}

let early: EarlyAnswer | undefined;

/** Reads the script's global once (so its answer's body is read once, whoever asks first). */
function earlyAnswer(): EarlyAnswer | undefined {
  const holder = globalThis as { [EARLY_VIEW_GLOBAL]?: EarlyView };
  const sent = holder[EARLY_VIEW_GLOBAL];
  if (sent) {
    delete holder[EARLY_VIEW_GLOBAL];
    const answer = sent.reply.then((response) => (response.ok ? (response.json() as Promise<ViewReply>) : undefined)).catch(() => undefined);
    early = { token: sent.token, body: sent.body, answer };
  }
  return early;
}

const sameRequest = (a: EarlyAnswer, token: string, body: ViewProposalBody): boolean =>
  a.token === token && a.body.id === body.id && a.body.status === body.status;

/**
 * The answer to the request the link's HTML already sent, taken once, when it was this request and succeeded.
 * Otherwise undefined, and the page asks itself: a refusal then goes through apiRequest's handling (its
 * message, the 401/403 rule) exactly as before, and nothing was recorded by the failed one.
 */
async function earlyReply(token: string, body: ViewProposalBody): Promise<ViewReply | undefined> {
  const sent = earlyAnswer();
  early = undefined;
  return sent && sameRequest(sent, token, body) ? sent.answer : undefined;
}

/** The body a link's view sends, and the view as the page keeps it once answered. */
const viewBody = ({ proposalId, status }: ViewInput) => ({ id: proposalId, status }) satisfies ViewProposalBody & Body<'viewProposal'>;

function viewed({ viewRecordId, ...proposal }: ViewReply): ViewResult {
  return { proposal, viewRecordId, openedAt: Date.now(), today: deviceDay(new Date()) };
}

export async function viewProposal(input: ViewInput): Promise<ViewResult> {
  storeLinkToken(input.token);
  const body = viewBody(input);
  return viewed((await earlyReply(input.token, body)) ?? (await apiRequest<ViewReply>(VIEW_PROPOSAL_PATH, { method: 'PATCH', body, public: true })));
}

/**
 * The view the link's HTML asked for, when its answer is in within `waitMs` (issue 18): the page then opens on
 * the proposal in its first render (the session's landing, main.tsx) instead of on a loader that the view
 * would replace a render later. It is that view taken, so it does what `viewProposal` does with it: the link's
 * token is stored and the view is recorded once. Undefined when there was no such request, it failed, or it is
 * still on its way: the answer is then left for `viewProposal`, which waits for it behind the loader.
 */
export async function viewedWithPage(link: PublicProposalInput, waitMs: number): Promise<ViewResult | undefined> {
  const input: ViewInput = { token: link.token, proposalId: link.proposalId, status: viewStatusOf(link.linkStatus) };
  const sent = earlyAnswer();
  if (!sent) return undefined;
  const late = Symbol('late');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answer = sameRequest(sent, input.token, viewBody(input))
    ? await Promise.race([sent.answer, new Promise<typeof late>((resolve) => (timer = setTimeout(() => resolve(late), waitMs)))])
    : undefined;
  clearTimeout(timer);
  if (answer === late) return undefined;
  // Taken, or of no use to the page: one for another proposal, or refused or lost (the page then asks itself).
  early = undefined;
  if (answer === undefined) return undefined;
  storeLinkToken(input.token);
  return viewed(answer);
}

export interface DecisionInput {
  proposalId: string;
  type: 'Won' | 'Lost';
  notes: string;
}

export function decideProposal({ proposalId, type, notes }: DecisionInput): Promise<PublicProposal> {
  const note = type === 'Won' ? { acceptNote: notes } : { declineNote: notes };
  return apiRequest<Reply<'acceptProposal'>>(`${PUBLIC_PROPOSAL_PATH}/acceptProposal`, { method: 'PATCH', body: { id: proposalId, type, ...note } satisfies Body<'acceptProposal'>, public: true });
}

export interface ViewTimeInput {
  proposalId: string;
  viewRecordId: string;
  openedAt: number;
  /** Milliseconds the page spent hidden since it opened (another tab, a locked phone): not time on the page. */
  hiddenMs: number;
}

/** Whole seconds the page was in view since it opened, at `now`. */
export function visibleSeconds({ openedAt, hiddenMs }: Pick<ViewTimeInput, 'openedAt' | 'hiddenMs'>, now: number = Date.now()): number {
  return Math.max(0, Math.round((now - openedAt - hiddenMs) / 1000));
}

/** Seconds in view since the page opened, reported against the view record it created. */
export function reportViewTime(input: ViewTimeInput): Promise<unknown> {
  const { proposalId, viewRecordId } = input;
  const time = visibleSeconds(input);
  return apiRequest<Reply<'updateViewTime'>>(`${PUBLIC_PROPOSAL_PATH}/updateViewTime`, { method: 'PATCH', body: { time, _id: viewRecordId, id: proposalId } satisfies Body<'updateViewTime'>, public: true });
}


/**
 * The time in view, sent as the page goes out of sight or away (issue 33): `navigator.sendBeacon` is delivered even
 * when the tab is closing, where a fetch would be cancelled. Plain text, so the browser sends it without a preflight.
 */
export function beaconViewTime(input: ViewTimeInput & { token: string }): boolean {
  if (!input.viewRecordId || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const body = JSON.stringify({ token: input.token, id: input.proposalId, _id: input.viewRecordId, time: visibleSeconds(input) });
  return navigator.sendBeacon(VIEW_TIME_BEACON_PATH, new Blob([body], { type: 'text/plain' }));
}


export { saveBase64 } from '../../api/saveFile';

export interface AttachmentInput {
  url: string;
  name?: string;
}

export async function downloadAttachment({ url, name }: AttachmentInput): Promise<string> {
  const reply = await apiRequest<z.output<typeof fileReply>>(DOWNLOAD_FILE_PATH, { method: 'POST', body: { path: url }, public: true });
  const fileName = name || DEFAULT_FILE_NAME;
  saveBase64(fileName, reply.data, reply.mimeType);
  return fileName;
}

export async function downloadProposalPdf({ proposalId, fileName }: { proposalId: string; fileName: string }): Promise<string> {
  const reply = await apiRequest<Reply<'generatePdf'>>(`${PUBLIC_PROPOSAL_PATH}/generatePdf/${encodeURIComponent(proposalId)}`, { method: 'POST', public: true });
  saveBase64(fileName, reply.data, reply.mimeType);
  return fileName;
}
