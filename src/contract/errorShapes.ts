/**
 * The error contract (document 2 §8, issue 2 §9): every error body the server sends (server/http/errors.ts) and
 * the client reads (src/api/http.ts), declared once. Zod and types only; the client imports the type alone, so
 * the sign-in and public pages load no zod for it.
 */
import { z } from 'zod';

export const errorBody = z.object({
  message: z.string(),
  /** 11000 for a duplicate; 'TRANSITION_NOT_ALLOWED' for a refused lifecycle step. */
  code: z.union([z.number(), z.string()]).optional(),
  /** A duplicate: the duplicated field and value. */
  keyValue: z.record(z.string(), z.unknown()).optional(),
  /** A call refused by a limit (429, with Retry-After): which, whose, and for how long (src/api/http.ts words it). */
  limit: z
    .object({
      kind: z.enum(['signIn', 'pdf', 'list', 'upload', 'email']),
      scope: z.enum(['person', 'organisation', 'in-flight', 'account-address', 'address']),
      retryAfterSeconds: z.number().int().positive(),
    })
    .optional(),
  /** A refused lifecycle step: the events the record allows now. */
  allowedEvents: z.array(z.string()).readonly().optional(),
  /**
   * The message as words (issue 34): a key of the contract's message tables (`validation.*`, `refusal.*`) and its
   * values, which the client says in the person's language; `message` stays the English (./messageWords.ts).
   */
  words: z
    .object({
      key: z.string(),
      values: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()).readonly()])).optional(),
    })
    .optional(),
});
/** Body of every server error; duplicates carry code 11000 and the duplicated keyValue. */
export type ErrorBody = z.output<typeof errorBody>;
/** What a limit counts: sign-ins, or one kind of heavy call (server/http/heavy-calls.ts). */
export type RateLimitKind = NonNullable<ErrorBody['limit']>['kind'];
/** Whose count is over: the person's, their organisation's, the person's calls already running, an account from one address, or an address. */
export type RateLimitScope = NonNullable<ErrorBody['limit']>['scope'];
