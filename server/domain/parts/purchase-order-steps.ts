/**
 * What a purchase order's steps do beyond its status (src/machines/lifecycles/purchaseOrder.ts): receiving
 * everything marks each line received in full, so the order's lines say what arrived.
 */
import type { TransitionEffect } from '../lifecycle-effect';
import { asArray } from '../records';

export const purchaseOrderSteps: TransitionEffect = async (_ctx, _tx, order, to) => {
  if (to !== 'Received') return;
  return { lines: asArray(order.lines).map((line) => ({ ...line, receivedQty: line.quantity })) };
};
