/**
 * I/O of the stock screens (issue 32): low stock (GET spare-part-inventory/lowStock), a requisition started from it
 * (POST purchase-order-requisition, a Draft with the chosen lines) and a purchase order's receipts (GET
 * purchase-order/receipts/{id}). The flow machines get these as their `fromPromise` actors; tests provide their own.
 */
import { moduleCalls } from '../../api/calls';
import { purchaseOrder, purchaseOrderRequisition, sparePartInventory, type LowStockPart, type PurchaseOrderReceipts } from '../../contract/modules/parts';

export type { LowStockPart, PurchaseOrderReceipts };

export type PartLedger = Awaited<ReturnType<typeof fetchPartLedger>>;

export async function fetchPartLedger(id: string) {
  return moduleCalls(sparePartInventory).call('ledger', { params: { id } });
}

export async function fetchLowStock(): Promise<LowStockPart[]> {
  return (await moduleCalls(sparePartInventory).call('lowStock')).data;
}

export interface StartedRequisition {
  _id: string;
  alternateId?: string;
}

/** One Draft requisition with a line per chosen part (the estimate is the part's price). */
export async function startRequisition(input: { title: string; lines: Array<{ partId: string; quantity: number; estimatedUnitPricePaise: number }> }): Promise<StartedRequisition> {
  const made = await moduleCalls(purchaseOrderRequisition).create({ title: input.title, department: 'Stores', justification: 'Below reorder level', lines: input.lines });
  const number = (made as Record<string, unknown>).alternateId;
  return { _id: made._id, alternateId: typeof number === 'string' ? number : undefined };
}

export async function fetchReceipts(id: string): Promise<PurchaseOrderReceipts> {
  return moduleCalls(purchaseOrder).call('receipts', { params: { id } });
}
