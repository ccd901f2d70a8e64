/**
 * The lifecycle index: for each module whose records have a lifecycle, its pure machine, the field that
 * holds the state, and for each event the words a person sees and the data it needs. The server applies
 * transitions from it (server/domain/lifecycle.ts), screens show its events as buttons, tests and QA walk
 * its machines. Status values are the catalogue's; a lifecycle's states are named after them.
 */
import { AGREEMENT_EVENTS, agreementLifecycle, AGREEMENT_RECORD_RULES } from './agreement';
import { CREDIT_NOTE_EVENTS, creditNoteLifecycle, CREDIT_NOTE_RECORD_RULES } from './creditNote';
import type { Lifecycle, LifecycleEventSpec } from './definition';
import { LIFECYCLE_RECORDS } from './records';
import { INVOICE_EVENTS, invoiceLifecycle, INVOICE_RECORD_RULES } from './invoice';
import { LEAD_EVENTS, leadLifecycle, LEAD_RECORD_RULES } from './lead';
import { MAINTENANCE_PLAN_EVENTS, maintenancePlanLifecycle, MAINTENANCE_PLAN_RECORD_RULES } from './maintenancePlan';
import { PAYMENT_EVENTS, paymentLifecycle, PAYMENT_RECORD_RULES } from './payment';
import { PROPOSAL_EVENTS, proposalLifecycle, PROPOSAL_RECORD_RULES } from './proposal';
import { PURCHASE_ORDER_EVENTS, purchaseOrderLifecycle, PURCHASE_ORDER_RECORD_RULES } from './purchaseOrder';
import { REQUISITION_EVENTS, requisitionLifecycle, REQUISITION_RECORD_RULES } from './requisition';
import { SPARE_REQUEST_EVENTS, spareRequestLifecycle, SPARE_REQUEST_RECORD_RULES } from './spareRequest';
import { SUBSCRIPTION_REQUEST_EVENTS, subscriptionRequestLifecycle, SUBSCRIPTION_REQUEST_RECORD_RULES } from './subscriptionRequest';
import { SYSTEM_TICKET_EVENTS, systemTicketLifecycle, SYSTEM_TICKET_RECORD_RULES } from './systemTicket';
import { TICKET_EVENTS, TICKET_RECORD_RULES, ticketLifecycle } from './ticket';
import { withRecordRules } from './recordRules';
import { says } from '../../contract/validationMessages';

const APPROVAL_STAMPS = { by: 'approvedBy', at: 'approvedAt' } as const;
/** A rejection is stamped as what it is (issue 33): a rejected document never reads "Approved by". */
const REJECTION_STAMPS = { by: 'rejectedBy', at: 'rejectedAt' } as const;
const REVIEW_STAMPS = { by: 'reviewedBy', at: 'reviewedAt' } as const;

/** The steps of every ticket, service and generic alike (./ticket.ts). */
const TICKET_STEPS = eventsOf(TICKET_EVENTS, {
  assign: { label: 'Assign', requires: { assignedTo: says('chooseEngineer') } },
  start: { label: 'Start work' },
  hold: { label: 'Put on hold', requires: { holdReason: says('holdReason') } },
  resume: { label: 'Resume' },
  resolve: {
    label: 'Resolve',
    requires: { resolution: says('resolution') },
    // The customer may sign for the work on the engineer's phone; the job card prints the signature.
    keeps: ['rootCause', 'customerSignatureUrl'],
    signatures: ['customerSignatureUrl'],
    stamps: { by: 'resolvedBy', at: 'resolvedAt' },
  },
  reopen: { label: 'Reopen', confirm: true },
  close: { label: 'Close', confirm: true, stamps: { by: 'closedBy', at: 'closedAt' } },
  cancel: { label: 'Cancel ticket', requires: { cancelReason: says('ticketCancelReason') }, stamps: { by: 'cancelledBy', at: 'cancelledAt' } },
});

/** Service and generic tickets: one machine, the same steps; a ticket raised with its engineer starts Assigned (server/domain/service/tickets.ts). */
const TICKET_LIFECYCLE = {
  machine: withRecordRules(ticketLifecycle, TICKET_RECORD_RULES),
  records: TICKET_RECORD_RULES,
  startStates: ['Open', 'Assigned'],
  // Raised with its engineer, a ticket starts Assigned; its labour hours are booked once the work is under way.
  createWith: ['assignedTo'],
  later: ['labourHours'],
  guards: { mayWork: 'UPDATE on any ticket screen, within its scope' },
  events: TICKET_STEPS,
} as const satisfies Omit<Lifecycle, 'module' | 'noun' | 'statusField'>;

function eventsOf<const E extends readonly string[]>(names: E, specs: Record<E[number], LifecycleEventSpec>): Record<E[number], LifecycleEventSpec> {
  return specs;
}

export const LIFECYCLES: readonly Lifecycle[] = [
  {
    module: 'agreement',
    ...LIFECYCLE_RECORDS['agreement'],
    machine: withRecordRules(agreementLifecycle, AGREEMENT_RECORD_RULES),
    records: AGREEMENT_RECORD_RULES,
    guards: { maySell: 'SALES-PIPELINE: UPDATE' },
    events: eventsOf(AGREEMENT_EVENTS, {
      activate: { label: 'Activate', stamps: { by: 'activatedBy', at: 'activatedAt' }, confirm: true },
      expire: { label: 'Mark expired', stamps: { by: 'endedBy', at: 'endedAt' }, confirm: true },
      terminate: { label: 'Terminate', requires: { terminationReason: says('terminationReason') }, stamps: { by: 'endedBy', at: 'endedAt' }, confirm: true },
    }),
  },
  {
    module: 'credit-note',
    ...LIFECYCLE_RECORDS['credit-note'],
    machine: withRecordRules(creditNoteLifecycle, CREDIT_NOTE_RECORD_RULES),
    records: CREDIT_NOTE_RECORD_RULES,
    startStates: ['Pending Approval', 'Draft'],
    guards: { mayRaise: 'GENERATE_CREDIT_NOTE or MANAGE_CREDIT_NOTE: UPDATE', mayDecide: 'MANAGE_CREDIT_NOTE: UPDATE' },
    events: eventsOf(CREDIT_NOTE_EVENTS, {
      submit: { label: 'Submit for approval', call: 'updateList' },
      withdraw: { label: 'Withdraw', call: 'updateList' },
      revise: { label: 'Revise' },
      approve: { inList: true, label: 'Approve', stamps: APPROVAL_STAMPS, keeps: ['approvalRemarks'], confirm: true, call: 'approveReject' },
      reject: { inList: true, label: 'Reject', stamps: REJECTION_STAMPS, requires: { approvalRemarks: says('creditNoteRejection') }, call: 'approveReject' },
    }),
  },
  {
    module: 'invoice',
    ...LIFECYCLE_RECORDS['invoice'],
    machine: withRecordRules(invoiceLifecycle, INVOICE_RECORD_RULES),
    records: INVOICE_RECORD_RULES,
    startStates: ['Draft', 'Final'],
    guards: { mayBill: 'UPDATE on any invoice screen, within its records', mayRegister: 'the same, while the invoice has no IRN', mayCancel: 'the same, while no payment or approved credit note stands against it' },
    events: eventsOf(INVOICE_EVENTS, {
      finalize: { label: 'Finalise', confirm: true, stamps: { by: 'finalizedBy', at: 'finalizedAt' }, call: 'finalizeInvoice' },
      registerEInvoice: { label: 'Generate e-invoice', confirm: true, call: 'generateEInvoice' },
      cancel: {
        label: 'Cancel invoice',
        requires: { cancelReason: says('invoiceCancelReason') },
        // Needed when the invoice has an IRN: the e-invoice portal's reason codes.
        keeps: ['cancelReasonCode'],
        choices: { cancelReasonCode: [{ value: '1', label: '1 – Duplicate' }, { value: '2', label: '2 – Data entry mistake' }, { value: '3', label: '3 – Order cancelled' }, { value: '4', label: '4 – Other' }] },
        stamps: { by: 'cancelledBy', at: 'cancelledAt' },
        call: 'cancelInvoice',
      },
    }),
  },
  {
    module: 'lead',
    ...LIFECYCLE_RECORDS['lead'],
    machine: withRecordRules(leadLifecycle, LEAD_RECORD_RULES),
    records: LEAD_RECORD_RULES,
    guards: { maySell: 'SALES-PIPELINE: UPDATE' },
    // The spec's PATCH change-stage/{id} { leadStage, leadStatusReason } names the stage: the one step there.
    events: eventsOf(LEAD_EVENTS, {
      moveToNew: { label: 'Move to New', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToContacted: { label: 'Move to Contacted', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToQualified: { label: 'Move to Qualified', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToProposalSent: { label: 'Move to Proposal Sent', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToNegotiation: { label: 'Move to Negotiation', keeps: ['leadStatusReason'], call: 'changeStage' },
      win: { label: 'Mark won', requires: { leadStatusReason: says('leadWonReason') }, call: 'changeStage' },
      lose: { label: 'Mark lost', requires: { leadStatusReason: says('leadLostReason') }, call: 'changeStage' },
      reopen: { label: 'Reopen', keeps: ['leadStatusReason'], confirm: true, call: 'changeStage' },
    }),
  },
  {
    module: 'payment',
    ...LIFECYCLE_RECORDS['payment'],
    machine: withRecordRules(paymentLifecycle, PAYMENT_RECORD_RULES),
    records: PAYMENT_RECORD_RULES,
    // The recorder's remarks (the bank's reference) are the payment's own; approving may add to them.
    createWith: ['remarks'],
    guards: { mayDecide: 'PAYMENT: UPDATE', mayRecord: 'PAYMENT: CREATE or UPDATE (edits and deletes of their own payment)' },
    events: eventsOf(PAYMENT_EVENTS, {
      approve: { inList: true, label: 'Approve', stamps: APPROVAL_STAMPS, keeps: ['remarks'], confirm: true, call: 'approve' },
      reject: { inList: true, label: 'Reject', stamps: REJECTION_STAMPS, keeps: ['remarks'], confirm: true, call: 'approve' },
    }),
  },
  {
    module: 'preventive-maintenance',
    ...LIFECYCLE_RECORDS['preventive-maintenance'],
    machine: withRecordRules(maintenancePlanLifecycle, MAINTENANCE_PLAN_RECORD_RULES),
    records: MAINTENANCE_PLAN_RECORD_RULES,
    guards: {
      mayPlan: 'PREVENTIVE_MAINTENANCE_TICKET: UPDATE',
      dueToday: 'the scheduler, on the next due date',
      pastDue: 'the scheduler, once the next due date has passed',
      byItsTicket: "the server, when the occurrence's ticket is resolved, closed or cancelled",
    },
    events: eventsOf(MAINTENANCE_PLAN_EVENTS, {
      fallDue: { label: 'Falls due', sender: 'scheduler' },
      becomeOverdue: { label: 'Becomes overdue', sender: 'scheduler' },
      occurrenceDone: { label: "Occurrence's ticket done", sender: 'scheduler' },
      start: { label: 'Start the work' },
      markDone: { label: 'Mark done', keeps: ['doneRemarks'], stamps: { by: 'lastDoneBy', at: 'lastDoneAt' } },
      pause: { label: 'Pause plan', requires: { pauseReason: says('planPauseReason') } },
      resume: { label: 'Resume plan' },
      complete: { label: 'End plan', confirm: true, stamps: { by: 'endedBy', at: 'endedAt' } },
      cancel: { label: 'Cancel plan', requires: { cancelReason: says('planCancelReason') }, confirm: true, stamps: { by: 'endedBy', at: 'endedAt' } },
    }),
  },
  {
    module: 'proposal',
    ...LIFECYCLE_RECORDS['proposal'],
    machine: withRecordRules(proposalLifecycle, PROPOSAL_RECORD_RULES),
    records: PROPOSAL_RECORD_RULES,
    guards: {
      maySell: 'SALES-PIPELINE: UPDATE',
      isCustomer: 'the customer, on the public link',
      customerWithinValidity: 'the customer, on the public link, while the proposal is valid',
    },
    // The spec's PATCH sendProposal { id, status } names the status sent: the one step there.
    events: eventsOf(PROPOSAL_EVENTS, {
      sendDraft: { label: 'Send as draft', stamps: { by: 'sentBy', at: 'sentAt' }, call: 'sendProposal' },
      sendFinal: { label: 'Send as final', stamps: { by: 'sentBy', at: 'sentAt' }, confirm: true, call: 'sendProposal' },
      view: { label: 'Viewed by the customer', sender: 'customer' },
      accept: { label: 'Accepted by the customer', requires: { acceptNote: says('stepRequired') }, sender: 'customer' },
      reject: { label: 'Rejected by the customer', requires: { declineNote: says('stepRequired') }, sender: 'customer' },
      backToDraft: { label: 'Back to draft', call: 'draftProposal' },
      markLost: { label: 'Mark lost', requires: { lostReason: says('proposalLostReason') }, stamps: { by: 'lostBy', at: 'lostAt' }, confirm: true },
      closeDeal: { label: 'Record the deal', stamps: { by: 'dealBy', at: 'dealAt' }, confirm: true },
    }),
  },
  {
    module: 'purchase-order',
    ...LIFECYCLE_RECORDS['purchase-order'],
    machine: withRecordRules(purchaseOrderLifecycle, PURCHASE_ORDER_RECORD_RULES),
    records: PURCHASE_ORDER_RECORD_RULES,
    guards: { mayPurchase: 'MANAGE_PO: UPDATE' },
    events: eventsOf(PURCHASE_ORDER_EVENTS, {
      issue: { label: 'Issue to supplier', stamps: { by: 'issuedBy', at: 'issuedAt' }, confirm: true },
      // Taken with the quantities of a delivery (POST receive; issue 32): the order's record view counts them line by line.
      receivePart: { label: 'Record part delivery', keeps: ['receiptRemarks'], stamps: { by: 'receivedBy', at: 'receivedAt' }, call: 'receive', onlyByCall: true },
      receiveAll: { label: 'Receive everything', keeps: ['receiptRemarks'], stamps: { by: 'receivedBy', at: 'receivedAt' }, call: 'receive', onlyByCall: true },
      cancel: { label: 'Cancel order', requires: { cancelReason: says('orderCancelReason') }, stamps: { by: 'cancelledBy', at: 'cancelledAt' } },
    }),
  },
  {
    module: 'purchase-order-requisition',
    ...LIFECYCLE_RECORDS['purchase-order-requisition'],
    machine: withRecordRules(requisitionLifecycle, REQUISITION_RECORD_RULES),
    records: REQUISITION_RECORD_RULES,
    guards: { mayRaise: 'MANAGE_REQUISITION: UPDATE', mayReview: 'REVIEW_REQUISITION: UPDATE', mayOrder: 'MANAGE_REQUISITION: UPDATE or MANAGE_PO: CREATE' },
    events: eventsOf(REQUISITION_EVENTS, {
      submit: { label: 'Submit for review', call: 'updateList' },
      recall: { label: 'Recall', call: 'updateList' },
      approve: { inList: true, label: 'Approve', stamps: REVIEW_STAMPS, keeps: ['reviewRemarks'], call: 'updateList' },
      reject: { inList: true, label: 'Reject', stamps: REVIEW_STAMPS, requires: { reviewRemarks: says('rejectionReason') }, call: 'updateList' },
      revise: { label: 'Revise', call: 'updateList' },
      sendToPurchase: { inList: true, bulk: true, label: 'Send to purchase', confirm: true, call: 'updateList' },
    }),
  },
  {
    module: 'request-spare',
    ...LIFECYCLE_RECORDS['request-spare'],
    machine: withRecordRules(spareRequestLifecycle, SPARE_REQUEST_RECORD_RULES),
    records: SPARE_REQUEST_RECORD_RULES,
    guards: { mayDecide: 'SPAREPART_REQUEST: UPDATE', mayCancel: 'SPAREPART_REQUEST: UPDATE, or the requester holding SPAREPART_REQUEST: CREATE' },
    // The spec's PATCH updateRequest { id, status, statusRemarks } names the status: the one step there.
    events: eventsOf(SPARE_REQUEST_EVENTS, {
      approve: { inList: true, label: 'Approve', keeps: ['statusRemarks'], stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
      reject: { inList: true, label: 'Reject', requires: { statusRemarks: says('requestRejectionReason') }, stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
      issue: { label: 'Issue parts', keeps: ['statusRemarks'], confirm: true, stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
      cancel: { label: 'Cancel request', keeps: ['statusRemarks'], confirm: true, stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
    }),
  },
  {
    module: 'subscription-request',
    ...LIFECYCLE_RECORDS['subscription-request'],
    machine: withRecordRules(subscriptionRequestLifecycle, SUBSCRIPTION_REQUEST_RECORD_RULES),
    records: SUBSCRIPTION_REQUEST_RECORD_RULES,
    guards: { mayManage: 'SUBSCRIPTION_REQUESTS_LIST: UPDATE', isCustomer: 'the prospect, on the subscriber-details link' },
    events: eventsOf(SUBSCRIPTION_REQUEST_EVENTS, {
      sendLink: { label: 'Send details link', call: 'generatePublicLink', onlyByCall: true },
      confirm: { label: 'Confirmed by the prospect', sender: 'customer' },
      onBoard: { label: 'On-board', stamps: { by: 'onBoardedBy', at: 'onBoardedAt' }, confirm: true },
      reject: { label: 'Decline', requires: { rejectionReason: says('requestDeclineReason') }, stamps: { by: 'rejectedBy', at: 'rejectedAt' }, confirm: true },
      reconsider: { label: 'Reconsider', confirm: true },
    }),
  },
  {
    module: 'system-ticket',
    ...LIFECYCLE_RECORDS['system-ticket'],
    machine: withRecordRules(systemTicketLifecycle, SYSTEM_TICKET_RECORD_RULES),
    records: SYSTEM_TICKET_RECORD_RULES,
    guards: { mayHandle: 'SYSTEM_TICKET: UPDATE' },
    events: eventsOf(SYSTEM_TICKET_EVENTS, {
      acknowledge: { inList: true, label: 'Acknowledge', stamps: { by: 'acknowledgedBy', at: 'acknowledgedAt' }, call: 'acknowledge' },
      close: { inList: true, label: 'Close', stamps: { by: 'closedBy', at: 'closedAt' }, keeps: ['closingRemarks'], confirm: true, call: 'close' },
    }),
  },
  { module: 'svc-ticket', ...LIFECYCLE_RECORDS['svc-ticket'], ...TICKET_LIFECYCLE },
  // The spec's "one further ticket update call" (PATCH update-status/{id}) names the status it wants.
  { module: 'ticket', ...LIFECYCLE_RECORDS.ticket, ...TICKET_LIFECYCLE },
];

const byModule = new Map(LIFECYCLES.map((l) => [l.module, l]));

export function lifecycleOf(module: string): Lifecycle | undefined {
  return byModule.get(module);
}

export type { LifecycleCaller, LifecycleContext, LifecycleEvent } from './caller';
export type { Lifecycle, LifecycleEventSpec } from './definition';
export { LIFECYCLE_RECORDS, lifecycleRecordOf } from './records';
export { isMaker, isRecordEvent, RECORD_EVENTS, stepsMachineOf, type EditRule, type RecordEvent, type RecordRules } from './recordRules';
export { allowedEvents, blockedStepRefusal, walkAllowedEvents, declaredEvents, editableFields, eventsLeadingTo, isFinal, makerCheckerRefusal, mayDo, nextState, recordEvents, recordRefusal, refusalMessage, stampedFields, stateOf, stepDataFields } from './engine';
export { stepWordFields } from './stepWords';
