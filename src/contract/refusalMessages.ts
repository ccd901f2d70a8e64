/**
 * What the server refuses and the person reads (issue 34 item 1): a copy changed since it was opened, a record that is
 * not there, a lifecycle step or edit its record's state does not allow, a ticket's machine of another client. Each by
 * a stable key, with its English. The server answers the English (what API clients and the tests read) with the words
 * beside it (`ErrorBody.words`, ./messageWords.ts), and the client words the key in the person's language
 * (src/i18n/refusal/); a refusal without words shows as the server wrote it.
 */
import { fill, type WordValues, type Words } from './messageWords';

export const REFUSAL_ENGLISH = {
  // A copy that is no longer the record's (409 STALE_VERSION), a record that is not there (404).
  staleVersionBy: '{{noun}} {{name}} was changed by {{by}} at {{at}} since you opened it: reload it and try again (your changes are kept on screen)',
  staleVersion: '{{noun}} {{name}} was changed by someone else since you opened it: reload it and try again (your changes are kept on screen)',
  noRecord: 'No {{module}} record with id {{id}}',
  // A lifecycle's step or edit refused (src/machines/lifecycles/engine.ts): what the record's state allows instead.
  nothingMore: '{{noun}} {{name}} is {{status}}: nothing more can be done with it',
  notNow: '{{noun}} {{name}} is {{status}}: you may not change it now',
  youCan: '{{noun}} {{name}} is {{status}}: you can {{steps}}',
  makerChecker: '{{noun}} {{name}} was raised by you: someone else must {{stepLower}} it (whoever raises a {{nounLower}} does not approve or reject it)',
  cannotChange: '{{noun}} {{name}} is {{status}}: it cannot be changed',
  cannotDelete: '{{noun}} {{name}} is {{status}}: it cannot be deleted',
  cannotDeleteCanChange: '{{noun}} {{name}} is {{status}}: it cannot be deleted (it can still be changed)',
  cannotDeleteTakeStep: '{{noun}} {{name}} is {{status}}: it cannot be deleted (take its next step instead)',
  makerOnlyChange: '{{noun}} {{name}} is {{status}}: only the person who raised it can change it',
  makerOnlyDelete: '{{noun}} {{name}} is {{status}}: only the person who raised it can delete it',
  workDone: '{{noun}} {{name}} is {{status}}: it has work done under it, so it cannot be deleted: cancel it instead',
  mayNotChange: '{{noun}} {{name}} is {{status}}: you may not change it',
  mayNotDelete: '{{noun}} {{name}} is {{status}}: you may not delete it',
  onlyFields: '{{noun}} {{name}} is {{status}}: only {{fields}} can be changed now, not {{field}}',
  invoicePaid: '{{name}} has payments recorded: issue a credit note instead',
  invoiceCredited: '{{name}} has approved credit notes: it cannot be cancelled',
  // A ticket's machine and site are its client's (server/domain/service/tickets.ts).
  otherClientsMachine: '{{place}} is {{owner}}’s machine, not {{client}}’s: choose one of {{client}}’s machines, or change the client',
  otherClientsSite: '{{place}} is {{owner}}’s site, not {{client}}’s: choose one of {{client}}’s sites, or change the client',
  ownMachine: 'Choose one of your company’s machines',
  ownSite: 'Choose one of your company’s sites',
  clientMayNotSet: 'A client does not set this on a ticket: the service team does',
  assignEngineerFirst: 'Assign an engineer first',
  // Why a record in a state cannot be changed, by lifecycle and state (the lifecycles' `locked`).
  lockedAgreementActive: 'An active agreement cannot be changed: terminate it and draw up a new one',
  lockedAgreementExpired: 'An expired agreement cannot be changed',
  lockedAgreementTerminated: 'A terminated agreement cannot be changed',
  lockedCreditNotePendingApproval: 'A credit note waiting for approval cannot be changed: withdraw it to a draft first',
  lockedCreditNoteRejected: 'A rejected credit note is revised to a draft before it is changed',
  lockedCreditNoteApproved: 'Approved credit notes cannot be changed: raise another credit note',
  lockedInvoiceFinal: 'A final invoice cannot be changed: raise a credit note against it, or cancel it',
  lockedInvoiceCancelled: 'A cancelled invoice cannot be changed',
  lockedLeadWon: 'A won lead is reopened before it is changed',
  lockedLeadLost: 'A lost lead is reopened before it is changed',
  lockedMaintenancePlanCompleted: 'An ended plan cannot be changed: start a new plan',
  lockedMaintenancePlanCancelled: 'A cancelled plan cannot be changed: start a new plan',
  lockedPaymentApproved: 'An approved payment cannot be changed: it has been applied to its invoice',
  lockedPaymentRejected: 'A rejected payment cannot be changed: record the payment again',
  lockedProposalSentDraft: 'A sent proposal is brought back to draft before it is changed',
  lockedProposalView: 'A proposal the customer has opened is brought back to draft before it is changed',
  lockedProposalSentFinal: 'A proposal sent as final cannot be changed: bring it back to draft first',
  lockedProposalWon: 'A won proposal cannot be changed',
  lockedProposalDeal: 'A proposal whose deal is recorded cannot be changed',
  lockedProposalLost: 'A lost proposal cannot be changed',
  lockedPurchaseOrderReceived: 'A received purchase order cannot be changed',
  lockedPurchaseOrderCancelled: 'A cancelled purchase order cannot be changed',
  lockedRequisitionSubmitted: 'A requisition under review cannot be changed: recall it first',
  lockedRequisitionApproved: 'An approved requisition cannot be changed: reject it or send it to purchase',
  lockedRequisitionRejected: 'A rejected requisition is revised to a draft before it is changed',
  lockedRequisitionSentToPurchase: 'A requisition sent to purchase cannot be changed',
  lockedSpareRequestApproved: 'An approved request cannot be changed: cancel it and raise another',
  lockedSpareRequestIssued: 'Issued requests cannot be changed',
  lockedSpareRequestRejected: 'A rejected request cannot be changed: raise another',
  lockedSpareRequestCancelled: 'A cancelled request cannot be changed',
  lockedSubscriptionRequestOnBoard: 'An on-boarded request cannot be changed: the subscriber now keeps its own details',
  lockedSubscriptionRequestRejected: 'A declined request is reconsidered before it is changed',
  lockedSystemTicketClosed: 'A closed system ticket cannot be changed',
  lockedTicketResolved: 'A resolved ticket is reopened before it is changed',
  lockedTicketClosed: 'A closed ticket cannot be changed: raise a new ticket',
  lockedTicketCancelled: 'A cancelled ticket cannot be changed: raise a new ticket',
} as const;

export type RefusalKey = keyof typeof REFUSAL_ENGLISH;

/** A refusal as the server words it (`message`, English) and as the client words it (`words`). */
export interface Said {
  message: string;
  words: Words;
}

/**
 * A refusal by its key. `wordValues` are the client's, when they differ from the English's: field names where the
 * English has their labels, so the client can put each in the person's language.
 */
export function refusal(key: RefusalKey, values: WordValues = {}, wordValues: WordValues = values): Said {
  return { message: fill(REFUSAL_ENGLISH[key], values), words: { key: `refusal.${key}`, values: wordValues } };
}
