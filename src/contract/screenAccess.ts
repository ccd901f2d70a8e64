/**
 * Which screens a person may open: one rule for the route guard, the side menu (the server's answer and the
 * client's), the phone's Menu drawer, Home's cards and the open screens' own "not with your access" panel, so a
 * menu never lists a screen that opens on "Not available" (issue 34 item 4).
 *
 * - A guarded route (the table of spec document 1 §2) opens with VIEW on its code (canOpenRoute).
 * - An open route opens for every signed-in person, but most of them show the data of some modules: such a
 *   screen counts as openable only when the person may see at least one of what it shows (OPEN_ROUTE_NEEDS).
 * - `{product}Dashboard` and other open routes named after a module show that module: its VIEW, by feature or view.
 */
import { MODULE_ACCESS } from './moduleAccessTable';
import { canOpenRoute, hasPermission, type PermissionEntry, type RoleLike } from './permissions';
import { GUARDED_ROUTES } from './routes';

export interface Access {
  permissions: readonly PermissionEntry[] | null | undefined;
  roles: readonly RoleLike[] | null | undefined;
}

/**
 * Whether the person may call `moduleName` with `privilege`: its feature, or the code of a view that shows it
 * (`module` or `alsoModules`), as the server decides (server/auth/module-grants.ts).
 */
export function mayUseModule(permissions: readonly PermissionEntry[] | null | undefined, moduleName: string, privilege = 'VIEW'): boolean {
  const access = MODULE_ACCESS[moduleName];
  if (!access) return false;
  if (hasPermission(permissions, access.feature, privilege)) return true;
  return access.views.some((code) => hasPermission(permissions, code, privilege));
}

/** One thing an open screen shows: a feature's privilege, or a module's (by its feature or a view of it). */
export type ScreenNeed = { feature: string; privilege?: string } | { module: string; privilege?: string };

const TICKETS: readonly ScreenNeed[] = [{ module: 'svc-ticket' }, { module: 'ticket' }];
const MACHINES: readonly ScreenNeed[] = [{ feature: 'SVC_MACHINE_INSTANCE' }];
const ANALYTICS: readonly ScreenNeed[] = [{ feature: 'SENSOR_ANALYTICS' }];

/**
 * The open routes that show something only to some people, with what they show (any one is enough). The screens
 * ask this table too (useMayOpenScreen), so the panel they show without it and the menu agree. Open routes not
 * listed here (home, sign) are every signed-in person's.
 */
export const OPEN_ROUTE_NEEDS: Readonly<Record<string, readonly ScreenNeed[]>> = {
  // The overview counts tickets, machines, spare parts, proposals and invoices (server/domain/dashboards/overview.ts).
  dashboard: [...TICKETS, { module: 'svc-machine-instances' }, { module: 'spare-part-inventory' }, { module: 'proposal' }, { module: 'invoice' }],
  'ticket-dashbaord': [...TICKETS, { feature: 'SYSTEM_TICKET' }],
  'operator-view': [...TICKETS, { module: 'preventive-maintenance' }, { module: 'resource-view' }],
  'sales-dashboard': [{ feature: 'SALES-PIPELINE' }],
  'qr-code-encoder': MACHINES,
  // A scanned machine's card opens to whoever sees machines, raises tickets on them or works one (machine-card-access.ts).
  'machine-scanning': [...MACHINES, ...(['CREATE', 'UPDATE'] as const).flatMap((privilege) => TICKETS.map((need) => ({ ...need, privilege })))],
  'bom-tree': MACHINES,
  'dashboard-machine': MACHINES,
  'dashboard-realtime': [{ feature: 'SENSOR_DATA' }],
  'dashboard-ui': ANALYTICS,
  'dynamic-dashboard': ANALYTICS,
  graphURLDashboard: ANALYTICS,
};

/** 'sensorProduct' → 'sensor-product'. */
export function kebab(camel: string): string {
  return camel.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The module an open route is named after, if the catalogue has it ('sensorProductDashboard' → sensor-product). */
/** The name of the module an open route named after it shows (`sensorProductDashboard` → sensor-product), if any. */
export function moduleNameForOpenRoute(segment: string): string | undefined {
  const product = /^(.+)Dashboard$/.exec(segment);
  const candidates = product ? [kebab(product[1]!), product[1]!] : [segment, kebab(segment)];
  return candidates.find((name) => MODULE_ACCESS[name] !== undefined);
}

function meets(permissions: Access['permissions'], need: ScreenNeed): boolean {
  const privilege = need.privilege ?? 'VIEW';
  return 'module' in need ? mayUseModule(permissions, need.module, privilege) : hasPermission(permissions, need.feature, privilege);
}

const guardedByPath = new Map(GUARDED_ROUTES.map((r) => [r.path, r]));

/** Open routes every signed-in person opens, whatever their features. */
const EVERYONES = new Set(['home', 'sign']);

/**
 * Whether the person may open the screen of a route segment under /app ('manage-user', 'bom-tree',
 * 'sensorProductDashboard'). A segment the product has no screen for is not openable.
 */
export function mayOpenScreen(segment: string, access: Access): boolean {
  const guarded = guardedByPath.get(segment);
  if (guarded) return canOpenRoute(access.permissions, guarded, access.roles);
  if (EVERYONES.has(segment)) return true;
  const needs = OPEN_ROUTE_NEEDS[segment];
  if (needs) return needs.some((need) => meets(access.permissions, need));
  const name = moduleNameForOpenRoute(segment);
  return name !== undefined && mayUseModule(access.permissions, name);
}

/** The route segment of an in-app path: 'manage-user', '/manage-user', 'app/manage-user', '/app/manage-user/x' → 'manage-user'. */
export function appSegment(path: string): string {
  const trimmed = path.trim().replace(/^\/+/, '');
  const inApp = trimmed === 'app' ? '' : trimmed.replace(/^app\//, '');
  return inApp.split(/[/?#]/)[0] ?? '';
}

/** A side-menu entry as far as access goes: its route (null for a group), the code it asks for, its entries. */
export interface MenuNode {
  path: string | null;
  code?: string;
  children?: readonly MenuNode[];
}

/** Whether the person may open a menu entry's own route: its screen by mayOpenScreen, and the entry's code if it has one. */
export function mayOpenEntry(path: string | null | undefined, code: string | undefined, access: Access): boolean {
  if (code && !hasPermission(access.permissions, code, 'VIEW')) return false;
  return path ? mayOpenScreen(appSegment(path), access) : true;
}

/**
 * The menu a person sees: entries they may open, groups keeping the entries left (a group left empty goes, a
 * group whose code they lack goes), and an entry they may not open but whose sub-entries they may becomes their
 * group (its path null). The server answers this (getSideMenu); the client applies it again to a stored menu.
 */
export function openableMenu<T extends MenuNode>(items: readonly T[], access: Access): T[] {
  return items.flatMap((item): T[] => {
    const children = openableMenu((item.children ?? []) as readonly T[], access);
    if (!item.path) {
      if (children.length === 0) return [];
      if (item.code && !hasPermission(access.permissions, item.code, 'VIEW')) return [];
      return [{ ...item, children }];
    }
    if (mayOpenEntry(item.path, item.code, access)) return [{ ...item, children }];
    return children.length > 0 ? [{ ...item, path: null, children }] : [];
  });
}
