/** Selectors over the session snapshot: what screens read with `useSession(selector)`. */
import type { SessionUser, SideMenuItem } from '../api/account';
import { hasPermission, showsNavigation, type PermissionEntry } from '../contract/permissions';
import type { PrivilegeCode } from '../contract/modules/define';
import { zoneOrDefault } from '../contract/zonedTime';
import type { ResourceActorRef } from './resource';
import type { SessionSnapshot, SignInRefusal } from './sessionMachine';
import type { ChangePasswordActorRef, PreferencesActorRef, SignatureActorRef } from './flowRefs';

export const selectUser = (snapshot: SessionSnapshot): SessionUser | null => snapshot.context.user;
export const selectPermissions = (snapshot: SessionSnapshot): PermissionEntry[] => snapshot.context.permissions;
export const selectSideMenu = (snapshot: SessionSnapshot): SideMenuItem[] => snapshot.context.sideMenu;
/** The subscriber's time zone (issue 31, item 4): every time on every screen is shown and entered in it; India's until known. */
export const selectTimezone = (snapshot: SessionSnapshot): string => zoneOrDefault(snapshot.context.timezone);
export const selectSignInError = (snapshot: SessionSnapshot): SignInRefusal | null => snapshot.context.signInError;
export const selectIsRestoring = (snapshot: SessionSnapshot): boolean => snapshot.matches('restoring');
export const selectIsSigningIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('signingIn');
export const selectIsSigningOut = (snapshot: SessionSnapshot): boolean => snapshot.matches('signingOut');
export const selectIsSignedIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('authenticated');
/** True while a fresh sign-in waits for its permissions (a restored session already has the stored ones). */
export const selectIsAccessLoading = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ authenticated: { permissions: 'loading' } }) && snapshot.context.permissions.length === 0;
/** True while a fresh sign-in waits for its side menu (a restored session shows the stored one meanwhile). */
export const selectIsMenuLoading = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ authenticated: { sideMenu: 'loading' } }) && snapshot.context.sideMenu.length === 0;
/**
 * True while a fresh sign-in waits for what its navigation is made of, privileges or menu: with nothing kept from an
 * earlier visit, the fallback menu a missing server menu falls back to is not what this person will be shown.
 */
export const selectIsNavigationLoading = (snapshot: SessionSnapshot): boolean => selectIsAccessLoading(snapshot) || selectIsMenuLoading(snapshot);
export const selectShowsNavigation = (snapshot: SessionSnapshot): boolean => showsNavigation(snapshot.context.permissions);
export const selectRoleNames = (snapshot: SessionSnapshot): string[] =>
  snapshot.context.user?.roles.map((role) => role.name) ?? [];

export function selectHasPermission(screenCode: string, privilegeCode: PrivilegeCode | string) {
  return (snapshot: SessionSnapshot): boolean => hasPermission(snapshot.context.permissions, screenCode, privilegeCode);
}

/** The lifecycle actor of a module, once `module.open` spawned it. */
export function selectModuleActor(name: string) {
  return (snapshot: SessionSnapshot): ResourceActorRef | undefined =>
    (snapshot.children as Record<string, ResourceActorRef | undefined>)[name];
}

export const selectPreferencesActor = (snapshot: SessionSnapshot): PreferencesActorRef | undefined =>
  snapshot.children.preferences;
export const selectChangePasswordActor = (snapshot: SessionSnapshot): ChangePasswordActorRef | undefined =>
  snapshot.children.changePassword;
export const selectSignatureActor = (snapshot: SessionSnapshot): SignatureActorRef | undefined => snapshot.children.signature;
