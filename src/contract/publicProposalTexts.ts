/**
 * The public proposal page's words (document 1 §2 "Public business proposal page", §4, §8), in the spec's English:
 * the English of the dictionaries' `publicProposal` area (src/i18n/publicProposal/), which fr, zh and ja translate key
 * for key. In the contract because the server prints the terms table in the proposal PDF and refuses a decision past
 * the validity with the expiry text (publicProposalTerms.ts fills them), and the page's machine gives its notices'
 * English from here: one English for the page, the PDF and the refusal. The spec's spelling stays ("Validatiy").
 *
 * Placeholders are {{name}} (rosetta's, and contract/messageWords.ts `fill`'s).
 */

/** The terms table (document 1 §2): each row's label, and the units its value is written with. */
export const TERM_ENGLISH = {
  machineName: 'Machine Name',
  contractTerm: 'Contract Term',
  lockInPeriod: 'Lock-in Period',
  noticePeriod: 'Notice Period',
  monthlyRental: 'Monthly Rental',
  securityDeposit: 'Security Deposit',
  escalation: 'Escalation',
  /** A number of months: one, and any other number. */
  month: '{{count}} month',
  months: '{{count}} months',
  noticeValue: '{{months}} post contract locking',
  depositValue: '{{amount}} ({{multiplier}} × monthly rental)',
  escalationValue: '{{percent}}% year on year',
};

export type TermWords = typeof TERM_ENGLISH;

/**
 * Says one of the terms table's words with its values: in English by default (the PDF's), in the person's language on
 * the page (the dictionary's `publicProposal.terms.*` through its translator).
 */
export type SayTerm = (key: keyof TermWords, values?: Readonly<Record<string, string | number>>) => string;

export const PUBLIC_PROPOSAL_ENGLISH = {
  loading: 'Loading proposal…',
  retry: 'Try again',
  /** The side entry, and the navigation it is the one entry of. */
  rentalProposal: 'Rental Proposal',
  sections: 'Proposal sections',
  downloadFiles: 'Download Files',
  heading: 'Head Terms-Commercial Proposal',
  termsTable: 'Terms',
  owner: 'Proposal owner:',
  terms: TERM_ENGLISH,
  /** The bottom area (first matching rule): accepted, expired, or the decision with its confirmation and notes. */
  decision: 'Decision',
  accepted: 'Accepted',
  expired: 'Proposal Validatiy Expired on {{date}}',
  accept: 'Accept',
  reject: 'Reject',
  confirmAccept: 'Accept this Proposal?',
  confirmReject: 'Are you sure to Reject this Proposal?',
  yes: 'Yes',
  close: 'Close',
  acceptTitle: 'Accept Proposal',
  rejectTitle: 'Reject Proposal',
  acceptNotes: 'Accept Notes',
  rejectNotes: 'Reject Notes',
  notesPlaceholder: 'Enter Notes',
  submit: 'Submit',
  /** What the page's machine tells the person (document 1 §4, §5, §8; document 2 §8). */
  notices: {
    accepted: 'Proposal Accepted Successfully',
    rejected: 'Proposal Rejected',
    updateFailed: 'Failed to Update',
    downloading: 'Downloading requested file',
    downloadFailed: 'Something went wrong while downloading file. Please try again!',
    notesRequired: 'Required',
    loadFailed: 'Failed to get proposal details',
  },
};
