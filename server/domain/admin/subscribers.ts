/**
 * Subscribers are platform rows (crossTenant). The platform operator creates them (which provisions the
 * new tenant's features, privileges, roles and menu) and sees all of them; anyone else holding
 * MANAGE_SUBSCRIBER sees and edits only their own subscriber record and cannot change its status.
 */
import { subscriber } from '../../../src/contract/modules/admin';
import { newId } from '../../db/ids';
import { readPlatformTenant } from '../../db/platform-tenant-store';
import { inTransaction } from '../../db/pool';
import { ALL_TENANTS, repo, type ApiRecord } from '../../db/repository';
import { invalid, missingRecord } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { withDuplicateMapping } from '../records';
import type { CallContext, HandlersOf } from '../call-context';
import { provisionTenant } from './tenant-provisioning';

async function createSubscriber(ctx: CallContext): Promise<ApiRecord> {
  // 400, not 403: the person holds the privilege; the refusal is a platform rule, and a 403 would sign them out.
  if (ctx.tenantId !== ALL_TENANTS) throw invalid(undefined, refusal('operatorCreatesSubscribers'));
  const body = ctx.req.body as Record<string, unknown>;
  const id = newId();
  const record = await inTransaction(ctx.db, async (tx) => {
    const created = await withDuplicateMapping(subscriber, body, () => repo(tx, subscriber, ALL_TENANTS).create(body, { id }));
    await provisionTenant(tx, id, { platform: false }); // the operator on-boards customers
    return created;
  });
  ctx.notify('create', record._id);
  ctx.reply.code(201);
  return record;
}

async function updateSubscriber(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const patch = ctx.req.body as Record<string, unknown>;
  const current = await ctx.repo.getBody(id);
  if (!current) throw missingRecord('subscriber', id);
  if (ctx.tenantId !== ALL_TENANTS && patch.status !== undefined && patch.status !== current.status) {
    throw invalid('status', refusal('operatorSetsSubscriberStatus'));
  }
  // Suspending the platform's own tenant would sign its operator out with no one left to undo it.
  if (patch.status === 'Suspended' && current.status !== 'Suspended' && id === (await readPlatformTenant(ctx.db))) {
    throw invalid('status', refusal('platformNotSuspended'));
  }
  const record = Object.keys(patch).length === 0 ? await ctx.repo.getById(id) : await withDuplicateMapping(subscriber, patch, () => ctx.repo.update(id, patch));
  if (!record) throw missingRecord('subscriber', id);
  ctx.notify('update', record._id);
  return record;
}

export const subscriberHandlers = {
  ops: { create: createSubscriber, update: updateSubscriber },
} satisfies HandlersOf<'subscriber'>;
