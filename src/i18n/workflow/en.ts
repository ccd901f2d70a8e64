/** Texts of a record's lifecycle on screen (issue 11): its steps, their dialogs and its history. */
export const workflowEn = {
  status: 'Status',
  steps: 'Steps',
  noSteps: 'No step is open to you now.',
  history: 'History',
  noHistory: 'No step taken yet.',
  confirmText: '{{step}}: {{record}}. Go ahead?',
  cancel: 'Cancel',
  note: 'Note (optional)',
  byAt: '{{name}}, {{at}}',
  byCustomer: 'the customer, on the public link',
  byScheduler: 'the scheduler',
  failedToLoad: 'The record could not be read: {{reason}}',
  signAgain: 'Sign again',
  retry: 'Try again',
  bulkWillBecome: 'These will become {{status}}:',
  andMore: 'and {{count}} more',
  bulkDone: '{{step}}: {{count}} done',
  waitingForMe: 'Waiting for me',
  waitingForMeCount: 'Waiting for me: {{count}}',
  nothingWaiting: 'Nothing is waiting for your approval.',
  edited: 'Edited',
  deleted: 'Deleted',
};

export type WorkflowTexts = typeof workflowEn;
