/**
 * Renders the whole client as a person meets it: the real session machine (only its socket replaced,
 * jsdom has no server to connect to), the real HTTP layer and encrypted store, talking to a fake API;
 * a memory location; Mantine in its test environment (no transitions, no portals).
 */
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/App';
import type { LoginResult, SideMenuItem } from '../../../src/api/account';
import { configureHttp, resetHttpConfig } from '../../../src/api/http';
import type { PermissionEntry } from '../../../src/contract/permissions';
import { configureStorage, writeStored } from '../../../src/api/storage';
import { sessionMachine, storeSignIn, type Landing, type StoredSession } from '../../../src/machines/session';
import { createFakeApi, type FakeApi } from './fakeApi';
import { quietSocket } from './quietSocket';

export interface Account {
  login: LoginResult;
  password: string;
  permissions: PermissionEntry[];
  menu: SideMenuItem[];
}

/** The fake API answers sign-in, access, menu, header images and logout for the given accounts. */
export function apiFor(accounts: readonly Account[]): FakeApi {
  const api = createFakeApi();
  const byToken = (token: string | undefined) => accounts.find((a) => a.login.token === token);
  api
    .on('POST', '/api/auth/login', ({ body }) => {
      const { email, password } = body as { email: string; password: string };
      const account = accounts.find((a) => a.login.user.email === email && a.password === password);
      return account ? { body: account.login } : { status: 401, body: { message: 'Invalid email or password' } };
    })
    .on('GET', '/api/app/subscriber-user/getPermissions', ({ headers }) => ({ body: byToken(headers.token)?.permissions ?? [] }))
    .on('GET', '/api/app/subscriber-user/getSideMenu', ({ headers }) => ({ body: byToken(headers.token)?.menu ?? [] }))
    .on('GET', '/api/auth/getHeaderImages/:id', (_r, { id }) => ({ body: { _id: id, companyName: 'Demo Industries Pvt Ltd', headerImages: [] } }))
    .on('POST', '/api/auth/logout', { body: { message: 'Signed out' } })
    .on('POST', '/api/app/uierror', { status: 201, body: { message: 'Stored' } });
  // The header's approvals inbox (src/ui/shell/WaitingForMe.tsx) lists these for anyone who may approve them;
  // nothing waits unless a test says otherwise (its own route for the path replaces this one).
  for (const module of ['credit-note', 'payment', 'purchase-order-requisition', 'request-spare']) api.on('GET', `/api/app/${module}`, { body: { data: [], total: 0 } });
  return api;
}

/** What an earlier visit left in the encrypted store (a reload restores from it). */
export function storePreviousVisit(account: Account): void {
  storeSignIn(account.login);
  writeStored('p_m__', account.permissions);
  writeStored('m1e2n3u4', account.menu);
}

export interface RenderedApp extends RenderResult {
  api: FakeApi;
  /** The current path (the memory location's last entry). */
  path(): string;
  navigate(path: string): void;
  reloads: string[];
}


export interface RenderOptions {
  /** Replaces more of the session's actors (e.g. a flow whose request the test settles by hand). */
  actors?: Parameters<typeof sessionMachine.provide>[0]['actors'];
  /** Replaces session guards (e.g. `keptSession`, to walk the restore with a request the test settles). */
  guards?: Parameters<typeof sessionMachine.provide>[0]['guards'];
  /** The public link the visitor landed on, as main.tsx reads it before the first render (machines/landing.ts). */
  landing?: Landing;
  /** The kept session, as main.tsx reads it before the first render (machines/keptSession.ts). */
  restored?: StoredSession;
}

export function renderApp(api: FakeApi, path = '/', options: RenderOptions = {}): RenderedApp {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const reloads: string[] = [];
  configureStorage({ backend: window.localStorage });
  configureHttp({ baseURL: '', fetch: api.fetch, navigate: (p) => location.navigate(p, { replace: true }), reload: (p) => reloads.push(p) });
  const logic = sessionMachine.provide({ actors: { socket: quietSocket, ...options.actors }, guards: options.guards });
  const result = render(<App logic={logic} locationHook={location.hook} searchHook={location.searchHook} env="test" landing={options.landing} restored={options.restored} />);
  return {
    ...result,
    api,
    reloads,
    path: () => location.history[location.history.length - 1],
    navigate: (p) => location.navigate(p),
  };
}

export function resetHarness(): void {
  resetHttpConfig();
}

/** Waits until the app has settled on a path. */
export async function expectPath(app: RenderedApp, path: string): Promise<void> {
  await waitFor(() => {
    if (app.path() !== path) throw new Error(`at ${app.path()}, expected ${path}`);
  });
}

/** Signs in through the login form. */
export async function signInThroughForm(user: import('@testing-library/user-event').UserEvent, email: string, password: string): Promise<void> {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}
