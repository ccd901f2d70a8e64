/**
 * The answer shapes of the lifecycle calls, defined once for the server (server/db/lifecycle-history.ts writes
 * and reads them) and the screens (src/api/lifecycleCalls.ts).
 */

/** One row of `GET {module path}/history/{id}`: a step taken, by whom (a person, a public link's customer, the scheduler). */
export interface HistoryEntry {
  event: string;
  from: string | null;
  to: string;
  by: { _id: string; name: string; kind: 'staff' | 'customer' | 'scheduler' };
  at: string;
  note?: string;
}
