/**
 * Model-based tests of the change-password flow: validation texts, the call, success and server failures;
 * then the flow with its real request against the API host, for the message a wrong password shows.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError, configureHttp, resetHttpConfig } from '../../src/api/http';
import { configureStorage, createMemoryStore, writeStored } from '../../src/api/storage';
import {
  changePasswordMachine,
  type ChangePasswordEvent,
  type ChangePasswordValues,
} from '../../src/machines/flows/changePassword';
import { PASSWORD_RULE_MESSAGE } from '../../src/contract/passwordPolicy';
import { testDb } from '../helpers/test-db';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { recordNotices, type NoticeRecorder } from './support/notices';

const VALID: ChangePasswordValues = { oldPassword: 'Demo-Admin-2026', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2024' };

/** Each invalid submission with the exact texts the form must show. */
const INVALID: Array<{ values: ChangePasswordValues; errors: Record<string, string> }> = [
  { values: { ...VALID, oldPassword: '' }, errors: { oldPassword: 'Enter current password' } },
  {
    values: { ...VALID, newPassword: 'Fresh2024', confirmPassword: 'Fresh2024' },
    errors: { newPassword: PASSWORD_RULE_MESSAGE },
  },
  { values: { ...VALID, confirmPassword: '' }, errors: { confirmPassword: 'Confirm password is a required field' } },
  { values: { ...VALID, confirmPassword: 'Fresh#2025' }, errors: { confirmPassword: 'Passwords must match' } },
];

const EVENTS: ChangePasswordEvent[] = [
  { type: 'password.submit', values: VALID },
  ...INVALID.map(({ values }) => ({ type: 'password.submit' as const, values })),
  { type: 'xstate.done.actor.request', output: { message: 'Password changed' }, actorId: 'request' },
  { type: 'xstate.error.actor.request', error: new ApiError(400, { message: 'Current password is incorrect' }, 'x'), actorId: 'request' },
  { type: 'xstate.error.actor.request', error: new ApiError(500, null, 'x'), actorId: 'request' },
  { type: 'password.reset' },
];

const model = createTestModel(changePasswordMachine, { input: { userId: 'u-admin' }, serializeState: serializeBy((c) => c) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });

interface Harness {
  actor: Actor<typeof changePasswordMachine>;
  requests: DeferredRequests;
  recorder: NoticeRecorder;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const recorder = recordNotices();
  const machine = changePasswordMachine.provide({ actors: { changePassword: requests.actor('request') } });
  return { actor: createActor(machine, { input: { userId: 'u-admin' } }).start(), requests, recorder };
}

function states({ actor, requests, recorder }: Harness) {
  const checks: Record<string, () => void> = {
    '#changePassword.idle': () => expect(requests.has('request')).toBe(false),
    '#changePassword.submitting': () => {
      expect(requests.inputOf('request')).toEqual({ oldPassword: VALID.oldPassword, newPassword: VALID.newPassword, _id: 'u-admin' });
      expect(actor.getSnapshot().context.errors).toEqual({});
    },
    '#changePassword.succeeded': () =>
      expect(recorder.notices.at(-1)).toEqual({ message: 'Password changed successfully', words: { key: 'notices.passwordChanged', values: {} }, color: 'green' }),
    '#changePassword.failed': () => {
      const expected = actor.getSnapshot().context.error?.message ?? 'Failed to change password';
      expect(recorder.notices.at(-1)).toEqual({ message: expected, color: 'red' });
    },
  };
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (modelState: ReturnType<typeof actor.getSnapshot>) => {
        expect(actor.getSnapshot().value).toEqual(modelState.value);
        expect(actor.getSnapshot().context).toEqual(modelState.context);
        check();
      },
    ]),
  );
}

function events({ actor, requests }: Harness) {
  return {
    'password.submit': ({ event }: { event: ChangePasswordEvent }) => {
      actor.send(event);
      if (event.type !== 'password.submit') return;
      const invalid = INVALID.find((candidate) => candidate.values === event.values);
      expect(actor.getSnapshot().context.errors).toEqual(invalid?.errors ?? {});
    },
    'password.reset': ({ event }: { event: ChangePasswordEvent }) => {
      actor.send(event);
      expect(actor.getSnapshot().context).toMatchObject({ errors: {}, error: null });
    },
    'xstate.done.actor.request': ({ event }: { event: ChangePasswordEvent }) =>
      requests.resolve('request', 'output' in event ? event.output : undefined),
    'xstate.error.actor.request': ({ event }: { event: ChangePasswordEvent }) =>
      requests.reject('request', 'error' in event ? event.error : undefined),
  };
}

let current: Harness | undefined;
afterEach(() => {
  current?.actor.stop();
  current?.recorder.release();
});

replayModelPaths('change-password', changePasswordMachine, paths, 5, async (path) => {
    current = start();
    await path.test({
      states: states(current),
      // xstate/graph types each step's event as `{ type }` only; executors read the full event.
      events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
    });
});

describe('the flow against the API host', () => {
  it('shows a wrong current password as the server words it, without a field name', async () => {
    const t = await testDb();
    const recorder = recordNotices();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      configureHttp({ baseURL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, reload: () => undefined, navigate: () => undefined });
      configureStorage({ backend: createMemoryStore(), warn: () => undefined });
      const engineer = await t.signIn('engineer@demo.local');
      writeStored('tn_ah', engineer.token);
      const actor = createActor(changePasswordMachine, { input: { userId: engineer.user._id } }).start();
      actor.send({ type: 'password.submit', values: { oldPassword: 'Wrong@123', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2024' } });
      await waitFor(actor, (snapshot) => snapshot.matches('failed'));
      expect(actor.getSnapshot().context.error).toMatchObject({ status: 400, message: 'Current password is incorrect' });
      // The server's English with its words, which the notice says in the person's language.
      expect(recorder.notices).toEqual([{ message: 'Current password is incorrect', words: { key: 'refusal.currentPasswordWrong', values: {} }, color: 'red' }]);
      actor.stop();
    } finally {
      recorder.release();
      resetHttpConfig();
      await t.close();
    }
  });
});
