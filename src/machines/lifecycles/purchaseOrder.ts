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
 * Deliveries are counted line by line (POST purchase-order/receive, issue 32): the server takes "Receive everything"
 * when a delivery completes every line and "Record part delivery" otherwise, and each delivery raises stock through
 * the stock ledger in the step's transaction (server/domain/parts/purchase-order-steps.ts). The machine only says
 * who may take which step in which state; the quantities choose the step.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

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

/**
 * Edits and deletes (./recordRules.ts): a draft order is changed or deleted; once issued, the supplier holds it,
 * so its lines are changed by cancelling it and raising another.
 */
export const PURCHASE_ORDER_RECORD_RULES: RecordRules = {
  // An issued order's lines and supplier are the supplier's copy; the expected date, the address and remarks follow
  // the conversation with them until everything is received.
  edit: {
    Draft: { guard: 'mayPurchase' },
    Issued: { guard: 'mayPurchase', fields: ['expectedDelivery', 'deliveryAddress', 'remarks'] },
    'Partially Received': { guard: 'mayPurchase', fields: ['expectedDelivery', 'remarks'] },
  },
  delete: { Draft: { guard: 'mayPurchase' } },
  locked: {
    Received: refusal('lockedPurchaseOrderReceived'),
    Cancelled: refusal('lockedPurchaseOrderCancelled'),
  },
};
