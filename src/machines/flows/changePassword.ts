/**
 * Change password (document 1 §5, §8): the form's rules with the spec's exact messages, then
 * `PUT /api/auth/changePassword`; a server failure shows the server's message as an error notice.
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { changePassword } from '../../api/account';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { failureNotice, notify } from '../../api/notify';
import { PASSWORD_RULE_MESSAGE, passwordLengthProblem } from '../../contract/passwordPolicy';

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Enter current password',
  /** What the rule checks (`src/contract/passwordPolicy.ts`); the form shows it translated (`changePassword.rule`). */
  rule: PASSWORD_RULE_MESSAGE,
  confirmRequired: 'Confirm password is a required field',
  mismatch: 'Passwords must match',
} as const;

/** Shown after success and when the server sends no text; the spec gives neither. */
export const PASSWORD_CHANGED = 'Password changed successfully';
export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

/**
 * First message per field, as a form shows them. Written out rather than as a zod schema: the session
 * spawns this actor, and the session loads with the sign-in page, which must not carry zod.
 * The flow checks the length only; the strength (zxcvbn, a few hundred kilobytes) is checked by the server, and by
 * the form once it has loaded the scorer (`guessable`, from `usePasswordCheck`).
 */
export function validateChangePassword(values: ChangePasswordValues, guessable = false): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (!values.oldPassword) errors.oldPassword = CHANGE_PASSWORD_MESSAGES.currentRequired;
  // One message for the new password, so an empty one gets it too.
  if (passwordLengthProblem(values.newPassword) || guessable) errors.newPassword = CHANGE_PASSWORD_MESSAGES.rule;
  if (!values.confirmPassword) errors.confirmPassword = CHANGE_PASSWORD_MESSAGES.confirmRequired;
  // A mismatch shows even while the new password breaks the rule.
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = CHANGE_PASSWORD_MESSAGES.mismatch;
  return errors;
}

export interface ChangePasswordContext {
  userId: string;
  errors: ChangePasswordErrors;
  error: ErrorPayload | null;
}

export type ChangePasswordEvent =
  | { type: 'password.submit'; values: ChangePasswordValues }
  | { type: 'password.reset' }
  | DoneActorEvent<unknown, 'request'>
  | ErrorActorEvent<unknown, 'request'>;

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as { userId: string },
  },
  actors: {
    changePassword: fromPromise<unknown, { oldPassword: string; newPassword: string; _id: string }>(({ input }) =>
      changePassword(input),
    ),
  },
  guards: {
    isValid: ({ event }) =>
      event.type === 'password.submit' && Object.keys(validateChangePassword(event.values)).length === 0,
  },
  actions: {
    showErrors: assign(({ event }) =>
      event.type === 'password.submit' ? { errors: validateChangePassword(event.values) } : {},
    ),
    clearErrors: assign({ errors: {}, error: null }),
    spawnRequest: spawnChild('changePassword', {
      id: 'request',
      input: ({ context, event }) => {
        const values = event.type === 'password.submit' ? event.values : { oldPassword: '', newPassword: '' };
        return { oldPassword: values.oldPassword, newPassword: values.newPassword, _id: context.userId };
      },
    }),
    stopRequest: stopChild('request'),
    storeFailure: assign(({ event }) => (event.type === 'xstate.error.actor.request' ? { error: toErrorPayload(event.error) } : {})),
    notifySuccess: () => notify({ message: PASSWORD_CHANGED, words: { key: 'notices.passwordChanged', values: {} }, color: 'green' }),
    notifyFailure: ({ context }) => notify(failureNotice(context.error ?? {}, PASSWORD_CHANGE_FAILED)),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ userId: input.userId, errors: {}, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'password.submit': [{ guard: 'isValid', target: 'submitting', actions: 'clearErrors' }, { actions: 'showErrors' }],
      },
    },
    submitting: {
      entry: 'spawnRequest',
      exit: 'stopRequest',
      on: {
        'xstate.done.actor.request': { target: 'succeeded', actions: 'notifySuccess' },
        'xstate.error.actor.request': { target: 'failed', actions: ['storeFailure', 'notifyFailure'] },
      },
    },
    succeeded: {
      on: { 'password.reset': { target: 'idle', actions: 'clearErrors' } },
    },
    failed: {
      on: {
        'password.submit': [{ guard: 'isValid', target: 'submitting', actions: 'clearErrors' }, { actions: 'showErrors' }],
        'password.reset': { target: 'idle', actions: 'clearErrors' },
      },
    },
  },
});
