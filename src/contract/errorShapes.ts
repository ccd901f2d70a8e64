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
  /** A refused lifecycle step: the events the record allows now. */
  allowedEvents: z.array(z.string()).readonly().optional(),
});
/** Body of every server error; duplicates carry code 11000 and the duplicated keyValue. */
export type ErrorBody = z.output<typeof errorBody>;
