/**
 * Domain errors as values: business rules say what went wrong in their own terms (a field is invalid, a
 * record is missing, a step conflicts with the record's state…) and never choose an HTTP status. One mapping at
 * the edge (server/http/errors.ts, exhaustive over `DomainErrorKind`) turns them into the spec's error bodies
 * `{ message, code?, keyValue?, allowedEvents? }`.
 */

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
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Bad input naming the field: "email: Email is not valid" (no field: the message alone). */
export function invalid(field: string | undefined, message: string): DomainError {
  return new DomainError('invalid', field ? `${field}: ${message}` : message);
}

export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);
export const notFound = (message: string): DomainError => new DomainError('not-found', message);
export const conflict = (message: string): DomainError => new DomainError('conflict', message);
export const unavailable = (message: string): DomainError => new DomainError('unavailable', message);
export const upstreamRefused = (message: string): DomainError => new DomainError('upstream-refused', message);

/** Duplicate of a unique field. */
export function duplicate(message: string, keyValue: Record<string, unknown>): DomainError {
  return new DomainError('duplicate', message, { code: 11000, keyValue });
}

export function transitionNotAllowed(message: string, allowedEvents: readonly string[]): DomainError {
  return new DomainError('transition-not-allowed', message, { code: 'TRANSITION_NOT_ALLOWED', allowedEvents: [...allowedEvents] });
}
