/**
 * The whole client against the real API host: the server as a child process (server/main.ts through tsx, its own
 * embedded PostgreSQL in a temporary folder, migrated and seeded with the demo tenants), one per test file. The client
 * is rendered as renderApp.tsx renders it (the real session machine with its socket quiet, a memory location, Mantine in
 * its test environment), but every request goes to that server: nothing of our API is imitated, the test only records
 * what was sent.
 *
 * Ports: UI_SERVER_PORT and UI_SERVER_PG_PORT when set (a shared machine hands out port ranges), free ones otherwise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { render, type RenderResult } from '@testing-library/react';
import { fromCallback } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/App';
import type { LoginResult, SideMenuItem } from '../../../src/api/account';
import { configureHttp } from '../../../src/api/http';
import { configureStorage, writeStored } from '../../../src/api/storage';
import type { PermissionEntry } from '../../../src/contract/permissions';
import { sessionMachine, storeSignIn, type SocketInput } from '../../../src/machines/session';
import { exited, freePgPort, freePort, killLeftovers, startServer, type ServerProcess } from '../../helpers/server-process';

export interface SentRequest {
  method: string;
  /** The path without the query. */
  path: string;
  body: unknown;
}

export interface RealServer {
  origin: string;
  /** Every request the client sent, in order (cleared by `forget`). */
  sent: SentRequest[];
  forget(): void;
  /** A request of the test itself (not the client's): JSON in, JSON out. */
  call<T = Record<string, unknown>>(token: string | null, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Signs in through the API and reads what the client stores of a visit (permissions, menu). */
  signIn(email: string, password: string): Promise<SignedInVisit>;
  stop(): Promise<void>;
}

export interface SignedInVisit {
  login: LoginResult;
  permissions: PermissionEntry[];
  menu: SideMenuItem[];
}

export async function startRealServer(): Promise<RealServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-ui-server-'));
  const httpPort = process.env.UI_SERVER_PORT ? Number(process.env.UI_SERVER_PORT) : await freePort();
  const pgPort = process.env.UI_SERVER_PG_PORT ? Number(process.env.UI_SERVER_PG_PORT) : await freePgPort();
  if (pgPort === 5432) throw new Error('UI_SERVER_PG_PORT must not be 5432');
  let server: ServerProcess;
  try {
    server = await startServer({ httpPort, dataDir, pgPort });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const origin = `http://127.0.0.1:${httpPort}`;
  const sent: SentRequest[] = [];
  const call: RealServer['call'] = async (token, method, url, body) => {
    const res = await fetch(origin + url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as never };
  };
  return {
    origin,
    sent,
    forget: () => void sent.splice(0),
    call,
    async signIn(email, password) {
      const login = await call<LoginResult>(null, 'POST', '/api/auth/login', { email, password });
      if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status} ${JSON.stringify(login.body)}`);
      const token = login.body.token;
      const permissions = await call<PermissionEntry[]>(token, 'GET', '/api/app/subscriber-user/getPermissions');
      const menu = await call<SideMenuItem[]>(token, 'GET', '/api/app/subscriber-user/getSideMenu');
      return { login: login.body, permissions: permissions.body, menu: menu.body };
    },
    async stop() {
      // An ordered shutdown stops its PostgreSQL; one that hangs is not this file's subject: after 10 s both go by force.
      server.child.kill('SIGTERM');
      const stopped = await Promise.race([exited(server.child).then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
      if (!stopped) {
        console.warn(`The UI test server did not stop within 10 s of SIGTERM; killed.\n${server.output().slice(-2_000)}`);
        killLeftovers(server, dataDir);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The client's fetch: Node's, recording each request. jsdom's AbortSignal is not the one Node's fetch accepts, so the
 * client's time-out signal is left out (a test's own timeouts bound the wait instead).
 */
function recordingFetch(server: RealServer): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, server.origin);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    server.sent.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, body });
    const { signal: _signal, ...rest } = init ?? {};
    return fetch(url, rest);
  };
}

const quietSocket = fromCallback<{ type: 'socket.noop' }, SocketInput>(() => () => undefined);

/** The app at `path` for someone who signed in before (a reload restores the session from the encrypted store). */
export function renderSignedIn(server: RealServer, visit: SignedInVisit, path: string): RenderResult {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  configureStorage({ backend: window.localStorage });
  storeSignIn(visit.login);
  writeStored('p_m__', visit.permissions);
  writeStored('m1e2n3u4', visit.menu);
  configureHttp({ baseURL: server.origin, fetch: recordingFetch(server), navigate: (p) => location.navigate(p, { replace: true }), reload: () => undefined });
  const logic = sessionMachine.provide({ actors: { socket: quietSocket } });
  return render(<App logic={logic} locationHook={location.hook} searchHook={location.searchHook} env="test" />);
}
