/** A browser store that no longer decrypts: cleared, the person warned "Login again", and sent to sign in. */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, expectPath, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };

describe('storage decryption failure', () => {
  it('clears every stored item, warns "Login again" and opens the sign-in page', async () => {
    storePreviousVisit(admin);
    // Written by another build (or tampered with): not decryptable with the built-in key.
    window.localStorage.setItem('loggedIN', 'U2FsdGVkX1+not-a-real-cipher-text==');
    const app = renderApp(apiFor([admin]), '/app/home');
    expect(await screen.findByText('Login again')).toBeTruthy();
    await expectPath(app, '/auth/login-2');
    for (const key of ['tn_ah', 'loggedIN', 'user', 'subscriberId', 'p_m__']) expect(window.localStorage.getItem(key)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
