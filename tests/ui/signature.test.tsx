/**
 * The signature dialog through the UI, replaying the signature flow's model (as in
 * tests/machines/signature.model.test.ts): drawing and "Add Signature" send the PNG data URL, the saved
 * user comes back, the dialog closes; a failed save is only logged and the pad stays open.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { signatureMachine, type SignatureEvent, type UpdatedUser } from '../../src/machines/flows/signature';
import { serializeBy } from '../machines/support/coverage';
import { createDeferredRequests, type DeferredRequests } from '../machines/support/deferred';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import { strokeOn } from './support/signature';

// The test setup's canvas answers this for toDataURL().
const DRAWN = 'data:image/png;base64,iVBORw0KGgo=';
const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
const RELOADED: UpdatedUser = { _id: 'u-admin', name: 'Asha Kulkarni', eSign: DRAWN };

afterEach(resetHarness);

async function openSignature(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: /^Account: Asha Kulkarni/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Signature' }));
  return screen.findByRole('dialog', { name: 'Signature' });
}

/** A stroke on the user's signature pad. */
function draw(dialog: HTMLElement): void {
  strokeOn(within(dialog).getByRole('img', { name: 'Signature' }));
}

describe('signature pad', () => {
  it('offers "Clear Signature" and "Add Signature"; Add is off until something is drawn, and Clear empties again', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    renderApp(apiFor([admin]));
    const dialog = await openSignature(user);
    const add = within(dialog).getByRole('button', { name: 'Add Signature' });
    expect(add.hasAttribute('disabled')).toBe(true);
    draw(dialog);
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: 'Clear Signature' }));
    expect(add.hasAttribute('disabled')).toBe(true);
  });
});

const EVENTS: SignatureEvent[] = [
  { type: 'signature.save', dataUrl: DRAWN },
  { type: 'xstate.done.actor.request', output: RELOADED, actorId: 'request' },
  { type: 'xstate.error.actor.request', error: new ApiError(500, null, 'x'), actorId: 'request' },
  { type: 'signature.reset' },
];
const model = createTestModel(signatureMachine, { input: { userId: 'u-admin' }, serializeState: serializeBy((c) => c) });
const paths = model.getShortestPaths({ events: EVENTS, filterEvents: (snapshot, event) => snapshot.can(event) });

describe('signature model on screen', () => {
  it('has paths through every state', () => {
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...visited].sort()).toEqual(['idle', 'saved', 'saving']);
  });

  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      const requests: DeferredRequests = createDeferredRequests();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      storePreviousVisit(admin);
      renderApp(apiFor([admin]), '/app/home', {
        actors: { signature: signatureMachine.provide({ actors: { saveSignature: requests.actor('request') } }) },
      });
      const user = userEvent.setup();
      const dialog = () => screen.queryByRole('dialog', { name: 'Signature' });
      await openSignature(user);
      let failures = 0;

      await path.test({
        states: {
          idle: () => {
            expect(dialog()).not.toBeNull();
            expect(within(dialog()!).getByRole('button', { name: 'Add Signature' }).getAttribute('data-loading')).toBeNull();
            // A failed save is only logged, never shown.
            expect(logged.mock.calls.filter((c) => c[0] === 'Signature save failed')).toHaveLength(failures);
          },
          saving: async () => {
            await waitFor(() => expect(requests.has('request')).toBe(true));
            expect(requests.inputOf('request')).toEqual({ userId: 'u-admin', dataUrl: DRAWN });
            expect(within(dialog()!).getByRole('button', { name: 'Add Signature' }).getAttribute('data-loading')).toBe('true');
          },
          saved: async () => {
            await waitFor(() => expect(dialog()).toBeNull());
          },
        },
        events: {
          'signature.save': async () => {
            if (!dialog()) await openSignature(user);
            draw(dialog()!);
            const add = within(dialog()!).getByRole('button', { name: 'Add Signature' });
            await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
            await user.click(add);
          },
          'signature.reset': async () => {
            await openSignature(user);
          },
          'xstate.done.actor.request': async () => requests.resolve('request', RELOADED),
          'xstate.error.actor.request': async () => {
            failures += 1;
            await requests.reject('request', new ApiError(500, null, 'x'));
          },
        } as unknown as Parameters<typeof path.test>[0]['events'],
      });
    });
  });

  it('preloads the saved signature when the dialog opens again', async () => {
    const requests = createDeferredRequests();
    storePreviousVisit(admin);
    renderApp(apiFor([admin]), '/app/home', {
      actors: { signature: signatureMachine.provide({ actors: { saveSignature: requests.actor('request') } }) },
    });
    const user = userEvent.setup();
    let dialog = await openSignature(user);
    expect(within(dialog).getByText('Draw your signature in the box below.')).toBeTruthy();
    draw(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Signature' }));
    await waitFor(() => expect(requests.has('request')).toBe(true));
    await requests.resolve('request', RELOADED);
    dialog = await openSignature(user);
    expect(within(dialog).getByText('Your saved signature is loaded; draw over it or clear it.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add Signature' }).hasAttribute('disabled')).toBe(false);
  });
});
