/**
 * What a proposal's steps check and do beyond its status (src/machines/lifecycles/proposal.ts):
 * - sending (as draft or final) needs the validity not to have passed, and a final proposal needs its commercial
 *   terms; sending moves the proposal's lead to "Proposal Sent" when it is at an earlier stage, by the lead's own
 *   step (with its history row), in the same transaction;
 * - the customer's steps (view, accept, reject) need nothing more: the public page checked the link.
 */
import { lead } from '../../../src/contract/modules/sales';
import { conflict, invalid } from '../errors';
import { refusal, type RefusalKey } from '../../../src/contract/refusalMessages';
import type { StepTaken, TransitionEffect } from '../lifecycle-effect';
import { asString, todayInIndia } from '../records';
import type { StepContext } from '../step-context';
import type { Queryable } from '../../db/pool';
import { repo } from '../../db/repository';

/** What a final proposal must state before it goes to the customer. */
const FINAL_TERMS: ReadonlyArray<readonly [string, RefusalKey]> = [
  ['machineType', 'finalProposalNeedsMachineType'],
  ['contractTerm', 'finalProposalNeedsContractTerm'],
  ['monthlyRental', 'finalProposalNeedsMonthlyRental'],
];

const missing = (value: unknown): boolean => value === undefined || value === null || value === '';

export const proposalSteps: TransitionEffect = async (ctx, tx, record, to, id, step) => {
  if (step.event !== 'sendDraft' && step.event !== 'sendFinal') return;
  const name = asString(record.alternateId) ?? id;
  const validity = asString(record.proposalValidity);
  if (validity && validity < todayInIndia()) throw conflict(refusal('proposalExpiredNoSend', { name, date: validity }));
  if (to === 'Sent(Final)') {
    const gap = FINAL_TERMS.find(([field]) => missing(record[field]));
    if (gap) throw invalid(gap[0], refusal(gap[1]));
  }
  await advanceLead(ctx, tx, asString(record.leadId), step);
};

const BEFORE_PROPOSAL = ['New', 'Contacted', 'Qualified'];

async function advanceLead(ctx: StepContext, tx: Queryable, leadId: string | undefined, step: StepTaken): Promise<void> {
  if (!leadId) return;
  const current = await repo(tx, lead, ctx.user.tenantId).getBody(leadId);
  if (!current || !BEFORE_PROPOSAL.includes(String(current.leadStage))) return;
  const leadContext: StepContext = { ...ctx, def: lead, scopes: undefined };
  await step.alsoStep(leadContext, leadId, { event: 'moveToProposalSent', data: { leadStatusReason: 'Proposal sent' } });
  // Announced now, inside the step's transaction (as the agreement's client): a refused step after this costs one read.
  ctx.hub.recordChanged(ctx.user.tenantId, { module: lead.name, op: 'update', _id: leadId });
}
