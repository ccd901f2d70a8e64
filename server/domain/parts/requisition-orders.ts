/** What sending a requisition to purchase does (the effect of its lifecycle's sendToPurchase step). */
import { purchaseOrder, sparePartInventory } from '../../../src/contract/modules/parts';
import { conflict } from '../errors';
import type { TransitionEffect } from '../lifecycle-effect';
import { asArray, asNumber, asString, repoOf, todayInIndia } from '../records';
import { poTotals } from './po-totals';

type Body = Record<string, unknown>;

/**
 * Sending a requisition to purchase makes its draft purchase orders, one per supplier of its parts, priced
 * from the requisition's estimate or the part's price; a part without a supplier stops the step.
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
    if (!part || !supplierId) throw conflict(`Requisition ${name}: part ${asString(part?.partNumber) ?? String(line.partId)} has no supplier; choose one on the part before sending it to purchase`);
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
  }
  // The first order is linked on the requisition; every order names the requisition in requisitionIds.
  return { purchaseOrderId: made[0] };
};
