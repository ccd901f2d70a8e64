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
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

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

/**
 * Edits and deletes (./recordRules.ts): a request has no draft; while it is Requested only whoever raised it may
 * change or delete it (a request nobody has decided on yet), and the stores deciding on it never change what was
 * asked. Whoever raised it may not approve or reject it.
 */
export const SPARE_REQUEST_RECORD_RULES: RecordRules = {
  maker: 'raisedBy',
  checkerSteps: ['approve', 'reject'],
  edit: { Requested: { guard: 'mayCancel', makerOnly: true } },
  delete: { Requested: { guard: 'mayCancel', makerOnly: true } },
  locked: {
    Approved: refusal('lockedSpareRequestApproved'),
    Issued: refusal('lockedSpareRequestIssued'),
    Rejected: refusal('lockedSpareRequestRejected'),
    Cancelled: refusal('lockedSpareRequestCancelled'),
  },
};
