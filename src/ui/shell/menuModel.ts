/**
 * The navigation entries a person sees: the subscriber's menu from the server (sorted by its order field,
 * with groups and sub-menus), each entry kept only when the person may open its route, or the spec's
 * static fallback menu when the server sent none (document 1 §2).
 */
import type { SideMenuItem } from '../../api/account';
import { mayOpenEntry, openableMenu, type Access } from '../../contract/screenAccess';
import type { TKey } from '../../i18n';
import { navEn } from '../../i18n/en';

export type { Access };

export interface NavEntry {
  key: string;
  /** A server title, shown as is. */
  label?: string;
  /** A fallback entry's dictionary key. */
  labelKey?: TKey;
  icon: string;
  /** Absolute in-app path (/app/…); groups have none. */
  href?: string;
  children: NavEntry[];
}

/** 'manage-user', '/manage-user', 'app/manage-user' and '/app/manage-user' all become '/app/manage-user'. */
export function appPath(path: string): string {
  const trimmed = path.trim().replace(/^\/+/, '');
  return trimmed.startsWith('app/') || trimmed === 'app' ? `/${trimmed}` : `/app/${trimmed}`;
}

/** The route segment right after /app/ ('/app/manage-user/x' → 'manage-user'). */
export function routeSegment(href: string): string {
  return href.replace(/^\/app\/?/, '').split(/[/?#]/)[0];
}

/**
 * Whether the person may open an in-app path: its screen by the one rule the route guard uses
 * (src/contract/screenAccess.ts), and the entry's own code when the menu gives one.
 */
export function mayOpen(href: string | undefined, code: string | undefined, access: Access): boolean {
  return mayOpenEntry(href ?? null, code, access);
}

function byOrder(a: SideMenuItem, b: SideMenuItem): number {
  return (a.order ?? 0) - (b.order ?? 0);
}


/**
 * The dictionary key of a product entry (`menu.home`, `menu.<group>`, `menu.<group>.<route>`: side-menu.ts), when its
 * title is still the product's: the person reads it in their language. A title an administrator changed, or an
 * entry of their own, is shown as they wrote it.
 */
export function productEntryKey(item: Pick<SideMenuItem, '_id' | 'title' | 'path'>): TKey | undefined {
  const parts = /^menu\.([^.]+)(?:\.(.+))?$/.exec(item._id);
  if (!parts) return undefined;
  const [, first, route] = parts;
  const [section, name] = route ? (['entries', route] as const) : item.path ? (['entries', first] as const) : (['groups', first] as const);
  const words: Readonly<Record<string, string>> = navEn[section];
  return words[name] === item.title ? (`nav.${section}.${name}` as TKey) : undefined;
}

function fromServer(item: SideMenuItem): NavEntry {
  const children = [...(item.children ?? [])].sort(byOrder).map(fromServer);
  const labelKey = productEntryKey(item);
  return { key: item._id, ...(labelKey ? { labelKey } : { label: item.title }), icon: item.icon, href: item.path ? appPath(item.path) : undefined, children };
}

/**
 * The spec's static fallback menu: home, manage user, role, privilege, feature, and the sensor screens
 * (product, instance, data, analytics, cqrs). The sensor screens have no row in the route table; they
 * open on the `{product}Dashboard` pattern route, which shows the module of that name once it exists.
 */
export const FALLBACK_MENU: readonly NavEntry[] = [
  { key: 'home', labelKey: 'menu.home', icon: 'home', href: '/app/home', children: [] },
  { key: 'manage-user', labelKey: 'menu.manageUser', icon: 'users', href: '/app/manage-user', children: [] },
  { key: 'manage-role', labelKey: 'menu.manageRole', icon: 'user-cog', href: '/app/manage-role', children: [] },
  { key: 'manage-privilege', labelKey: 'menu.managePrivilege', icon: 'shield-lock', href: '/app/manage-privilege', children: [] },
  { key: 'manage-feature', labelKey: 'menu.manageFeature', icon: 'key', href: '/app/manage-feature', children: [] },
  { key: 'sensor-product', labelKey: 'menu.sensorProduct', icon: 'cpu', href: '/app/sensorProductDashboard', children: [] },
  { key: 'sensor-instance', labelKey: 'menu.sensorInstance', icon: 'wifi', href: '/app/sensorInstanceDashboard', children: [] },
  { key: 'sensor-data', labelKey: 'menu.sensorData', icon: 'database', href: '/app/sensorDataDashboard', children: [] },
  { key: 'analytics', labelKey: 'menu.analytics', icon: 'chart-line', href: '/app/sensorAnalyticDashboard', children: [] },
  { key: 'cqrs', labelKey: 'menu.cqrs', icon: 'stack', href: '/app/cqrsDashboard', children: [] },
];

/** The entries to show for a server menu (possibly empty) and the person's access. */
export function buildMenu(serverMenu: readonly SideMenuItem[] | null | undefined, access: Access): NavEntry[] {
  if (serverMenu && serverMenu.length > 0) {
    return [...openableMenu(serverMenu, access)].sort(byOrder).map(fromServer);
  }
  return FALLBACK_MENU.filter((entry) => mayOpen(entry.href, undefined, access));
}

/** Every leaf entry with a link, depth first (home cards, bottom menu). */
export function leaves(entries: readonly NavEntry[]): NavEntry[] {
  return entries.flatMap((e) => (e.children.length ? leaves(e.children) : e.href ? [e] : []));
}

/** Whether an entry (or one of its children) is the current page. */
export function isActive(entry: NavEntry, location: string): boolean {
  if (entry.href && (location === entry.href || location.startsWith(entry.href + '/'))) return true;
  return entry.children.some((c) => isActive(c, location));
}
