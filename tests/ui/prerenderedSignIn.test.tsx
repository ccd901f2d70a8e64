/**
 * Issue 30: the sign-in page's HTML carries the page, rendered by the client's own components at build time
 * (src/prerender/firstPages.tsx), and the client hydrates it (main.tsx). Here the build's render is put in `#root`
 * as the server sends it; the app then hydrates it as main.tsx does. React reports any difference between the two
 * renders (a recoverable error, and the page would be drawn again); there must be none, and what a person typed
 * before the scripts came is what the form signs in with.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { App } from '../../src/App';
import { configureHttp, resetHttpConfig } from '../../src/api/http';
import { configureStorage } from '../../src/api/storage';
import { PRERENDERED_PAGES, prerenderedRoot } from '../../src/contract/prerenderedPages';
import { sessionMachine, type SocketInput } from '../../src/machines/session';
import { renderFirstPage } from '../../src/prerender/firstPages';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
const quietSocket = fromCallback<{ type: 'socket.noop' }, SocketInput>(() => () => undefined);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  resetHttpConfig();
  vi.restoreAllMocks();
});

/** The page as the server sends it: the build's render inside `#root`. */
async function servePage(path: string): Promise<HTMLElement> {
  const page = PRERENDERED_PAGES.find((p) => p.renderAt === path);
  if (!page) throw new Error(`${path} is not prerendered`);
  document.body.innerHTML = prerenderedRoot(page.name, await renderFirstPage(path));
  return document.getElementById('root') as HTMLElement;
}

/**
 * Hydrates `#root` as main.tsx does, on the browser's location (jsdom's), with the fake API; returns what React
 * reported. (wouter's memory location, which other tests use, has no server snapshot to hydrate with.)
 */
function hydrate(container: HTMLElement, path: string) {
  const api = apiFor([admin]);
  window.history.replaceState(null, '', path);
  configureStorage({ backend: window.localStorage });
  configureHttp({ baseURL: '', fetch: api.fetch, navigate: (p) => navigate(p, { replace: true }), reload: () => undefined });
  const logic = sessionMachine.provide({ actors: { socket: quietSocket } });
  const recoverable: unknown[] = [];
  act(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App logic={logic} />
      </StrictMode>,
      { onRecoverableError: (error) => void recoverable.push(error) },
    );
  });
  return { api, recoverable, path: () => window.location.pathname };
}

describe.each(PRERENDERED_PAGES)('the prerendered $renderAt', ({ renderAt }) => {
  it('holds the sign-in form before any script has run', async () => {
    const container = await servePage(renderAt);
    expect(container.querySelector('h2')?.textContent).toBe('Sign in');
    expect(container.querySelector('input[type="email"]')).not.toBeNull();
    expect(container.querySelector('input[type="password"]')).not.toBeNull();
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Sign in');
  });

  it('hydrates with no difference from the client render, keeping the same elements', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = await servePage(renderAt);
    const emailField = container.querySelector('input[type="email"]');
    const { recoverable } = hydrate(container, renderAt);
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not drawn again: the server's input element is the one React now drives.
    expect(screen.getByLabelText(/^Email/)).toBe(emailField);
  });
});

describe('typing before the scripts have come', () => {
  it('signs in with what was typed into the prerendered form', async () => {
    const container = await servePage('/auth/login-2');
    // The person types into the page's HTML while the scripts are still on their way.
    (container.querySelector('input[type="email"]') as HTMLInputElement).value = 'admin@demo.local';
    const app = hydrate(container, '/auth/login-2');
    expect(app.recoverable).toEqual([]);
    const user = userEvent.setup();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('admin@demo.local');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-Admin-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Asha Kulkarni$/ })).toBeTruthy();
    expect(app.api.requestsTo('POST', '/api/auth/login').map((request) => (request.body as { email: string }).email)).toEqual(['admin@demo.local']);
    expect(app.path()).toBe('/app/home');
  });
});
