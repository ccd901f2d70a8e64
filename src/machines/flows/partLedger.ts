/**
 * A part's stock ledger on its record view (issue 32), read when the view opens.
 *
 *   loading ──done──▶ ready
 *      └──error──▶ failed ── ledger.retry ──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchPartLedger, type PartLedger } from './stockCalls';

export interface PartLedgerContext {
  id: string;
  ledger: PartLedger | null;
  error: ErrorPayload | null;
}

export const partLedgerMachine = setup({
  types: { context: {} as PartLedgerContext, events: {} as { type: 'ledger.retry' }, input: {} as { id: string } },
  actors: { fetchPartLedger: fromPromise<PartLedger, { id: string }>(({ input }) => fetchPartLedger(input.id)) },
}).createMachine({
  id: 'partLedger',
  context: ({ input }) => ({ id: input.id, ledger: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchPartLedger',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ledger: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toErrorPayload(event.error) })) },
      },
    },
    failed: { on: { 'ledger.retry': 'loading' } },
    ready: {},
  },
});
