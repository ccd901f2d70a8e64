/** What sending a requisition to purchase does (the effect of its lifecycle's sendToPurchase step). */
import { purchaseOrder, sparePartInventory } from '../../../src/contract/modules/parts';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asArray, asNumber, asString, repoOf, todayInIndia } from '../records';
import { poTotals } from './po-totals';

type Body = Record<string, unknown>;

/**
 * Sending a requisition to purchase makes its draft purchase orders, one per supplier of its parts, priced
 * from the requisition's estimate or the part's price; a part without a supplier stops the step. The requisition
 * keeps every order it made (`purchaseOrderIds`), and each is announced to open screens as a new record.
 */
export const orderParts: TransitionEffect = async (ctx, tx, requisition, to, requisitionId) => {
  if (to !== 'Sent To Purchase') return;
  const name = asString(requisition.alternateId) ?? requisitionId;
  const lines = asArray(requisition.lines);
  const { data: parts } = await repoOf(ctx, sparePartInventory, tx).list({ filters: { _id: lines.map((l) => String(l.partId)) } });
  const partById = new Map(parts.map((p) => [p._id, p]));
  const bySupplier = new Map<string, Body[]>();
  for (const line of lines) {
    const part = partById.get(String(line.partId));
    const supplierId = asString(part?.supplierId);
    if (!part || !supplierId) throw conflict(refusal('partHasNoSupplier', { name, part: asString(part?.partNumber) ?? String(line.partId) }));
    const poLine = {
      partId: part._id,
      description: asString(part.partName),
      ...(asString(part.hsnCode) ? { hsnCode: part.hsnCode } : {}),
      quantity: asNumber(line.quantity),
      unitPricePaise: asNumber(line.estimatedUnitPricePaise ?? part.unitPricePaise),
      gstRate: typeof part.gstRate === 'number' ? part.gstRate : 18,
      receivedQty: 0,
    };
    bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), poLine]);
  }
  const orders = repoOf(ctx, purchaseOrder, tx);
  const made: string[] = [];
  for (const [supplierId, poLines] of bySupplier) {
    const po = await orders.create({ supplierId, requisitionIds: [requisitionId], orderDate: todayInIndia(), status: 'Draft', remarks: `From requisition ${name}`, ...poTotals(poLines) });
    made.push(po._id);
    // Announced now, inside the step's transaction (as an agreement's new client is): a refused step after this
    // point is rare, and a list read once too often costs less than an order no open screen shows.
    ctx.hub.recordChanged(ctx.user.tenantId, { module: purchaseOrder.name, op: 'create', _id: po._id });
  }
  // Every order is linked on the requisition (the spec names no single one), and names the requisition in its requisitionIds.
  return { purchaseOrderIds: made };
};
