/**
 * The signed-in person as the lifecycle machines see them, made from the session's permissions: what a screen
 * needs to offer a step from a list row with the same pure machine the server decides with, before it has read
 * the record's own `allowedEvents` (the step itself is then checked by the server, which has the last word).
 */
import { useMemo } from 'react';
import { todayInIndia } from '../../contract/dates';
import type { LifecycleCaller } from '../../machines/lifecycles/index';
import { selectPermissions, selectUser } from '../../machines/selectors';
import { useSession } from '../../machines/SessionProvider';


export function useLifecycleCaller(): LifecycleCaller | null {
  const user = useSession(selectUser);
  const entries = useSession(selectPermissions);
  return useMemo(() => {
    if (!user) return null;
    const permissions: Record<string, string[]> = {};
    for (const entry of entries) permissions[entry.screenCode] = [...(permissions[entry.screenCode] ?? []), ...entry.privileges.map((p) => p.code)];
    return { kind: 'staff', id: user._id, name: user.name, permissions, today: todayInIndia() };
  }, [user, entries]);
}
