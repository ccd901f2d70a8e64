/**
 * A lead: a sales pipeline, not a one-way street. While it is open (New, Contacted, Qualified, Proposal Sent,
 * Negotiation) it may move to any other open stage, forward, back or skipping some, as the sales board's
 * columns allow; Won and Lost close it, each with its reason (leadStatusReason), and a closed lead returns
 * to the board only through an explicit reopen, to Negotiation (a deal that fell through, or a lost customer
 * who came back, is negotiated again before anyone quotes).
 *
 *   any open stage ──moveTo<Stage>──▶ any other open stage
 *   any open stage ──win──▶ Won      any open stage ──lose──▶ Lost      (each needs the reason)
 *   Won, Lost ──reopen──▶ Negotiation
 *
 * Sending a proposal for the lead moves it to Proposal Sent (server/domain/sales/proposals.ts, as this
 * machine's moveToProposalSent step). Whoever holds SALES-PIPELINE UPDATE moves leads.
 */
import { setup, type AnyStateNodeConfig } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const OPEN_LEAD_STAGES = ['New', 'Contacted', 'Qualified', 'Proposal Sent', 'Negotiation'] as const;
export type OpenLeadStage = (typeof OPEN_LEAD_STAGES)[number];

/** The step that moves a lead to an open stage: moveToNew, moveToProposalSent, … */
export function moveEventOf(stage: OpenLeadStage): `moveTo${string}` {
  return `moveTo${stage.replace(/ /g, '')}`;
}

export const LEAD_EVENTS = ['moveToNew', 'moveToContacted', 'moveToQualified', 'moveToProposalSent', 'moveToNegotiation', 'win', 'lose', 'reopen'] as const;
export type LeadEvent = LifecycleEvent<(typeof LEAD_EVENTS)[number]>;

function openStage(stage: OpenLeadStage): AnyStateNodeConfig {
  const moves = Object.fromEntries(OPEN_LEAD_STAGES.filter((other) => other !== stage).map((other) => [moveEventOf(other), { target: other, guard: 'maySell' }]));
  return { on: { ...moves, win: { target: 'Won', guard: 'maySell' }, lose: { target: 'Lost', guard: 'maySell' } } };
}

export const leadLifecycle = setup({
  types: {} as { context: LifecycleContext; events: LeadEvent; input: LifecycleContext },
  guards: {
    maySell: ({ event }) => holds(event.caller, 'SALES-PIPELINE', 'UPDATE'),
  },
}).createMachine({
  id: 'lead',
  initial: 'New',
  context: ({ input }) => input,
  states: {
    ...Object.fromEntries(OPEN_LEAD_STAGES.map((stage) => [stage, openStage(stage)])),
    Won: { on: { reopen: { target: 'Negotiation', guard: 'maySell' } } },
    Lost: { on: { reopen: { target: 'Negotiation', guard: 'maySell' } } },
  },
});

/**
 * Edits and deletes (./recordRules.ts): an open lead is worked freely; a won or lost one is reopened before its
 * details change (notes may still be added). Only a new lead, not yet worked, is deleted.
 */
export const LEAD_RECORD_RULES: RecordRules = {
  edit: Object.fromEntries(OPEN_LEAD_STAGES.map((stage) => [stage, { guard: 'maySell' }])),
  delete: { New: { guard: 'maySell' } },
  locked: {
    Won: refusal('lockedLeadWon'),
    Lost: refusal('lockedLeadLost'),
  },
  annotations: ['notes'],
};
