/**
 * The permission check as a person sees it: the side menu keeps only the entries they may open (server
 * menu sorted by order, with groups), falls back to the spec's static menu when the server sends none,
 * and shows at all only when SITE_CONFIGURATION grants SHOW_NAVIGATION.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, expectPath, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

async function sideMenu(): Promise<HTMLElement> {
  const navs = await screen.findAllByRole('navigation', { name: 'Main menu' });
  return navs[0];
}

describe('side navigation', () => {
  it("lists the server's menu sorted by order, groups included, for a person holding every code", async () => {
    const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
    storePreviousVisit(admin);
    renderApp(apiFor([admin]), '/app/manage-user');
    const nav = await sideMenu();
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    // Home (1), Tickets (2), then the Administration group (3), whose children are sorted by their order.
    expect(links).toEqual(['Home', 'Tickets', 'Manage User', 'Manage Role', 'Manage Subscriber']);
    expect(within(nav).getByText('Administration')).toBeTruthy();
  });

  it('hides the entries whose code the person lacks, and a group left empty', async () => {
    const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['TICKET_LIST', 'VIEW'], ['MANAGE_SUBSCRIBER', 'VIEW']), menu: ADMIN_MENU };
    storePreviousVisit(engineer);
    renderApp(apiFor([engineer]), '/app/home');
    const nav = await sideMenu();
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    // MANAGE_SUBSCRIBER is held but the role USER may not open it; the Administration group is then empty.
    expect(links).toEqual(['Home', 'Tickets']);
    expect(within(nav).queryByText('Administration')).toBeNull();
    // Home's cards follow the same rule.
    expect(await screen.findByRole('link', { name: 'Open Tickets' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Manage User' })).toBeNull();
  });

  it("falls back to the spec's static menu when the server's menu is empty, still filtered by access", async () => {
    const person: Account = { login: ADMIN, password: 'x', permissions: permissions(['MANAGE_USER', 'VIEW'], ['MANAGE_ROLE', 'VIEW'], ['SENSOR_DATA', 'VIEW']), menu: [] };
    storePreviousVisit(person);
    renderApp(apiFor([person]), '/app/home');
    const nav = await sideMenu();
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    // The sensor screens show their module: only Sensor Data's is held; CQRS has no module, so nothing to open (issue 34).
    expect(links).toEqual(['Home', 'Manage User', 'Manage Role', 'Sensor Data']);
  });

  it('navigates from the menu and marks the current entry', async () => {
    const user = userEvent.setup();
    const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
    storePreviousVisit(admin);
    const app = renderApp(apiFor([admin]), '/app/home');
    const nav = await sideMenu();
    // The group opens first; its entries are hidden until then.
    expect(within(nav).queryByRole('link', { name: 'Manage Role' })).toBeNull();
    await user.click(within(nav).getByRole('button', { name: 'Administration' }));
    await user.click(await within(nav).findByRole('link', { name: 'Manage Role' }));
    await expectPath(app, '/app/manage-role');
    expect(within(nav).getByRole('link', { name: 'Manage Role' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Manage Role');
  });

  it('without SHOW_NAVIGATION there is no menu, and the header button is a link home', async () => {
    const person: Account = {
      login: ADMIN,
      password: 'x',
      permissions: [{ screenCode: 'MANAGE_USER', privileges: [{ code: 'VIEW' }] }],
      menu: ADMIN_MENU,
    };
    storePreviousVisit(person);
    renderApp(apiFor([person]), '/app/manage-user');
    await screen.findByRole('heading', { name: 'Manage User', level: 2 });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    const home = screen.getAllByRole('link', { name: 'Go to home' });
    expect(home[0].getAttribute('href')).toBe('/app/home');
    expect(screen.queryByRole('button', { name: 'Collapse or expand navigation' })).toBeNull();
  });

  it('with SHOW_NAVIGATION the header button collapses the side navigation, and the choice persists', async () => {
    const user = userEvent.setup();
    const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
    storePreviousVisit(admin);
    renderApp(apiFor([admin]), '/app/home');
    await sideMenu();
    await user.click(screen.getByRole('button', { name: 'Collapse or expand navigation' }));
    // Collapsed: icons only, each named for its entry.
    const nav = await sideMenu();
    expect(within(nav).queryByText('Tickets')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Tickets' })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('fieldops.preferences') ?? '{}').collapsed).toBe(true);
  });
});

describe('header', () => {
  it("shows the user's name and roles, and N/A when they have none", async () => {
    const noRoles: Account = { login: { ...ADMIN, user: { ...ADMIN.user, roles: [] } }, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
    storePreviousVisit(noRoles);
    renderApp(apiFor([noRoles]), '/app/home');
    expect(await screen.findByTestId('user-roles')).toBeTruthy();
    expect(screen.getByTestId('user-roles').textContent).toBe('N/A');
  });

  it("shows the subscriber's header image as the logo, or /logo.svg", async () => {
    const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
    storePreviousVisit(admin);
    const api = apiFor([admin]).on('GET', '/api/auth/getHeaderImages/:id', { body: { _id: 'sub-demo', companyName: 'Demo', headerImages: [{ url: '/uploads/demo-logo.png', name: 'logo' }] } });
    renderApp(api, '/app/home');
    const logo = await screen.findByRole('img', { name: 'FieldOps' });
    await expect.poll(() => logo.getAttribute('src')).toBe('/uploads/demo-logo.png');
  });

  it('signs out from the user menu: every stored item is gone and /app is closed again', async () => {
    const user = userEvent.setup();
    const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
    storePreviousVisit(admin);
    const app = renderApp(apiFor([admin]), '/app/home');
    await user.click(await screen.findByRole('button', { name: /^Account: Asha Kulkarni/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await expectPath(app, '/auth/login-2');
    for (const key of ['tn_ah', 'loggedIN', 'user', 'timezone', 'subscriberId', 'p_m__', 'm1e2n3u4']) expect(window.localStorage.getItem(key)).toBeNull();
    app.navigate('/app/home');
    await expectPath(app, '/auth/login-2');
  });
});
