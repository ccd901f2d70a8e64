/**
 * The lifecycle index: for each module whose records have a lifecycle, its pure machine, the field that
 * holds the state, and for each event the words a person sees and the data it needs. The server applies
 * transitions from it (server/domain/lifecycle.ts), screens show its events as buttons, tests and QA walk
 * its machines. Status values are the catalogue's; a lifecycle's states are named after them.
 */
import { AGREEMENT_EVENTS, agreementLifecycle } from './agreement';
import { CREDIT_NOTE_EVENTS, creditNoteLifecycle } from './creditNote';
import type { Lifecycle, LifecycleEventSpec } from './definition';
import { INVOICE_EVENTS, invoiceLifecycle } from './invoice';
import { LEAD_EVENTS, leadLifecycle } from './lead';
import { PAYMENT_EVENTS, paymentLifecycle } from './payment';
import { PURCHASE_ORDER_EVENTS, purchaseOrderLifecycle } from './purchaseOrder';
import { REQUISITION_EVENTS, requisitionLifecycle } from './requisition';
import { SPARE_REQUEST_EVENTS, spareRequestLifecycle } from './spareRequest';
import { SYSTEM_TICKET_EVENTS, systemTicketLifecycle } from './systemTicket';
import { TICKET_EVENTS, ticketLifecycle } from './ticket';

const APPROVAL_STAMPS = { by: 'approvedBy', at: 'approvedAt' } as const;
const REVIEW_STAMPS = { by: 'reviewedBy', at: 'reviewedAt' } as const;

/** The steps of every ticket, service and generic alike (./ticket.ts). */
const TICKET_STEPS = eventsOf(TICKET_EVENTS, {
  assign: { label: 'Assign', requires: { assignedTo: 'Choose the engineer' } },
  start: { label: 'Start work' },
  hold: { label: 'Put on hold', requires: { holdReason: 'Say what the ticket is waiting for' } },
  resume: { label: 'Resume' },
  resolve: {
    label: 'Resolve',
    requires: { resolution: 'Describe the resolution first' },
    // The customer may sign for the work on the engineer's phone; the job card prints the signature.
    keeps: ['rootCause', 'customerSignatureUrl'],
    signatures: ['customerSignatureUrl'],
    stamps: { by: 'resolvedBy', at: 'resolvedAt' },
  },
  reopen: { label: 'Reopen', confirm: true },
  close: { label: 'Close', confirm: true, stamps: { by: 'closedBy', at: 'closedAt' } },
  cancel: { label: 'Cancel ticket', requires: { cancelReason: 'Say why the ticket is cancelled' }, stamps: { by: 'cancelledBy', at: 'cancelledAt' } },
});

/** Service and generic tickets: one machine, the same steps; a ticket raised with its engineer starts Assigned (server/domain/service/tickets.ts). */
const TICKET_LIFECYCLE = {
  noun: 'Ticket',
  statusField: 'status',
  machine: ticketLifecycle,
  startStates: ['Open', 'Assigned'],
  guards: { mayWork: 'UPDATE on any ticket screen, within its scope' },
  events: TICKET_STEPS,
} as const satisfies Omit<Lifecycle, 'module'>;

function eventsOf<const E extends readonly string[]>(names: E, specs: Record<E[number], LifecycleEventSpec>): Record<E[number], LifecycleEventSpec> {
  return specs;
}

export const LIFECYCLES: readonly Lifecycle[] = [
  {
    module: 'agreement',
    noun: 'Agreement',
    statusField: 'status',
    machine: agreementLifecycle,
    guards: { maySell: 'SALES-PIPELINE: UPDATE' },
    events: eventsOf(AGREEMENT_EVENTS, {
      activate: { label: 'Activate', stamps: { by: 'activatedBy', at: 'activatedAt' }, confirm: true },
      expire: { label: 'Mark expired', stamps: { by: 'endedBy', at: 'endedAt' }, confirm: true },
      terminate: { label: 'Terminate', requires: { terminationReason: 'Say why the agreement ends early' }, stamps: { by: 'endedBy', at: 'endedAt' }, confirm: true },
    }),
  },
  {
    module: 'credit-note',
    noun: 'Credit note',
    statusField: 'status',
    machine: creditNoteLifecycle,
    startStates: ['Pending Approval', 'Draft'],
    guards: { mayRaise: 'GENERATE_CREDIT_NOTE or MANAGE_CREDIT_NOTE: UPDATE', mayDecide: 'MANAGE_CREDIT_NOTE: UPDATE' },
    events: eventsOf(CREDIT_NOTE_EVENTS, {
      submit: { label: 'Submit for approval', call: 'updateList' },
      withdraw: { label: 'Withdraw', call: 'updateList' },
      revise: { label: 'Revise' },
      approve: { label: 'Approve', stamps: APPROVAL_STAMPS, keeps: ['approvalRemarks'], confirm: true, call: 'approveReject' },
      reject: { label: 'Reject', stamps: APPROVAL_STAMPS, requires: { approvalRemarks: 'Give the reason for rejecting the credit note' }, call: 'approveReject' },
    }),
  },
  {
    module: 'invoice',
    noun: 'Invoice',
    statusField: 'status',
    machine: invoiceLifecycle,
    startStates: ['Draft', 'Final'],
    guards: { mayBill: 'UPDATE on any invoice screen, within its records', mayRegister: 'the same, while the invoice has no IRN' },
    events: eventsOf(INVOICE_EVENTS, {
      finalize: { label: 'Finalise', confirm: true, stamps: { by: 'finalizedBy', at: 'finalizedAt' }, call: 'finalizeInvoice' },
      registerEInvoice: { label: 'Generate e-invoice', confirm: true, call: 'generateEInvoice' },
      cancel: {
        label: 'Cancel invoice',
        requires: { cancelReason: 'Give the reason for cancelling the invoice' },
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
    noun: 'Lead',
    statusField: 'leadStage',
    machine: leadLifecycle,
    guards: { maySell: 'SALES-PIPELINE: UPDATE' },
    // The spec's PATCH change-stage/{id} { leadStage, leadStatusReason } names the stage: the one step there.
    events: eventsOf(LEAD_EVENTS, {
      moveToNew: { label: 'Move to New', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToContacted: { label: 'Move to Contacted', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToQualified: { label: 'Move to Qualified', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToProposalSent: { label: 'Move to Proposal Sent', keeps: ['leadStatusReason'], call: 'changeStage' },
      moveToNegotiation: { label: 'Move to Negotiation', keeps: ['leadStatusReason'], call: 'changeStage' },
      win: { label: 'Mark won', requires: { leadStatusReason: 'Give the reason for moving the lead to Won' }, call: 'changeStage' },
      lose: { label: 'Mark lost', requires: { leadStatusReason: 'Give the reason for moving the lead to Lost' }, call: 'changeStage' },
      reopen: { label: 'Reopen', keeps: ['leadStatusReason'], confirm: true, call: 'changeStage' },
    }),
  },
  {
    module: 'payment',
    noun: 'Payment',
    statusField: 'status',
    machine: paymentLifecycle,
    guards: { mayDecide: 'PAYMENT: UPDATE' },
    events: eventsOf(PAYMENT_EVENTS, {
      approve: { label: 'Approve', stamps: APPROVAL_STAMPS, keeps: ['remarks'], confirm: true, call: 'approve' },
      reject: { label: 'Reject', stamps: APPROVAL_STAMPS, keeps: ['remarks'], confirm: true, call: 'approve' },
    }),
  },
  {
    module: 'purchase-order',
    noun: 'Purchase order',
    statusField: 'status',
    machine: purchaseOrderLifecycle,
    guards: { mayPurchase: 'MANAGE_PO: UPDATE' },
    events: eventsOf(PURCHASE_ORDER_EVENTS, {
      issue: { label: 'Issue to supplier', stamps: { by: 'issuedBy', at: 'issuedAt' }, confirm: true },
      receivePart: { label: 'Record part delivery', keeps: ['receiptRemarks'], stamps: { by: 'receivedBy', at: 'receivedAt' } },
      receiveAll: { label: 'Receive everything', keeps: ['receiptRemarks'], stamps: { by: 'receivedBy', at: 'receivedAt' }, confirm: true },
      cancel: { label: 'Cancel order', requires: { cancelReason: 'Say why the order is cancelled' }, stamps: { by: 'cancelledBy', at: 'cancelledAt' } },
    }),
  },
  {
    module: 'purchase-order-requisition',
    noun: 'Requisition',
    statusField: 'status',
    machine: requisitionLifecycle,
    guards: { mayRaise: 'MANAGE_REQUISITION: UPDATE', mayReview: 'REVIEW_REQUISITION: UPDATE', mayOrder: 'MANAGE_REQUISITION: UPDATE or MANAGE_PO: CREATE' },
    events: eventsOf(REQUISITION_EVENTS, {
      submit: { label: 'Submit for review', call: 'updateList' },
      recall: { label: 'Recall', call: 'updateList' },
      approve: { label: 'Approve', stamps: REVIEW_STAMPS, keeps: ['reviewRemarks'], call: 'updateList' },
      reject: { label: 'Reject', stamps: REVIEW_STAMPS, requires: { reviewRemarks: 'Give the reason for rejecting' }, call: 'updateList' },
      revise: { label: 'Revise', call: 'updateList' },
      sendToPurchase: { label: 'Send to purchase', confirm: true, call: 'updateList' },
    }),
  },
  {
    module: 'request-spare',
    noun: 'Spare-part request',
    statusField: 'status',
    machine: spareRequestLifecycle,
    guards: { mayDecide: 'SPAREPART_REQUEST: UPDATE', mayCancel: 'SPAREPART_REQUEST: UPDATE, or the requester holding SPAREPART_REQUEST: CREATE' },
    // The spec's PATCH updateRequest { id, status, statusRemarks } names the status: the one step there.
    events: eventsOf(SPARE_REQUEST_EVENTS, {
      approve: { label: 'Approve', keeps: ['statusRemarks'], stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
      reject: { label: 'Reject', requires: { statusRemarks: 'Give the reason for rejecting the request' }, stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
      issue: { label: 'Issue parts', keeps: ['statusRemarks'], confirm: true, stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
      cancel: { label: 'Cancel request', keeps: ['statusRemarks'], confirm: true, stamps: { by: 'statusChangedBy', at: 'statusChangedAt' }, call: 'updateRequest' },
    }),
  },
  {
    module: 'system-ticket',
    noun: 'System ticket',
    statusField: 'status',
    machine: systemTicketLifecycle,
    guards: { mayHandle: 'SYSTEM_TICKET: UPDATE' },
    events: eventsOf(SYSTEM_TICKET_EVENTS, {
      acknowledge: { label: 'Acknowledge', stamps: { by: 'acknowledgedBy', at: 'acknowledgedAt' }, call: 'acknowledge' },
      close: { label: 'Close', stamps: { by: 'closedBy', at: 'closedAt' }, keeps: ['closingRemarks'], confirm: true, call: 'close' },
    }),
  },
  { module: 'svc-ticket', ...TICKET_LIFECYCLE },
  // The spec's "one further ticket update call" (PATCH update-status/{id}) names the status it wants.
  { module: 'ticket', ...TICKET_LIFECYCLE },
];

const byModule = new Map(LIFECYCLES.map((l) => [l.module, l]));

export function lifecycleOf(module: string): Lifecycle | undefined {
  return byModule.get(module);
}

export type { LifecycleCaller, LifecycleContext, LifecycleEvent } from './caller';
export type { Lifecycle, LifecycleEventSpec } from './definition';
export { allowedEvents, eventsLeadingTo, isFinal, nextState, refusalMessage, stampedFields, stateOf } from './engine';
