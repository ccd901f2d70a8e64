/** The effects of the lifecycle steps, by module (each runs on every step; it looks at the state reached). */
import { creditInvoice } from './billing/credit-note-approval';
import { invoiceSteps } from './billing/invoice-steps';
import { settleInvoice } from './billing/payment-approval';
import type { AfterCommit, TransitionEffect } from './lifecycle-effect';
import { purchaseOrderSteps } from './parts/purchase-order-steps';
import { orderParts } from './parts/requisition-orders';
import { issueSpares } from './parts/spare-request-steps';
import { agreementSteps } from './sales/agreement-steps';
import { leadSteps } from './sales/lead-steps';
import { proposalSteps } from './sales/proposal-steps';
import { subscriptionRequestSteps } from './public/subscription-onboarding';
import { maintenancePlanSteps, raiseOwedAfterPlanStep } from './service/maintenance-plan-steps';
import { planTicketSteps } from './service/plan-ticket-steps';
import { systemTicketSteps } from './service/system-ticket-steps';
import { ticketSteps } from './service/ticket-steps';

/** Both effects of a step, the second's fields over the first's. */
function both(first: TransitionEffect, second: TransitionEffect): TransitionEffect {
  return async (ctx, tx, record, to, id, step) => ({ ...((await first(ctx, tx, record, to, id, step)) ?? {}), ...((await second(ctx, tx, record, to, id, step)) ?? {}) });
}

export const LIFECYCLE_EFFECTS: Readonly<Record<string, TransitionEffect>> = {
  agreement: agreementSteps,
  'credit-note': creditInvoice,
  invoice: invoiceSteps,
  lead: leadSteps,
  payment: settleInvoice,
  'preventive-maintenance': maintenancePlanSteps,
  proposal: proposalSteps,
  'purchase-order': purchaseOrderSteps,
  'purchase-order-requisition': orderParts,
  'request-spare': issueSpares,
  'subscription-request': subscriptionRequestSteps,
  'system-ticket': systemTicketSteps,
  // A service ticket raised by a preventive plan also moves its plan on when it is done.
  'svc-ticket': both(ticketSteps, planTicketSteps),
  ticket: ticketSteps,
};

/**
 * What a step starts once its transaction has committed, by module: work that takes transactions of its own and must
 * see the step's result (a plan resumed or marked done raises the ticket its next occurrence already owes, rather than
 * at the next hourly pass). Run by applyTransition and applyMoveTo (./lifecycle.ts).
 */
export const LIFECYCLE_AFTER_COMMIT: Readonly<Record<string, AfterCommit>> = {
  'preventive-maintenance': raiseOwedAfterPlanStep,
};
