/**
 * On-boarding a prospect (the subscription request's "onBoard" step, src/machines/lifecycles/subscriptionRequest.ts):
 * the subscriber is made from the request's confirmed details and its tenant provisioned (features, privileges,
 * built-in roles, menu), in the step's transaction, exactly as the operator's Manage Subscriber create does. Only
 * the platform operator does it: the subscriber rows are the platform's, not the operator's own tenant's.
 */
import { subscriber } from '../../../src/contract/modules/admin';
import { newId } from '../../db/ids';
import { ALL_TENANTS, repo } from '../../db/repository';
import { provisionTenant } from '../admin/tenant-provisioning';
import { conflict, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asString, parseOrBadRequest, withDuplicateMapping } from '../records';

export const subscriptionRequestSteps: TransitionEffect = async (ctx, tx, request, to) => {
  if (to !== 'On-Board') return;
  // 400, not 403: the person holds the privilege; the refusal is a platform rule, and a 403 would sign them out.
  if (!ctx.user.isOperator) throw invalid(undefined, refusal('operatorOnBoards'));
  if (asString(request.subscriberId)) throw conflict(refusal('requestMadeSubscriber', { id: String(request.subscriberId) }));
  const details: Record<string, unknown> = {
    companyName: request.companyName,
    gstNo: request.gstNo,
    ...(asString(request.address) ? { address: request.address } : {}),
    ...(asString(request.email) ? { email: request.email } : {}),
    ...(asString(request.phone) ? { phone: request.phone } : {}),
    ...(Number(request.companyTeamSize) >= 1 ? { companyTeamSize: Math.round(Number(request.companyTeamSize)) } : {}),
  };
  // Checked and completed (status Active, the time zone) by the subscriber's own schema, as its create route does.
  const body = parseOrBadRequest(subscriber.fields, details) as Record<string, unknown>;
  const subscriberId = newId();
  await withDuplicateMapping(subscriber, body, () => repo(tx, subscriber, ALL_TENANTS).create(body, { id: subscriberId }));
  await provisionTenant(tx, subscriberId, { platform: false });
  ctx.hub.recordChanged(ctx.user.tenantId, { module: subscriber.name, op: 'create', _id: subscriberId });
  return { subscriberId };
};
