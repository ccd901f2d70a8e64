/**
 * The answer of GET /api/app/approvals/waiting-count (issue 18): for the signed-in person, per approvable lifecycle
 * module they may view, how many records they may approve now. One definition that the server fills
 * (server/domain/approvals.ts, whose zod reply schema is checked against it) and the header's inbox reads
 * (src/ui/shell/WaitingForMe.tsx). Kept free of zod and of the catalogue: the header loads it before the first paint.
 */

/** The call's path (not in the spec: see server/http/approval-routes.ts). */
export const WAITING_COUNT_PATH = '/api/app/approvals/waiting-count';

export interface WaitingCount {
  /** Each approvable module the person may view and approve in some state, in the lifecycle index's order; empty when none. */
  modules: Array<{ module: string; count: number }>;
  /** The sum of the counts. */
  total: number;
}
