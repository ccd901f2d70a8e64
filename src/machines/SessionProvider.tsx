/**
 * React bindings of the root actor: the provider that starts it, and hooks through which components
 * subscribe (selectors) and send (intent functions). Components never call the API themselves.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { createActorContext, useSelector } from '@xstate/react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { CallArgs } from '../api/calls';
import type { Query } from '../api/http';
import type { PrivilegeCode } from '../contract/modules/define';
import type { ChangePasswordValues } from './flows/changePassword';
import type { ColorScheme, Direction, Locale, NavigationLayout, Preferences, SideNavStyle } from './flows/preferences';
import { DEFAULT_PREFERENCES } from './flows/preferences';
import type { ChangePasswordActorRef, PublicActorRefs, SignatureActorRef } from './flowRefs';
import type { RecordBody, ResourceActorRef, ResourceSnapshot } from './resource';
import {
  selectChangePasswordActor,
  selectHasPermission,
  selectIsSignedIn,
  selectModuleActor,
  selectPermissions,
  selectPreferencesActor,
  selectSignatureActor,
  selectUser,
} from './selectors';
import { loadModuleLogic, loadPublicPageLogic } from './sessionLogic';
import {
  PUBLIC_ACTOR_IDS,
  SESSION_SYSTEM_ID,
  sessionMachine,
  type Landing,
  type PublicPageName,
  type SessionInput,
  type SessionSnapshot,
  type StoredSession,
} from './sessionMachine';

export const SessionContext = createActorContext(sessionMachine, { systemId: SESSION_SYSTEM_ID });

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export interface SessionProviderProps {
  children: ReactNode;
  /** Another session logic (tests provide one with fake actors). */
  logic?: typeof sessionMachine;
  /** The clock of every delayed transition in the tree (tests advance a simulated one). */
  clock?: Clock;
  /** The public link the visitor landed on, opened in the session's first snapshot (sessionMachine.ts). */
  landing?: Landing;
  /** The session an earlier visit kept, read before the first render: the session starts signed in with it. */
  restored?: StoredSession;
}

export function SessionProvider({ children, logic, clock, landing, restored }: SessionProviderProps) {
  // An explicit `clock: undefined` would replace the real clock, so it is passed only when given.
  const input: SessionInput = { ...(landing ? { landing } : {}), ...(restored ? { restored } : {}) };
  return (
    <SessionContext.Provider logic={logic} options={clock ? { clock, input } : { input }}>
      {children}
    </SessionContext.Provider>
  );
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
 * then, and while signed out, this is undefined. The actors' code is brought first (sessionLogic.ts
 * loadModuleLogic): it travels with the screens that show modules, which are in by the time they call this.
 */
export function useModule(name: string): ResourceActorRef | undefined {
  const session = useSessionActor();
  const signedIn = useSession(selectIsSignedIn);
  const selector = useMemo(() => selectModuleActor(name), [name]);
  const actor = useSession(selector);
  useEffect(() => {
    if (!signedIn || actor) return;
    let current = true;
    void loadModuleLogic().then(() => {
      if (current) session.send({ type: 'module.open', module: name });
    });
    return () => {
      current = false;
    };
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
  /** `saw`: the version the person read, and the body the form would have sent untouched (what they changed is the rest). */
  update(id: string, body: RecordBody, saw?: SavedFrom): void;
  remove(id: string, version?: number): void;
  getById(id: string): void;
  call(name: string, args?: CallArgs): void;
  reset(): void;
  /** After a stale save: read the record again, keeping the person's changes. */
  rebase(): void;
}

/** What a save was made from: the record's version as read, and the form's body before any typing. */
export interface SavedFrom {
  version?: number;
  unchanged?: RecordBody;
}

export function useResourceEvents(actor: ResourceActorRef | undefined): ResourceEvents {
  return useMemo(
    () => ({
      list: (query) => actor?.send({ type: 'resource.list', query }),
      create: (body) => actor?.send({ type: 'resource.create', body }),
      update: (id, body, saw = {}) => actor?.send({ type: 'resource.update', id, body, ...(saw.version !== undefined ? { version: saw.version } : {}), ...(saw.unchanged ? { unchanged: saw.unchanged } : {}) }),
      remove: (id, version) => actor?.send({ type: 'resource.remove', id, ...(version !== undefined ? { version } : {}) }),
      getById: (id) => actor?.send({ type: 'resource.getById', id }),
      call: (name, args = {}) => actor?.send({ type: 'resource.call', name, ...args }),
      reset: () => actor?.send({ type: 'resource.reset' }),
      rebase: () => actor?.send({ type: 'resource.rebase' }),
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

/** Where a public page stands: its link being opened, its actor running, or a link missing its parameters. */
export type PublicPageStatus = 'opening' | 'open' | 'invalid';

export function selectPublicPageStatus(page: PublicPageName) {
  return (snapshot: SessionSnapshot): PublicPageStatus => {
    if (snapshot.matches({ public: 'invalid' })) return 'invalid';
    if (snapshot.matches({ public: 'page' }) && snapshot.context.publicLink?.page === page) return 'open';
    return 'opening';
  };
}

export function selectPublicActor<P extends PublicPageName>(page: P) {
  return (snapshot: SessionSnapshot): PublicActorRefs[P] | undefined =>
    (snapshot.children as Partial<Record<string, PublicActorRefs[P]>>)[PUBLIC_ACTOR_IDS[page]];
}

/**
 * A /public/* screen opens its page in the session for as long as it is mounted: the session reads the
 * link's query (`location.search`), ends any staff session in this tab and spawns the page's actor, or
 * marks the link invalid; unmounting the screen (leaving the page) stops the actor.
 */
export function usePublicPage(page: PublicPageName, query: string): PublicPageStatus {
  const session = useSessionActor();
  useEffect(() => {
    // The page's flow is not in the entry (sessionLogic.ts): it is brought first, from the screen's own chunk.
    let mounted = true;
    void loadPublicPageLogic(page).then(() => mounted && session.send({ type: 'public.open', page, query }));
    return () => {
      mounted = false;
      session.send({ type: 'public.close' });
    };
  }, [session, page, query]);
  const selector = useMemo(() => selectPublicPageStatus(page), [page]);
  return useSession(selector);
}

/** The actor the session runs for a public page (undefined until the page is open). */
export function usePublicActor<P extends PublicPageName>(page: P): PublicActorRefs[P] | undefined {
  const selector = useMemo(() => selectPublicActor(page), [page]);
  return useSession(selector);
}

export * from './selectors';
export * from './resourceSelectors';
