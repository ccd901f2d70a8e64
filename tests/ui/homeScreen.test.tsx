/**
 * Home as it first shows (issue 18): with the kept session read before the first render (main.tsx), the first
 * render is home inside the shell, never the full-page loader; the module cards follow the greeting, with
 * placeholders where they go until they are there, and "No modules yet" only once the person's privileges and
 * menu have come and open nothing.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSignIn } from '../../src/machines/session';
import { prepareKeptSession } from '../../src/machines/keptSession';
import { preloadFirstScreens } from '../../src/routes/screens';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
const GREETING = /^Good (morning|afternoon|evening), Asha Kulkarni$/;

describe('home', () => {
  it('renders inside the shell on the first render when the kept session was read before it, with no loader', async () => {
    storePreviousVisit(admin);
    // As main.tsx: the screens' code and the kept session, both before the first render.
    const [, restored] = await Promise.all([preloadFirstScreens('/app/home'), prepareKeptSession()]);
    expect(restored?.token).toBe('token-admin');
    renderApp(apiFor([admin]), '/app/home', { restored });
    // No await before these: what the first render (and its effects) put on the screen.
    expect(screen.getByRole('heading', { name: GREETING })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Theme settings' })).toBeTruthy();
    expect(screen.queryByText('Loading…', { selector: '.mantine-Text-root' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Open Manage User' })).toBeTruthy();
  });

  it('shows placeholders, not "No modules yet", while a fresh sign-in’s privileges and menu are on their way, then the cards', async () => {
    storeSignIn(admin.login);
    const api = apiFor([admin]);
    const heldPermissions = api.hold('GET', '/api/app/subscriber-user/getPermissions');
    const heldMenu = api.hold('GET', '/api/app/subscriber-user/getSideMenu');
    renderApp(api, '/app/home');
    expect(await screen.findByRole('heading', { name: GREETING })).toBeTruthy();
    await waitFor(() => expect(heldPermissions.reached() && heldMenu.reached()).toBe(true));
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No modules yet')).toBeNull();
    // The privileges alone: the fallback menu they would open is not this person's home.
    heldPermissions.release();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Open Manage User' })).toBeNull());
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No modules yet')).toBeNull();
    heldMenu.release();
    expect(await screen.findByRole('link', { name: 'Open Manage User' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Tickets' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    expect(screen.queryByText('No modules yet')).toBeNull();
  });

  it('says "No modules yet" once the privileges and menu have come and open nothing', async () => {
    const nobody: Account = { login: ADMIN, password: 'x', permissions: permissions(), menu: ADMIN_MENU };
    storeSignIn(nobody.login);
    renderApp(apiFor([nobody]), '/app/home');
    expect(await screen.findByText('No modules yet')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});
