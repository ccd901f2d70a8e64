/** Intent functions and selectors of the public proposal page: what its components send and read. */
import { useMemo } from 'react';
import type { PublicProposalActorRef, PublicProposalSnapshot } from '../../../machines/flows/publicProposal';

export interface ProposalEvents {
  retry(): void;
  accept(): void;
  reject(): void;
  confirm(): void;
  close(): void;
  submit(notes: string): void;
  scrolled(): void;
  hidden(): void;
  visible(): void;
  downloadFile(url: string, name?: string): void;
  downloadPdf(): void;
}

export function useProposalEvents(actor: PublicProposalActorRef): ProposalEvents {
  return useMemo(
    () => ({
      retry: () => actor.send({ type: 'proposal.retry' }),
      accept: () => actor.send({ type: 'proposal.accept' }),
      reject: () => actor.send({ type: 'proposal.reject' }),
      confirm: () => actor.send({ type: 'proposal.confirm' }),
      close: () => actor.send({ type: 'proposal.close' }),
      submit: (notes) => actor.send({ type: 'proposal.submit', notes }),
      scrolled: () => actor.send({ type: 'page.scrolled' }),
      hidden: () => actor.send({ type: 'page.hidden', at: Date.now() }),
      visible: () => actor.send({ type: 'page.visible', at: Date.now() }),
      downloadFile: (url, name) => actor.send({ type: 'proposal.downloadFile', url, name }),
      downloadPdf: () => actor.send({ type: 'proposal.downloadPdf' }),
    }),
    [actor],
  );
}

export type DecisionStep = 'idle' | 'confirmingAccept' | 'confirmingReject' | 'acceptNotes' | 'rejectNotes' | 'submittingAccept' | 'submittingReject';
export type Bottom = 'accepted' | 'expired' | 'nothing' | 'deciding';

export const selectBottom = (s: PublicProposalSnapshot): Bottom | null => {
  if (!s.matches('ready')) return null;
  for (const rule of ['accepted', 'expired', 'nothing'] as const) if (s.matches({ ready: { bottom: rule } })) return rule;
  return 'deciding';
};

export const selectDecisionStep = (s: PublicProposalSnapshot): DecisionStep | null => {
  const value = s.value;
  if (typeof value === 'string') return null;
  const bottom = (value.ready as { bottom?: unknown } | undefined)?.bottom;
  if (bottom && typeof bottom === 'object' && 'deciding' in bottom) return (bottom as { deciding: DecisionStep }).deciding;
  return null;
};

export const selectDownloading = (s: PublicProposalSnapshot): 'file' | 'pdf' | null =>
  s.matches({ ready: { downloads: 'file' } }) ? 'file' : s.matches({ ready: { downloads: 'pdf' } }) ? 'pdf' : null;
