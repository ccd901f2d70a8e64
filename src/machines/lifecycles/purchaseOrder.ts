/**
 * A purchase order (document 2: made as a Draft, by hand or when a requisition is sent to purchase):
 *
 *   Draft ──issue──▶ Issued ──receivePart──▶ Partially Received ──receivePart (another delivery)──┐
 *     │                │  └──────────receiveAll──────────┐   │   ◀──────────────────────────────┘
 *     │                │                                  ▼   └──receiveAll──▶ Received (final)
 *     └────cancel──────┴──cancel──▶ Cancelled (final)
 *
 * Whoever holds MANAGE_PO UPDATE takes every step. Issuing sends the order to the supplier: its lines and prices
 * are then fixed (only a Draft changes its lines). An order is cancelled before anything arrives, with the
 * reason; once goods are in, the rest is received or the order stays partly received, as the books show it.
 * Receiving everything marks each line received in full. Counting each delivery's quantities line by line and
 * posting them to stock is the planned purchasing-to-stock work, not this machine's: the steps stay the same.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';

export const PURCHASE_ORDER_EVENTS = ['issue', 'receivePart', 'receiveAll', 'cancel'] as const;
export type PurchaseOrderEvent = LifecycleEvent<(typeof PURCHASE_ORDER_EVENTS)[number]>;

export const purchaseOrderLifecycle = setup({
  types: {} as { context: LifecycleContext; events: PurchaseOrderEvent; input: LifecycleContext },
  guards: {
    mayPurchase: ({ event }) => holds(event.caller, 'MANAGE_PO', 'UPDATE'),
  },
}).createMachine({
  id: 'purchaseOrder',
  initial: 'Draft',
  context: ({ input }) => input,
  states: {
    Draft: {
      on: {
        issue: { target: 'Issued', guard: 'mayPurchase' },
        cancel: { target: 'Cancelled', guard: 'mayPurchase' },
      },
    },
    Issued: {
      on: {
        receivePart: { target: 'Partially Received', guard: 'mayPurchase' },
        receiveAll: { target: 'Received', guard: 'mayPurchase' },
        cancel: { target: 'Cancelled', guard: 'mayPurchase' },
      },
    },
    'Partially Received': {
      on: {
        receivePart: { target: 'Partially Received', guard: 'mayPurchase', reenter: true },
        receiveAll: { target: 'Received', guard: 'mayPurchase' },
      },
    },
    Received: { type: 'final' },
    Cancelled: { type: 'final' },
  },
});
