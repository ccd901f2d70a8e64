/** The sales modules' handlers (leads, proposals, agreements, subscription Q&A), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { agreementCalls, agreementOps } from './agreements';
import { agreementPdfCalls, proposalPdfCalls } from './documents';
import { leadHandlers } from './leads';
import { proposalAgreementCalls } from './proposal-agreement';
import { proposalLinkCalls } from './proposal-link';
import { proposalCalls, proposalOps } from './proposals';
import { subscriptionQaHandlers } from './subscription-qa';

export const salesHandlers = {
  lead: leadHandlers,
  proposal: { ops: proposalOps, calls: { ...proposalCalls, ...proposalLinkCalls, ...proposalPdfCalls, ...proposalAgreementCalls } },
  agreement: { ops: agreementOps, calls: { ...agreementCalls, ...agreementPdfCalls } },
  'subscription-request-QA': subscriptionQaHandlers,
} satisfies AreaHandlers<'lead' | 'proposal' | 'agreement' | 'subscription-request-QA'>;
