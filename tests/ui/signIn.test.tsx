/** Sign-in as a person does it: validation, the server's refusal, progress, and landing on /app/home. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { readStored } from '../../src/api/storage';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, expectPath, renderApp, resetHarness, signInThroughForm, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };

afterEach(resetHarness);

describe('sign-in', () => {
  it('shows the field messages once the form is submitted empty, and sends nothing', async () => {
    const user = userEvent.setup();
    const app = renderApp(apiFor([admin]), '/auth/login-2');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(app.api.requestsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('rejects a malformed e-mail once the field is left', async () => {
    const user = userEvent.setup();
    renderApp(apiFor([admin]), '/auth/login-2');
    await user.type(await screen.findByLabelText(/^Email/), 'asha@');
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });

  it("shows the server's message when it refuses the credentials and stays on the sign-in page", async () => {
    const user = userEvent.setup();
    const app = renderApp(apiFor([admin]), '/auth/login-2');
    await signInThroughForm(user, 'admin@demo.local', 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(app.path()).toBe('/auth/login-2');
    expect(readStored('tn_ah')).toBeNull();
  });

  it('shows progress on the button while signing in, then lands on /app/home inside the shell', async () => {
    const user = userEvent.setup();
    const api = apiFor([admin]);
    const held = api.hold('POST', '/api/auth/login');
    const app = renderApp(api, '/auth/login-2');
    await signInThroughForm(user, 'admin@demo.local', 'Demo-Admin-2026');
    await waitFor(() => expect(held.reached()).toBe(true));
    const button = screen.getByRole('button', { name: /Signing in/ });
    expect(button.getAttribute('data-loading')).toBe('true');
    held.release();
    await expectPath(app, '/app/home');
    expect(await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Asha Kulkarni$/ })).toBeTruthy();
    expect(screen.getAllByText('ADMIN').length).toBeGreaterThan(0);
    expect(readStored('tn_ah')).toBe('token-admin');
    expect(readStored('subscriberId')).toBe('sub-demo');
  });

  it('/auth/login is a sign-in route too', async () => {
    renderApp(apiFor([admin]), '/auth/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
