/**
 * Signature capture (document 1 §2): the pad's PNG data URL goes to addSignature in the field `esgin`, the
 * user is reloaded by id, and the session learns the new user. A failed save is only logged (document 1 §8).
 */
import { assign, enqueueActions, fromPromise, setup, spawnChild, stopChild, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { addSignature, fetchUser, type SessionUser } from '../../api/account';
import { SESSION_SYSTEM_ID } from '../systemIds';

export { SESSION_SYSTEM_ID };

export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

/** The session registers under this systemId; the flow reports the reloaded user to it. */

export type UpdatedUser = Partial<SessionUser> & { _id: string };

export interface UserUpdatedEvent {
  type: 'session.userUpdated';
  user: UpdatedUser;
}

export interface SignatureContext {
  userId: string;
  /** The data URL being saved, then the one saved. */
  dataUrl: string | null;
}

export type SignatureEvent =
  | { type: 'signature.save'; dataUrl: string }
  | { type: 'signature.reset' }
  | DoneActorEvent<UpdatedUser, 'request'>
  | ErrorActorEvent<unknown, 'request'>;

export const signatureMachine = setup({
  types: {
    context: {} as SignatureContext,
    events: {} as SignatureEvent,
    input: {} as { userId: string },
  },
  actors: {
    saveSignature: fromPromise<UpdatedUser, { userId: string; dataUrl: string }>(async ({ input }) => {
      await addSignature(input.dataUrl);
      return fetchUser(input.userId);
    }),
  },
  guards: {
    isPngDataUrl: ({ event }) =>
      event.type === 'signature.save' && event.dataUrl.startsWith(PNG_DATA_URL_PREFIX) && event.dataUrl.length > PNG_DATA_URL_PREFIX.length,
  },
  actions: {
    rememberDataUrl: assign(({ event }) => (event.type === 'signature.save' ? { dataUrl: event.dataUrl } : {})),
    forgetDataUrl: assign({ dataUrl: null }),
    spawnRequest: spawnChild('saveSignature', {
      id: 'request',
      input: ({ context }) => ({ userId: context.userId, dataUrl: context.dataUrl ?? '' }),
    }),
    stopRequest: stopChild('request'),
    reportUser: enqueueActions(({ event, system, enqueue }) => {
      if (event.type !== 'xstate.done.actor.request') return;
      const session = system.get(SESSION_SYSTEM_ID);
      const userUpdated: UserUpdatedEvent = { type: 'session.userUpdated', user: event.output };
      if (session) enqueue.sendTo(session, userUpdated);
    }),
    logFailure: ({ event }) => {
      if (event.type === 'xstate.error.actor.request') console.error('Signature save failed', event.error);
    },
  },
}).createMachine({
  id: 'signature',
  context: ({ input }) => ({ userId: input.userId, dataUrl: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'signature.save': { guard: 'isPngDataUrl', target: 'saving', actions: 'rememberDataUrl' } },
    },
    saving: {
      entry: 'spawnRequest',
      exit: 'stopRequest',
      on: {
        'xstate.done.actor.request': { target: 'saved', actions: 'reportUser' },
        'xstate.error.actor.request': { target: 'idle', actions: ['logFailure', 'forgetDataUrl'] },
      },
    },
    saved: {
      on: {
        'signature.save': { guard: 'isPngDataUrl', target: 'saving', actions: 'rememberDataUrl' },
        'signature.reset': { target: 'idle', actions: 'forgetDataUrl' },
      },
    },
  },
});
