/**
 * A rental agreement:
 *
 *   Draft ──activate──▶ Active ──expire────▶ Expired (final)
 *                         └─────terminate──▶ Terminated (final)
 *
 * Whoever holds SALES-PIPELINE UPDATE takes every step. Activating puts the agreement's machines on rent: the
 * server refuses it when another Active agreement holds one of them over the same dates or one is broken down,
 * and makes the agreement's client record when it has none yet (the client is who the rent is billed to; the
 * spec's generate_client_id call does the same earlier, for a Draft). Expiring needs the end date to have
 * passed (a date is the record's, not the step's: the server's effect says so, server/domain/sales/
 * agreement-steps.ts); ending early is terminating, which needs the reason. A Draft that will never be signed is
 * deleted, not ended: it never held a machine. Ended agreements are final: a renewal is a new agreement, so
 * each one's dates and rent stay what was signed.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const AGREEMENT_EVENTS = ['activate', 'expire', 'terminate'] as const;
export type AgreementEvent = LifecycleEvent<(typeof AGREEMENT_EVENTS)[number]>;

export const agreementLifecycle = setup({
  types: {} as { context: LifecycleContext; events: AgreementEvent; input: LifecycleContext },
  guards: {
    maySell: ({ event }) => holds(event.caller, 'SALES-PIPELINE', 'UPDATE'),
  },
}).createMachine({
  id: 'agreement',
  initial: 'Draft',
  context: ({ input }) => input,
  states: {
    Draft: { on: { activate: { target: 'Active', guard: 'maySell' } } },
    Active: {
      on: {
        expire: { target: 'Expired', guard: 'maySell' },
        terminate: { target: 'Terminated', guard: 'maySell' },
      },
    },
    Expired: { type: 'final' },
    Terminated: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a draft is drawn up freely; an active agreement's terms are what the
 * customer signed, so it is never edited: it is terminated and a new one drawn up.
 */
export const AGREEMENT_RECORD_RULES: RecordRules = {
  edit: { Draft: { guard: 'maySell' } },
  delete: { Draft: { guard: 'maySell' } },
  locked: {
    Active: refusal('lockedAgreementActive'),
    Expired: refusal('lockedAgreementExpired'),
    Terminated: refusal('lockedAgreementTerminated'),
  },
};
