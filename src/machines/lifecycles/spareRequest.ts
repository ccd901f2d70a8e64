/**
 * A request for spare parts, raised by an engineer for a job (document 2: "Request Spare Parts"):
 *
 *   Requested ──approve──▶ Approved ──issue──▶ Issued (final: the parts left the stores)
 *       │  └──reject──▶ Rejected (final, with the reason)
 *       └──cancel──▶ Cancelled (final) ◀──cancel── Approved
 *
 * Whoever holds SPAREPART_REQUEST UPDATE (the stores or the service manager) approves, rejects and issues;
 * issuing takes every line out of stock in the same transaction (server/domain/parts/spare-request-steps.ts).
 * The engineer who raised a request may cancel it until it is issued, without UPDATE: a request they no
 * longer need should not wait for someone else. A rejected request is not revised: the engineer raises a new one.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';

export const SPARE_REQUEST_EVENTS = ['approve', 'reject', 'issue', 'cancel'] as const;
export type SpareRequestEvent = LifecycleEvent<(typeof SPARE_REQUEST_EVENTS)[number]>;

export const spareRequestLifecycle = setup({
  types: {} as { context: LifecycleContext; events: SpareRequestEvent; input: LifecycleContext },
  guards: {
    mayDecide: ({ event }) => holds(event.caller, 'SPAREPART_REQUEST', 'UPDATE'),
    mayCancel: ({ context, event }) =>
      holds(event.caller, 'SPAREPART_REQUEST', 'UPDATE') || (event.caller.kind === 'staff' && context.record.requestedBy === event.caller.id && holds(event.caller, 'SPAREPART_REQUEST', 'CREATE')),
  },
}).createMachine({
  id: 'spareRequest',
  initial: 'Requested',
  context: ({ input }) => input,
  states: {
    Requested: {
      on: {
        approve: { target: 'Approved', guard: 'mayDecide' },
        reject: { target: 'Rejected', guard: 'mayDecide' },
        cancel: { target: 'Cancelled', guard: 'mayCancel' },
      },
    },
    Approved: {
      on: {
        issue: { target: 'Issued', guard: 'mayDecide' },
        cancel: { target: 'Cancelled', guard: 'mayCancel' },
      },
    },
    Issued: { type: 'final' },
    Rejected: { type: 'final' },
    Cancelled: { type: 'final' },
  },
});
