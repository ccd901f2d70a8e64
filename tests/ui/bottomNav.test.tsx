/**
 * The phone's bottom bar (issue 12 item 9): My work (the person's own calls, else Home), Scan (when the menu holds
 * machine scanning), New (a sheet of what the person can create from their menu's lists, opening the list's New
 * form) and Menu (a drawer with the whole navigation, closing when a link is followed).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SideMenuItem } from '../../src/api/account';
import { myWorkEntry, scanEntry } from '../../src/ui/shell/BottomNav';
import { newChoices } from '../../src/ui/shell/newChoices';
import { mayCreateFromMenu, TICKET_FEATURE } from '../../src/ui/shell/newRoutes';
import { moduleNamed } from '../../src/contract/modules';
import { buildMenu, leaves, type NavEntry } from '../../src/ui/shell/menuModel';
import { productSideMenu } from '../../server/domain/admin/side-menu';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, expectPath, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const ENGINEER_MENU: SideMenuItem[] = [
  { _id: 'e.home', title: 'Home', icon: 'IconHome', path: '/app/home', order: 1, children: [] },
  { _id: 'e.calendar', title: 'My Calendar', icon: 'IconCalendar', path: '/app/my-resource-view', order: 2, code: 'MY_CALENDER', children: [] },
  { _id: 'e.urgent', title: 'My Urgent Calls', icon: 'IconAlarm', path: '/app/my-urgent-tickets', order: 3, code: 'MY_URGENT_CALLS', children: [] },
  { _id: 'e.open', title: 'My Open Calls', icon: 'IconClipboardList', path: '/app/my-open-tickets', order: 4, code: 'MY_OPEN_CALLS', children: [] },
  { _id: 'e.scan', title: 'Machine Scanning', icon: 'IconScan', path: '/app/machine-scanning', order: 5, children: [] },
  { _id: 'e.parts', title: 'Request Spare Parts', icon: 'IconPackageImport', path: '/app/request-spareparts', order: 6, code: 'SPAREPART_REQUEST', children: [] },
];
const ENGINEER_PERMISSIONS = permissions(
  ['MY_CALENDER', 'VIEW'],
  ['MY_OPEN_CALLS', 'VIEW', 'CREATE', 'UPDATE'],
  ['MY_URGENT_CALLS', 'VIEW', 'CREATE', 'UPDATE'],
  ['SPAREPART_REQUEST', 'VIEW', 'CREATE'],
);
const engineer: Account = { login: ENGINEER, password: 'x', permissions: ENGINEER_PERMISSIONS, menu: ENGINEER_MENU };
const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };

const menuOf = (account: Account): NavEntry[] => leaves(buildMenu(account.menu, { permissions: account.permissions, roles: account.login.user.roles }));
const hrefs = (choices: ReturnType<typeof newChoices>) => choices.map((c) => c.href);

describe('the bottom bar, as a model', () => {
  it("gives an engineer his own calls as My work, Scan, and New with spare parts first and one ticket choice", () => {
    const all = menuOf(engineer);
    expect(myWorkEntry(all)?.href).toBe('/app/my-open-tickets');
    expect(scanEntry(all)?.href).toBe('/app/machine-scanning');
    // My Open and My Urgent Calls both make a ticket: one choice, the first by the field's order.
    expect(hrefs(newChoices(all, engineer.permissions, 'Subscriber-User', '/app/home'))).toEqual(['/app/request-spareparts?new', '/app/my-open-tickets?new']);
    // On a list he can create on, that list comes first.
    expect(hrefs(newChoices(all, engineer.permissions, 'Subscriber-User', '/app/my-urgent-tickets'))).toEqual(['/app/my-urgent-tickets?new', '/app/request-spareparts?new']);
  });

  it("gives an administrator Home as My work, no Scan, and New over his menu's lists (tickets first, no subscriber)", () => {
    const all = menuOf(admin);
    expect(myWorkEntry(all)).toBeUndefined();
    expect(scanEntry(all)).toBeUndefined();
    // Manage Subscriber is the platform operator's to make (useModulePermissions), so it is not offered.
    expect(hrefs(newChoices(all, admin.permissions, 'Subscriber-User', '/app/home'))).toEqual(['/app/ticket?new', '/app/manage-user?new', '/app/manage-role?new']);
  });

  it('offers nothing to create to someone who holds no CREATE', () => {
    const viewer: Account = { ...engineer, permissions: permissions(['MY_OPEN_CALLS', 'VIEW'], ['SPAREPART_REQUEST', 'VIEW']) };
    expect(newChoices(menuOf(viewer), viewer.permissions, 'Subscriber-User', '/app/home')).toEqual([]);
    expect(mayCreateFromMenu(menuOf(viewer), viewer.permissions)).toBe(false);
  });

  it("decides whether to offer New without the catalogue, by the ticket module's own feature", () => {
    // newRoutes.ts writes the feature out so the bar loads no catalogue: it must stay the module's.
    expect(TICKET_FEATURE).toBe(moduleNamed('ticket').feature);
    for (const account of [engineer, admin]) expect(mayCreateFromMenu(menuOf(account), account.permissions)).toBe(true);
  });
});

async function bottomBar(): Promise<HTMLElement> {
  return screen.findByRole('navigation', { name: 'Quick actions' });
}

describe('the bottom bar, on screen', () => {
  it("an engineer's bar: My work opens his open calls, Scan is there", async () => {
    storePreviousVisit(engineer);
    renderApp(apiFor([engineer]), '/app/home');
    const bar = await bottomBar();
    expect(within(bar).getByRole('link', { name: 'My work' }).getAttribute('href')).toBe('/app/my-open-tickets');
    expect(within(bar).getByRole('link', { name: 'Scan' }).getAttribute('href')).toBe('/app/machine-scanning');
    expect(within(bar).getByRole('button', { name: 'Create new' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it("an administrator's bar: My work is Home (current), no Scan, New lists what he can create and opens its form", async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const app = renderApp(apiFor([admin]), '/app/home');
    const bar = await bottomBar();
    const work = within(bar).getByRole('link', { name: 'My work' });
    expect(work.getAttribute('href')).toBe('/app/home');
    expect(work.getAttribute('aria-current')).toBe('page');
    expect(within(bar).queryByRole('link', { name: 'Scan' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Create new' }));
    const sheet = await screen.findByRole('dialog', { name: 'Create new' });
    const choices = within(sheet).getAllByRole('link');
    expect(choices.map((a) => a.getAttribute('href'))).toEqual(['/app/ticket?new', '/app/manage-user?new', '/app/manage-role?new']);
    await user.click(within(sheet).getByRole('link', { name: /Manage User/ }));
    // The list takes ?new away once its form is open.
    await expectPath(app, '/app/manage-user');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create new' })).toBeNull());
    // …and its New form is open.
    expect(await screen.findByRole('dialog', { name: /^New / })).toBeTruthy();
  });

  it("Menu's drawer lists only screens the person can open: a role with spare-part features only (issue 34)", async () => {
    const user = userEvent.setup();
    const stores: Account = {
      login: ENGINEER,
      password: 'x',
      permissions: permissions(['MANAGE_SPARE_PART', 'VIEW', 'CREATE', 'UPDATE', 'DELETE'], ['SPAREPART_REQUEST', 'VIEW', 'CREATE']),
      menu: productSideMenu(),
    };
    storePreviousVisit(stores);
    renderApp(apiFor([stores]), '/app/home');
    const bar = await bottomBar();
    await user.click(within(bar).getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    // Only the Spare Parts group is left; the dashboard counts spare parts. No scanner, no calendar, no sensor screen.
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Spare Parts & Purchase']);
    await user.click(within(nav).getByRole('button', { name: 'Spare Parts & Purchase' }));
    await waitFor(() => expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Dashboard', 'Spare Parts', 'Request Spare Parts']));
  });

  it('Menu opens a drawer with the whole navigation, which closes on navigation', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const app = renderApp(apiFor([admin]), '/app/home');
    const bar = await bottomBar();
    await user.click(within(bar).getByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Tickets']);
    await user.click(within(nav).getByRole('button', { name: 'Administration' }));
    await user.click(await within(nav).findByRole('link', { name: 'Manage Role' }));
    await expectPath(app, '/app/manage-role');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});
