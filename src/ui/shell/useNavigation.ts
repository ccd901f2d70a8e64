/** The person's navigation entries (server menu or fallback, filtered by access) and whether to show them. */
import { useMemo } from 'react';
import { selectPermissions, selectShowsNavigation, selectSideMenu, selectUser, useSession } from '../../machines/SessionProvider';
import { buildMenu, type NavEntry } from './menuModel';

export function useNavEntries(): NavEntry[] {
  const menu = useSession(selectSideMenu);
  const permissions = useSession(selectPermissions);
  const user = useSession(selectUser);
  const roles = user?.roles;
  return useMemo(() => buildMenu(menu, { permissions, roles }), [menu, permissions, roles]);
}

/** Navigation shows only when SITE_CONFIGURATION grants SHOW_NAVIGATION (spec document 1 §2). */
export function useShowsNavigation(): boolean {
  return useSession(selectShowsNavigation);
}
