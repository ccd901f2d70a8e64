/**
 * A proposal link's page sends `viewProposal` from its HTML, before the scripts arrive (issue 18,
 * src/contract/earlyProposalView.ts), through HTTP on PostgreSQL: the page's HTML carries the request the
 * link makes, the content security policy allows exactly that inline script, and the script, run as a browser
 * would run it, sends the spec's call and gets the proposal with its new view record.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROPOSALS } from '../../../server/seed/demo/public-pages';
import { testDb, type SignedIn, type TestDb } from '../../helpers/test-db';
import { proposalLink, recordNamed } from './support';

let t: TestDb;
let admin: SignedIn;
let dist: string;
let finalId: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>FieldOps</title></head><body></body></html>');
  t = await testDb({ config: { distDir: dist } });
  admin = await t.signIn('admin@demo.local');
  finalId = (await recordNamed(t, admin, '/api/app/proposal', 'proposalName', DEMO_PROPOSALS.final))._id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The page's head: its JSON request element's text and its inline scripts' texts. */
function headOf(html: string): { json: string | undefined; inline: string[] } {
  const head = html.slice(0, html.indexOf('</head>'));
  const json = /<script type="application\/json" id="fieldops-early-view">([\s\S]*?)<\/script>/.exec(head)?.[1];
  const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  return { json, inline };
}

/** Runs the page's inline script as the browser would, its fetch going to the app; answers what it left on the window. */
async function runInPage(script: string, json: string): Promise<{ status: number; body: Record<string, unknown>; sent: { method: string; headers: Record<string, string>; body: unknown } } | undefined> {
  let sent: { method: string; headers: Record<string, string>; body: unknown } | undefined;
  const window: Record<string, unknown> = {};
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    sent = { method: init.method, headers: init.headers, body: JSON.parse(init.body) };
    const res = await t.app.inject({ method: init.method as 'PATCH', url, headers: init.headers, payload: init.body });
    return { ok: res.statusCode < 400, status: res.statusCode, json: async () => res.json() };
  };
  const document = { getElementById: (id: string) => (id === 'fieldops-early-view' ? { textContent: json } : null) };
  vm.runInNewContext(script, { window, document, fetch, JSON });
  const early = window.__fieldopsEarlyView as { reply: Promise<{ status: number; json: () => Promise<Record<string, unknown>> }> } | undefined;
  if (!early || !sent) return undefined;
  const reply = await early.reply;
  return { status: reply.status, body: await reply.json(), sent };
}

describe("a proposal link's page (issue 18)", () => {
  it('carries the link’s viewProposal request and a script the policy allows by its hash, which records the view', async () => {
    const { url, token } = await proposalLink(t, admin, finalId);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    const { json, inline } = headOf(page.body);
    expect(JSON.parse(json ?? 'null')).toEqual({ token, body: { id: finalId, status: 'Sent(Final)' } });
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0], 'utf8').digest('base64')}'`;
    expect(String(page.headers['content-security-policy'])).toMatch(new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, '\\$&')}`));

    const ran = await runInPage(inline[0], json ?? '');
    expect(ran?.sent).toEqual({
      method: 'PATCH',
      headers: { token, 'public-request': 'true', 'content-type': 'application/json' },
      body: { id: finalId, status: 'Sent(Final)' },
    });
    expect(ran?.status).toBe(200);
    expect(ran?.body).toMatchObject({ _id: finalId, proposalName: DEMO_PROPOSALS.final, viewRecordId: expect.any(String) });
    const views = ran?.body.totalViewTime as Array<{ _id: string }>;
    expect(views.at(-1)?._id).toBe(ran?.body.viewRecordId);
  });

  it('turns a draft link’s status into View, as the page’s machine does', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/public/businessProposal?token=abc&acbS=${encodeURIComponent('Sent(Draft)')}&zyxP=p1` });
    expect(JSON.parse(headOf(page.body).json ?? 'null')).toEqual({ token: 'abc', body: { id: 'p1', status: 'View' } });
  });

  it('keeps a hostile token inside its JSON, and a refused link leaves the page to ask and be told', async () => {
    const hostile = '</script><script>alert(1)</script>';
    const page = await t.app.inject({ method: 'GET', url: `/public/businessProposal?token=${encodeURIComponent(hostile)}&zyxP=${finalId}` });
    const { json, inline } = headOf(page.body);
    expect(inline).toHaveLength(1);
    expect(JSON.parse(json ?? 'null').token).toBe(hostile);
    const ran = await runInPage(inline[0], json ?? '');
    expect(ran?.status).toBe(401);
  });

  it('adds nothing to a link without its token or proposal, nor to other pages', async () => {
    for (const url of ['/public/businessProposal?zyxP=p1', '/public/businessProposal?token=abc', '/app/home', '/auth/login-2']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(headOf(page.body), url).toEqual({ json: undefined, inline: [] });
    }
  });

});
