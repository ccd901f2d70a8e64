/**
 * Model-based tests of the root session machine: restore, sign-in (including failure), access loading,
 * lazy module actors, socket relay, profile updates, sign-out and expiry, and the public pages (a link
 * opened from any state spawns the page's actor, another link replaces it, a link missing its parameters
 * runs nothing, leaving stops it), a screen's flow (entering the screen spawns it, leaving or signing out stops it;
 * every screen is covered in session.screens.test.ts), each state checked against a real actor whose I/O is deferred and
 * whose browser store is in memory.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, enqueueActions, fromCallback, type Actor, type AnyActorRef } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { LoginResult, SessionUser, SideMenuItem } from '../../src/api/account';
import { ApiError } from '../../src/api/http';
import { catalogue } from '../../src/contract/modules';
import type { PermissionEntry } from '../../src/contract/permissions';
import {
  configureStorage,
  createMemoryStore,
  readStored,
  STORAGE_KEYS,
  writeStored,
  type StoredKey,
  type StoredValues,
} from '../../src/api/storage';
import { publicProposalMachine, type PublicProposalActorRef } from '../../src/machines/flows/publicProposal';
import { subscriberDetailsMachine, type SubscriberDetailsActorRef } from '../../src/machines/flows/subscriberDetails';
import { resourceMachine, type ResourceActorRef } from '../../src/machines/resource';
import {
  PERMISSIONS_FAILED,
  PUBLIC_ACTOR_IDS,
  SESSION_SYSTEM_ID,
  SIDE_MENU_FAILED,
  sessionMachine,
  type SessionEvent,
  type SocketInput,
  type StoredSession,
} from '../../src/machines/session';
import type { Landing } from '../../src/machines/session';
import type { ViewResult } from '../../src/machines/flows/publicProposalCalls';
import { PathCoverage, serializeBy } from './support/coverage';
import { createDeferredRequests, settle, type DeferredRequests } from './support/deferred';
import { recordNotices, type NoticeRecorder } from './support/notices';
import { loadAllSessionLogic } from '../../src/machines/sessionLogic';

// The tests swap the steps that load the session's children's code (sessionLogic.ts).
beforeAll(loadAllSessionLogic);

const ADMIN: SessionUser = {
  _id: 'u-admin',
  name: 'Demo Admin',
  email: 'admin@demo.local',
  roles: [{ name: 'ADMIN' }],
  userType: 'Subscriber-User',
  subscriberId: 'sub-1',
};
const CLIENT: SessionUser = {
  _id: 'u-client',
  name: 'Client Person',
  email: 'client@demo.local',
  roles: [{ name: 'CLIENT' }],
  userType: 'Client-User',
  subscriberId: 'sub-1',
  client: { _id: 'c-7', companyName: 'Kalyani Forge Components' },
};
const STORED: StoredSession = {
  token: 'stored-token',
  user: ADMIN,
  timezone: 'Asia/Kolkata',
  permissions: [{ screenCode: 'MANAGE_ROLE', privileges: [{ code: 'VIEW' }] }],
  sideMenu: [],
};
const SIGNED_IN: LoginResult = { token: 'fresh-token', user: CLIENT, timezone: 'Asia/Kolkata' };
const PERMISSIONS: PermissionEntry[] = [
  { screenCode: 'MANAGE_ROLE', privileges: [{ code: 'VIEW' }, { code: 'UPDATE' }] },
  { screenCode: 'CLIENT_TICKET', privileges: [{ code: 'VIEW' }] },
];
const SIDE_MENU: SideMenuItem[] = [{ _id: 'm1', title: 'Home', icon: 'home', path: '/app/home', order: 1, children: [] }];
const WRONG_PASSWORD = new ApiError(401, { message: 'Invalid email or password' }, 'x');
const SERVER_DOWN = new ApiError(503, null, 'x');
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
/** The queries of a proposal link, a subscriber-details link, and a link missing its proposal id. */
const PROPOSAL_QUERY = '?token=link-token-1&acbS=Sent(Final)&zyxP=prp-1';
const SUBSCRIBER_QUERY = '?token=link-token-2&acbS=sr-9';
const BROKEN_QUERY = '?token=link-token-1&acbS=Sent(Final)';
/** The page's actor input each link opens. */
const LINK_INPUTS = {
  businessProposal: { token: 'link-token-1', linkStatus: 'Sent(Final)', proposalId: 'prp-1' },
  subscriberDetails: { token: 'link-token-2', requestId: 'sr-9' },
} as const;

/** A screen's flow as the session runs it (the screens' own flows are tested on their own). */
const SCREEN_ID = 'bomTree';
const screenFlow = fromCallback<{ type: 'noop' }, unknown>(() => () => undefined);

const EVENTS: SessionEvent[] = [
  { type: 'xstate.done.actor.restore', output: STORED, actorId: 'restore' },
  { type: 'xstate.done.actor.restore', output: null, actorId: 'restore' },
  { type: 'xstate.error.actor.restore', error: new Error('storage unavailable'), actorId: 'restore' },
  { type: 'session.signIn', email: 'client@demo.local', password: 'Demo-Client-2026' },
  { type: 'xstate.done.actor.login', output: SIGNED_IN, actorId: 'login' },
  { type: 'xstate.error.actor.login', error: WRONG_PASSWORD, actorId: 'login' },
  { type: 'xstate.done.actor.permissions', output: PERMISSIONS, actorId: 'permissions' },
  { type: 'xstate.error.actor.permissions', error: SERVER_DOWN, actorId: 'permissions' },
  { type: 'xstate.done.actor.sideMenu', output: SIDE_MENU, actorId: 'sideMenu' },
  { type: 'xstate.error.actor.sideMenu', error: SERVER_DOWN, actorId: 'sideMenu' },
  { type: 'module.open', module: 'role' },
  { type: 'module.open', module: 'no-such-module' },
  { type: 'socket.recordChanged', module: 'role', op: 'update', _id: 'r1' },
  { type: 'socket.ticketAssigned', userId: 'u-client', module: 'svc-ticket', _id: 't1', alternateId: 'TKT-2026-000001', title: 'Loom compressor losing pressure' },
  { type: 'session.userUpdated', user: { _id: 'u-client', eSign: SIGNATURE } },
  { type: 'session.signOut' },
  { type: 'xstate.done.actor.logout', output: { message: 'Logged out' }, actorId: 'logout' },
  { type: 'xstate.error.actor.logout', error: SERVER_DOWN, actorId: 'logout' },
  { type: 'session.expired' },
  { type: 'public.open', page: 'businessProposal', query: PROPOSAL_QUERY },
  { type: 'public.open', page: 'subscriberDetails', query: SUBSCRIBER_QUERY },
  { type: 'public.open', page: 'businessProposal', query: BROKEN_QUERY },
  { type: 'public.close' },
  { type: 'screen.open', id: SCREEN_ID, logic: screenFlow, input: { allowed: true } },
  { type: 'screen.close', id: SCREEN_ID },
];

/*
 * Traversal runs every transition in one mock actor system, where spawned actors are never stopped, so a
 * module (or a public page) spawned with a systemId on two branches would collide. The model spawns them
 * without the systemId; the actor under test keeps it (and the executors check it).
 */
const modelMachine = sessionMachine.provide({
  // Walked from a kept session, so restoring is a state of the walk; "nothing kept" is tested on its own below.
  guards: { keptSession: () => true },
  actions: {
    openModule: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'module.open') return;
      const def = catalogue.find((candidate) => candidate.name === event.module);
      if (!def) return;
      enqueue.spawnChild('resource', { id: def.name, input: { def } });
      enqueue.assign({ openModules: [...context.openModules, def.name] });
    }),
    spawnPublicPage: enqueueActions(({ context, enqueue }) => {
      const link = context.publicLink;
      if (link?.page === 'businessProposal') enqueue.spawnChild('publicProposal', { id: PUBLIC_ACTOR_IDS.businessProposal, input: link.input });
      if (link?.page === 'subscriberDetails') enqueue.spawnChild('subscriberDetails', { id: PUBLIC_ACTOR_IDS.subscriberDetails, input: link.input });
    }),
    openScreen: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'screen.open') return;
      if (!context.openScreens[event.id]) (enqueue.spawnChild as unknown as (logic: unknown, options: { id: string }) => void)(event.logic, { id: event.id });
      enqueue.assign({ openScreens: { ...context.openScreens, [event.id]: (context.openScreens[event.id] ?? 0) + 1 } });
    }),
  },
});

const model = createTestModel(modelMachine, {
  serializeState: serializeBy((context) => context),
});
// A screen mounted once is enough here (a second mount sharing its actor is tested in session.screens.test.ts); more
// would make the walk endless, a count per mount.
const paths = model.getShortestPaths({
  events: EVENTS,
  filterEvents: (snapshot, event) => snapshot.can(event) && !(event.type === 'screen.open' && snapshot.context.openScreens[SCREEN_ID]),
});
const coverage = new PathCoverage();

interface SocketLink {
  input: SocketInput;
  sendBack: (event: SessionEvent) => void;
}

interface Harness {
  actor: Actor<typeof sessionMachine>;
  requests: DeferredRequests;
  moduleRequests: DeferredRequests;
  pageRequests: DeferredRequests;
  store: ReturnType<typeof createMemoryStore>;
  socket: { current: SocketLink | null };
  recorder: NoticeRecorder;
}

function startSession(): Harness {
  const store = createMemoryStore();
  configureStorage({ backend: store, warn: () => undefined });
  const requests = createDeferredRequests();
  const moduleRequests = createDeferredRequests();
  const pageRequests = createDeferredRequests();
  const socket: Harness['socket'] = { current: null };
  const machine = sessionMachine.provide({
    guards: { keptSession: () => true },
    actors: {
      restoreSession: requests.actor('restore'),
      login: requests.actor('login'),
      loadPermissions: requests.actor('permissions'),
      loadSideMenu: requests.actor('sideMenu'),
      logout: requests.actor('logout'),
      socket: fromCallback<{ type: 'socket.noop' }, SocketInput>(({ input, sendBack }) => {
        socket.current = { input, sendBack };
        return () => {
          socket.current = null;
        };
      }),
      resource: resourceMachine.provide({
        actors: {
          fetchList: moduleRequests.actor('list'),
          createRecord: moduleRequests.actor('create'),
          updateRecord: moduleRequests.actor('update'),
          removeRecord: moduleRequests.actor('remove'),
          fetchRecord: moduleRequests.actor('getById'),
          runCall: moduleRequests.actor('call'),
        },
      }),
      publicProposal: publicProposalMachine.provide({ actors: { view: pageRequests.actor('view') } }),
      subscriberDetails: subscriberDetailsMachine.provide({ actors: { fetchRequest: pageRequests.actor('request') } }),
    },
  });
  const recorder = recordNotices();
  const actor = createActor(machine, { systemId: SESSION_SYSTEM_ID, input: {} }).start();
  return { actor, requests, moduleRequests, pageRequests, store, socket, recorder };
}

const sessionKeys = Object.values(STORAGE_KEYS) as string[];

function storedSessionKeys(harness: Harness): string[] {
  return harness.store.keys().filter((key) => sessionKeys.includes(key));
}

function roleActor(harness: Harness): ResourceActorRef | undefined {
  return harness.actor.system.get('role') as ResourceActorRef | undefined;
}

function screenActor(harness: Harness): AnyActorRef | undefined {
  return harness.actor.system.get(SCREEN_ID);
}

function pageActors(harness: Harness) {
  return {
    proposal: harness.actor.system.get(PUBLIC_ACTOR_IDS.businessProposal) as PublicProposalActorRef | undefined,
    subscriber: harness.actor.system.get(PUBLIC_ACTOR_IDS.subscriberDetails) as SubscriberDetailsActorRef | undefined,
  };
}

/** Nothing of a staff session runs on a public page. */
function noStaffSession(harness: Harness): void {
  expect(harness.actor.getSnapshot().context).toMatchObject({ token: null, user: null, permissions: [], sideMenu: [], openModules: [] });
  expect(harness.socket.current).toBeNull();
  expect(harness.actor.getSnapshot().children.changePassword).toBeUndefined();
  expect(harness.actor.getSnapshot().children.signature).toBeUndefined();
  expect(roleActor(harness)).toBeUndefined();
  // Only the preferences, the page's actor and a screen entered since run: nothing is restored, signed in or loaded for a client.
  const running = Object.keys(harness.actor.getSnapshot().children).filter((id) => harness.actor.getSnapshot().children[id as 'preferences'] !== undefined);
  const screens = Object.keys(harness.actor.getSnapshot().context.openScreens);
  expect(running.filter((id) => id !== 'preferences' && !Object.values<string>(PUBLIC_ACTOR_IDS).includes(id) && !screens.includes(id))).toEqual([]);
}

function stateChecks(harness: Harness) {
  const { actor, requests } = harness;
  const context = () => actor.getSnapshot().context;
  const checks: Record<string, () => void> = {
    '#session.restoring': () => {
      expect(requests.has('restore')).toBe(true);
      expect(context().user).toBeNull();
    },
    '#session.signedOut': () => {
      expect(context()).toMatchObject({ token: null, user: null, permissions: [], sideMenu: [], openModules: [] });
      expect(storedSessionKeys(harness)).toEqual([]);
      expect(harness.socket.current).toBeNull();
      expect(actor.getSnapshot().children.changePassword).toBeUndefined();
      expect(roleActor(harness)).toBeUndefined();
    },
    '#session.signingIn': () => {
      expect(requests.inputOf('login')).toEqual({ email: 'client@demo.local', password: 'Demo-Client-2026' });
      expect(context().signInError).toBeNull();
    },
    '#session.authenticated.permissions.loading': () => expect(requests.has('permissions')).toBe(true),
    '#session.authenticated.permissions.ready': () => {
      expect(context().permissions).toEqual(PERMISSIONS);
      expect(readStored('p_m__')).toEqual(PERMISSIONS);
    },
    '#session.authenticated.permissions.failed': () => expect(harness.recorder.messages()).toContain(PERMISSIONS_FAILED),
    '#session.authenticated.sideMenu.loading': () => expect(requests.has('sideMenu')).toBe(true),
    '#session.authenticated.sideMenu.ready': () => {
      expect(context().sideMenu).toEqual(SIDE_MENU);
      expect(readStored('m1e2n3u4')).toEqual(SIDE_MENU);
    },
    '#session.authenticated.sideMenu.failed': () => expect(harness.recorder.messages()).toContain(SIDE_MENU_FAILED),
    '#session.public.page': () => {
      noStaffSession(harness);
      const link = context().publicLink;
      const { proposal, subscriber } = pageActors(harness);
      if (link?.page === 'businessProposal') {
        // The page's actor runs in the session, under its systemId, with the link's input.
        expect(actor.getSnapshot().children.publicProposal).toBe(proposal);
        expect(proposal?.getSnapshot().context).toMatchObject(LINK_INPUTS.businessProposal);
        expect(harness.pageRequests.inputOf('view')).toEqual({ token: 'link-token-1', proposalId: 'prp-1', status: 'Sent(Final)' });
        expect(subscriber).toBeUndefined();
      } else {
        expect(link?.page).toBe('subscriberDetails');
        expect(actor.getSnapshot().children.subscriberDetails).toBe(subscriber);
        expect(subscriber?.getSnapshot().context).toMatchObject(LINK_INPUTS.subscriberDetails);
        expect(harness.pageRequests.inputOf('request')).toEqual(LINK_INPUTS.subscriberDetails);
        expect(proposal).toBeUndefined();
      }
    },
    '#session.public.invalid': () => {
      noStaffSession(harness);
      expect(context().publicLink).toBeNull();
      expect(pageActors(harness)).toEqual({ proposal: undefined, subscriber: undefined });
    },
    '#session.signingOut': () => {
      // Signing out stopped every screen's flow.
      expect(context().openScreens).toEqual({});
      expect(screenActor(harness)).toBeUndefined();
      expect(requests.has('logout')).toBe(true);
      expect(harness.socket.current).toBeNull();
      expect(roleActor(harness)).toBeUndefined();
    },
  };
  const whileAuthenticated = () => {
    const { token, user } = context();
    expect(harness.socket.current?.input).toEqual({ token, subscriberId: user?.subscriberId });
    expect(actor.getSnapshot().children.changePassword).toBeDefined();
    expect(actor.getSnapshot().children.signature).toBeDefined();
    expect(readStored('tn_ah')).toBe(token);
    expect(readStored('loggedIN')).toBe(true);
    expect(readStored('user')).toEqual(user);
    if (user?.userType === 'Client-User') {
      expect(readStored('clientId')).toBe('c-7');
      expect(readStored('clientName')).toBe('Kalyani Forge Components');
    }
    for (const name of context().openModules) expect(actor.system.get(name)).toBeDefined();
  };
  // In every state: the screen's flow runs, under its systemId, exactly while the session counts it open.
  const screenRunsWhileOpen = () => {
    const open = Boolean(context().openScreens[SCREEN_ID]);
    expect(screenActor(harness)?.getSnapshot().status).toBe(open ? 'active' : undefined);
    if (open) expect(actor.getSnapshot().children[SCREEN_ID as 'preferences']).toBe(screenActor(harness));
  };
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (model: ReturnType<typeof actor.getSnapshot>) => {
        expect(actor.getSnapshot().value).toEqual(model.value);
        expect(actor.getSnapshot().context).toEqual(model.context);
        // The preferences actor lives in every state.
        expect(actor.system.get('preferences')).toBeDefined();
        if (model.matches('authenticated')) whileAuthenticated();
        screenRunsWhileOpen();
        check();
      },
    ]),
  );
}

/** A stored session as an earlier visit left it (through the same encrypted store). */
function seedStore(session: StoredSession): void {
  for (const [key, value] of [
    ['tn_ah', session.token],
    ['loggedIN', true],
    ['user', session.user],
    ['timezone', session.timezone],
    ['p_m__', session.permissions],
    ['m1e2n3u4', session.sideMenu],
  ] as const) {
    writeSeed(key, value);
  }
}

function writeSeed<K extends StoredKey>(key: K, value: unknown): void {
  writeStored(key, value as StoredValues[K]);
}

function eventExecutors(harness: Harness) {
  const { actor, requests, moduleRequests } = harness;
  const settleWith = (key: string) => async (step: { event: SessionEvent }) => {
    const event = step.event;
    if ('error' in event) await requests.reject(key, event.error);
    else await requests.resolve(key, 'output' in event ? event.output : undefined);
  };
  return {
    'xstate.done.actor.restore': async (step: { event: SessionEvent }) => {
      if (step.event.type === 'xstate.done.actor.restore' && step.event.output) seedStore(step.event.output);
      await settleWith('restore')(step);
    },
    'xstate.error.actor.restore': settleWith('restore'),
    'session.signIn': ({ event }: { event: SessionEvent }) => actor.send(event),
    'xstate.done.actor.login': settleWith('login'),
    'xstate.error.actor.login': async (step: { event: SessionEvent }) => {
      await settleWith('login')(step);
      expect(actor.getSnapshot().context.signInError).toEqual({ message: 'Invalid email or password' });
    },
    'xstate.done.actor.permissions': settleWith('permissions'),
    'xstate.error.actor.permissions': settleWith('permissions'),
    'xstate.done.actor.sideMenu': settleWith('sideMenu'),
    'xstate.error.actor.sideMenu': settleWith('sideMenu'),
    'module.open': async ({ event }: { event: SessionEvent }) => {
      actor.send(event);
      const opened = roleActor(harness);
      expect(opened).toBeDefined();
      // Opening again is harmless: the same actor, no second spawn.
      actor.send(event);
      expect(roleActor(harness)).toBe(opened);
      expect(actor.getSnapshot().context.openModules).toEqual(['role']);
      // Load its list so a later socket change has something to refresh.
      opened?.send({ type: 'resource.list' });
      await moduleRequests.resolve('list', { data: [{ _id: 'r1', name: 'ADMIN' }], total: 1 });
    },
    'socket.recordChanged': async ({ event }: { event: SessionEvent }) => {
      const before = moduleRequests.started('list');
      const open = actor.getSnapshot().context.openModules.includes('role');
      const heard: unknown[] = [];
      const listening = actor.on('record.changed', (change) => heard.push(change));
      harness.socket.current?.sendBack(event);
      await settle();
      listening.unsubscribe();
      // Every relayed change is emitted to whoever listens (the header's inbox, issue 18), its module open or not.
      expect(heard).toEqual([{ type: 'record.changed', module: 'role', op: 'update', _id: 'r1' }]);
      if (!open) {
        // No list of the module is held: nothing to refresh.
        expect(moduleRequests.started('list')).toBe(before);
        return;
      }
      expect(moduleRequests.started('list')).toBe(before + 1);
      expect((roleActor(harness) as AnyActorRef).getSnapshot().matches({ list: 'loading' })).toBe(true);
    },
    'socket.ticketAssigned': async ({ event }: { event: SessionEvent }) => {
      // Given to the signed-in person: told, with the way to the ticket; given to another: nothing.
      const before = harness.recorder.notices.length;
      harness.socket.current?.sendBack({ ...event, userId: 'u-someone-else' } as SessionEvent);
      await settle();
      expect(harness.recorder.notices.length).toBe(before);
      harness.socket.current?.sendBack(event);
      await settle();
      expect(harness.recorder.notices.at(-1)).toMatchObject({ title: 'Ticket assigned to you', message: 'TKT-2026-000001: Loom compressor losing pressure', href: '/app/ticket/svc-ticket/t1' });
    },
    'session.userUpdated': ({ event }: { event: SessionEvent }) => {
      const rolesBefore = actor.getSnapshot().context.user?.roles;
      actor.send(event);
      expect(actor.getSnapshot().context.user?.eSign).toBe(SIGNATURE);
      expect(readStored('user')?.eSign).toBe(SIGNATURE);
      // The update carries no role names: the signed-in roles stay.
      expect(actor.getSnapshot().context.user?.roles).toEqual(rolesBefore);
    },
    'session.signOut': ({ event }: { event: SessionEvent }) => actor.send(event),
    'xstate.done.actor.logout': settleWith('logout'),
    'xstate.error.actor.logout': settleWith('logout'),
    'session.expired': ({ event }: { event: SessionEvent }) => actor.send(event),
    'public.open': ({ event }: { event: SessionEvent }) => {
      const before = Object.values(pageActors(harness)).filter((ref) => ref !== undefined);
      actor.send(event);
      // Another link stops the page that was open before the next one starts.
      for (const previous of before) expect(previous?.getSnapshot().status).toBe('stopped');
      // Opening the same link again (a re-render) keeps the page as it is.
      const opened = pageActors(harness);
      actor.send(event);
      expect(pageActors(harness)).toEqual(opened);
      for (const ref of Object.values(opened)) expect(ref?.getSnapshot().status ?? 'active').toBe('active');
    },
    'screen.open': ({ event }: { event: SessionEvent }) => {
      actor.send(event);
      expect(screenActor(harness)?.getSnapshot().status).toBe('active');
    },
    'screen.close': ({ event }: { event: SessionEvent }) => {
      const running = screenActor(harness);
      actor.send(event);
      expect(running?.getSnapshot().status ?? 'stopped').toBe('stopped');
      expect(screenActor(harness)).toBeUndefined();
    },
    'public.close': ({ event }: { event: SessionEvent }) => {
      const open = Object.values(pageActors(harness)).filter((ref) => ref !== undefined);
      actor.send(event);
      for (const page of open) expect(page?.getSnapshot().status).toBe('stopped');
      expect(pageActors(harness)).toEqual({ proposal: undefined, subscriber: undefined });
      expect(actor.getSnapshot().context.publicLink).toBeNull();
    },
  };
}

let current: Harness | undefined;
afterEach(() => {
  current?.actor.stop();
  current?.recorder.release();
});

describe('session machine paths', () => {
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(10));
  paths.forEach((path, index) => {
    const route = path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');
    it(`path ${index + 1}: ${route}`, async () => {
      current = startSession();
      await path.test({
        states: stateChecks(current),
        // xstate/graph types each step's event as `{ type }` only; executors read the full event.
        events: eventExecutors(current) as unknown as Parameters<typeof path.test>[0]['events'],
      });
      coverage.record(path);
    });
  });
});

describe('coverage of the session machine', () => {
  it('visited every state', () => expect(coverage.missingStates(sessionMachine)).toEqual([]));
  it('executed every event', () => expect(coverage.missingEvents(sessionMachine)).toEqual([]));
});

/**
 * The walk above starts from a kept session. The start itself reads the store at once (issue 18): a browser
 * with nothing kept is signed out in the very first snapshot, so the sign-in page renders its form on the
 * first render, and no restore is asked for; one that kept a sign-in restores it first, as before.
 */
describe('the first snapshot', () => {
  function firstSnapshot(kept: boolean, landing?: Landing, restored?: StoredSession) {
    const store = createMemoryStore();
    configureStorage({ backend: store, warn: () => undefined });
    if (kept) writeStored('loggedIN', true);
    const requests = createDeferredRequests();
    const pageRequests = createDeferredRequests();
    const machine = sessionMachine.provide({
      actors: { restoreSession: requests.actor('restore'), publicProposal: publicProposalMachine.provide({ actors: { view: pageRequests.actor('view') } }) },
    });
    const actor = createActor(machine, { systemId: SESSION_SYSTEM_ID, input: { ...(landing ? { landing } : {}), ...(restored ? { restored } : {}) } });
    // Read before start: it is what React's first render shows (the provider starts the actor after it).
    const first = actor.getSnapshot();
    const firstPage = first.children.publicProposal?.getSnapshot();
    actor.start();
    const asked = requests.has('restore');
    const askedView = pageRequests.has('view');
    // The page's screen still sends its open once mounted: the same link must not restart the page.
    const page = actor.getSnapshot().children.publicProposal;
    actor.send({ type: 'public.open', page: 'businessProposal', query: PROPOSAL_QUERY.slice(1) });
    const samePage = actor.getSnapshot().children.publicProposal === page;
    actor.stop();
    return { first, firstPage, asked, askedView, samePage };
  }

  it('is signed out when nothing was kept, with no restore asked for', () => {
    const { first, asked } = firstSnapshot(false);
    expect(first.value).toBe('signedOut');
    expect(asked).toBe(false);
  });

  it('is restoring when a sign-in was kept, and asks for the restore', () => {
    const { first, asked } = firstSnapshot(true);
    expect(first.value).toBe('restoring');
    expect(asked).toBe(true);
  });

  it('is signed in with the kept session when main.tsx read it before the first render, with no restore asked for (machines/keptSession.ts)', () => {
    const { first, asked } = firstSnapshot(true, undefined, STORED);
    expect(first.matches({ authenticated: { permissions: 'loading', sideMenu: 'loading' } })).toBe(true);
    expect(first.context).toMatchObject({ token: STORED.token, user: STORED.user, timezone: STORED.timezone, permissions: STORED.permissions, sideMenu: STORED.sideMenu });
    // The signed-in session's children are there for the first render's header and user menu.
    expect(first.children.changePassword).toBeDefined();
    expect(first.children.signature).toBeDefined();
    expect(asked).toBe(false);
  });

  describe('on a public link the visitor landed on (machines/landing.ts)', () => {
    const viewed: ViewResult = { proposal: { _id: 'prp-1', proposalName: 'Landed', status: 'Sent(Final)' }, viewRecordId: 'v-1', openedAt: 1, today: '2026-11-27' };

    it('is the open page, even with a sign-in kept, and the page is on its proposal with no view asked for', () => {
      const { first, firstPage, asked, askedView, samePage } = firstSnapshot(true, { page: 'businessProposal', query: PROPOSAL_QUERY, viewed });
      expect(first.matches({ public: 'page' })).toBe(true);
      expect(first.context.publicLink).toEqual({ page: 'businessProposal', input: { token: 'link-token-1', linkStatus: 'Sent(Final)', proposalId: 'prp-1' } });
      expect(first.context.landedView).toBeNull();
      expect(firstPage?.matches('ready')).toBe(true);
      expect(firstPage?.context.proposal).toEqual(viewed.proposal);
      expect(asked).toBe(false);
      expect(askedView).toBe(false);
      expect(samePage).toBe(true);
    });

    it('opens the page to ask for its view when the view had not answered', () => {
      const { first, firstPage, askedView, samePage } = firstSnapshot(false, { page: 'businessProposal', query: PROPOSAL_QUERY });
      expect(first.matches({ public: 'page' })).toBe(true);
      expect(firstPage?.matches('loading')).toBe(true);
      expect(askedView).toBe(true);
      expect(samePage).toBe(true);
    });

    it('is the open page even when main.tsx read a kept session too, which the page does not carry', () => {
      const { first, asked } = firstSnapshot(true, { page: 'businessProposal', query: PROPOSAL_QUERY, viewed }, STORED);
      expect(first.matches({ public: 'page' })).toBe(true);
      expect(first.context.token).toBeNull();
      expect(first.context.user).toBeNull();
      expect(asked).toBe(false);
    });

    it('starts as without a landing when the link misses a parameter (the page then shows it as invalid)', () => {
      const { first } = firstSnapshot(false, { page: 'businessProposal', query: BROKEN_QUERY });
      expect(first.value).toBe('signedOut');
      expect(first.context.publicLink).toBeNull();
    });
  });
});
