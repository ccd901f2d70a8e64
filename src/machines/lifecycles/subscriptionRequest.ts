/**
 * A prospective subscriber's request, from the sign-up page to a tenant of its own:
 *
 *   Pending ──sendLink──▶ Link Sent ──confirm (customer)──▶ Accepted ──onBoard──▶ On-Board (final)
 *   Pending, Link Sent, Accepted ──reject──▶ Rejected ──reconsider──▶ Pending
 *
 * Choices (the spec gives the statuses, the details link and the prospect's confirmation):
 * - The operator sends the subscriber-details link (generatePublicLink, whose reply is the link itself; the
 *   step is taken only through that call). A request taken back to Pending is sent a new link before the
 *   prospect can confirm again.
 * - The prospect confirms on the link's page (status Accepted): their details checked again, the terms and
 *   the privacy policy accepted.
 * - On-boarding makes the subscriber (the new tenant, provisioned with its roles and menu) from the request,
 *   in the same transaction (server/domain/public/subscription-onboarding.ts); only the platform operator does
 *   it, and On-Board is final.
 * - The operator may decline a request (with the reason) until it is on-boarded, and reconsider a declined
 *   one, which takes it back to Pending.
 * Whoever holds SUBSCRIPTION_REQUESTS_LIST UPDATE takes the operator's steps (a platform-only screen code).
 */
import { setup } from 'xstate';
import { holds, isCustomer, type LifecycleContext, type LifecycleEvent } from './caller';
import type { RecordRules } from './recordRules';
import { refusal } from '../../contract/refusalMessages';

export const SUBSCRIPTION_REQUEST_EVENTS = ['sendLink', 'confirm', 'onBoard', 'reject', 'reconsider'] as const;
export type SubscriptionRequestEvent = LifecycleEvent<(typeof SUBSCRIPTION_REQUEST_EVENTS)[number]>;

export const subscriptionRequestLifecycle = setup({
  types: {} as { context: LifecycleContext; events: SubscriptionRequestEvent; input: LifecycleContext },
  guards: {
    mayManage: ({ event }) => holds(event.caller, 'SUBSCRIPTION_REQUESTS_LIST', 'UPDATE'),
    isCustomer: ({ event }) => isCustomer(event.caller),
  },
}).createMachine({
  id: 'subscriptionRequestLifecycle',
  initial: 'Pending',
  context: ({ input }) => input,
  states: {
    Pending: {
      on: {
        sendLink: { target: 'Link Sent', guard: 'mayManage' },
        reject: { target: 'Rejected', guard: 'mayManage' },
      },
    },
    'Link Sent': {
      on: {
        confirm: { target: 'Accepted', guard: 'isCustomer' },
        reject: { target: 'Rejected', guard: 'mayManage' },
      },
    },
    Accepted: {
      on: {
        onBoard: { target: 'On-Board', guard: 'mayManage' },
        reject: { target: 'Rejected', guard: 'mayManage' },
      },
    },
    'On-Board': { type: 'final' },
    Rejected: { on: { reconsider: { target: 'Pending', guard: 'mayManage' } } },
  },
});

/**
 * Edits and deletes (./recordRules.ts): the operator corrects a request until it is on-boarded or declined; only
 * one no link was sent for is deleted.
 */
export const SUBSCRIPTION_REQUEST_RECORD_RULES: RecordRules = {
  edit: { Pending: { guard: 'mayManage' }, 'Link Sent': { guard: 'mayManage' }, Accepted: { guard: 'mayManage' } },
  delete: { Pending: { guard: 'mayManage' } },
  locked: {
    'On-Board': refusal('lockedSubscriptionRequestOnBoard'),
    Rejected: refusal('lockedSubscriptionRequestRejected'),
  },
};
