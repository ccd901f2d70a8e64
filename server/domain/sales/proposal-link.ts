/**
 * PATCH /api/app/proposal/generatePublicLink { id } → { link }: the address a salesperson sends to the
 * customer, `${PUBLIC_URL}/public/businessProposal?token=…&acbS=<status>&zyxP=<proposal id>`.
 *
 * Only a proposal that has been sent (as draft or final) gets a link. The token opens that one proposal
 * until its validity plus PROPOSAL_LINK_GRACE_DAYS (so a late customer still sees the expiry notice), and
 * generating a new link revokes the earlier ones.
 */
import { proposalActivity, type PublicLinkBody } from '../../../src/contract/modules/sales';
import { ddmmyyyy } from '../billing/pdf';
import { issueLinkToken } from '../public/link-tokens';
import { proposalLinkExpiry, publicOrigin } from '../public/link-config';
import type { CallContext, CallsOf } from '../call-context';
import { asString, repoOf, requireBody } from '../records';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';

export function proposalLink(origin: string, token: string, status: string, proposalId: string): string {
  const query = `token=${encodeURIComponent(token)}&acbS=${encodeURIComponent(status)}&zyxP=${encodeURIComponent(proposalId)}`;
  return `${origin}/public/businessProposal?${query}`;
}

async function generatePublicLink(ctx: CallContext): Promise<{ link: string; expiresAt: string }> {
  const { id } = ctx.req.body as PublicLinkBody;
  const current = await requireBody(ctx.repo, id);
  const status = asString(current.status) ?? 'Draft';
  const label = asString(current.alternateId) ?? id;
  if (status === 'Draft') throw conflict(refusal('proposalDraftNoLink', { name: label }));
  const validity = asString(current.proposalValidity);
  if (!validity) throw conflict(refusal('proposalNoValidity', { name: label }));
  const expiresAt = proposalLinkExpiry(validity);
  // Within the grace period a link still opens (the customer sees the expiry notice); after it, it would be dead.
  if (expiresAt.getTime() <= Date.now()) throw conflict(refusal('proposalExpiredNoLink', { name: label, date: ddmmyyyy(validity) ?? validity }));
  const token = await issueLinkToken(ctx.db, { tenantId: ctx.user.tenantId, recordId: id, purpose: 'proposal', linkStatus: status, expiresAt, createdBy: ctx.user._id });
  const activity = await repoOf(ctx, proposalActivity).create({
    proposalId: id,
    type: 'Sent',
    description: `Public link generated (${status}); earlier links revoked`,
    actor: ctx.user.name,
    at: new Date().toISOString(),
  });
  ctx.hub.recordChanged(ctx.user.tenantId, { module: proposalActivity.name, op: 'create', _id: activity._id });
  return { link: proposalLink(publicOrigin(ctx.req), token, status, id), expiresAt: expiresAt.toISOString() };
}

export const proposalLinkCalls = {
  generatePublicLink: { handler: generatePublicLink },
} satisfies CallsOf<'proposal'>;
