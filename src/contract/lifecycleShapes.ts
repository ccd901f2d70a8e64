/**
 * The answer shapes of the lifecycle calls every module with a lifecycle offers (server/http/catalogue-routes.ts
 * mounts them; server/db/lifecycle-history.ts writes and reads the history; src/api/lifecycleCalls.ts calls them),
 * declared once as endpoints (src/contract/endpoints.ts) with their reply schemas.
 */
import { z } from 'zod';
import { defineEndpoints } from './endpoints';
import { idParams, listOf, steppedRecord } from './modules/replies';
import { says } from './validationMessages';

/** One row of `GET {module path}/history/{id}`: a step taken, by whom (a person, a public link's customer, the scheduler). */
export const historyEntry = z.strictObject({
  event: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  by: z.strictObject({ _id: z.string(), name: z.string(), kind: z.enum(['staff', 'customer', 'scheduler']) }),
  at: z.string(),
  note: z.string().optional(),
});
export type HistoryEntry = z.output<typeof historyEntry>;

/**
 * The body of a step: the event, an optional note for the history, the version the person saw (a stale one is
 * refused with 409), and the step's data (remarks, reasons: what the lifecycle's event requires or keeps) beside
 * them, which only the lifecycle knows, so any other key is let through.
 */
const transitionBody = z
  .object({
    event: z.string({ error: says('required', { label: 'Event' }) }).min(1, says('required', { label: 'Event' })),
    note: z.string().trim().max(1000).optional(),
    version: z.number().int().min(0).optional(),
  })
  .catchall(z.unknown());

/**
 * The lifecycle calls of the module at `path`: PATCH transition/{id} (one step; the record after it, with its
 * version and the steps allowed now) and GET history/{id} (the steps taken, oldest first).
 */
export function lifecycleEndpoints(path: string) {
  return defineEndpoints({
    transition: { method: 'PATCH', path: `${path}/transition/:id`, params: idParams, body: transitionBody, reply: steppedRecord },
    history: { method: 'GET', path: `${path}/history/:id`, params: idParams, reply: listOf(historyEntry) },
  });
}
export type LifecycleEndpoints = ReturnType<typeof lifecycleEndpoints>;
/** A lifecycle record as the server answers it (a step's reply; a lifecycle module's getById answers the same). */
export type LifecycleRecord = z.output<LifecycleEndpoints['transition']['reply']>;
