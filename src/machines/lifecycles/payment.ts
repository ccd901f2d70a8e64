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

export const PAYMENT_EVENTS = ['approve', 'reject'] as const;
export type PaymentEvent = LifecycleEvent<(typeof PAYMENT_EVENTS)[number]>;

export const paymentLifecycle = setup({
  types: {} as { context: LifecycleContext; events: PaymentEvent; input: LifecycleContext },
  guards: {
    mayDecide: ({ event }) => holds(event.caller, 'PAYMENT', 'UPDATE'),
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
