/**
 * Example values a tester types for a step's data (issue 37), by field: words a person in the office would give,
 * so a scenario reads "rejects it giving the reason "Amount does not match the PO"". A field not listed gets
 * a made-up sentence naming the step; a field chosen from a list gets its first choice.
 */
export const EXAMPLE_VALUES: Readonly<Record<string, string>> = {
  approvalRemarks: 'Amount does not match the PO',
  reviewRemarks: 'Quantities exceed this month’s budget',
  statusRemarks: 'Coupling is out of stock until Friday',
  remarks: 'Cheque returned by the bank',
  closingRemarks: 'Sensor recalibrated, readings normal',
  cancelReason: 'Raised twice by mistake',
  holdReason: 'Waiting for the spindle bearing',
  pauseReason: 'Machine sent for overhaul',
  terminationReason: 'Customer closed the Chakan plant',
  rejectionReason: 'GST number does not match the company',
  leadStatusReason: 'Customer signed the rental order',
  lostReason: 'A competitor offered a lower rental',
  acceptNote: 'Terms agreed',
  declineNote: 'Budget not approved this year',
  resolution: 'Replaced the worn spindle bearing and re-aligned the coupling',
  rootCause: 'Bearing run dry: lubrication missed',
  assignedTo: 'Ravi Patil (engineer@demo.local)',
  doneRemarks: 'Lubricated all way covers',
  receiptRemarks: 'Two boxes arrived dented',
};

export function exampleValue(field: string, event: string): string {
  return EXAMPLE_VALUES[field] ?? `QA example for ${event}`;
}
