/** People, permissions and menus the UI tests sign in with (shapes as the API host answers them). */
import type { LoginResult, SideMenuItem } from '../../../src/api/account';
import type { PermissionEntry } from '../../../src/contract/permissions';
import { GUARDED_ROUTES, SITE_CONFIGURATION } from '../../../src/contract/routes';

const ALL = [{ code: 'VIEW' }, { code: 'CREATE' }, { code: 'UPDATE' }, { code: 'DELETE' }];

export const SHOW_NAVIGATION: PermissionEntry = { screenCode: SITE_CONFIGURATION.code, privileges: [{ code: SITE_CONFIGURATION.showNavigation }] };

export const ADMIN_PERMISSIONS: PermissionEntry[] = [...GUARDED_ROUTES.map((r) => ({ screenCode: r.code, privileges: ALL })), SHOW_NAVIGATION];

export function permissions(...entries: Array<[code: string, ...privileges: string[]]>): PermissionEntry[] {
  return [...entries.map(([screenCode, ...codes]) => ({ screenCode, privileges: codes.map((code) => ({ code })) })), SHOW_NAVIGATION];
}

export const ADMIN: LoginResult = {
  token: 'token-admin',
  timezone: 'Asia/Kolkata',
  user: {
    _id: 'u-admin',
    name: 'Asha Kulkarni',
    email: 'admin@demo.local',
    roles: [{ name: 'ADMIN' }],
    userType: 'Subscriber-User',
    subscriberId: 'sub-demo',
  },
};

export const ENGINEER: LoginResult = {
  token: 'token-engineer',
  timezone: 'Asia/Kolkata',
  user: {
    _id: 'u-engineer',
    name: 'Ravi Shankar Iyer',
    email: 'engineer@demo.local',
    roles: [{ name: 'USER' }],
    userType: 'Subscriber-User',
    subscriberId: 'sub-demo',
  },
};

/** The demo's accounts clerk (ACCOUNTS_CLERK): raises credit notes and records payments, sees invoices through Final Invoices. */
export const CLERK: LoginResult = {
  token: 'token-clerk',
  timezone: 'Asia/Kolkata',
  user: {
    _id: 'u-clerk',
    name: 'Kiran Desai',
    email: 'clerk@demo.local',
    roles: [{ name: 'ACCOUNTS_CLERK' }],
    userType: 'Subscriber-User',
    subscriberId: 'sub-demo',
  },
};

export const CLERK_PERMISSIONS: PermissionEntry[] = permissions(['FINAL_INVOICE_LIST', 'VIEW'], ['GENERATE_CREDIT_NOTE', 'VIEW', 'CREATE', 'UPDATE'], ['PAYMENT', 'VIEW', 'CREATE']);

export const ADMIN_MENU: SideMenuItem[] = [
  { _id: 'm.home', title: 'Home', icon: 'IconHome', path: '/app/home', order: 1, children: [] },
  {
    _id: 'm.admin',
    title: 'Administration',
    icon: 'IconSettings',
    path: null,
    order: 3,
    children: [
      { _id: 'm.role', title: 'Manage Role', icon: 'IconUserShield', path: '/app/manage-role', order: 2, code: 'MANAGE_ROLE', children: [] },
      { _id: 'm.user', title: 'Manage User', icon: 'IconUsers', path: '/app/manage-user', order: 1, code: 'MANAGE_USER', children: [] },
      { _id: 'm.sub', title: 'Manage Subscriber', icon: 'IconBuildingSkyscraper', path: '/app/manage-subscriber', order: 3, code: 'MANAGE_SUBSCRIBER', children: [] },
    ],
  },
  { _id: 'm.tickets', title: 'Tickets', icon: 'IconTicket', path: '/app/ticket', order: 2, code: 'TICKET_LIST', children: [] },
];
