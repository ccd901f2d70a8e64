/**
 * What a purchase order's receiving steps do beyond its status (src/machines/lifecycles/purchaseOrder.ts; issue 32):
 * the delivery's quantities (./receipts.ts, given as the step's `receipt`) each become one Receipt in the stock ledger
 * at the line's price, caused by the order and its line, and the lines' received quantities rise. "Receive
 * everything" without quantities receives what is still due; a part delivery always says how many. The quantities
 * must agree with the step: a delivery that completes the order is "Receive everything", one that does not is
 * "Record part delivery".
 */
import { purchaseOrder } from '../../../src/contract/modules/parts';
import { conflict, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';
import { asArray, asNumber, asString, todayInIndia } from '../records';
import { countReceipt, type ReceiptLine } from './receipt-count';
import { postMovement } from './stock';

const RECEIVING = ['receivePart', 'receiveAll'];

export const purchaseOrderSteps: TransitionEffect = async (ctx, tx, order, to, id, step) => {
  if (!RECEIVING.includes(step.event)) return;
  const given = step.data.receipt as ReceiptLine[] | undefined;
  if (!given && step.event === 'receivePart') throw invalid('lines', refusal('sayQuantitiesArrived'));
  const { receipt, completes } = countReceipt(order, given);
  const name = asString(order.alternateId) ?? id;
  if (completes !== (to === 'Received')) {
    throw conflict(refusal(completes ? 'deliveryCompletes' : 'deliveryLeavesDue', { name }));
  }
  const lines = asArray(order.lines).map((line) => ({ ...line }));
  for (const { line, quantity } of receipt) {
    const ordered = lines[line]!;
    await postMovement(
      ctx,
      tx,
      { partId: String(ordered.partId), type: 'Receipt', quantity, date: todayInIndia(), unitCostPaise: asNumber(ordered.unitPricePaise), reference: name, purchaseOrderId: id },
      { module: purchaseOrder.name, id, line, name },
    );
    ordered.receivedQty = Math.round((asNumber(ordered.receivedQty) + quantity) * 1000) / 1000;
  }
  return { lines };
};
