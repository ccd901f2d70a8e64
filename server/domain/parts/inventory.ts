/**
 * The parts themselves (issue 32): stock is the ledger's (./stock.ts), never typed. A new part may start with stock
 * (its opening balance, one Adjustment row in the ledger valued at the part's price, in the same transaction); an
 * update that changes the stock or its value is refused naming the field (a count's correction is an adjustment).
 * Also the ledger's read calls: a part's movements, and the parts at or below their reorder level.
 */
import { z } from 'zod';
import type { lowStockReply, partLedgerReply } from '../../../src/contract/modules/parts';
import { sparePartInventory } from '../../../src/contract/modules/parts';
import { inTransaction } from '../../db/pool';
import type { ApiRecord } from '../../db/repository';
import { ledgerOfPart, openOrderQuantities, partsAtOrBelowReorder } from '../../db/stock-ledger-store';
import { invalid, missingRecord } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { withMoverNames } from './mover-names';
import type { CallContext, HandlersOf } from '../call-context';
import { asNumber, checkReferences, patchRecord, repoOf, requireBody, todayInIndia, withDuplicateMapping } from '../records';
import { postMovement } from './stock';

type Body = Record<string, unknown>;
const KEPT = ['stockQty', 'stockValuePaise'] as const;

async function createPart(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...(ctx.req.body as Body) };
  const opening = asNumber(body.stockQty);
  await checkReferences(ctx.db, ctx.def, ctx.user.tenantId, body);
  const created = await withDuplicateMapping(ctx.def, body, () =>
    inTransaction(ctx.db, async (tx) => {
      const part = await repoOf(ctx, ctx.def, tx).create({ ...body, stockQty: 0, stockValuePaise: 0 });
      if (opening > 0) await postMovement(ctx, tx, { partId: part._id, type: 'Adjustment', quantity: opening, date: todayInIndia(), remarks: 'Opening balance', unitCostPaise: asNumber(body.unitPricePaise) });
      return (await repoOf(ctx, ctx.def, tx).getById(part._id)) ?? part;
    }),
  );
  ctx.notify('create', created._id);
  ctx.reply.code(201);
  return created;
}

async function updatePart(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const patch = { ...(ctx.req.body as Body) };
  const stored = await requireBody(ctx.repo, id);
  for (const field of KEPT) {
    if (!(field in patch)) continue;
    // A client PUTting back what it read passes; a change is the ledger's business.
    if (asNumber(patch[field]) !== asNumber(stored[field])) throw invalid(field, refusal('stockByLedger'));
    delete patch[field];
  }
  return patchRecord(ctx, id, patch);
}

type PartLedger = z.input<typeof partLedgerReply>;

/** GET ledger/:id: the part's movements, newest first, each with what caused it. */
async function partLedger(ctx: CallContext): Promise<PartLedger> {
  const { id } = ctx.req.params as { id: string };
  const part = await ctx.repo.getById(id);
  if (!part) throw missingRecord(sparePartInventory.name, id);
  const rows = await withMoverNames(ctx, await ledgerOfPart(ctx.db, ctx.user.tenantId, id));
  return { part: { _id: part._id, partNumber: String(part.partNumber ?? ''), partName: String(part.partName ?? ''), stockQty: asNumber(part.stockQty), stockValuePaise: asNumber(part.stockValuePaise) }, data: rows, total: rows.length };
}

type LowStock = z.input<typeof lowStockReply>;

/**
 * GET lowStock: parts at or below their reorder level, with what open purchase orders still bring and a suggested
 * quantity: up to the part's max level (else its reorder level plus its reorder quantity, else twice its level),
 * less what is on order, never below 0.
 */
async function lowStock(ctx: CallContext): Promise<LowStock> {
  const [parts, onOrder] = await Promise.all([partsAtOrBelowReorder(ctx.db, ctx.user.tenantId), openOrderQuantities(ctx.db, ctx.user.tenantId)]);
  const data = parts.map((p) => {
    const ordered = onOrder.get(p._id) ?? 0;
    const target = p.maxLevel ?? (p.reorderQty != null ? p.reorderLevel + p.reorderQty : p.reorderLevel * 2);
    const suggested = Math.max(0, Math.round((target - p.stockQty - ordered) * 1000) / 1000);
    return { ...p, onOrder: ordered, suggestedQty: suggested };
  });
  return { data, total: data.length };
}

export const sparePartHandlers = {
  ops: { create: createPart, update: updatePart },
  calls: { ledger: { handler: partLedger }, lowStock: { handler: lowStock } },
} satisfies HandlersOf<'spare-part-inventory'>;
