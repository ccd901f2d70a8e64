/**
 * Browser scenarios of the client platform (issue 3): sign in, guarded routes with and without their
 * privilege, theme and language switches that persist, reload restoring the session, sign out.
 */
import type { Page } from 'playwright-core';
import { expect, type Scenario } from './harness';

const SIGN_INS = {
  admin: { email: 'admin@demo.local', password: 'Demo-Admin-2026' },
  engineer: { email: 'engineer@demo.local', password: 'Demo-Engineer-2026' },
} as const;

async function signIn(page: Page, baseUrl: string, who: keyof typeof SIGN_INS): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL('**/auth/login-2');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(SIGN_INS[who].email);
  await page.getByRole('textbox', { name: 'Password' }).fill(SIGN_INS[who].password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/app/home');
}

async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export const shellScenarios: Scenario[] = [
  {
    name: 'a signed-out visitor is sent from / to the sign-in page, and a wrong password is refused',
    run: async ({ page, baseUrl }) => {
      await page.goto(`${baseUrl}/`);
      await page.waitForURL('**/auth/login-2');
      await page.getByRole('textbox', { name: /e-?mail/i }).fill('admin@demo.local');
      await page.getByRole('textbox', { name: 'Password' }).fill('Wrong@1234');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.getByText(/invalid|incorrect|wrong/i).first().waitFor({ timeout: 10_000 });
      expect(page.url().endsWith('/auth/login-2'), `still on sign-in, at ${page.url()}`);
      await page.goto(`${baseUrl}/app/manage-user`);
      await page.waitForURL('**/auth/login-2');
    },
  },
  {
    name: 'the admin signs in, sees the shell and opens a guarded route; the token is stored encrypted',
    run: async ({ page, baseUrl }) => {
      await signIn(page, baseUrl, 'admin');
      await page.getByText('Asha Kulkarni').first().waitFor();
      await page.getByText(`© ${new Date().getFullYear()}`).waitFor();
      const token = await stored(page, 'tn_ah');
      expect(token && token.length > 20, 'token stored');
      expect(!token?.includes('admin'), 'the stored value is not clear text');
      await page.goto(`${baseUrl}/app/manage-user`);
      await page.getByRole('heading', { name: 'Manage User' }).waitFor();
      await page.getByText('engineer@demo.local').waitFor({ timeout: 15_000 });
      expect(page.url().endsWith('/app/manage-user'), `stays on manage-user, at ${page.url()}`);
    },
  },
  {
    name: 'the engineer lacks MANAGE_USER and MANAGE_SUBSCRIBER: both routes send him home',
    run: async ({ page, baseUrl }) => {
      await signIn(page, baseUrl, 'engineer');
      await page.goto(`${baseUrl}/app/manage-user`);
      await page.waitForURL('**/app/home');
      await page.goto(`${baseUrl}/app/manage-subscriber`);
      await page.waitForURL('**/app/home');
      await page.goto(`${baseUrl}/app/my-open-tickets`);
      await page.waitForLoadState('networkidle');
      expect(page.url().endsWith('/app/my-open-tickets'), `engineer may open my-open-tickets, at ${page.url()}`);
    },
  },
  {
    name: 'theme and language switches persist across a reload, which also restores the session',
    run: async ({ page, baseUrl }) => {
      await signIn(page, baseUrl, 'admin');
      await page.getByRole('button', { name: 'Theme settings' }).click();
      // Mantine draws the switch over a visually hidden input, which may sit outside the drawer's
      // scroll area while it slides in: a click event on the input is what a click on the track sends.
      await page.getByRole('switch', { name: 'Dark theme' }).dispatchEvent('click');
      await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitem', { name: 'Français' }).click();
      await page.getByText("Voici ce que vous pouvez faire aujourd'hui.", { exact: false }).waitFor();
      await page.reload();
      await page.getByText("Voici ce que vous pouvez faire aujourd'hui.", { exact: false }).waitFor({ timeout: 15_000 });
      expect(page.url().endsWith('/app/home'), `the session survives a reload, at ${page.url()}`);
      const scheme = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
      expect(scheme === 'dark', `dark theme persisted, got ${scheme}`);
    },
  },
  {
    name: 'signing out clears every stored item and closes /app again',
    run: async ({ page, baseUrl }) => {
      await signIn(page, baseUrl, 'admin');
      await page.getByRole('button', { name: /^Account/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL('**/auth/login-2');
      for (const key of ['tn_ah', 'loggedIN', 'user', 'timezone', 'subscriberId', 'p_m__', 'm1e2n3u4']) {
        expect((await stored(page, key)) === null, `${key} cleared after sign-out`);
      }
      await page.goto(`${baseUrl}/app/home`);
      await page.waitForURL('**/auth/login-2');
    },
  },
];
