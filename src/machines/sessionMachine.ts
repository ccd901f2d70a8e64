/**
 * The root of the actor tree (issue 3): restores the session from the encrypted store, signs in and out,
 * loads permissions and the side menu, holds the socket, and owns every other actor:
 * - `preferences` for the whole life of the app (signed in or not);
 * - `changePassword`, `signature` and the `socket` while authenticated;
 * - one lifecycle actor per catalogue module, spawned on first use with id = systemId = module name,
 *   never twice, all stopped on sign-out (the module is looked up in moduleRegistry.ts, so this file does
 *   not carry the catalogue to the sign-in and public pages);
 * - on a public route (issue 5), the page's workflow actor: `public.open` with the page and its link's
 *   query spawns `publicProposal` or `subscriberDetails` (id = systemId), `public.close` stops it;
 * - the flow of each screen that is open (issue 38, screenActors.ts): `screen.open` spawns it (id = systemId =
 *   the screen's name), `screen.close` stops it, and signing out (or a public link) stops every one left.
 *
 * Like the module actors, I/O actors are spawned on entry and stopped on exit (requestState.ts).
 */
import {
  assign,
  emit,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  spawnChild,
  stopChild,
  type ActorRefFrom,
  type AnyActorLogic,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import type { Socket } from 'socket.io-client';
import {
  CLIENT_USER_TYPE,
  fetchPermissions,
  fetchSideMenu,
  login,
  logout,
  type Credentials,
  type LoginResult,
  type SessionUser,
  type SideMenuItem,
} from '../api/account';
import { apiBaseURL, toErrorPayload, type ErrorPayload } from '../api/http';
import type { Words } from '../contract/messageWords';
import { notify } from '../api/notify';
import type { PermissionEntry } from '../contract/permissions';
import { clearAll, isStored, readStored, writeStored } from '../api/storage';
import { preferencesMachine } from './flows/preferences';
import type { UpdatedUser } from './flows/signature';
import type { ViewResult } from './flows/publicProposalCalls';
import { PUBLIC_ACTOR_IDS, publicLinkOf, sameLink, type PublicLink, type PublicPageName } from '../contract/publicLinks';
import { registeredModule } from './moduleRegistry';
import { requestChildId, requestState } from './requestState';
import { withScreenClosed, withScreenOpened, type OpenScreens, type ScreenEvent } from './screenActors';
import { loadSignedInLogic, SESSION_LOGIC } from './sessionLogic';
import { SESSION_SYSTEM_ID } from './systemIds';
import type { TicketAssigned } from '../contract/ticketShapes';

export const SIGN_IN_FAILED = 'Unable to sign in';

/** The server's refusal of a sign-in with its words, or, when it said nothing, the page's own (login.unableToSignIn). */
function signInRefusal(error: ErrorPayload): SignInRefusal {
  if (!error.message) return { message: SIGN_IN_FAILED, words: { key: 'login.unableToSignIn' } };
  return { message: error.message, ...(error.words ? { words: error.words } : {}), ...(error.limit ? { limit: error.limit } : {}) };
}
export const PERMISSIONS_FAILED = 'Failed to get list of Permission';
export const SIDE_MENU_FAILED = 'Failed to get SideMenu';

export interface StoredSession {
  token: string;
  user: SessionUser;
  timezone: string | null;
  permissions: PermissionEntry[];
  sideMenu: SideMenuItem[];
}

/**
 * The session kept by an earlier visit, or null (absent, signed out, or undecryptable: then cleared). `read` is
 * the store's reader: readStored (a value that does not decrypt clears the store and asks the person to sign in
 * again) or readStoredOrThrow (it throws instead, and clears nothing: keptSession.ts, before the first render).
 */
export function readStoredSession(read: typeof readStored = readStored): StoredSession | null {
  if (read('loggedIN') !== true) return null;
  const token = read('tn_ah');
  const user = read('user');
  if (!token || !user) return null;
  return {
    token,
    user,
    timezone: read('timezone'),
    permissions: read('p_m__') ?? [],
    sideMenu: read('m1e2n3u4') ?? [],
  };
}

/**
 * What a sign-in leaves in the store (document 1 §3, §9). Whatever an earlier session left goes first: its
 * permissions and menu would otherwise stand in for this person's until theirs arrive, and a page reloaded in
 * between would open (or refuse) routes by another person's privileges.
 */
export function storeSignIn(result: LoginResult): void {
  clearAll();
  writeStored('tn_ah', result.token);
  writeStored('loggedIN', true);
  writeStored('user', result.user);
  writeStored('timezone', result.timezone);
  writeStored('subscriberId', result.user.subscriberId);
  if (result.user.userType === CLIENT_USER_TYPE && result.user.client) {
    writeStored('clientId', result.user.client._id);
    writeStored('clientName', result.user.client.companyName);
  }
}

/** Profile changes never carry role names (the user record holds role ids): keep the signed-in roles. */
export function mergeUser(current: SessionUser, update: UpdatedUser): SessionUser {
  const rolesHaveNames =
    Array.isArray(update.roles) && update.roles.every((role) => typeof role === 'object' && role !== null && 'name' in role);
  return { ...current, ...update, roles: rolesHaveNames && update.roles ? update.roles : current.roles };
}

/** A refused sign-in as the sign-in page says it, in the person's language from its words or its limit. */
export interface SignInRefusal {
  message: string;
  words?: Words;
  limit?: ErrorPayload['limit'];
}

export interface SessionContext {
  token: string | null;
  user: SessionUser | null;
  timezone: string | null;
  permissions: PermissionEntry[];
  sideMenu: SideMenuItem[];
  /** Modules whose actor is running, in the order they were opened. */
  openModules: string[];
  /** Screens whose actor is running, by id, with how many mounted screens use each (screenActors.ts). */
  openScreens: OpenScreens;
  /** Why the last sign-in was refused: the server's English, its words, and the limit when one refused it. */
  signInError: SignInRefusal | null;
  /** The public page open on a /public/* route (null elsewhere, and for a link missing its parameters). */
  publicLink: PublicLink | null;
  /** The proposal view the visitor's landing brought (SessionInput), until the page's actor takes it. */
  landedView: ViewResult | null;
}

/**
 * The public link the visitor landed on, read before the first render (main.tsx): the session opens it in its
 * first snapshot, so the page renders at once rather than after a loader and an effect's `public.open`
 * (issue 18). `viewed` is the proposal's view when its answer came with the page (publicProposalCalls.ts).
 */
export interface Landing {
  page: PublicPageName;
  query: string;
  viewed?: ViewResult;
}

export interface SessionInput {
  landing?: Landing;
  /**
   * The session an earlier visit kept, read before the first render with the signed-in session's code loaded
   * (keptSession.ts, main.tsx): the session starts authenticated in its first snapshot, and React's first render
   * is the signed-in page rather than a loader replaced a render later (issue 18).
   */
  restored?: StoredSession;
}

export interface RecordChanged {
  module: string;
  op: string;
  _id: string;
}

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string }
  | { type: 'session.signOut' }
  /** A 401/403 elsewhere: the token is gone, so no logout call. */
  | { type: 'session.expired' }
  | { type: 'session.userUpdated'; user: UpdatedUser }
  | { type: 'module.open'; module: string }
  | ({ type: 'socket.recordChanged' } & RecordChanged)
  | ({ type: 'socket.ticketAssigned' } & TicketAssigned)
  /** A /public/* page opened with its link's query (`location.search`), or left. */
  | { type: 'public.open'; page: PublicPageName; query: string }
  | { type: 'public.close' }
  | ScreenEvent
  | DoneActorEvent<StoredSession | null, 'restore'>
  | ErrorActorEvent<unknown, 'restore'>
  | DoneActorEvent<LoginResult, 'login'>
  | ErrorActorEvent<unknown, 'login'>
  | DoneActorEvent<PermissionEntry[], 'permissions'>
  | ErrorActorEvent<unknown, 'permissions'>
  | DoneActorEvent<SideMenuItem[], 'sideMenu'>
  | ErrorActorEvent<unknown, 'sideMenu'>
  | DoneActorEvent<unknown, 'logout'>
  | ErrorActorEvent<unknown, 'logout'>;

/**
 * What the session emits to whoever listens (`actor.on('record.changed', …)`): every record change the socket
 * relays, whether or not the module's list is open. The header's inbox listens for the modules it counts (issue 18),
 * whose lists it does not hold.
 */
export type SessionEmitted = { type: 'record.changed' } & RecordChanged;

export interface SocketInput {
  token: string;
  subscriberId: string;
}

/**
 * The realtime socket: authenticates with the token, joins the tenant's room, relays record changes.
 * socket.io-client is loaded when a signed-in session first connects, not with the sign-in page.
 */
export const socketActor = fromCallback<{ type: 'socket.noop' }, SocketInput>(({ input, sendBack }) => {
  let socket: Socket | undefined;
  let stopped = false;
  void import('socket.io-client').then(({ io }) => {
    // Stopped (signed out) while the library loaded: never connect.
    if (stopped) return;
    const options = { auth: { token: input.token } };
    const base = apiBaseURL();
    const opened = base ? io(base, options) : io(options);
    socket = opened;
    // 'connect' fires again after every reconnection, and each new connection must join the room again.
    opened.on('connect', () => {
      opened.emit('addUser', input.subscriberId);
    });
    opened.on('record.changed', (change: RecordChanged) => {
      sendBack({ type: 'socket.recordChanged', module: change.module, op: change.op, _id: change._id });
    });
    opened.on('ticket.assigned', (given: TicketAssigned) => {
      sendBack({ type: 'socket.ticketAssigned', ...given });
    });
  });
  return () => {
    stopped = true;
    socket?.disconnect();
  };
});

/** The context a kept session restores. */
function restoredContext({ token, user, timezone, permissions, sideMenu }: StoredSession): Pick<SessionContext, 'token' | 'user' | 'timezone' | 'permissions' | 'sideMenu'> {
  return { token, user, timezone, permissions, sideMenu };
}

const emptySession = {
  token: null,
  user: null,
  timezone: null,
  permissions: [],
  sideMenu: [],
  openModules: [],
} satisfies Omit<SessionContext, 'signInError' | 'publicLink' | 'landedView' | 'openScreens'>;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    // Optional: graph tools and tests start the session with no input at all.
    input: {} as SessionInput | undefined,
    emitted: {} as SessionEmitted,
    children: {} as {
      restore: 'restoreSession';
      login: 'login';
      permissions: 'loadPermissions';
      sideMenu: 'loadSideMenu';
      logout: 'logout';
      socket: 'socket';
      preferences: 'preferences';
      changePassword: 'changePassword';
      signature: 'signature';
      publicProposal: 'publicProposal';
      subscriberDetails: 'subscriberDetails';
    },
  },
  actors: {
    // Both lead to a signed-in session, whose children's code they load first (sessionLogic.ts); a visitor with
    // no kept session (the sign-in page, a customer's link) loads none of it.
    restoreSession: fromPromise<StoredSession | null>(async () => {
      const stored = readStoredSession();
      if (stored) await loadSignedInLogic();
      return stored;
    }),
    login: fromPromise<LoginResult, Credentials>(async ({ input }) => (await Promise.all([login(input), loadSignedInLogic()]))[0]),
    loadPermissions: fromPromise<PermissionEntry[]>(() => fetchPermissions()),
    loadSideMenu: fromPromise<SideMenuItem[]>(() => fetchSideMenu()),
    logout: fromPromise<unknown>(() => logout()),
    socket: socketActor,
    preferences: preferencesMachine,
    changePassword: SESSION_LOGIC.changePassword.logic,
    signature: SESSION_LOGIC.signature.logic,
    resource: SESSION_LOGIC.resource.logic,
    publicProposal: SESSION_LOGIC.publicProposal.logic,
    subscriberDetails: SESSION_LOGIC.subscriberDetails.logic,
  },
  guards: {
    // Only whether a sign-in left its marker: restoring reads and checks the session (a value that does not
    // decrypt is found there, once the notices can say "Login again").
    keptSession: () => isStored('loggedIN'),
    landedOnLink: ({ context }) => context.publicLink !== null,
    /** The session began with the kept sign-in already read (SessionInput `restored`): its token is in the context. */
    restoredBeforeStart: ({ context }) => context.token !== null,
    restoredSession: ({ event }) => event.type === 'xstate.done.actor.restore' && event.output !== null,
    canOpenModule: ({ context, event }) =>
      event.type === 'module.open' && registeredModule(event.module) !== undefined && !context.openModules.includes(event.module),
    givenToMe: ({ context, event }) => event.type === 'socket.ticketAssigned' && event.userId === context.user?._id,
    moduleIsOpen: ({ context, event }) => event.type === 'socket.recordChanged' && context.openModules.includes(event.module),
    linkIsValid: ({ event }) => event.type === 'public.open' && publicLinkOf(event.page, event.query) !== null,
    /** The same page with the same link is already open (a repeated open must not restart it). */
    linkIsOpen: ({ context, event }) => event.type === 'public.open' && sameLink(context.publicLink, publicLinkOf(event.page, event.query)),
  },
  actions: {
    stopRequest: stopChild(requestChildId),
    spawnPreferences: spawnChild('preferences', { id: 'preferences', systemId: 'preferences', input: {} }),
    spawnRestore: spawnChild('restoreSession', { id: 'restore' }),
    assignRestored: assign(({ event }) =>
      event.type === 'xstate.done.actor.restore' && event.output ? { ...restoredContext(event.output), signInError: null } : {},
    ),
    spawnLogin: spawnChild('login', {
      id: 'login',
      input: ({ event }) =>
        event.type === 'session.signIn' ? { email: event.email, password: event.password } : { email: '', password: '' },
    }),
    clearSignInError: assign({ signInError: null }),
    assignSignIn: assign(({ event }) => {
      if (event.type !== 'xstate.done.actor.login') return {};
      return { token: event.output.token, user: event.output.user, timezone: event.output.timezone, signInError: null };
    }),
    storeSignIn: ({ event }) => {
      if (event.type === 'xstate.done.actor.login') storeSignIn(event.output);
    },
    assignSignInError: assign(({ event }) =>
      event.type === 'xstate.error.actor.login' ? { signInError: signInRefusal(toErrorPayload(event.error)) } : {},
    ),
    spawnSessionChildren: enqueueActions(({ context, enqueue }) => {
      const userId = context.user?._id ?? '';
      enqueue.spawnChild('socket', {
        id: 'socket',
        input: { token: context.token ?? '', subscriberId: context.user?.subscriberId ?? '' },
      });
      enqueue.spawnChild('changePassword', { id: 'changePassword', input: { userId } });
      enqueue.spawnChild('signature', { id: 'signature', input: { userId } });
    }),
    stopSessionChildren: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('socket');
      enqueue.stopChild('changePassword');
      enqueue.stopChild('signature');
      for (const name of context.openModules) enqueue.stopChild(name);
      enqueue.assign({ openModules: [] });
    }),
    spawnPermissions: spawnChild('loadPermissions', { id: 'permissions' }),
    assignPermissions: assign(({ event }) =>
      event.type === 'xstate.done.actor.permissions' ? { permissions: event.output } : {},
    ),
    storePermissions: ({ event }) => {
      if (event.type === 'xstate.done.actor.permissions') writeStored('p_m__', event.output);
    },
    notifyPermissionsFailed: () => notify({ message: PERMISSIONS_FAILED, color: 'red' }),
    spawnSideMenu: spawnChild('loadSideMenu', { id: 'sideMenu' }),
    assignSideMenu: assign(({ event }) => (event.type === 'xstate.done.actor.sideMenu' ? { sideMenu: event.output } : {})),
    storeSideMenu: ({ event }) => {
      if (event.type === 'xstate.done.actor.sideMenu') writeStored('m1e2n3u4', event.output);
    },
    notifySideMenuFailed: () => notify({ message: SIDE_MENU_FAILED, color: 'red' }),
    openModule: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'module.open') return;
      const def = registeredModule(event.module);
      if (!def) return;
      enqueue.spawnChild('resource', { id: def.name, systemId: def.name, input: { def } });
      enqueue.assign({ openModules: [...context.openModules, def.name] });
    }),
    forwardChange: sendTo(
      ({ event }) => (event.type === 'socket.recordChanged' ? event.module : ''),
      ({ event }) =>
        event.type === 'socket.recordChanged'
          ? { type: 'resource.changed' as const, op: event.op, _id: event._id }
          : { type: 'resource.changed' as const, op: '', _id: '' },
    ),
    announceChange: emit(({ event }) =>
      event.type === 'socket.recordChanged'
        ? { type: 'record.changed' as const, module: event.module, op: event.op, _id: event._id }
        : { type: 'record.changed' as const, module: '', op: '', _id: '' },
    ),
    tellAssignment: ({ event }) => {
      if (event.type !== 'socket.ticketAssigned') return;
      const number = event.alternateId ?? event._id;
      // English with its words beside it, as the other notices machines send; the link opens the ticket's page.
      notify({
        title: 'Ticket assigned to you',
        titleWords: { key: 'notices.ticketAssigned', values: {} },
        message: `${number}${event.title ? `: ${event.title}` : ''}`,
        color: 'blue',
        href: `/app/ticket/${event.module}/${encodeURIComponent(event._id)}`,
        hrefLabel: 'Open it',
        hrefWords: { key: 'notices.openIt', values: {} },
      });
    },
    updateUser: assign(({ context, event }) =>
      event.type === 'session.userUpdated' && context.user ? { user: mergeUser(context.user, event.user) } : {},
    ),
    storeUser: ({ context }) => {
      if (context.user) writeStored('user', context.user);
    },
    spawnLogout: spawnChild('logout', { id: 'logout' }),
    forgetSession: assign(() => ({ ...emptySession, signInError: null })),
    clearStore: () => clearAll(),
    assignPublicLink: assign(({ event }) => (event.type === 'public.open' ? { publicLink: publicLinkOf(event.page, event.query) } : {})),
    clearPublicLink: assign({ publicLink: null }),
    // The page's actor lives in the session like every other; its first request stores the link's token.
    spawnPublicPage: enqueueActions(({ context, enqueue }) => {
      const link = context.publicLink;
      if (link?.page === 'businessProposal') {
        const input = context.landedView ? { ...link.input, viewed: context.landedView } : link.input;
        enqueue.spawnChild('publicProposal', { id: PUBLIC_ACTOR_IDS.businessProposal, systemId: PUBLIC_ACTOR_IDS.businessProposal, input });
        enqueue.assign({ landedView: null });
      } else if (link?.page === 'subscriberDetails') {
        enqueue.spawnChild('subscriberDetails', { id: PUBLIC_ACTOR_IDS.subscriberDetails, systemId: PUBLIC_ACTOR_IDS.subscriberDetails, input: link.input });
      }
    }),
    stopPublicPage: enqueueActions(({ enqueue }) => {
      enqueue.stopChild(PUBLIC_ACTOR_IDS.businessProposal);
      enqueue.stopChild(PUBLIC_ACTOR_IDS.subscriberDetails);
    }),
    // A screen's first mount spawns its flow; later mounts of the same screen share it (screenActors.ts).
    openScreen: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'screen.open') return;
      // The children's type names the session's own children; a screen's id is only known at run time.
      const spawnScreen = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; systemId: string; input: unknown }) => void;
      if (!context.openScreens[event.id]) spawnScreen(event.logic, { id: event.id, systemId: event.id, input: event.input });
      enqueue.assign({ openScreens: withScreenOpened(context.openScreens, event.id) });
    }),
    closeScreen: enqueueActions(({ context, event, enqueue }) => {
      // A screen left after sign-out stopped its flow has nothing to close.
      if (event.type !== 'screen.close' || !context.openScreens[event.id]) return;
      const openScreens = withScreenClosed(context.openScreens, event.id);
      if (!openScreens[event.id]) enqueue.stopChild(event.id);
      enqueue.assign({ openScreens });
    }),
    stopScreens: enqueueActions(({ context, enqueue }) => {
      for (const id of Object.keys(context.openScreens)) enqueue.stopChild(id);
      enqueue.assign({ openScreens: {} });
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...emptySession,
    // A link the visitor landed on wins over a kept sign-in (`starting`): the public state forgets it anyway.
    ...(input?.restored && !input.landing ? restoredContext(input.restored) : {}),
    signInError: null,
    openScreens: {},
    publicLink: input?.landing ? publicLinkOf(input.landing.page, input.landing.query) : null,
    landedView: input?.landing?.viewed ?? null,
  }),
  entry: 'spawnPreferences',
  initial: 'starting',
  on: {
    // A public link opens from any state: a staff session in this tab ends (the link's token replaces its
    // token in the store), and there is nothing to restore for a client who never signs in.
    'public.open': [
      { guard: 'linkIsValid', target: '#session.public.page', actions: 'assignPublicLink' },
      { target: '#session.public.invalid' },
    ],
    'screen.open': { actions: 'openScreen' },
    'screen.close': { actions: 'closeScreen' },
  },
  states: {
    /**
     * Where the visitor starts is decided at once, in the first snapshot, so that React's first render is the
     * visitor's page rather than a loader replaced a render later (issue 18; on a slow phone each such render
     * cost about 150 ms of LCP): the public link they landed on (SessionInput) opens at once; else a kept
     * sign-in is restored (only whether its marker is there is looked at here), or is signed in at once when main.tsx
     * read it before the first render (SessionInput `restored`); else the sign-in form shows, with nothing to restore.
     */
    starting: {
      always: [
        { guard: 'landedOnLink', target: 'public.page' },
        { guard: 'restoredBeforeStart', target: 'authenticated' },
        { guard: 'keptSession', target: 'restoring' },
        { target: 'signedOut' },
      ],
    },
    restoring: requestState('restore', 'spawnRestore', {
      done: [{ guard: 'restoredSession', target: 'authenticated', actions: 'assignRestored' }, { target: 'signedOut' }],
      error: { target: 'signedOut', actions: 'clearStore' },
    }),
    signedOut: {
      on: { 'session.signIn': { target: 'signingIn', actions: 'clearSignInError' } },
    },
    signingIn: requestState('login', 'spawnLogin', {
      done: { target: 'authenticated', actions: ['assignSignIn', 'storeSignIn'] },
      error: { target: 'signedOut', actions: 'assignSignInError' },
    }),
    authenticated: {
      type: 'parallel',
      entry: 'spawnSessionChildren',
      exit: ['stopSessionChildren', 'stopScreens'],
      on: {
        'session.signOut': { target: 'signingOut' },
        'session.expired': { target: 'signedOut', actions: ['forgetSession', 'clearStore'] },
        'session.userUpdated': { actions: ['updateUser', 'storeUser'] },
        'module.open': { guard: 'canOpenModule', actions: 'openModule' },
        'socket.recordChanged': [
          { guard: 'moduleIsOpen', actions: ['forwardChange', 'announceChange'] },
          { actions: 'announceChange' },
        ],
        'socket.ticketAssigned': { guard: 'givenToMe', actions: 'tellAssignment' },
      },
      states: {
        permissions: {
          initial: 'loading',
          states: {
            loading: requestState('permissions', 'spawnPermissions', {
              done: { target: 'ready', actions: ['assignPermissions', 'storePermissions'] },
              // The stored list (from an earlier visit) stays in use.
              error: { target: 'failed', actions: 'notifyPermissionsFailed' },
            }),
            ready: {},
            failed: {},
          },
        },
        sideMenu: {
          initial: 'loading',
          states: {
            loading: requestState('sideMenu', 'spawnSideMenu', {
              done: { target: 'ready', actions: ['assignSideMenu', 'storeSideMenu'] },
              // The shell falls back to its static menu.
              error: { target: 'failed', actions: 'notifySideMenuFailed' },
            }),
            ready: {},
            failed: {},
          },
        },
      },
    },
    // Best effort: whatever the server says, the browser forgets the session.
    signingOut: requestState('logout', 'spawnLogout', {
      done: { target: 'signedOut', actions: ['forgetSession', 'clearStore'] },
      error: { target: 'signedOut', actions: ['forgetSession', 'clearStore'] },
      // The signed-in screens are on their way out: none starts a flow that would outlive the session.
      on: { 'screen.open': {} },
    }),
    /**
     * A /public/* page: `page` runs the page's actor, `invalid` is a link missing its parameters (nothing
     * runs). The store is left to the page's actor, whose first request stores the link's token; an invalid
     * link stores nothing, so leaving it restores whatever session the browser kept.
     */
    public: {
      entry: ['stopScreens', 'forgetSession'],
      exit: 'clearPublicLink',
      on: {
        // Another link re-enters the whole state, so the previous page's actor stops before the next starts.
        'public.open': [
          { guard: 'linkIsOpen' },
          { guard: 'linkIsValid', target: '.page', reenter: true, actions: 'assignPublicLink' },
          { target: '.invalid', reenter: true },
        ],
        'public.close': { target: 'starting' },
      },
      initial: 'invalid',
      states: {
        page: {
          entry: 'spawnPublicPage',
          exit: 'stopPublicPage',
        },
        invalid: {},
      },
    },
  },
});

export { SESSION_SYSTEM_ID };
export { PUBLIC_ACTOR_IDS, publicLinkOf, type PublicLink, type PublicPageName };
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
