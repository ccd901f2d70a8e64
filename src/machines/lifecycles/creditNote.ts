/**
 * A credit note's approval (document 1: credit notes wait for approval; the approve/reject path is not shown
 * in the spec, so it is designed here as a maker–checker step):
 *
 *   Draft ──submit──▶ Pending Approval ──approve──▶ Approved (final: it has credited its invoice)
 *     ▲                 │        │
 *     └────withdraw─────┘        └──reject (remarks)──▶ Rejected ──submit──▶ Pending Approval
 *                                                         └──revise──▶ Draft
 *
 * New notes start Pending Approval (the catalogue's default status). Whoever raises credit notes
 * (GENERATE_CREDIT_NOTE or MANAGE_CREDIT_NOTE, UPDATE) submits, withdraws and revises; only MANAGE_CREDIT_NOTE
 * UPDATE approves or rejects, so a clerk who raises a note cannot approve it.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const CREDIT_NOTE_EVENTS = ['submit', 'withdraw', 'revise', 'approve', 'reject'] as const;
export type CreditNoteEvent = LifecycleEvent<(typeof CREDIT_NOTE_EVENTS)[number]>;

export const creditNoteLifecycle = setup({
  types: {} as { context: LifecycleContext; events: CreditNoteEvent; input: LifecycleContext },
  guards: {
    mayRaise: ({ event }) => holds(event.caller, 'GENERATE_CREDIT_NOTE', 'UPDATE') || holds(event.caller, 'MANAGE_CREDIT_NOTE', 'UPDATE'),
    mayDecide: ({ event }) => holds(event.caller, 'MANAGE_CREDIT_NOTE', 'UPDATE'),
  },
}).createMachine({
  id: 'creditNote',
  initial: 'Pending Approval',
  context: ({ input }) => input,
  states: {
    Draft: { on: { submit: { target: 'Pending Approval', guard: 'mayRaise' } } },
    'Pending Approval': {
      on: {
        withdraw: { target: 'Draft', guard: 'mayRaise' },
        approve: { target: 'Approved', guard: 'mayDecide' },
        reject: { target: 'Rejected', guard: 'mayDecide' },
      },
    },
    Rejected: {
      on: {
        submit: { target: 'Pending Approval', guard: 'mayRaise' },
        revise: { target: 'Draft', guard: 'mayRaise' },
      },
    },
    Approved: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a draft is its maker's (the clerk who raised it) to change or delete; a
 * note waiting for approval is changed by nobody, so the approver decides on exactly what the clerk wrote (the
 * clerk withdraws it to change it); a rejected note is revised to a draft first. The maker may not approve or
 * reject their own note, whatever they hold.
 */
export const CREDIT_NOTE_RECORD_RULES: RecordRules = {
  maker: 'raisedBy',
  checkerSteps: ['approve', 'reject'],
  edit: { Draft: { guard: 'mayRaise', makerOnly: true } },
  delete: { Draft: { guard: 'mayRaise', makerOnly: true } },
  locked: {
    'Pending Approval': refusal('lockedCreditNotePendingApproval'),
    Rejected: refusal('lockedCreditNoteRejected'),
    Approved: refusal('lockedCreditNoteApproved'),
  },
};
