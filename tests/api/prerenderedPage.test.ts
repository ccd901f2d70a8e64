/**
 * Issue 30 through HTTP: the sign-in paths and a proposal link answer with the build's prerendered page in `#root`
 * and the check that keeps it only for the visitors it fits first in the head; the content security policy allows
 * that inline script by its hash; every other page, and a proposal link missing its token, keeps its empty `#root`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_VIEW_SCRIPT } from '../../src/contract/earlyProposalView';
import { PRERENDER_CHECK_SCRIPT, PRERENDERED_FILE, PRERENDERED_PAGES, type PrerenderedFile } from '../../src/contract/prerenderedPages';
import { testDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
let dist: string;

/** A page's HTML as the build would render it: `$&` and `$'` must reach the page as written. */
const pageHtml = (name: string) => `<main><h2>Sign in</h2><p data-page="${name}">Price $&amp; terms $' apply</p></main>`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>FieldOps</title><link rel="stylesheet" href="/assets/main.css"></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>',
  );
  const file: PrerenderedFile = { pages: PRERENDERED_PAGES.map((page) => ({ ...page, html: pageHtml(page.name) })) };
  fs.mkdirSync(path.join(dist, path.dirname(PRERENDERED_FILE)), { recursive: true });
  fs.writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify(file));
  t = await testDb({ config: { distDir: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe('the prerendered sign-in page (issue 30)', () => {
  it.each(PRERENDERED_PAGES)('$renderAt carries its page in #root and the check the policy allows by hash', async ({ renderAt, name }) => {
    const page = await t.app.inject({ method: 'GET', url: renderAt });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<div id="root" data-prerendered="${name}">${pageHtml(name)}</div>`);
    // A proposal link's page also sends its view early (earlyProposalView.ts).
    expect(inlineScripts(page.body)).toEqual(name === 'proposal' ? [EARLY_VIEW_SCRIPT, PRERENDER_CHECK_SCRIPT] : [PRERENDER_CHECK_SCRIPT]);
    expect(page.body.indexOf(PRERENDER_CHECK_SCRIPT)).toBeLessThan(page.body.indexOf('<link rel="stylesheet"'));
    expect(String(page.headers['content-security-policy'])).toContain(hashOf(PRERENDER_CHECK_SCRIPT));
  });

  it('leaves every other page as it was: an empty #root, no inline script', async () => {
    for (const url of ['/app/home', '/auth/subscription-request', '/public/subscriber-details', '/public/businessProposal?zyxP=p1']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(inlineScripts(page.body), url).toEqual([]);
    }
  });
});
