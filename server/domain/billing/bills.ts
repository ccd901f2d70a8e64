/**
 * Bills (costs incurred on a ticket, later billed to the client through a supplementary invoice):
 * an Invoiced bill is fixed (no change, no delete) until its draft invoice is deleted; PUT update/list
 * opens or rejects several bills at once.
 */
import { bills, type BillListBody } from '../../../src/contract/modules/billing';
import { inTransaction } from '../../db/pool';
import type { ApiRecord } from '../../db/repository';
import { conflict, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { CallContext, HandlersOf } from '../call-context';
import { asString, createRecord, patchRecord, removedReply, repoOf, requireBody } from '../records';

const name = (body: Record<string, unknown>, id: string): string => asString(body.alternateId) ?? id;

async function updateBill(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  if (current.status === 'Invoiced') throw conflict(refusal('billInvoicedNoChange', { name: name(current, id) }));
  const patch = { ...(ctx.req.body as Record<string, unknown>) };
  if (patch.status === 'Invoiced') throw invalid('status', refusal('billsInvoicedByCall'));
  delete patch.invoiceId;
  return patchRecord(ctx, id, patch);
}

async function removeBill(ctx: CallContext): Promise<unknown> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  if (current.status === 'Invoiced') throw conflict(refusal('billInvoicedNoDelete', { name: name(current, id) }));
  await ctx.repo.remove(id);
  ctx.notify('remove', id);
  return removedReply(bills, id);
}

async function updateList(ctx: CallContext): Promise<{ data: ApiRecord[]; total: number }> {
  const { ids, status } = ctx.req.body as BillListBody;
  const data = await inTransaction(ctx.db, async (tx) => {
    const billRepo = repoOf(ctx, bills, tx);
    const updated: ApiRecord[] = [];
    for (const id of [...new Set(ids)]) {
      const current = await requireBody(billRepo, id);
      if (current.status === 'Invoiced') throw conflict(refusal('billInvoicedNoMove', { name: name(current, id), status }));
      const record = await billRepo.update(id, { status });
      if (record) updated.push(record);
    }
    return updated;
  });
  for (const record of data) ctx.notify('update', record._id);
  return { data, total: data.length };
}

export const billsHandlers = {
  ops: {
    create: async (ctx) => {
      const body = { ...(ctx.req.body as Record<string, unknown>) };
      if (body.status === 'Invoiced') throw invalid('status', refusal('billsInvoicedByCall'));
      delete body.invoiceId;
      return createRecord(ctx, body);
    },
    update: updateBill,
    remove: removeBill,
  },
  calls: { updateList: { handler: updateList } },
} satisfies HandlersOf<'bills'>;
