/**
 * A manual payment's approval: recorded Pending against a Final invoice; a second person approves it (the
 * invoice's paid amount rises) or rejects it. Both decisions are final: a wrong payment is recorded again.
 *
 *   Pending ──approve──▶ Approved
 *      └─────reject────▶ Rejected
 *
 * Recording needs PAYMENT CREATE; deciding needs PAYMENT UPDATE, which the accounts approver holds and the
 * clerk who records payments does not.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const PAYMENT_EVENTS = ['approve', 'reject'] as const;
export type PaymentEvent = LifecycleEvent<(typeof PAYMENT_EVENTS)[number]>;

export const paymentLifecycle = setup({
  types: {} as { context: LifecycleContext; events: PaymentEvent; input: LifecycleContext },
  guards: {
    mayDecide: ({ event }) => holds(event.caller, 'PAYMENT', 'UPDATE'),
    // Recording and correcting a payment: edits and deletes only (PAYMENT_RECORD_RULES), never a step.
    mayRecord: ({ event }) => holds(event.caller, 'PAYMENT', 'CREATE') || holds(event.caller, 'PAYMENT', 'UPDATE'),
  },
}).createMachine({
  id: 'payment',
  initial: 'Pending',
  context: ({ input }) => input,
  states: {
    Pending: {
      on: {
        approve: { target: 'Approved', guard: 'mayDecide' },
        reject: { target: 'Rejected', guard: 'mayDecide' },
      },
    },
    Approved: { type: 'final' },
    Rejected: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a payment has no draft, so while it is Pending only the person who
 * recorded it may correct or delete it (and only holding the module's UPDATE or DELETE, which the routes check);
 * the approver decides on what was recorded and never changes the amount. Whoever recorded it may not approve or
 * reject it. Decided payments are final: a wrong one is recorded again.
 */
export const PAYMENT_RECORD_RULES: RecordRules = {
  maker: 'raisedBy',
  checkerSteps: ['approve', 'reject'],
  edit: { Pending: { guard: 'mayRecord', makerOnly: true } },
  delete: { Pending: { guard: 'mayRecord', makerOnly: true } },
  locked: {
    Approved: refusal('lockedPaymentApproved'),
    Rejected: refusal('lockedPaymentRejected'),
  },
};
