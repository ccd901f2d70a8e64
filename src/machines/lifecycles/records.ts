/**
 * Which modules' records have a lifecycle, what a person calls one record, and the field that holds its state:
 * all that the always-loaded client code (the module actors, src/machines/resource.ts, and the workflow actor of
 * an opened record) needs, without the machines themselves, which only the screens that show steps load. The
 * lifecycle index (./index.ts) takes its nouns and status fields from here.
 */
export interface LifecycleRecordKind {
  /** What a person calls one record ("Credit note"), for messages. */
  noun: string;
  /** The field that holds the state: `status`, or a lead's `leadStage`. */
  statusField: string;
}

const TICKET: LifecycleRecordKind = { noun: 'Ticket', statusField: 'status' };

export const LIFECYCLE_RECORDS = {
  agreement: { noun: 'Agreement', statusField: 'status' },
  'credit-note': { noun: 'Credit note', statusField: 'status' },
  invoice: { noun: 'Invoice', statusField: 'status' },
  lead: { noun: 'Lead', statusField: 'leadStage' },
  payment: { noun: 'Payment', statusField: 'status' },
  'preventive-maintenance': { noun: 'Maintenance plan', statusField: 'status' },
  proposal: { noun: 'Proposal', statusField: 'status' },
  'purchase-order': { noun: 'Purchase order', statusField: 'status' },
  'purchase-order-requisition': { noun: 'Requisition', statusField: 'status' },
  'request-spare': { noun: 'Spare-part request', statusField: 'status' },
  'subscription-request': { noun: 'Subscription request', statusField: 'status' },
  'system-ticket': { noun: 'System ticket', statusField: 'status' },
  'svc-ticket': TICKET,
  ticket: TICKET,
} as const satisfies Record<string, LifecycleRecordKind>;

export type LifecycleModule = keyof typeof LIFECYCLE_RECORDS;

/** The module's lifecycle record kind, or undefined when its records have no lifecycle. */
export function lifecycleRecordOf(module: string): LifecycleRecordKind | undefined {
  return (LIFECYCLE_RECORDS as Record<string, LifecycleRecordKind>)[module];
}
