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
import type { PublicProposal } from '../../contract/publicProposalTerms';
import { saveBase64 } from '../../api/saveFile';
import { PUBLIC_PROPOSAL_PATH } from '../../contract/publicPaths';
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

/**
 * The answer to the request the link's HTML already sent (earlyProposalView.ts), taken once, when it was this
 * request and succeeded. Otherwise undefined, and the page asks itself: a refusal then goes through apiRequest's
 * handling (its message, the 401/403 rule) exactly as before, and nothing was recorded by the failed one.
 */
async function earlyReply(token: string, body: ViewProposalBody): Promise<ViewReply | undefined> {
  const holder = globalThis as { [EARLY_VIEW_GLOBAL]?: EarlyView };
  const early = holder[EARLY_VIEW_GLOBAL];
  delete holder[EARLY_VIEW_GLOBAL];
  if (!early || early.token !== token || early.body.id !== body.id || early.body.status !== body.status) return undefined;
  const response = await early.reply.catch(() => undefined);
  if (!response?.ok) return undefined;
  return (await response.json().catch(() => undefined)) as ViewReply | undefined;
}

export async function viewProposal({ token, proposalId, status }: ViewInput): Promise<ViewResult> {
  storeLinkToken(token);
  const body = { id: proposalId, status } satisfies ViewProposalBody & Body<'viewProposal'>;
  const reply = (await earlyReply(token, body)) ?? (await apiRequest<ViewReply>(VIEW_PROPOSAL_PATH, { method: 'PATCH', body, public: true }));
  const { viewRecordId, ...proposal } = reply;
  return { proposal, viewRecordId, openedAt: Date.now(), today: deviceDay(new Date()) };
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
}

/** Seconds on the page since it opened, reported against the view record it created. */
export function reportViewTime({ proposalId, viewRecordId, openedAt }: ViewTimeInput): Promise<unknown> {
  const time = Math.max(0, Math.round((Date.now() - openedAt) / 1000));
  return apiRequest<Reply<'updateViewTime'>>(`${PUBLIC_PROPOSAL_PATH}/updateViewTime`, { method: 'PATCH', body: { time, _id: viewRecordId, id: proposalId } satisfies Body<'updateViewTime'>, public: true });
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
