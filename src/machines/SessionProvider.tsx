/**
 * React bindings of the root actor: the provider that starts it, and hooks through which components
 * subscribe (selectors) and send (intent functions). Components never call the API themselves.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { createActorContext, useSelector } from '@xstate/react';
import type { CallArgs } from '../api/calls';
import type { Query } from '../api/http';
import type { PrivilegeCode } from '../api/modules/define';
import type { ChangePasswordValues } from './flows/changePassword';
import type { ColorScheme, Direction, Locale, NavigationLayout, Preferences, SideNavStyle } from './flows/preferences';
import { DEFAULT_PREFERENCES } from './flows/preferences';
import type { ChangePasswordActorRef, SignatureActorRef } from './flowRefs';
import type { RecordBody, ResourceActorRef, ResourceSnapshot } from './resource';
import {
  selectChangePasswordActor,
  selectHasPermission,
  selectIsSignedIn,
  selectModuleActor,
  selectPreferencesActor,
  selectSignatureActor,
} from './selectors';
import { SESSION_SYSTEM_ID, sessionMachine, type SessionSnapshot } from './session';

export const SessionContext = createActorContext(sessionMachine, { systemId: SESSION_SYSTEM_ID });

export interface SessionProviderProps {
  children: ReactNode;
  /** Another session logic (tests provide one with fake actors). */
  logic?: typeof sessionMachine;
}

export function SessionProvider({ children, logic }: SessionProviderProps) {
  return <SessionContext.Provider logic={logic}>{children}</SessionContext.Provider>;
}

export const useSessionActor = SessionContext.useActorRef;

export function useSession<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return SessionContext.useSelector(selector, compare);
}

export function useHasPermission(screenCode: string, privilegeCode: PrivilegeCode | string): boolean {
  const selector = useMemo(() => selectHasPermission(screenCode, privilegeCode), [screenCode, privilegeCode]);
  return useSession(selector);
}

export interface SessionEvents {
  signIn(email: string, password: string): void;
  signOut(): void;
  expire(): void;
}

export function useSessionEvents(): SessionEvents {
  const session = useSessionActor();
  return useMemo(
    () => ({
      signIn: (email, password) => session.send({ type: 'session.signIn', email, password }),
      signOut: () => session.send({ type: 'session.signOut' }),
      expire: () => session.send({ type: 'session.expired' }),
    }),
    [session],
  );
}

/**
 * The lifecycle actor of a catalogue module. The first caller opens it (the session spawns it once); until
 * then, and while signed out, this is undefined.
 */
export function useModule(name: string): ResourceActorRef | undefined {
  const session = useSessionActor();
  const signedIn = useSession(selectIsSignedIn);
  const selector = useMemo(() => selectModuleActor(name), [name]);
  const actor = useSession(selector);
  useEffect(() => {
    if (signedIn && !actor) session.send({ type: 'module.open', module: name });
  }, [session, name, signedIn, actor]);
  return actor;
}

/** Reads a module actor's snapshot; `fallback` while the actor is not there yet. */
export function useModuleSelector<T>(
  actor: ResourceActorRef | undefined,
  selector: (snapshot: ResourceSnapshot) => T,
  fallback: T,
): T {
  return useSelector(actor, (snapshot: ResourceSnapshot | undefined) => (snapshot ? selector(snapshot) : fallback));
}

export interface ResourceEvents {
  list(query?: Query): void;
  create(body: RecordBody): void;
  update(id: string, body: RecordBody): void;
  remove(id: string): void;
  getById(id: string): void;
  call(name: string, args?: CallArgs): void;
  reset(): void;
}

export function useResourceEvents(actor: ResourceActorRef | undefined): ResourceEvents {
  return useMemo(
    () => ({
      list: (query) => actor?.send({ type: 'resource.list', query }),
      create: (body) => actor?.send({ type: 'resource.create', body }),
      update: (id, body) => actor?.send({ type: 'resource.update', id, body }),
      remove: (id) => actor?.send({ type: 'resource.remove', id }),
      getById: (id) => actor?.send({ type: 'resource.getById', id }),
      call: (name, args = {}) => actor?.send({ type: 'resource.call', name, ...args }),
      reset: () => actor?.send({ type: 'resource.reset' }),
    }),
    [actor],
  );
}

export interface PreferencesEvents {
  setNavigation(navigation: NavigationLayout): void;
  setSideNav(sideNav: SideNavStyle): void;
  toggleCollapsed(): void;
  setColorScheme(colorScheme: ColorScheme): void;
  setDirection(direction: Direction): void;
  setNavColor(navColor: string): void;
  setLocale(locale: Locale): void;
  reset(): void;
}

/** Theme and language with their intents; the preferences actor lives for the whole app. */
export function usePreferences(): Preferences & PreferencesEvents {
  const actor = useSession(selectPreferencesActor);
  const preferences = useSelector(actor, (snapshot) => snapshot?.context ?? DEFAULT_PREFERENCES);
  const events = useMemo<PreferencesEvents>(
    () => ({
      setNavigation: (navigation) => actor?.send({ type: 'preferences.setNavigation', navigation }),
      setSideNav: (sideNav) => actor?.send({ type: 'preferences.setSideNav', sideNav }),
      toggleCollapsed: () => actor?.send({ type: 'preferences.toggleCollapsed' }),
      setColorScheme: (colorScheme) => actor?.send({ type: 'preferences.setColorScheme', colorScheme }),
      setDirection: (direction) => actor?.send({ type: 'preferences.setDirection', direction }),
      setNavColor: (navColor) => actor?.send({ type: 'preferences.setNavColor', navColor }),
      setLocale: (locale) => actor?.send({ type: 'preferences.setLocale', locale }),
      reset: () => actor?.send({ type: 'preferences.reset' }),
    }),
    [actor],
  );
  return { ...preferences, ...events };
}

/** The change-password flow of the signed-in user (undefined while signed out). */
export function useChangePasswordActor(): ChangePasswordActorRef | undefined {
  return useSession(selectChangePasswordActor);
}

export function useChangePasswordEvents(actor: ChangePasswordActorRef | undefined) {
  return useMemo(
    () => ({
      submit: (values: ChangePasswordValues) => actor?.send({ type: 'password.submit', values }),
      reset: () => actor?.send({ type: 'password.reset' }),
    }),
    [actor],
  );
}

/** The signature flow of the signed-in user (undefined while signed out). */
export function useSignatureActor(): SignatureActorRef | undefined {
  return useSession(selectSignatureActor);
}

export function useSignatureEvents(actor: SignatureActorRef | undefined) {
  return useMemo(
    () => ({
      save: (pngDataUrl: string) => actor?.send({ type: 'signature.save', dataUrl: pngDataUrl }),
      reset: () => actor?.send({ type: 'signature.reset' }),
    }),
    [actor],
  );
}

export * from './selectors';
export * from './resourceSelectors';
