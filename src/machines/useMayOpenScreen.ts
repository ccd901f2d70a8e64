/**
 * Whether the signed-in person may open a screen, by the one rule of src/contract/screenAccess.ts. Its own module,
 * not SessionProvider's: the rule reads the catalogue (zod schemas), which the first pages must not load.
 */
import { mayOpenScreen } from '../contract/screenAccess';
import { selectPermissions, selectUser, useSession } from './SessionProvider';

/** Whether the person may open the screen of a route segment under /app: the route guard's and the menu's rule. */
export function useMayOpenScreen(segment: string): boolean {
  const permissions = useSession(selectPermissions);
  const roles = useSession(selectUser)?.roles;
  return mayOpenScreen(segment, { permissions, roles });
}
