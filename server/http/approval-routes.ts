/**
 * GET /api/app/approvals/waiting-count (issue 18): for the signed-in person, per approvable lifecycle module they
 * may view, how many records they may approve now: `{ modules: [{ module, count }], total }`, an empty list when
 * they can approve nothing (server/domain/approvals.ts decides, with the transitions' own machines).
 *
 * The spec (document 2) has no such call: no call of its catalogue counts records across modules, and each module's
 * list call answers every record of it. It exists so the header's "Waiting for me" button shows its count from one
 * small answer, without the client loading four lists, the module catalogue, zod and the lifecycle machines on
 * every page (issue 18: home's weight); the drawer loads the lists when the person opens it.
 *
 * Open to every signed-in user, answering 200 with the modules the person may see, never 403 (a 401/403 ends the
 * client's session, document 2 §6); the caller's tenant only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WAITING_COUNT_PATH, type WaitingCount } from '../../src/contract/approvalShapes';
import type { Holds, SameShape } from '../../src/contract/modules/replies';
import { waitingCount } from '../domain/approvals';
import { currentUser } from './access';
import type { RouteDeps } from './route-deps';

/** The reply, as src/contract/approvalShapes.ts declares it. */
export const waitingCountReply = z.strictObject({
  modules: z.array(z.strictObject({ module: z.string(), count: z.number().int().nonnegative() })),
  total: z.number().int().nonnegative(),
});
export type WaitingCountChecked = Holds<SameShape<z.output<typeof waitingCountReply>, WaitingCount>>;

/** The app-level calls of this file by `METHOD route`, with their reply schemas (tests/helpers/test-db.ts checks every answer). */
export const approvalCallReplies = [{ route: `GET ${WAITING_COUNT_PATH}`, key: 'approvals.waitingCount', reply: waitingCountReply }] as const;

export async function approvalRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    WAITING_COUNT_PATH,
    {
      config: { access: { kind: 'signed-in' } },
      schema: {
        tags: ['approvals'],
        summary: 'How many records wait for my approval, per module (not in the spec: issue 18)',
        description: 'Per approvable lifecycle module the caller may view (credit notes, payments, requisitions, spare-part requests), how many records the caller may approve now. An empty list when they can approve nothing.',
        response: { 200: waitingCountReply },
      },
    },
    async (request) => waitingCount(deps.db, currentUser(request)),
  );
}
