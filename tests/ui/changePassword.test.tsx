/**
 * Change password through the UI: every exact message of spec document 1 §5, and the flow's model
 * (the one tests/machines/changePassword.model.test.ts walks) replayed on the screen: each event is a
 * person's action or the server's answer, each state is checked as what the person sees.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { changePasswordMachine, type ChangePasswordEvent, type ChangePasswordValues } from '../../src/machines/flows/changePassword';
import { serializeBy } from '../machines/support/coverage';
import { createDeferredRequests, type DeferredRequests } from '../machines/support/deferred';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
const VALID: ChangePasswordValues = { oldPassword: 'Demo-Admin-2026', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2024' };
const MESSAGES = {
  current: 'Enter current password',
  rule: 'Too short or too easy to guess: see the rule above.',
  confirm: 'Confirm password is a required field',
  mismatch: 'Passwords must match',
};

afterEach(resetHarness);

async function openChangePassword(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: /^Account: Asha Kulkarni/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change Password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  // The form loads when the dialog is first opened (issue 18: it is not part of every signed-in page).
  await within(dialog).findByRole('button', { name: 'Change password' }, { timeout: 4_000 });
  return dialog;
}

function fill(dialog: HTMLElement, values: ChangePasswordValues): void {
  fireEvent.change(within(dialog).getByLabelText(/^Current password/), { target: { value: values.oldPassword } });
  fireEvent.change(within(dialog).getByLabelText(/^New password/), { target: { value: values.newPassword } });
  fireEvent.change(within(dialog).getByLabelText(/^Confirm password/), { target: { value: values.confirmPassword } });
}

describe('change password messages', () => {
  it('shows each of the spec’s messages, only once the fields are touched or submitted', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const app = renderApp(apiFor([admin]));
    const dialog = await openChangePassword(user);
    expect(within(dialog).queryByText(MESSAGES.current)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByText(MESSAGES.current)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.rule)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.confirm)).toBeTruthy();

    fill(dialog, { oldPassword: 'Demo-Admin-2026', newPassword: 'Fresh2024', confirmPassword: 'Fresh2024' });
    expect(within(dialog).getByText(MESSAGES.rule)).toBeTruthy();
    expect(within(dialog).queryByText(MESSAGES.current)).toBeNull();

    fill(dialog, { oldPassword: 'Demo-Admin-2026', newPassword: 'Fresh#2024', confirmPassword: 'Fresh#2025' });
    expect(within(dialog).getByText(MESSAGES.mismatch)).toBeTruthy();
    expect(within(dialog).queryByText(MESSAGES.rule)).toBeNull();
    expect(app.api.requestsTo('PUT', '/api/auth/changePassword')).toHaveLength(0);
  });

  it("sends oldPassword, newPassword and _id, and shows the server's message when it refuses", async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = apiFor([admin]).on('PUT', '/api/auth/changePassword', { status: 400, body: { message: 'Current password is incorrect' } });
    renderApp(api);
    const dialog = await openChangePassword(user);
    fill(dialog, VALID);
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(api.requestsTo('PUT', '/api/auth/changePassword')[0].body).toEqual({ oldPassword: 'Demo-Admin-2026', newPassword: 'Fresh#2024', _id: 'u-admin' });
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
  });
});

// ---- the flow's model, replayed through the screen -------------------------------------------------

const INVALID: ChangePasswordValues[] = [
  { ...VALID, oldPassword: '' },
  { ...VALID, newPassword: 'Fresh2024', confirmPassword: 'Fresh2024' },
  { ...VALID, confirmPassword: '' },
  { ...VALID, confirmPassword: 'Fresh#2025' },
];
const EXPECTED_MESSAGE = new Map<ChangePasswordValues, string>([
  [INVALID[0], MESSAGES.current],
  [INVALID[1], MESSAGES.rule],
  [INVALID[2], MESSAGES.confirm],
  [INVALID[3], MESSAGES.mismatch],
]);
const EVENTS: ChangePasswordEvent[] = [
  { type: 'password.submit', values: VALID },
  ...INVALID.map((values) => ({ type: 'password.submit' as const, values })),
  { type: 'xstate.done.actor.request', output: { message: 'Password changed' }, actorId: 'request' },
  { type: 'xstate.error.actor.request', error: new ApiError(400, { message: 'Current password is incorrect' }, 'x'), actorId: 'request' },
  { type: 'password.reset' },
];

const model = createTestModel(changePasswordMachine, { input: { userId: 'u-admin' }, serializeState: serializeBy((c) => c) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });

interface Screen {
  user: UserEvent;
  requests: DeferredRequests;
  dialog: () => HTMLElement | null;
  lastValues: ChangePasswordValues | null;
}

describe('change password model on screen', () => {
  it('has paths through every state', () => {
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
    expect([...visited].sort()).toEqual(['"failed"', '"idle"', '"submitting"', '"succeeded"']);
  });

  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      const requests = createDeferredRequests();
      storePreviousVisit(admin);
      renderApp(apiFor([admin]), '/app/home', {
        actors: { changePassword: changePasswordMachine.provide({ actors: { changePassword: requests.actor('request') } }) },
      });
      const ctx: Screen = { user: userEvent.setup(), requests, dialog: () => screen.queryByRole('dialog', { name: 'Change Password' }), lastValues: null };
      await openChangePassword(ctx.user);

      await path.test({
        states: {
          idle: async () => {
            const dialog = ctx.dialog()!;
            expect(within(dialog).getByRole('button', { name: 'Change password' }).getAttribute('data-loading')).toBeNull();
            const message = ctx.lastValues ? EXPECTED_MESSAGE.get(ctx.lastValues) : undefined;
            if (message) expect(within(dialog).getByText(message)).toBeTruthy();
          },
          submitting: async () => {
            await waitFor(() => expect(ctx.requests.has('request')).toBe(true));
            expect(ctx.requests.inputOf('request')).toEqual({ oldPassword: VALID.oldPassword, newPassword: VALID.newPassword, _id: 'u-admin' });
            expect(within(ctx.dialog()!).getByRole('button', { name: 'Change password' }).getAttribute('data-loading')).toBe('true');
          },
          succeeded: async () => {
            await waitFor(() => expect(ctx.dialog()).toBeNull());
            expect(await screen.findByText('Password changed successfully')).toBeTruthy();
          },
          failed: async () => {
            // A notice per failure: a path that fails twice leaves two on screen.
            expect((await screen.findAllByText('Current password is incorrect')).length).toBeGreaterThan(0);
            expect(ctx.dialog()).not.toBeNull();
            const message = ctx.lastValues ? EXPECTED_MESSAGE.get(ctx.lastValues) : undefined;
            if (message) expect(within(ctx.dialog()!).getByText(message)).toBeTruthy();
          },
        },
        events: {
          'password.submit': async ({ event }: { event: ChangePasswordEvent }) => {
            if (event.type !== 'password.submit') return;
            // After success the dialog is closed: the person opens it again, which resets the flow.
            if (!ctx.dialog()) await openChangePassword(ctx.user);
            ctx.lastValues = event.values;
            fill(ctx.dialog()!, event.values);
            await ctx.user.click(within(ctx.dialog()!).getByRole('button', { name: 'Change password' }));
          },
          'password.reset': async () => {
            // Closing and reopening the dialog is how a person starts over.
            if (ctx.dialog()) await ctx.user.click(within(ctx.dialog()!).getByRole('button', { name: 'Cancel' }));
            await openChangePassword(ctx.user);
            ctx.lastValues = null;
          },
          'xstate.done.actor.request': async () => ctx.requests.resolve('request', { message: 'Password changed' }),
          'xstate.error.actor.request': async () =>
            ctx.requests.reject('request', new ApiError(400, { message: 'Current password is incorrect' }, 'x')),
        } as unknown as Parameters<typeof path.test>[0]['events'],
      });
    });
  });
});
