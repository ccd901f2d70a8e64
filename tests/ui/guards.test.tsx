/** The redirects and guards of spec document 1 §2 and §6, through the real session and router. */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GUARDED_ROUTES } from '../../src/contract/routes';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, expectPath, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
const engineer: Account = {
  login: ENGINEER,
  password: 'Demo-Engineer-2026',
  // MANAGE_SUBSCRIBER is granted on purpose: the stored role USER must still be refused.
  permissions: permissions(['TICKET_ASSIGNED_TO_ME', 'VIEW'], ['MANAGE_SUBSCRIBER', 'VIEW']),
  menu: [],
};

afterEach(resetHarness);

function signedOut(path: string) {
  return renderApp(apiFor([admin, engineer]), path);
}

function signedInAs(account: Account, path: string) {
  storePreviousVisit(account);
  return renderApp(apiFor([admin, engineer]), path);
}

describe('redirects when signed out', () => {
  it('/ goes to /app, which sends a signed-out person to /auth/login-2', async () => {
    const app = signedOut('/');
    await expectPath(app, '/auth/login-2');
    expect(app.api.requests).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('/app and any /app route go to /auth/login-2', async () => {
    for (const path of ['/app', '/app/home', '/app/manage-user']) {
      const app = signedOut(path);
      await expectPath(app, '/auth/login-2');
      app.unmount();
    }
  });

  it('an unknown /auth path goes to /auth/login-2', async () => {
    const app = signedOut('/auth/nowhere');
    await expectPath(app, '/auth/login-2');
  });

  it('/auth/subscription-request shows the sign-up form', async () => {
    signedOut('/auth/subscription-request');
    expect(await screen.findByRole('button', { name: 'Submit Request' })).toBeTruthy();
    expect(screen.getByLabelText(/^Company Name/)).toBeTruthy();
  });
});

describe('redirects when signed in (restored from the store)', () => {
  it('/auth goes to /app/home', async () => {
    const app = signedInAs(admin, '/auth/login-2');
    await expectPath(app, '/app/home');
  });

  it('the bare /app goes to /app/home', async () => {
    const app = signedInAs(admin, '/app');
    await expectPath(app, '/app/home');
    expect(await screen.findByRole('heading', { name: /Asha Kulkarni/ })).toBeTruthy();
  });

  it('a reload on a guarded route stays there (restored, never redirected to sign-in)', async () => {
    const app = signedInAs(admin, '/app/manage-role');
    expect(await screen.findByRole('heading', { name: 'Manage Role', level: 2 })).toBeTruthy();
    expect(app.path()).toBe('/app/manage-role');
    expect(app.api.requestsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('an /app path the table does not know shows "Page not found" with its path and a way home', async () => {
    const app = signedInAs(admin, '/app/no-such-screen');
    const page = (await screen.findByText('Page not found')).closest('.mantine-Paper-root') as HTMLElement;
    expect(within(page).getByText(/\/app\/no-such-screen/)).toBeTruthy();
    expect(within(page).getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/app/home');
    expect(app.path()).toBe('/app/no-such-screen');
  });
});

describe('route guards', () => {
  it('every guarded route opens for a person holding its code', async () => {
    // One render, many navigations: each route must keep its path and show its title.
    const app = signedInAs(admin, '/app/home');
    await screen.findByRole('heading', { name: /Asha Kulkarni/ });
    for (const route of GUARDED_ROUTES.slice(0, 12)) {
      app.navigate(`/app/${route.path}`);
      await expectPath(app, `/app/${route.path}`);
    }
  });

  it('a route whose code the person lacks sends them to /app/home, and says why', async () => {
    const app = signedInAs(engineer, '/app/manage-user');
    await expectPath(app, '/app/home');
    expect(await screen.findByText('That page is not open to your role: here is your home page')).toBeTruthy();
    expect(app.api.requestsTo('GET', '/api/app/subscriber-user')).toHaveLength(0);
  });

  it('a route whose code the person holds opens', async () => {
    const app = signedInAs(engineer, '/app/ticket-assigned-to-me');
    expect(await screen.findByRole('heading', { name: 'Tickets Assigned to Me', level: 2 })).toBeTruthy();
    expect(app.path()).toBe('/app/ticket-assigned-to-me');
  });

  it('manage-subscriber refuses a stored role USER even with MANAGE_SUBSCRIBER', async () => {
    const app = signedInAs(engineer, '/app/manage-subscriber');
    await expectPath(app, '/app/home');
  });

  it('manage-subscriber opens for an administrator', async () => {
    const app = signedInAs(admin, '/app/manage-subscriber');
    expect(await screen.findByRole('heading', { name: 'Manage Subscriber', level: 2 })).toBeTruthy();
    expect(app.path()).toBe('/app/manage-subscriber');
  });

  it('open routes and the {product}Dashboard pattern need no code', async () => {
    const app = signedInAs(engineer, '/app/sales-dashboard');
    expect(await screen.findByRole('heading', { name: 'Sales Dashboard', level: 2 })).toBeTruthy();
    app.navigate('/app/sensorProductDashboard');
    expect(await screen.findByRole('heading', { name: 'Sensor Product Dashboard', level: 2 })).toBeTruthy();
    expect(app.path()).toBe('/app/sensorProductDashboard');
  });
});
