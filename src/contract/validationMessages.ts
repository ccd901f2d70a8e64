/**
 * The validation messages of the contract (issue 34): every message a schema, a money reading, a GST line or a
 * lifecycle step's dialog gives bad input, by a stable key, with its English. The schemas write `says(key, values)`,
 * so the server's 400 reads as it always has ("status: Status is not valid", the spec's "GST Number is not valid"),
 * and the client words the same key in the person's language (src/i18n/validation/). A message the spec quotes keeps
 * the spec's words as its English.
 *
 * Most messages name the field they refuse: they are templates with the field's `label`, which the client puts in
 * the person's language from the field the message is about (the form's field, or the field a 400 names).
 */
import { fill, splitFieldPrefix, textReader, unworded, type Said, type Saying, type WordValues, type Words } from './messageWords';

export const VALIDATION_ENGLISH = {
  // A field's label and what is wrong with it.
  required: '{{label}} is required',
  tooLong: '{{label}} is too long',
  tooLongPlural: '{{label}} are too long',
  notValid: '{{label}} is not valid',
  notANumber: '{{label}} must be a number',
  notSeconds: '{{label}} must be a number of seconds',
  notWhole: '{{label}} must be whole',
  notAWholeNumber: '{{label}} must be a whole number',
  negative: '{{label}} cannot be negative',
  notPositive: '{{label}} must be more than 0',
  zero: '{{label}} cannot be 0',
  notADate: '{{label}} must be a date (YYYY-MM-DD)',
  notADateTime: '{{label}} must be a date-time (ISO 8601)',
  notADateTimeWithOffset: '{{label}} must be a date-time with its offset',
  atLeast: '{{label}} must be at least {{min}}',
  atLeastIs: '{{label}} is at least {{min}}',
  atMost: '{{label}} is at most {{max}}',
  atMostPlural: '{{label}} are at most {{max}}',
  between: '{{label}} must be {{min}} to {{max}}',
  fromTo: '{{label}} must be from {{min}} to {{max}}',
  tooLarge: '{{label}} is too large',
  oneOf: '{{label}} must be one of {{choices}}',
  either: '{{label}} must be {{either}}',
  digits: '{{label}} must be {{count}} digits',
  digitsBetween: '{{label}} must be {{min}} to {{max}} digits',
  wholePaise: '{{label}} must be whole paise',
  wholeMonths: '{{label}} must be whole months',
  twoDecimals: '{{label}} can have at most 2 decimals',
  stateCode: '{{label}} must be a 2-digit GST state code',
  // What a schema says without a message of its own (the generic checks of a form).
  maxLength: '{{label}} is at most {{max}} characters',
  minLength: '{{label}} needs at least {{min}} characters',
  fewItems: '{{label}}: choose at least {{min}}',
  manyItems: '{{label}}: at most {{max}}',
  // Messages of their own.
  currentPassword: 'Enter current password',
  confirmPassword: 'Confirm password is a required field',
  passwordsMatch: 'Passwords must match',
  reasonRequired: 'A reason is required',
  filePathRequired: 'The file path is required',
  fileUrlRequired: 'The file url is required',
  fileTooLarge: 'File is larger than 5 MB',
  notBase64: 'File content must be base64',
  timeZone: 'Time zone is not valid: give an IANA name such as Asia/Kolkata',
  validNumber: 'Please enter valid number',
  acceptTerms: 'Please accept terms & conditions',
  acceptPrivacy: 'Please accept privacy policy',
  acceptBoth: 'Please accept terms & conditions and privacy policy',
  notBeforeFrom: 'Must not be before from',
  calendarSpan: 'A calendar spans at most {{days}} days',
  bookingKind: 'Must be booking, visit, svc-ticket or ticket',
  endAfterStart: 'End must be after start',
  orderLineIndex: 'line must be the index of an order line',
  tooManyFixedDates: 'Too many fixed dates',
  colour: 'Colour must be like #17bcff',
  hoursPerEntry: 'Hours must be at most 24 for one entry',
  amountAboveZero: 'Amount must be more than ₹0',
  sayWhatWasDone: 'Say what was done',
  choosePart: 'Choose the part',
  selectRole: 'Select at least one role',
  selectFeature: 'Select at least one feature',
  addItem: 'Add at least one item',
  addLine: 'Add at least one line',
  addPart: 'Add at least one part',
  addQuestion: 'Add at least one question',
  addParameter: 'Add at least one parameter',
  giveAnswer: 'Give at least one answer',
  giveReadingId: 'Give at least one reading id',
  readingIdsAtMost: 'At most 100 reading ids',
  chooseBill: 'Choose at least one bill',
  chooseCreditNote: 'Choose at least one credit note',
  chooseRequisition: 'Choose at least one requisition',
  chooseMachine: 'Choose at least one machine',
  chooseSensor: 'Choose at least one sensor',
  sensorsAtMost: 'Choose at most 8 sensors',
  // Money typed in rupees (src/contract/money.ts) and a document's GST lines (src/contract/gst.ts).
  moneyNotAnAmount: 'Enter an amount in rupees, like 1,20,000.50',
  moneyDecimals: 'Rupees take at most two decimals (paise)',
  moneyNegative: 'The amount cannot be negative',
  moneyTooLarge: 'The amount is too large',
  amountTooLarge: 'Amount is too large',
  discountAboveAmount: 'Discount cannot be more than the line amount',
  // What a lifecycle step asks for (src/machines/lifecycles/index.ts `requires`); "Required" is the spec's.
  stepRequired: 'Required',
  chooseEngineer: 'Choose the engineer',
  holdReason: 'Say what the ticket is waiting for',
  resolution: 'Describe the resolution first',
  ticketCancelReason: 'Say why the ticket is cancelled',
  terminationReason: 'Say why the agreement ends early',
  creditNoteRejection: 'Give the reason for rejecting the credit note',
  invoiceCancelReason: 'Give the reason for cancelling the invoice',
  leadWonReason: 'Give the reason for moving the lead to Won',
  leadLostReason: 'Give the reason for moving the lead to Lost',
  planPauseReason: 'Say why the plan is paused',
  planCancelReason: 'Say why the plan is cancelled',
  proposalLostReason: 'Give the reason the proposal was lost',
  orderCancelReason: 'Say why the order is cancelled',
  rejectionReason: 'Give the reason for rejecting',
  requestRejectionReason: 'Give the reason for rejecting the request',
  requestDeclineReason: 'Say why the request is declined',
} as const;

export type ValidationKey = keyof typeof VALIDATION_ENGLISH;

/** The English of a validation message: what the schema says and the server answers. */
export function says(key: ValidationKey, values?: WordValues): string {
  return fill(VALIDATION_ENGLISH[key], values);
}

/** The same, for a message that names its field first (the public pages' bodies: "time: Time cannot be negative"). */
export function saysOf(field: string, key: ValidationKey, values?: WordValues): string {
  return `${field}: ${says(key, values)}`;
}

/** A validation message as a refusal of a field says it (server/domain/errors.ts `invalid`): its English and its words. */
export function validation(key: ValidationKey, values: WordValues = {}): Said {
  return { message: says(key, values), words: { key: `validation.${key}`, values } };
}

const readValidation = textReader('validation', VALIDATION_ENGLISH);

/**
 * The words of a validation message, or undefined when no key writes it. A message that names its field first
 * ("items.0.quantity: Quantity must be a number", as a 400 says it) gives that field as `field`.
 */
export function validationWords(text: string): (Words & { field?: string }) | undefined {
  // The field first: a template's label would otherwise swallow it ("name: Name is required" is not about "name: Name").
  const { field, message } = splitFieldPrefix(text);
  const named = field === undefined ? undefined : readValidation(message);
  return named ? { ...named, field } : readValidation(text);
}

/**
 * A validation message the contract wrote as its English (a lifecycle step's `requires`, a GST line's, the subscriber
 * form's rules), with its words read back from it. Every such message has its key (tests/unit/messageWords.test.ts);
 * one that had none would be said as it is, named so.
 */
export function validationSaying(text: string): Saying {
  const words = validationWords(text);
  return words ? { message: text, words } : unworded(text, 'no validation message of the contract writes it');
}

/** A schema's issue as both sides see it: zod's on the client, the validation error's on the server. */
export interface IssueLike {
  code?: string;
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
}

/**
 * The words of a schema's issue: its own message's when a key writes it, else a generic message by what zod found
 * ("Too big: expected string to have <=120 characters" → "{{label}} is at most 120 characters").
 */
export function issueWords(issue: IssueLike, label: string): Words {
  const own = validationWords(issue.message);
  if (own) return own;
  const key = (name: ValidationKey, values: WordValues = {}): Words => ({ key: `validation.${name}`, values: { label, ...values } });
  const limit = (n: number | bigint | undefined) => Number(n ?? 0);
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return key('maxLength', { max: limit(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return key('manyItems', { max: limit(issue.maximum) });
      return key('atMost', { max: limit(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'string') return limit(issue.minimum) <= 1 ? key('required') : key('minLength', { min: limit(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return key('fewItems', { min: limit(issue.minimum) });
      return key('atLeast', { min: limit(issue.minimum) });
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return key('required');
      return issue.expected === 'number' || issue.expected === 'int' ? key('notANumber') : key('notValid');
    case 'not_multiple_of':
      return key('notWhole');
    default:
      return key('notValid');
  }
}
