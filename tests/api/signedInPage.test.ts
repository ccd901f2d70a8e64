/**
 * Issue 30 through HTTP: home's HTML comes rendered for the signed-in person whose page cookie it carries
 * (server/http/signed-in-page.ts, page-cookie.ts). A sign-in sets the cookie (the token's hash, HttpOnly, SameSite=Strict,
 * the app's pages only, Secure over HTTPS), a sign-out clears it; home renders what the person's own calls answer;
 * no cache keeps it; every other page, a missing, malformed or ended cookie, and a renderer that fails leave home as it
 * was. No API call accepts the cookie. The renderer here records what it was asked to draw: the client's own render of
 * it, and its hydration, are tests/ui/signedInPage.test.tsx's.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRERENDER_CHECK_SCRIPT, PRERENDERED_SESSION_ATTRIBUTE, SIGNED_IN_PAGE, SIGNED_IN_PAGE_ATTRIBUTE, signedInPageDigest, type SignedInPageSession } from '../../src/contract/prerenderedPages';
import { PAGE_COOKIE } from '../../server/http/page-cookie';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let dist: string;
const rendered: Array<{ path: string; session: SignedInPageSession }> = [];
let failing = false;

/** Draws the session's person, as a stand-in for the build's renderer. */
async function recordingRenderer(pagePath: string, session: SignedInPageSession): Promise<string> {
  if (failing) throw new Error('the renderer failed');
  rendered.push({ path: pagePath, session });
  return `<main><h3>Good day, ${session.user.name}</h3></main>`;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>FieldOps</title><link rel="stylesheet" href="/assets/main.css"></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
  );
  // Behind a proxy the app trusts, so that a request can say it came over HTTPS.
  t = await testDb({ config: { distDir: dist, trustProxy: true }, signedInPageRenderer: recordingRenderer });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});
beforeEach(() => {
  rendered.length = 0;
  failing = false;
});

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const policyHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Signs in through the API and returns the answer with the Set-Cookie it came with. */
async function signInWithCookie(email: string, headers: Record<string, string> = {}): Promise<{ signedIn: SignedIn; setCookie: string }> {
  const reply = await t.call<SignedIn>(null, 'POST', '/api/auth/login', { email, password: email === 'admin@demo.local' ? 'Demo-Admin-2026' : 'Demo-Engineer-2026' }, headers);
  expect(reply.status).toBe(200);
  return { signedIn: reply.body, setCookie: String(reply.headers['set-cookie']) };
}

const openHome = (cookie?: string, url = '/app/home') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the page cookie', () => {
  it("is set by a sign-in: the token's hash, for the session's life, HttpOnly, SameSite=Strict, the app's pages only", async () => {
    const { signedIn, setCookie } = await signInWithCookie('admin@demo.local');
    expect(setCookie).toBe(`${PAGE_COOKIE}=${hashOf(signedIn.token)}; Path=/app; Max-Age=${t.config.sessionTtlMs / 1000}; HttpOnly; SameSite=Strict`);
    expect(setCookie).not.toContain(signedIn.token);
  });

  it('is Secure where the request came over HTTPS', async () => {
    const { setCookie } = await signInWithCookie('admin@demo.local', { 'x-forwarded-proto': 'https' });
    expect(setCookie).toMatch(/; Secure$/);
  });

  it('is cleared by a sign-out, after which it renders nothing', async () => {
    const { signedIn } = await signInWithCookie('admin@demo.local');
    const cookie = `${PAGE_COOKIE}=${hashOf(signedIn.token)}`;
    const out = await t.call(signedIn, 'POST', '/api/auth/logout');
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toBe(`${PAGE_COOKIE}=; Path=/app; Max-Age=0; HttpOnly; SameSite=Strict`);
    const home = await openHome(cookie);
    expect(home.body).toContain('<div id="root"></div>');
    expect(rendered).toEqual([]);
  });

  it('opens no API call, as a cookie or as a token', async () => {
    const { signedIn } = await signInWithCookie('admin@demo.local');
    const cookie = `${PAGE_COOKIE}=${hashOf(signedIn.token)}`;
    const asCookie = await t.call(null, 'GET', '/api/app/subscriber-user/getPermissions', undefined, { cookie });
    expect(asCookie.status).toBe(401);
    const asToken = await t.call(hashOf(signedIn.token), 'GET', '/api/app/subscriber-user/getPermissions');
    expect(asToken.status).toBe(401);
  });
});

describe("home rendered for the cookie's person", () => {
  it("carries what the person's own calls answer, marked as theirs, with the check the policy allows, kept by no cache", async () => {
    const { signedIn } = await signInWithCookie('engineer@demo.local');
    const home = await openHome(`theme=dark; ${PAGE_COOKIE}=${hashOf(signedIn.token)}; other=1`);
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('private, no-store');
    expect(home.headers.vary).toBe('cookie');
    expect(home.body).toContain(`<html ${SIGNED_IN_PAGE_ATTRIBUTE} lang="en">`);
    expect(home.body.indexOf(PRERENDER_CHECK_SCRIPT)).toBeLessThan(home.body.indexOf('<link rel="stylesheet"'));
    expect(String(home.headers['content-security-policy'])).toContain(policyHash(PRERENDER_CHECK_SCRIPT));

    // What the client keeps of this sign-in: the sign-in's answer and its two calls' answers, as they came.
    const permissions = await t.call<SignedInPageSession['permissions']>(signedIn, 'GET', '/api/app/subscriber-user/getPermissions');
    const sideMenu = await t.call<SignedInPageSession['sideMenu']>(signedIn, 'GET', '/api/app/subscriber-user/getSideMenu');
    const kept: SignedInPageSession = { user: signedIn.user, timezone: signedIn.timezone, permissions: permissions.body, sideMenu: sideMenu.body };
    expect(rendered).toEqual([{ path: '/app/home', session: kept }]);
    // The page carries the digest the client works out from what it keeps, so the client hydrates it.
    expect(home.body).toContain(`<div id="root" data-prerendered="${SIGNED_IN_PAGE.name}" ${PRERENDERED_SESSION_ATTRIBUTE}="${signedInPageDigest(kept)}"><main><h3>Good day, ${signedIn.user.name}</h3></main></div>`);
  });

  it('renders home only: another page with the cookie comes as it was', async () => {
    const { signedIn } = await signInWithCookie('admin@demo.local');
    for (const url of ['/app/machine-list', '/auth/subscription-request', '/app/home/extra']) {
      const page = await openHome(`${PAGE_COOKIE}=${hashOf(signedIn.token)}`, url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    expect(rendered).toEqual([]);
  });

  it.each([
    ['no cookie', undefined],
    ['a malformed cookie', `${PAGE_COOKIE}=not-a-hash`],
    ["an unknown session's hash", `${PAGE_COOKIE}=${hashOf('no such token')}`],
  ])('comes unrendered with %s', async (_case, cookie) => {
    const home = await openHome(cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"></div>');
    expect(home.body).not.toContain(SIGNED_IN_PAGE_ATTRIBUTE);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.vary).toBe('cookie');
    expect(rendered).toEqual([]);
  });

  it('comes unrendered when the renderer fails, rather than failing', async () => {
    const { signedIn } = await signInWithCookie('admin@demo.local');
    failing = true;
    const home = await openHome(`${PAGE_COOKIE}=${hashOf(signedIn.token)}`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root"></div>');
  });
});
