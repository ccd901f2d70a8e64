/**
 * PATCH /api/app/subscription-request/generatePublicLink { id } → { link }: the subscriber-details link the
 * operator sends to a prospect, `${PUBLIC_URL}/public/subscriber-details?token=…&acbS=<request id>`. The
 * token opens that one request for SUBSCRIPTION_LINK_DAYS; a new link revokes the earlier ones. A Pending
 * request becomes Link Sent (the lifecycle's step); a request already Accepted or On-Board needs no link.
 */
import type { PublicLinkBody } from '../../../src/contract/modules/sales';
import { isSubscribed } from '../../../src/contract/subscriberDetailsRules';
import type { CallContext, HandlersOf } from '../call-context';
import { applyTransition } from '../lifecycle';
import { asString, requireBody } from '../records';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { publicOrigin, subscriptionLinkExpiry } from './link-config';
import { issueLinkToken } from './link-tokens';

export function subscriberDetailsLink(origin: string, token: string, requestId: string): string {
  return `${origin}/public/subscriber-details?token=${encodeURIComponent(token)}&acbS=${encodeURIComponent(requestId)}`;
}

async function generatePublicLink(ctx: CallContext): Promise<{ link: string; expiresAt: string }> {
  const { id } = ctx.req.body as PublicLinkBody;
  const current = await requireBody(ctx.repo, id);
  const status = asString(current.status) ?? 'Pending';
  if (isSubscribed(status)) throw conflict(refusal('requestAlreadyNoLink', { status }));
  const expiresAt = subscriptionLinkExpiry();
  const token = await issueLinkToken(ctx.db, { tenantId: ctx.user.tenantId, recordId: id, purpose: 'subscription-request', expiresAt, createdBy: ctx.user._id });
  // The lifecycle's "send details link" step is taken by this call only (its reply is the link).
  if (status === 'Pending') await applyTransition(ctx, id, { event: 'sendLink' });
  return { link: subscriberDetailsLink(publicOrigin(ctx.req), token, id), expiresAt: expiresAt.toISOString() };
}

export const subscriptionRequestHandlers = {
  calls: { generatePublicLink: { handler: generatePublicLink } },
} satisfies HandlersOf<'subscription-request'>;
