/**
 * Privilege checks of spec document 1 §6. A feature is a screen code (the route code of the spec's table);
 * the server answers the signed-in user's entries, one or more per screen code.
 */
import { SITE_CONFIGURATION, type GuardedRoute } from './routes';

export interface PermissionEntry {
  screenCode: string;
  privileges: ReadonlyArray<{ code: string }>;
}

/** True when an entry for the screen code includes the privilege; entries of one screen code combine. */
export function hasPermission(
  entries: readonly PermissionEntry[] | null | undefined,
  screenCode: string,
  privilegeCode: string,
): boolean {
  if (!entries) return false;
  return entries.some(
    (entry) => entry.screenCode === screenCode && entry.privileges.some((privilege) => privilege.code === privilegeCode),
  );
}

/** The role name the spec singles out: it may never open manage-subscriber, whatever its privileges. */
export const RESTRICTED_ROLE = 'USER';

export type RoleLike = string | { name: string };

function roleName(role: RoleLike): string {
  return typeof role === 'string' ? role : role.name;
}

/**
 * Whether a route guarded by the table may open: VIEW on its code, and for manage-subscriber no stored
 * role USER. Users may hold several roles; holding USER among them is enough to be refused.
 */
export function canOpenRoute(
  entries: readonly PermissionEntry[] | null | undefined,
  route: GuardedRoute,
  roles: readonly RoleLike[] | null | undefined,
): boolean {
  if (!hasPermission(entries, route.code, 'VIEW')) return false;
  if (route.denyRoleUser && (roles ?? []).some((role) => roleName(role) === RESTRICTED_ROLE)) return false;
  return true;
}

/** Navigation shows only when SITE_CONFIGURATION grants SHOW_NAVIGATION. */
export function showsNavigation(entries: readonly PermissionEntry[] | null | undefined): boolean {
  return hasPermission(entries, SITE_CONFIGURATION.code, SITE_CONFIGURATION.showNavigation);
}
