/**
 * Administration screens on their modules: users hold several roles (picked from the role module) and
 * get a password on creation; a role's features and privileges are granted and removed through
 * `updateRole` (POST update-role/{id} with { id, features, action }). A new role starts with SITE_CONFIGURATION /
 * SHOW_NAVIGATION (issue 12), and the screen says what that privilege does.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const ROLES = [
  { _id: 'r-admin', name: 'ADMIN', features: [{ feature: 'MANAGE_USER', privileges: ['VIEW', 'CREATE'] }] },
  { _id: 'r-user', name: 'USER', features: [] },
  { _id: 'r-store', name: 'STOREKEEPER', features: [] },
];
const USERS = [
  { _id: 'u-admin', name: 'Asha Kulkarni', email: 'admin@demo.local', roles: ['r-admin'], userType: 'Subscriber-User', status: 'Active' },
  { _id: 'u-eng', name: 'Ravi Patil', email: 'engineer@demo.local', roles: ['r-user', 'r-store'], userType: 'Subscriber-User', status: 'Active' },
];
const FEATURES = [
  { _id: 'f1', name: 'Manage User', code: 'MANAGE_USER', privileges: ['VIEW', 'CREATE', 'UPDATE', 'DELETE'] },
  { _id: 'f2', name: 'Tickets', code: 'TICKET_LIST', privileges: ['VIEW', 'CREATE'] },
];

/** The picker's input (its listbox carries the same label). */
function inputLabelled(container: HTMLElement, label: string): HTMLElement {
  const input = within(container).getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
}

function adminApi() {
  return apiFor([admin])
    .on('GET', '/api/app/role', { body: { data: ROLES, total: ROLES.length } })
    .on('GET', '/api/app/subscriber-user', { body: { data: USERS, total: USERS.length } })
    .on('GET', '/api/app/feature', { body: { data: FEATURES, total: FEATURES.length } })
    .on('GET', '/api/app/client', { body: { data: [], total: 0 } });
}

describe('manage user', () => {
  it('shows every role of a user by name', async () => {
    storePreviousVisit(admin);
    renderApp(adminApi(), '/app/manage-user');
    const table = await screen.findByRole('table', { name: 'Manage User' });
    await waitFor(() => expect(within(table).getByText('USER, STOREKEEPER')).toBeTruthy());
  });

  it('asks for a password on creation with the product rule, and sends several roles', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = adminApi().on('POST', '/api/app/subscriber-user', ({ body }) => ({ status: 201, body: { _id: 'u-new', ...(body as object) } }));
    renderApp(api, '/app/manage-user');
    await screen.findByRole('table', { name: 'Manage User' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Kiran Rao');
    await user.type(within(dialog).getByLabelText(/^Email/), 'kiran@demo.local');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Password is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Password/), 'weakpass');
    expect(within(dialog).getByText(en.changePassword.rule)).toBeTruthy();
    // Long enough, but built from the new user's own name: the strength check (loaded with the form) refuses it.
    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.click(within(dialog).getByLabelText(/^Password/));
    await user.paste('KiranRao2026');
    expect(await within(dialog).findByText(en.changePassword.rule)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.paste('Lathe-Gearbox-26');

    await user.click(inputLabelled(dialog, 'Roles'));
    await user.click(await screen.findByRole('option', { name: 'USER' }));
    await user.click(await screen.findByRole('option', { name: 'STOREKEEPER' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.requestsTo('POST', '/api/app/subscriber-user')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/app/subscriber-user')[0].body).toMatchObject({
      name: 'Kiran Rao',
      email: 'kiran@demo.local',
      password: 'Lathe-Gearbox-26',
      roles: ['r-user', 'r-store'],
      userType: 'Subscriber-User',
      status: 'Active',
    });
  });

  it("shows the server's duplicate message (11000) in the form", async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = adminApi().on('POST', '/api/app/subscriber-user', { status: 409, body: { message: 'Email Already In use.', code: 11000, keyValue: { email: 'admin@demo.local' } } });
    renderApp(api, '/app/manage-user');
    await screen.findByRole('table', { name: 'Manage User' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Asha Again');
    await user.type(within(dialog).getByLabelText(/^Email/), 'admin@demo.local');
    // Pasted as one change (typed, each keystroke's password would be scored).
    await user.click(within(dialog).getByLabelText(/^Password/));
    await user.paste('Lathe-Gearbox-26');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Email Already In use.')).toBeTruthy();
  });
});

describe('manage role', () => {
  it('grants a feature with privileges and removes one, through updateRole', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    let features = [...ROLES[0].features];
    const api = adminApi().on('POST', '/api/app/role/update-role/:id', ({ body }) => {
      const { features: changed, action } = body as { features: Array<{ feature: string; privileges: string[] }>; action: 'add' | 'remove' };
      features = action === 'add' ? [...features, ...changed] : features.filter((f) => !changed.some((c) => c.feature === f.feature));
      return { body: { ...ROLES[0], features } };
    });
    renderApp(api, '/app/manage-role');
    const table = await screen.findByRole('table', { name: 'Manage Role' });
    expect(within(table).getByText('MANAGE_USER (2)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Features: ADMIN' }));
    const drawer = await screen.findByRole('dialog', { name: 'Features of ADMIN' });

    // Each feature is named as its screen is in the menu, with its code beside it (not the code alone).
    expect(within(within(drawer).getByRole('table', { name: 'Features' })).getByText('Manage User')).toBeTruthy();
    await user.click(inputLabelled(drawer, 'Feature'));
    await user.click(await screen.findByRole('option', { name: 'Tickets (TICKET_LIST)' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'CREATE' }));
    await user.click(within(drawer).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(within(within(drawer).getByRole('table', { name: 'Features' })).getByText('Tickets')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/role/update-role/:id')[0]).toMatchObject({
      path: '/api/app/role/update-role/r-admin',
      body: { id: 'r-admin', features: [{ feature: 'TICKET_LIST', privileges: ['VIEW', 'CREATE'] }], action: 'add' },
    });

    await user.click(within(drawer).getByRole('button', { name: 'Remove Manage User' }));
    await waitFor(() => expect(within(within(drawer).getByRole('table', { name: 'Features' })).queryByText('MANAGE_USER')).toBeNull());
    expect(api.requestsTo('POST', '/api/app/role/update-role/:id')[1].body).toEqual({
      id: 'r-admin',
      features: [{ feature: 'MANAGE_USER', privileges: ['VIEW', 'CREATE'] }],
      action: 'remove',
    });
    expect(within(table).getByText('TICKET_LIST (2)')).toBeTruthy();
  });

  it("shows the spec's default message when a grant fails without one", async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = adminApi().on('POST', '/api/app/role/update-role/:id', { status: 400, body: {} });
    renderApp(api, '/app/manage-role');
    await screen.findByRole('table', { name: 'Manage Role' });
    await user.click(screen.getByRole('button', { name: 'Features: ADMIN' }));
    const drawer = await screen.findByRole('dialog', { name: 'Features of ADMIN' });
    await user.click(inputLabelled(drawer, 'Feature'));
    await user.click(await screen.findByRole('option', { name: 'Tickets (TICKET_LIST)' }));
    await user.click(within(drawer).getByRole('button', { name: 'Grant' }));
    const message = 'Please delete existing Feature and then add same Feature with updated Privilege';
    expect(await within(drawer).findByText(message)).toBeTruthy();
  });

  it('starts a new role with SITE_CONFIGURATION / SHOW_NAVIGATION, says what it does, and sends it', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = adminApi().on('POST', '/api/app/role', ({ body }) => ({ status: 201, body: { _id: 'r-new', ...(body as object) } }));
    renderApp(api, '/app/manage-role');
    await screen.findByRole('table', { name: 'Manage Role' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    const navigation = within(dialog).getByRole('checkbox', { name: 'Show Navigation (SHOW_NAVIGATION)' }) as HTMLInputElement;
    expect(navigation.checked).toBe(true);
    expect(within(dialog).getByText('Shows the side or top menu and the bottom bar on a phone. A person none of whose roles has it sees no menu and opens screens from Home.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Name/), 'SUPERVISOR');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/role')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/app/role')[0].body).toEqual({ name: 'SUPERVISOR', features: [{ feature: 'SITE_CONFIGURATION', privileges: ['SHOW_NAVIGATION'] }] });
  });

  it('makes a role without the navigation when the administrator unticks it, and leaves it out of an edit', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = adminApi().on('POST', '/api/app/role', ({ body }) => ({ status: 201, body: { _id: 'r-new', ...(body as object) } }));
    renderApp(api, '/app/manage-role');
    await screen.findByRole('table', { name: 'Manage Role' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show Navigation (SHOW_NAVIGATION)' }));
    await user.type(within(dialog).getByLabelText(/^Name/), 'KIOSK');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/role')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/app/role')[0].body).not.toHaveProperty('features');

    await user.click(screen.getByRole('button', { name: 'Edit USER' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit role' });
    expect(within(edit).queryByRole('checkbox', { name: /SHOW_NAVIGATION/ })).toBeNull();
  });

  it('grants SHOW_NAVIGATION of SITE_CONFIGURATION from the features drawer, saying what it does', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const api = adminApi()
      .on('GET', '/api/app/feature', { body: { data: [...FEATURES, { _id: 'f3', name: 'Site Configuration', code: 'SITE_CONFIGURATION', privileges: ['SHOW_NAVIGATION'] }], total: 3 } })
      .on('POST', '/api/app/role/update-role/:id', ({ body }) => ({ body: { ...ROLES[1], features: (body as { features: unknown[] }).features } }));
    renderApp(api, '/app/manage-role');
    await screen.findByRole('table', { name: 'Manage Role' });
    await user.click(screen.getByRole('button', { name: 'Features: USER' }));
    const drawer = await screen.findByRole('dialog', { name: 'Features of USER' });
    await user.click(inputLabelled(drawer, 'Feature'));
    await user.click(await screen.findByRole('option', { name: 'Site Configuration (SITE_CONFIGURATION)' }));
    expect((within(drawer).getByRole('checkbox', { name: 'SHOW_NAVIGATION' }) as HTMLInputElement).checked).toBe(true);
    expect(within(drawer).getByText(/^Shows the side or top menu/)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/role/update-role/:id')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/app/role/update-role/:id')[0].body).toEqual({ id: 'r-user', features: [{ feature: 'SITE_CONFIGURATION', privileges: ['SHOW_NAVIGATION'] }], action: 'add' });
    // Held, it still says what it does, where the administrator may remove it.
    expect(await within(within(drawer).getByRole('table', { name: 'Features' })).findByText(/^Shows the side or top menu/)).toBeTruthy();
  });
});

describe('manage subscriber', () => {
  const SUBSCRIBERS = [{ _id: 'sub-demo', alternateId: 'SUB-2026-000001', companyName: 'Demo Industries Pvt Ltd', gstNo: '27AAACD1234F1Z5', status: 'Active' }];

  async function subscribersAs(account: Account) {
    storePreviousVisit(account);
    renderApp(apiFor([account]).on('GET', '/api/saas/subscriber', { body: { data: SUBSCRIBERS, total: 1 } }), '/app/manage-subscriber');
    return screen.findByRole('table', { name: 'Manage Subscriber' });
  }

  it("offers New to the platform operator only: a tenant's administrator, whom the server would refuse, is not offered it", async () => {
    await subscribersAs(admin);
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    resetHarness();
    const operator: Account = { ...admin, login: { ...admin.login, user: { ...admin.login.user, userType: 'Operator' } } };
    await subscribersAs(operator);
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
  });
});
