/**
 * A purchase requisition (document 1: requisitions are reviewed, then sent to purchase):
 *
 *   Draft ──submit──▶ Submitted ──approve──▶ Approved ──sendToPurchase──▶ Sent To Purchase (final)
 *     ▲                 │    │                  │
 *     ├─────recall──────┘    └──reject──┐       └──reject──┐
 *     └─────────revise──────── Rejected ◀───────────────────┘   (reject needs review remarks)
 *
 * Stores raise, submit, recall and revise (MANAGE_REQUISITION UPDATE); reviewers approve and reject
 * (REVIEW_REQUISITION UPDATE); sending to purchase makes the draft purchase orders, one per supplier of the
 * requisition's parts, in the same transaction (MANAGE_REQUISITION UPDATE or MANAGE_PO CREATE). An approved
 * requisition may still be rejected until it is sent: a reviewer who finds a mistake stops it there.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const REQUISITION_EVENTS = ['submit', 'recall', 'approve', 'reject', 'revise', 'sendToPurchase'] as const;
export type RequisitionEvent = LifecycleEvent<(typeof REQUISITION_EVENTS)[number]>;

export const requisitionLifecycle = setup({
  types: {} as { context: LifecycleContext; events: RequisitionEvent; input: LifecycleContext },
  guards: {
    mayRaise: ({ event }) => holds(event.caller, 'MANAGE_REQUISITION', 'UPDATE'),
    mayReview: ({ event }) => holds(event.caller, 'REVIEW_REQUISITION', 'UPDATE'),
    mayOrder: ({ event }) => holds(event.caller, 'MANAGE_REQUISITION', 'UPDATE') || holds(event.caller, 'MANAGE_PO', 'CREATE'),
  },
}).createMachine({
  id: 'requisition',
  initial: 'Draft',
  context: ({ input }) => input,
  states: {
    Draft: { on: { submit: { target: 'Submitted', guard: 'mayRaise' } } },
    Submitted: {
      on: {
        recall: { target: 'Draft', guard: 'mayRaise' },
        approve: { target: 'Approved', guard: 'mayReview' },
        reject: { target: 'Rejected', guard: 'mayReview' },
      },
    },
    Approved: {
      on: {
        sendToPurchase: { target: 'Sent To Purchase', guard: 'mayOrder' },
        reject: { target: 'Rejected', guard: 'mayReview' },
      },
    },
    Rejected: { on: { revise: { target: 'Draft', guard: 'mayRaise' } } },
    'Sent To Purchase': { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a draft is its maker's to change or delete; under review it is changed
 * by nobody (the maker recalls it), so the reviewer decides on what was asked; a rejected one is revised to a
 * draft first. The maker may not approve or reject their own requisition.
 */
export const REQUISITION_RECORD_RULES: RecordRules = {
  maker: 'raisedBy',
  checkerSteps: ['approve', 'reject'],
  edit: { Draft: { guard: 'mayRaise', makerOnly: true } },
  delete: { Draft: { guard: 'mayRaise', makerOnly: true } },
  locked: {
    Submitted: refusal('lockedRequisitionSubmitted'),
    Approved: refusal('lockedRequisitionApproved'),
    Rejected: refusal('lockedRequisitionRejected'),
    'Sent To Purchase': refusal('lockedRequisitionSentToPurchase'),
  },
};
