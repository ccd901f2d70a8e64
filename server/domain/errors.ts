/**
 * Domain errors as values: business rules say what went wrong in their own terms (a field is invalid, a
 * record is missing, a step conflicts with the record's state…) and never choose an HTTP status. One mapping at
 * the edge (server/http/errors.ts, exhaustive over `DomainErrorKind`) turns them into the spec's error bodies
 * `{ message, code?, keyValue?, allowedEvents?, words? }`. A refusal the person reads is made from its key
 * (src/contract/refusalMessages.ts `refusal`): its English is the message, and its words go beside it, so the
 * client says it in the person's language.
 */
import { unworded, type Saying, type Words } from '../../src/contract/messageWords';
import { refusal } from '../../src/contract/refusalMessages';

export type { Saying };

export type DomainErrorKind =
  /** Bad input; the message names the field ("email: Email is not valid"). */
  | 'invalid'
  /** The caller may not do this, whatever the input. */
  | 'forbidden'
  | 'not-found'
  /** The record's state or another record refuses the change. */
  | 'conflict'
  /** A unique field's value is taken (Mongo-style code 11000 and keyValue, which the client keys on). */
  | 'duplicate'
  /** A lifecycle step the record's machine does not allow now; `allowedEvents` says what it does allow. */
  | 'transition-not-allowed'
  /** A service the product needs is not there (not configured, not reachable). */
  | 'unavailable'
  /** An outside service answered with a refusal (e-mail relay, e-invoice portal). */
  | 'upstream-refused';

export interface DomainErrorDetails {
  /** 11000 for a duplicate (the client keys on it); a string code for a refused lifecycle step. */
  code?: number | string;
  keyValue?: Record<string, unknown>;
  allowedEvents?: readonly string[];
  /** The message as a key and values, for the client to word in the person's language. */
  words?: Words;
}

export class DomainError extends Error {
  readonly details: DomainErrorDetails;

  constructor(
    readonly kind: DomainErrorKind,
    saying: Saying,
    details: DomainErrorDetails = {},
  ) {
    const { message, words } = saying;
    super(message);
    this.name = 'DomainError';
    this.details = words ? { ...details, words } : details;
  }
}

/**
 * Bad input naming the field: "email: Email is not valid" (no field: the message alone). Its words name the field
 * too, so the client can say the field's label in the person's language.
 */
export function invalid(field: string | undefined, saying: Saying): DomainError {
  if (!field) return new DomainError('invalid', saying);
  const message = `${field}: ${saying.message}`;
  return new DomainError('invalid', saying.words ? { message, words: { ...saying.words, values: { ...saying.words.values, field } } } : { ...saying, message });
}

export const forbidden = (saying: Saying): DomainError => new DomainError('forbidden', saying);
export const notFound = (saying: Saying): DomainError => new DomainError('not-found', saying);
export const conflict = (saying: Saying): DomainError => new DomainError('conflict', saying);
export const unavailable = (saying: Saying): DomainError => new DomainError('unavailable', saying);
export const upstreamRefused = (saying: Saying): DomainError => new DomainError('upstream-refused', saying);

/** 404 for a record that is not there (or not the caller's): "No invoice record with id …". */
export function missingRecord(module: string, id: string): DomainError {
  return notFound(refusal('noRecord', { module, id }));
}

/**
 * Duplicate of a unique field: the module's duplicate message of the spec (document 2 §8, "Email Already In use."),
 * which the client says from its own catalogue by the code 11000 and the field in keyValue (src/machines/resourceMessages.ts),
 * so it goes as it is.
 */
export function duplicate(message: string, keyValue: Record<string, unknown>): DomainError {
  return new DomainError('duplicate', unworded(message, 'the client words a duplicate by its code 11000 and keyValue'), { code: 11000, keyValue });
}

export function transitionNotAllowed(saying: Saying, allowedEvents: readonly string[]): DomainError {
  return new DomainError('transition-not-allowed', saying, { code: 'TRANSITION_NOT_ALLOWED', allowedEvents: [...allowedEvents] });
}
