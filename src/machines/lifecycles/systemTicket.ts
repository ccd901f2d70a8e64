/**
 * A system ticket (raised by the platform: a sensor alarm, a device gone offline):
 *
 *   Open ──acknowledge──▶ Acknowledged ──close──▶ Closed (final)
 *     └──────────────────close──────────────────────▲
 *
 * Whoever holds SYSTEM_TICKET UPDATE acknowledges and closes. Closing an open ticket acknowledges it in the
 * same step (the response-time figures stay whole). A closed ticket stays closed: a new alarm raises a new
 * ticket, so the history of each one is the history of one incident (a mature CMMS does not reopen alarms).
 * Closing a Critical ticket needs closing remarks: the server refuses it without them (the step's effect,
 * server/domain/service/system-ticket-steps.ts), since the severity is the record's, not the step's.
 */
import { setup } from 'xstate';
import { holds, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const SYSTEM_TICKET_EVENTS = ['acknowledge', 'close'] as const;
export type SystemTicketEvent = LifecycleEvent<(typeof SYSTEM_TICKET_EVENTS)[number]>;

export const systemTicketLifecycle = setup({
  types: {} as { context: LifecycleContext; events: SystemTicketEvent; input: LifecycleContext },
  guards: {
    mayHandle: ({ event }) => holds(event.caller, 'SYSTEM_TICKET', 'UPDATE'),
  },
}).createMachine({
  id: 'systemTicket',
  initial: 'Open',
  context: ({ input }) => input,
  states: {
    Open: {
      on: {
        acknowledge: { target: 'Acknowledged', guard: 'mayHandle' },
        close: { target: 'Closed', guard: 'mayHandle' },
      },
    },
    Acknowledged: { on: { close: { target: 'Closed', guard: 'mayHandle' } } },
    Closed: { type: 'final' },
  },
});

/**
 * Edits and deletes (./recordRules.ts): a system ticket is worked until it is closed; none is deleted (the module
 * has no delete call: what a sensor raised stays on record, closed with its remarks).
 */
export const SYSTEM_TICKET_RECORD_RULES: RecordRules = {
  edit: { Open: { guard: 'mayHandle' }, Acknowledged: { guard: 'mayHandle' } },
  delete: {},
  locked: { Closed: refusal('lockedSystemTicketClosed') },
};
