/**
 * A purchase order's receipts on its record view (issue 32): each line's ordered, received and due quantities and
 * the ledger rows of every delivery, read when the view opens and again after each delivery (the view remounts it
 * with the order's version).
 *
 *   loading ──done──▶ ready
 *      └──error──▶ failed ── receipts.retry ──▶ loading
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchReceipts, type PurchaseOrderReceipts } from './stockCalls';

export interface PoReceiptsContext {
  id: string;
  receipts: PurchaseOrderReceipts | null;
  error: ErrorPayload | null;
}

export const poReceiptsMachine = setup({
  types: { context: {} as PoReceiptsContext, events: {} as { type: 'receipts.retry' }, input: {} as { id: string } },
  actors: { fetchReceipts: fromPromise<PurchaseOrderReceipts, { id: string }>(({ input }) => fetchReceipts(input.id)) },
}).createMachine({
  id: 'poReceipts',
  context: ({ input }) => ({ id: input.id, receipts: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchReceipts',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ receipts: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toErrorPayload(event.error) })) },
      },
    },
    failed: { on: { 'receipts.retry': 'loading' } },
    ready: {},
  },
});

export type PoReceiptsActorRef = ActorRefFrom<typeof poReceiptsMachine>;
