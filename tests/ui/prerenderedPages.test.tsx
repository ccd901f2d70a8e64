/**
 * Issue 30: the sign-in page's and a proposal link's HTML carry the page, rendered by the client's own components at
 * build time (src/prerender/firstPages.tsx), and the client hydrates it (main.tsx). Here the build's render is put in
 * `#root` as the server sends it; the app then hydrates it as main.tsx does. React reports any difference between the
 * two renders (a recoverable error, and the page would be drawn again); there must be none. What a person typed before
 * the scripts came is what the form signs in with; the proposal's terms follow its loading page.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import { App } from '../../src/App';
import { configureHttp, resetHttpConfig } from '../../src/api/http';
import { configureStorage } from '../../src/api/storage';
import { EARLY_SUBMIT_GLOBAL, PHONE_LAYOUT_QUERY, PRERENDER_CHECK_SCRIPT, PRERENDERED_PAGES, prerenderedRoot, SIGNED_IN_PAGE, signedInPageDigest } from '../../src/contract/prerenderedPages';
import { EARLY_VIEW_GLOBAL, type EarlyView } from '../../src/contract/earlyProposalView';
import { prepareLanding } from '../../src/machines/landing';
import { sessionMachine, type Landing, type StoredSession } from '../../src/machines/session';
import { preloadFirstScreens } from '../../src/routes/screens';
import { PROPOSAL } from '../machines/publicProposal.model';
import { renderFirstPage, renderSignedInPage } from '../../src/prerender/firstPages';
import { prepareKeptSession } from '../../src/machines/keptSession';
import { belowLgQuery } from '../../src/ui/shell/AppLayout';
import { DEFAULT_THEME } from '@mantine/core';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from './support/demo';
import { quietSocket } from './support/quietSocket';
import { apiFor, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  delete (window as unknown as Record<string, unknown>)[EARLY_SUBMIT_GLOBAL];
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
function hydrate(
  container: HTMLElement,
  path: string,
  landing?: Landing,
  answers?: (api: ReturnType<typeof apiFor>) => void,
  { asInBrowser = false, restored }: { asInBrowser?: boolean; restored?: StoredSession } = {},
) {
  const api = apiFor([admin]);
  answers?.(api);
  window.history.replaceState(null, '', path);
  configureStorage({ backend: window.localStorage });
  configureHttp({ baseURL: '', fetch: api.fetch, navigate: (p) => navigate(p, { replace: true }), reload: () => undefined });
  const logic = sessionMachine.provide({ actors: { socket: quietSocket } });
  const recoverable: unknown[] = [];
  const start = () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App logic={logic} landing={landing} restored={restored} />
      </StrictMode>,
      { onRecoverableError: (error) => void recoverable.push(error) },
    );
  };
  // `act` does all of React's work at once; a browser's scheduler yields between its parts, and answers that have
  // come (a promise settled) are taken in between. `asInBrowser` leaves the work to React's own scheduler.
  if (asInBrowser) start();
  else act(start);
  return { api, recoverable, path: () => window.location.pathname };
}

const SIGN_IN_PAGES = PRERENDERED_PAGES.filter((page) => page.renderAt.startsWith('/auth/'));

describe.each(SIGN_IN_PAGES)('the prerendered $renderAt', ({ renderAt }) => {
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

describe('submitting before the scripts have come', () => {
  it('the page holds the submission back, and the form sends it once hydrated', async () => {
    const container = await servePage('/auth/login-2');
    // The page's head check, as the browser runs it for a first visit: it keeps the page and watches its form.
    window.eval(PRERENDER_CHECK_SCRIPT);
    (container.querySelector('input[type="email"]') as HTMLInputElement).value = 'admin@demo.local';
    (container.querySelector('input[type="password"]') as HTMLInputElement).value = 'Demo-Admin-2026';
    const form = container.querySelector('form') as HTMLFormElement;
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    // The browser's own submission (a reload of the page) is held back.
    expect(submitted.defaultPrevented).toBe(true);
    const app = hydrate(container, '/auth/login-2');
    expect(await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Asha Kulkarni$/ })).toBeTruthy();
    expect(app.api.requestsTo('POST', '/api/auth/login').map((request) => request.body)).toEqual([{ email: 'admin@demo.local', password: 'Demo-Admin-2026' }]);
    expect(app.recoverable).toEqual([]);
  });
});

describe("a proposal link's prerendered loading page", () => {
  const link = '/public/businessProposal?token=link-token&zyxP=prp-1&acbS=Sent(Final)';
  const rendered = PRERENDERED_PAGES.find((page) => page.name === 'proposal')?.renderAt ?? '';

  it('holds the frame and the heading, loading, before any script has run', async () => {
    const container = await servePage(rendered);
    expect(container.querySelector('h2')?.textContent).toBe('Head Terms-Commercial Proposal');
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Loading');
    expect(container.querySelector('table')).toBeNull();
  });

  it("hydrates on any link's query with no difference, though the view its HTML sent has answered, then shows the terms", async () => {
    const errors = vi.spyOn(console, 'error');
    const container = await servePage(rendered);
    // As on a phone: the HTML's early viewProposal (earlyProposalView.ts) has its answer before the scripts run.
    const reply = { ...PROPOSAL, viewRecordId: 'view-1' };
    const early: EarlyView = { token: 'link-token', body: { id: 'prp-1', status: 'Sent(Final)' }, reply: Promise.resolve(new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } })) };
    (globalThis as Record<string, unknown>)[EARLY_VIEW_GLOBAL] = early;
    await preloadFirstScreens('/public/businessProposal');
    // main.tsx's landing when it hydrates: the page, loading (prepareLanding `withView: false`).
    const landing = await prepareLanding('/public/businessProposal', link.split('?')[1] ?? '', { withView: false });
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    onTestFinished(() => void ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment));
    const app = hydrate(container, link, landing, (api) => api.on('PATCH', '/api/public/business-proposal/viewProposal', { body: reply }), { asInBrowser: true });
    expect(await screen.findByRole('table', { name: 'Terms' })).toBeTruthy();
    expect(screen.getByText(String(PROPOSAL.proposalName))).toBeTruthy();
    expect(app.recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("the signed-in home, rendered by the server for the kept sign-in's person (server/http/signed-in-page.ts)", () => {
  /** As a phone: the layout's query below lg matches. */
  function onPhone() {
    const query = belowLgQuery(DEFAULT_THEME.breakpoints.lg);
    vi.spyOn(window, 'matchMedia').mockImplementation((media: string) => ({ ...matchMediaOf(media), matches: media === query }));
  }
  const matchMediaOf = (media: string): MediaQueryList => ({ matches: false, media, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false });

  /** The page as the server sends it for the person of the store's kept sign-in, rendered from what their calls answer. */
  async function serveHome(): Promise<{ container: HTMLElement; restored: StoredSession }> {
    storePreviousVisit(admin);
    const restored = await prepareKeptSession();
    if (!restored) throw new Error('no sign-in kept');
    const { token: _token, ...session } = restored;
    const html = await renderSignedInPage('/app/home', session);
    document.body.innerHTML = prerenderedRoot(SIGNED_IN_PAGE.name, html, signedInPageDigest(session));
    return { container: document.getElementById('root') as HTMLElement, restored };
  }

  it("is drawn for the phone layout the head's check keeps it for", () => {
    expect(belowLgQuery(DEFAULT_THEME.breakpoints.lg)).toBe(PHONE_LAYOUT_QUERY);
  });

  it('holds the greeting, the header and the bottom bar before any script has run, and no side navigation', async () => {
    const { container } = await serveHome();
    expect(container.querySelector('h3')?.textContent).toMatch(/^Good (morning|afternoon|evening), Asha Kulkarni$/);
    expect(container.querySelector('[aria-label="Theme settings"]')).not.toBeNull();
    expect(container.textContent).toContain('Home');
    expect(container.querySelector('.mantine-AppShell-navbar')).toBeNull();
    expect(container.querySelector('[data-side-nav]')).toBeNull();
  });

  it('hydrates on a phone with no difference from the client render, keeping the same elements, then shows the cards', async () => {
    const errors = vi.spyOn(console, 'error');
    const { container, restored } = await serveHome();
    onPhone();
    const greeting = container.querySelector('h3');
    await preloadFirstScreens('/app/home');
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    onTestFinished(() => void ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment));
    const app = hydrate(container, '/app/home', undefined, undefined, { asInBrowser: true, restored });
    expect(await screen.findByRole('link', { name: 'Open Manage User' }, { timeout: 5_000 })).toBeTruthy();
    expect(app.recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not drawn again: the server's heading is the one on the screen.
    expect(screen.getByRole('heading', { name: /^Good (morning|afternoon|evening), Asha Kulkarni$/ })).toBe(greeting);
  });
});
