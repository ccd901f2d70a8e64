/**
 * The redirects and guards of spec document 1 §2 and §6, as components over the session's state:
 * - while the session is restored from the store, a full-page loader (never a redirect);
 * - /auth/* when signed in → /app/home; /app/* when signed out → /auth/login-2;
 * - a guarded route without (code, VIEW) → /app/home; manage-subscriber also refuses a stored role USER.
 */
import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { notify } from '../api/notify';
import { canOpenRoute } from '../contract/permissions';
import {
  selectIsAccessLoading,
  selectIsRestoring,
  selectIsSignedIn,
  selectIsSigningOut,
  selectPermissions,
  selectUser,
  useSession,
} from '../machines/SessionProvider';
import { FullPageLoader } from '../ui/kit/FullPageLoader';
import type { GuardedRoute } from '../contract/routes';

export const HOME = '/app/home';
export const SIGN_IN = '/auth/login-2';

/** The sign-in area: shown to signed-out people only. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const restoring = useSession(selectIsRestoring);
  const signedIn = useSession(selectIsSignedIn);
  if (restoring) return <FullPageLoader />;
  if (signedIn) return <Redirect to={HOME} replace />;
  return <>{children}</>;
}

/** The application area: shown to signed-in people only. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const restoring = useSession(selectIsRestoring);
  const signedIn = useSession(selectIsSignedIn);
  const signingOut = useSession(selectIsSigningOut);
  if (restoring || signingOut) return <FullPageLoader />;
  if (!signedIn) return <Redirect to={SIGN_IN} replace />;
  return <>{children}</>;
}

/** The notice of a refused route, in English (the dictionaries' `shell.routeNotOpen` words it). */
const ROUTE_NOT_OPEN = 'That page is not open to your role: here is your home page';

/** A route of the guarded table: its code's VIEW privilege (and, for manage-subscriber, no role USER), by the menus' rule. */
export function RouteGuard({ route, children }: { route: GuardedRoute; children: ReactNode }) {
  const permissions = useSession(selectPermissions);
  const user = useSession(selectUser);
  const accessLoading = useSession(selectIsAccessLoading);
  // The menus' rule for a guarded route (src/contract/screenAccess.ts `mayOpenScreen` answers canOpenRoute for it),
  // called directly: that module reads the catalogue's schemas, which the first pages must not load.
  const refused = !accessLoading && !canOpenRoute(permissions, route, user?.roles);
  // The spec sends the person home; a link or a typed address that led nowhere says so, instead of a silent home page.
  useEffect(() => {
    if (refused) notify({ color: 'yellow', message: ROUTE_NOT_OPEN, words: { key: 'shell.routeNotOpen' } });
  }, [refused]);
  // A fresh sign-in has no permissions until they arrive: wait rather than send the person home.
  if (accessLoading) return <FullPageLoader fullHeight={false} />;
  if (refused) return <Redirect to={HOME} replace />;
  return <>{children}</>;
}
