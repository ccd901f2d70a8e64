/**
 * Sign-in replayed on screen from the session machine's model (the machine tests/machines/session.model
 * walks), restricted to the sign-in events: restoring shows a full-page loader, signed out shows the form
 * (with the server's message after a refusal), signing in shows progress, authenticated is /app/home.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { sessionMachine, type SessionEvent } from '../../src/machines/session';
import { createDeferredRequests } from '../machines/support/deferred';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, expectPath, renderApp, resetHarness, signInThroughForm, type Account } from './support/renderApp';

afterEach(resetHarness);

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
const REFUSED = new ApiError(401, { message: 'Invalid email or password' }, 'x');

const EVENTS: SessionEvent[] = [
  { type: 'xstate.done.actor.restore', output: null, actorId: 'restore' },
  { type: 'session.signIn', email: 'admin@demo.local', password: 'Demo-Admin-2026' },
  { type: 'xstate.done.actor.login', output: ADMIN, actorId: 'login' },
  { type: 'xstate.error.actor.login', error: REFUSED, actorId: 'login' },
];

// A kept session is assumed, so the walk starts by restoring it (the restore's answer is one of the events); a
// browser with nothing kept opens on the form at once (session.model.test.ts, "nothing kept").
const KEPT = { keptSession: () => true };
const model = createTestModel(sessionMachine.provide({ guards: KEPT }), {
  serializeState: (state, event) => JSON.stringify({ value: state.value, error: state.context.signInError, via: event?.type ?? null }),
});
const paths = model.getShortestPaths({
  events: EVENTS,
  filterEvents: (snapshot, event) => snapshot.can(event),
  // Past sign-in the session loads access and opens modules: other tests cover that.
  stopWhen: (snapshot) => snapshot.matches('authenticated'),
});

describe('sign-in model on screen', () => {
  it('covers restoring, signed out, signing in (both ways) and authenticated', () => {
    const visited = new Set(paths.flatMap((p) => p.steps.map((s) => (typeof s.state.value === 'string' ? s.state.value : Object.keys(s.state.value)[0]))));
    expect([...visited].sort()).toEqual(['authenticated', 'restoring', 'signedOut', 'signingIn']);
  });

  paths.forEach((path, index) => {
    it(`path ${index + 1}: ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      const requests = createDeferredRequests();
      const user = userEvent.setup();
      const app = renderApp(apiFor([admin]), '/app/home', { actors: { restoreSession: requests.actor('restore'), login: requests.actor('login') }, guards: KEPT });
      let refused = false;
      await path.test({
        states: {
          restoring: () => {
            expect(screen.getByRole('status').textContent).toContain('Loading');
            // Never a redirect while restoring.
            expect(app.path()).toBe('/app/home');
          },
          signedOut: async () => {
            await expectPath(app, '/auth/login-2');
            expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
            if (refused) expect(screen.getByText('Invalid email or password')).toBeTruthy();
          },
          signingIn: async () => {
            await waitFor(() => expect(requests.has('login')).toBe(true));
            expect(requests.inputOf('login')).toEqual({ email: 'admin@demo.local', password: 'Demo-Admin-2026' });
            expect(screen.getByRole('button', { name: /Signing in/ }).getAttribute('data-loading')).toBe('true');
          },
          authenticated: async () => {
            await expectPath(app, '/app/home');
            expect(await screen.findByRole('heading', { name: /Asha Kulkarni/ })).toBeTruthy();
          },
        },
        events: {
          'xstate.done.actor.restore': async () => {
            await waitFor(() => expect(requests.has('restore')).toBe(true));
            await requests.resolve('restore', null);
          },
          'session.signIn': async () => signInThroughForm(user, 'admin@demo.local', 'Demo-Admin-2026'),
          'xstate.done.actor.login': async () => requests.resolve('login', ADMIN),
          'xstate.error.actor.login': async () => {
            refused = true;
            await requests.reject('login', REFUSED);
          },
        } as unknown as Parameters<typeof path.test>[0]['events'],
      });
    });
  });
});
