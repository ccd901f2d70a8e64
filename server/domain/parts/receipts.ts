/**
 * Receiving a purchase order by quantities (issue 32). POST purchase-order/receive { id, lines?, receiptRemarks? } is
 * one delivery: each line's quantity (default: what is still due) is checked against what is still due on that line
 * (an over-receipt is refused naming the line and what is due), then the order takes its machine's step
 * (src/machines/lifecycles/purchaseOrder.ts) chosen from the quantities: "Receive everything" when the delivery
 * completes every line, else "Record part delivery". The step's effect (./purchase-order-steps.ts) writes one ledger
 * Receipt per line at the line's price, raises the parts' stock and the lines' received quantities, all in the
 * step's transaction with its history row.
 */
import { purchaseOrder, sparePartInventory, type PurchaseOrderReceipts, type ReceiveBody } from '../../../src/contract/modules/parts';
import { inTransaction } from '../../db/pool';
import { ledgerOfCause } from '../../db/stock-ledger-store';
import { missingRecord } from '../errors';
import { namedAfterCommit, transitionIn, type LifecycleRecord } from '../lifecycle';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, asNumber, repoOf } from '../records';
import { countReceipt, dueOf } from './receipt-count';
import { withMoverNames } from './mover-names';

type Body = Record<string, unknown>;

/** The part numbers of the order's lines, for the words of a refusal. */
async function partNumbersOf(ctx: CallContext, tx: Parameters<typeof repoOf>[2], order: Body): Promise<Map<string, string>> {
  const ids = [...new Set(asArray(order.lines).map((l) => String(l.partId)))];
  const { data } = await repoOf(ctx, sparePartInventory, tx).list({ filters: { _id: ids }, project: ['partNumber'] });
  return new Map(data.map((p) => [p._id, String(p.partNumber ?? p._id)]));
}

async function receive(ctx: CallContext): Promise<LifecycleRecord> {
  const { id, lines, receiptRemarks, version } = ctx.req.body as ReceiveBody;
  const record = await inTransaction(ctx.db, async (tx) => {
    const locked = await repoOf(ctx, purchaseOrder, tx).lockForChange(id);
    if (!locked) throw missingRecord(purchaseOrder.name, id);
    const { receipt, completes } = countReceipt(locked.body, lines, await partNumbersOf(ctx, tx, locked.body));
    return transitionIn(tx, ctx, id, {
      event: completes ? 'receiveAll' : 'receivePart',
      data: { receipt, ...(receiptRemarks ? { receiptRemarks } : {}) },
      ...(version !== undefined ? { version } : {}),
    });
  });
  // Each receipt's transaction and its part's stock were announced as they were posted (./stock.ts postMovement).
  ctx.notify('update', record._id);
  return (await namedAfterCommit(ctx, [record]))[0]!;
}

async function receipts(ctx: CallContext): Promise<PurchaseOrderReceipts> {
  const { id } = ctx.req.params as { id: string };
  const order = await ctx.repo.getById(id);
  if (!order) throw missingRecord(purchaseOrder.name, id);
  const rows = await withMoverNames(ctx, await ledgerOfCause(ctx.db, ctx.user.tenantId, purchaseOrder.name, id));
  const lines = asArray(order.lines).map((line, index) => ({
    line: index,
    partId: String(line.partId),
    quantity: asNumber(line.quantity),
    receivedQty: asNumber(line.receivedQty),
    dueQty: dueOf(line),
    unitPricePaise: asNumber(line.unitPricePaise),
  }));
  return { lines, data: rows, total: rows.length };
}

export const receiptCalls = {
  receive: { handler: receive },
  receipts: { handler: receipts },
} satisfies HandlersOf<'purchase-order'>['calls'];
