/**
 * A rental proposal, the seller's steps and the customer's as one machine (the customer acts through the
 * proposal's public link, server/domain/public/public-proposal.ts):
 *
 *   Draft ──sendDraft──▶ Sent(Draft) ──view (customer)──▶ View
 *   Draft, Sent(Draft), View ──sendFinal──▶ Sent(Final) ──accept (customer)──▶ Won ──closeDeal──▶ Deal (final)
 *                                          Sent(Final) ──reject (customer)──▶ Lost (final)
 *   Sent(Draft), View, Sent(Final) ──backToDraft──▶ Draft
 *   Draft, Sent(Draft), View, Sent(Final) ──markLost──▶ Lost (final)
 *
 * Choices (the spec gives the statuses and the customer's two steps; the rest is what a sales desk does):
 * - Only the customer wins a proposal, by accepting the final one on its link; a seller cannot set Won. The
 *   customer's acceptance is Won; the seller records the signed deal (Deal) once the agreement is made.
 * - Expiry is the validity date, not a state: once it has passed, the customer may no longer accept or reject
 *   (the public page says "Proposal Validatiy Expired on …"), and the seller either takes the proposal back to
 *   Draft to extend its validity or marks it lost. Sending an expired proposal is refused by the server with
 *   the date (server/domain/sales/proposal-steps.ts), as is a final proposal without its commercial terms.
 * - A seller marks a proposal lost with the reason (the customer declined by phone, chose a competitor); the
 *   customer's own rejection carries their note instead (declineNote).
 * - Won, Deal and Lost are closed: a new offer is a new proposal, so what the customer accepted stays as it was.
 * - Archive and bookmark are flags beside the status, not states.
 * Whoever holds SALES-PIPELINE UPDATE takes the seller's steps.
 */
import { setup } from 'xstate';
import { hasPassed, holds, isCustomer, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const PROPOSAL_EVENTS = ['sendDraft', 'sendFinal', 'view', 'accept', 'reject', 'backToDraft', 'markLost', 'closeDeal'] as const;
export type ProposalEvent = LifecycleEvent<(typeof PROPOSAL_EVENTS)[number]>;

const SELLER_STEPS_WHILE_OPEN = {
  backToDraft: { target: 'Draft', guard: 'maySell' },
  markLost: { target: 'Lost', guard: 'maySell' },
} as const;

export const proposalLifecycle = setup({
  types: {} as { context: LifecycleContext; events: ProposalEvent; input: LifecycleContext },
  guards: {
    maySell: ({ event }) => holds(event.caller, 'SALES-PIPELINE', 'UPDATE'),
    isCustomer: ({ event }) => isCustomer(event.caller),
    customerWithinValidity: ({ context, event }) => isCustomer(event.caller) && !hasPassed(event.caller, context.record.proposalValidity),
  },
}).createMachine({
  id: 'proposal',
  initial: 'Draft',
  context: ({ input }) => input,
  states: {
    Draft: {
      on: {
        sendDraft: { target: 'Sent(Draft)', guard: 'maySell' },
        sendFinal: { target: 'Sent(Final)', guard: 'maySell' },
        markLost: { target: 'Lost', guard: 'maySell' },
      },
    },
    'Sent(Draft)': {
      on: {
        view: { target: 'View', guard: 'isCustomer' },
        sendFinal: { target: 'Sent(Final)', guard: 'maySell' },
        ...SELLER_STEPS_WHILE_OPEN,
      },
    },
    View: {
      on: {
        sendFinal: { target: 'Sent(Final)', guard: 'maySell' },
        ...SELLER_STEPS_WHILE_OPEN,
      },
    },
    'Sent(Final)': {
      on: {
        accept: { target: 'Won', guard: 'customerWithinValidity' },
        reject: { target: 'Lost', guard: 'customerWithinValidity' },
        ...SELLER_STEPS_WHILE_OPEN,
      },
    },
    Won: { on: { closeDeal: { target: 'Deal', guard: 'maySell' } } },
    Deal: { type: 'final' },
    Lost: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a draft is changed freely; once sent, the customer reads what was sent,
 * so it is brought back to draft before it changes; won, dealt and lost proposals are history. Notes may be added
 * in any state. Only a draft is deleted.
 */
export const PROPOSAL_RECORD_RULES: RecordRules = {
  edit: { Draft: { guard: 'maySell' } },
  delete: { Draft: { guard: 'maySell' } },
  locked: {
    'Sent(Draft)': refusal('lockedProposalSentDraft'),
    View: refusal('lockedProposalView'),
    'Sent(Final)': refusal('lockedProposalSentFinal'),
    Won: refusal('lockedProposalWon'),
    Deal: refusal('lockedProposalDeal'),
    Lost: refusal('lockedProposalLost'),
  },
  // A person's own filing of the list (archived, bookmarked) and notes, in any state.
  annotations: ['notes', 'archived', 'bookmarked'],
};
