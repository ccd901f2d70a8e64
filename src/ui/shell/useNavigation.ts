/** The person's navigation entries (server menu or fallback, filtered by access), their labels, and whether to show them. */
import { useMemo } from 'react';
import { selectPermissions, selectShowsNavigation, selectSideMenu, selectUser, useSession } from '../../machines/SessionProvider';
import { useT } from '../../i18n';
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

/** A server entry's title as sent, a fallback entry's text in the person's language. */
export function useNavLabel(): (entry: NavEntry) => string {
  const t = useT();
  return (entry) => entry.label ?? (entry.labelKey ? t(entry.labelKey) : entry.key);
}
