/** Theme and language as a person switches them: applied at once, kept across a reload and a sign-out. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);
const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };

function stored() {
  return JSON.parse(window.localStorage.getItem('fieldops.preferences') ?? '{}');
}

describe('theme settings', () => {
  it('switches navigation, side-nav style, dark theme, direction and colour, and keeps them after a reload', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const first = renderApp(apiFor([admin]), '/app/home');
    await user.click(await screen.findByRole('button', { name: 'Theme settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Theme settings' });
    await user.click(within(drawer).getByRole('radio', { name: 'Top' }));
    await user.click(within(drawer).getByRole('radio', { name: 'Dark' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Dark theme' }));
    await user.click(within(drawer).getByRole('radio', { name: 'Right to left' }));
    await user.click(within(drawer).getByRole('radio', { name: 'Use colour #7048e8' }));
    await waitFor(() => expect(document.documentElement.getAttribute('dir')).toBe('rtl'));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(stored()).toMatchObject({ navigation: 'TOP', sideNav: 'SIDE_NAV_DARK', colorScheme: 'dark', direction: 'rtl', navColor: '#7048e8' });
    // TOP navigation: the side navbar is gone, the entries sit in the header.
    expect(document.querySelector('.mantine-AppShell-navbar')).toBeNull();
    first.unmount();

    renderApp(apiFor([admin]), '/app/home');
    await user.click(await screen.findByRole('button', { name: 'Theme settings' }));
    const again = await screen.findByRole('dialog', { name: 'Theme settings' });
    expect(within(again).getByRole('radio', { name: 'Use colour #7048e8' }).getAttribute('aria-checked')).toBe('true');
    expect((within(again).getByRole('switch', { name: 'Dark theme' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('language', () => {
  it('translates the shell, and the choice outlives a sign-out', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const app = renderApp(apiFor([admin]), '/app/home');
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Paramètres du thème' })).toBeTruthy();
    expect(document.documentElement.getAttribute('lang')).toBe('fr');
    // The page title (browser tab) follows the language too.
    expect(document.title).toBe('Accueil · FieldOps');
    await user.click(screen.getByRole('button', { name: /^Compte: Asha Kulkarni/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(app.path()).toBe('/auth/login-2');
    expect(stored().locale).toBe('fr');
  });

  it('offers en, zh, fr and ja', async () => {
    const user = userEvent.setup();
    renderApp(apiFor([]), '/auth/login-2');
    await user.click(await screen.findByRole('button', { name: 'Language' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['English', '中文', 'Français', '日本語']);
    await user.click(items[3]);
    expect(await screen.findByRole('button', { name: 'サインイン' })).toBeTruthy();
  });
});
