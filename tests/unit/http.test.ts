/**
 * The HTTP conventions against a tiny local server: headers, list limits, paths of the typed calls, and
 * the client-wide reactions to a missing token, 401/403 and requests that never get a response.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillPath, moduleCalls } from '../../src/api/calls';
import { apiRequest, ApiError, configureHttp, listQuery, REQUEST_TIMEOUT_MS, resetHttpConfig } from '../../src/api/http';
import { role, subscriberUser } from '../../src/contract/modules/admin';
import { moduleNamed } from '../../src/contract/modules';
import { configureStorage, createMemoryStore, readStored, writeStored } from '../../src/api/storage';
import { EARLY_VIEW_GLOBAL, type EarlyView } from '../../src/contract/earlyProposalView';
import { viewedWithPage, viewProposal } from '../../src/machines/flows/publicProposalCalls';
import { recordNotices, type NoticeRecorder } from '../machines/support/notices';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
/** Replies by path; anything else answers 200 with `{ ok: true }`. */
const replies = new Map<string, { status: number; body: unknown; delayMs?: number }>();
let server: Server;
let baseURL: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const reply = replies.get((request.url ?? '').split('?')[0]) ?? { status: 200, body: { ok: true } };
      setTimeout(() => {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let reload: ReturnType<typeof vi.fn<(path: string) => void>>;
let recorder: NoticeRecorder;

beforeEach(() => {
  seen.length = 0;
  replies.clear();
  configureStorage({ backend: createMemoryStore(), warn: () => undefined });
  writeStored('tn_ah', 'token-abc');
  navigate = vi.fn<(path: string) => void>();
  reload = vi.fn<(path: string) => void>();
  configureHttp({ baseURL, navigate, reload });
  recorder = recordNotices();
});

afterEach(() => {
  recorder.release();
  resetHttpConfig();
});

function lastQuery(): URLSearchParams {
  return new URL(seen.at(-1)?.url ?? '', baseURL).searchParams;
}

describe('headers', () => {
  it('sends the stored token in a header named token', async () => {
    await apiRequest('/api/app/role');
    expect(seen[0].headers.token).toBe('token-abc');
    expect(seen[0].headers['public-request']).toBeUndefined();
  });

  it('marks public calls with public-request, with or without a token', async () => {
    await apiRequest('/api/public/business-proposal/viewProposal', { method: 'PATCH', public: true, body: { id: 'p1' } });
    expect(seen[0].headers['public-request']).toBe('true');
    expect(seen[0].headers.token).toBe('token-abc');
    configureStorage({ backend: createMemoryStore() });
    await apiRequest('/api/public/public-terms-and-conditions/getLatestTandC', { public: true });
    expect(seen[1].headers['public-request']).toBe('true');
    expect(seen[1].headers.token).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('list calls', () => {
  it('ask for limit = Number.MAX_SAFE_INTEGER plus the optional query', async () => {
    await moduleCalls(subscriberUser).list({ status: 'Active' });
    expect(seen[0].method).toBe('GET');
    expect(new URL(seen[0].url, baseURL).pathname).toBe('/api/app/subscriber-user');
    expect(lastQuery().get('limit')).toBe(String(Number.MAX_SAFE_INTEGER));
    expect(lastQuery().get('status')).toBe('Active');
    await moduleCalls(subscriberUser).list();
    expect([...lastQuery().keys()]).toEqual(['limit']);
  });

  it('ask the transaction list for 100', async () => {
    await moduleCalls(moduleNamed('transaction')).list();
    expect(lastQuery().get('limit')).toBe('100');
    expect(listQuery({ listLimit: 100 }, { page: 2 })).toEqual({ limit: 100, page: 2 });
  });
});

describe('typed module calls', () => {
  it('send updates to base/{id} without _id in the body', async () => {
    await moduleCalls(role).update('r1', { _id: 'r1', name: 'AUDITOR' });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/app/role/r1' });
    expect(JSON.parse(seen[0].body)).toEqual({ name: 'AUDITOR' });
  });

  it('send the id in the body where the update path has none (purchase orders)', async () => {
    await moduleCalls(moduleNamed('purchase-order')).update('po-1', { _id: 'po-1', paymentTerms: '30 days' });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/app/purchase-order/update-po' });
    expect(JSON.parse(seen[0].body)).toEqual({ paymentTerms: '30 days', _id: 'po-1' });
  });

  it('create, delete and get by id on the spec paths', async () => {
    await moduleCalls(role).create({ name: 'AUDITOR', features: [] });
    await moduleCalls(role).remove('r1');
    await moduleCalls(role).getById('r1');
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/app/role',
      'DELETE /api/app/role/r1',
      'GET /api/app/role/getById/r1',
    ]);
    expect(JSON.parse(seen[0].body)).toEqual({ name: 'AUDITOR', features: [] });
  });

  it('fill the parameters of extra calls', async () => {
    const lead = moduleCalls(moduleNamed('lead'));
    await lead.call('changeStage', { params: { id: 'l1' }, body: { leadStage: 'Won', leadStatusReason: 'PO' } });
    await lead.call('deleteNote', { params: { leadId: 'l1', noteId: 'n 2' } });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PATCH /api/app/lead/change-stage/l1',
      'DELETE /api/app/lead/delete-note/l1/n%202',
    ]);
    expect(() => fillPath('/delete-note/:leadId/:noteId', { leadId: 'l1' })).toThrow('noteId');
    // @ts-expect-error a call the module does not declare does not compile; a name read from data is refused at run time
    await expect(lead.call('noSuchCall')).rejects.toThrow('Module lead has no call noSuchCall');
  });
});

describe('without a stored token', () => {
  beforeEach(() => configureStorage({ backend: createMemoryStore() }));

  it('redirects to /auth/login-2 and rejects, sending nothing', async () => {
    const failure = apiRequest('/api/app/role');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 0 });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/auth/login-2');
    expect(seen).toEqual([]);
  });

  it('still reaches the auth paths', async () => {
    await apiRequest('/api/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } });
    expect(seen[0].url).toBe('/api/auth/login');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('401 and 403', () => {
  it.each([401, 403])('%i: notice, token removed, reload to /auth/login, rejected', async (status) => {
    replies.set('/api/app/role', { status, body: { message: 'Session expired' } });
    writeStored('loggedIN', true);
    const failure = apiRequest('/api/app/role');
    await expect(failure).rejects.toMatchObject({ status, serverMessage: 'Session expired' });
    // The spec's words in English, with the keys the screen words them by in the person's language.
    expect(recorder.notices).toEqual([{ title: 'Authentication Fail', titleWords: { key: 'errors.authFail' }, message: 'Please login again', words: { key: 'errors.loginAgain' }, color: 'red' }]);
    expect(readStored('tn_ah')).toBeNull();
    expect(readStored('loggedIN')).toBe(true);
    expect(reload).toHaveBeenCalledExactlyOnceWith('/auth/login');
  });

  it('a refused sign-in keeps its message for the form instead', async () => {
    replies.set('/api/auth/login', { status: 401, body: { message: 'Invalid email or password' } });
    await expect(apiRequest('/api/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(reload).not.toHaveBeenCalled();
    expect(recorder.notices).toEqual([]);
  });
});

describe('429: a call refused by a limit', () => {
  it('tells the person through a notice carrying the limit, which the UI words in their language; the call still rejects', async () => {
    const limit = { kind: 'pdf', scope: 'person', retryAfterSeconds: 42 } as const;
    const body = { message: 'You have asked for too many PDF documents in a short time. Please wait 42 seconds and try again.', code: 'RATE_LIMITED', limit };
    replies.set('/api/app/invoice/generatePdf/1', { status: 429, body });
    await expect(apiRequest('/api/app/invoice/generatePdf/1', { method: 'POST' })).rejects.toMatchObject({ status: 429, serverMessage: body.message });
    expect(recorder.notices).toEqual([{ message: body.message, color: 'yellow', limit }]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('a 429 without a limit (a proxy, the public pages) gives no such notice', async () => {
    replies.set('/api/app/role', { status: 429, body: { message: 'Too many requests' } });
    await expect(apiRequest('/api/app/role')).rejects.toMatchObject({ status: 429 });
    expect(recorder.notices).toEqual([]);
  });
});

describe('errors', () => {
  it('carry the server body: message, code 11000 and keyValue of duplicates', async () => {
    replies.set('/api/app/feature', { status: 409, body: { message: 'Feature Code Already In use.', code: 11000, keyValue: { code: 'X' } } });
    const error = await apiRequest('/api/app/feature', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toPayload()).toEqual({
      status: 409,
      message: 'Feature Code Already In use.',
      code: 11000,
      keyValue: { code: 'X' },
      data: { message: 'Feature Code Already In use.', code: 11000, keyValue: { code: 'X' } },
    });
    expect(recorder.notices).toEqual([]);
  });

  it('are not retried', async () => {
    replies.set('/api/app/role', { status: 500, body: { message: 'boom' } });
    await expect(apiRequest('/api/app/role')).rejects.toMatchObject({ status: 500 });
    expect(seen).toHaveLength(1);
  });

  it('a request that gets no response shows a notice titled Error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    configureHttp({ baseURL: `http://127.0.0.1:${port}` });
    await expect(apiRequest('/api/app/role')).rejects.toMatchObject({ status: 0 });
    expect(recorder.notices).toHaveLength(1);
    expect(recorder.notices[0]).toMatchObject({ title: 'Error', color: 'red' });
    expect(recorder.notices[0].message).not.toBe('');
  });

  it('time out after the configured time (60 000 ms by default)', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    replies.set('/api/app/role', { status: 200, body: {}, delayMs: 500 });
    configureHttp({ timeout: 50 });
    await expect(apiRequest('/api/app/role')).rejects.toMatchObject({ status: 0 });
    expect(recorder.notices[0]).toMatchObject({ title: 'Error', color: 'red' });
    expect(recorder.notices[0].message.toLowerCase()).toContain('timeout');
  });
});

describe("viewProposal and the request the link's HTML sent (issue 18, earlyProposalView.ts)", () => {
  const input = { token: 'link-token', proposalId: 'p1', status: 'Sent(Final)' };
  const holder = globalThis as { [EARLY_VIEW_GLOBAL]?: EarlyView };
  const early = (reply: Promise<Response>, body = { id: 'p1', status: 'Sent(Final)' }): EarlyView => ({ token: 'link-token', body, reply });
  afterEach(() => void delete holder[EARLY_VIEW_GLOBAL]);

  it('takes its answer, once, and asks nothing itself', async () => {
    holder[EARLY_VIEW_GLOBAL] = early(Promise.resolve(Response.json({ _id: 'p1', proposalName: 'Early', viewRecordId: 'v1' })));
    const result = await viewProposal(input);
    expect(result.proposal).toEqual({ _id: 'p1', proposalName: 'Early' });
    expect(result.viewRecordId).toBe('v1');
    expect(seen).toHaveLength(0);
    expect(holder[EARLY_VIEW_GLOBAL]).toBeUndefined();
    expect(readStored('tn_ah')).toBe('link-token');
  });

  it.each([
    ['refused', () => early(Promise.resolve(Response.json({ message: 'Link not valid' }, { status: 401 })))],
    ['lost on the network', () => early(Promise.reject(new TypeError('Failed to fetch')))],
    ['for another proposal', () => early(Promise.resolve(Response.json({ _id: 'p2', viewRecordId: 'v2' })), { id: 'p2', status: 'Sent(Final)' })],
  ])('asks itself when that request was %s', async (_why, make) => {
    holder[EARLY_VIEW_GLOBAL] = make();
    replies.set('/api/public/business-proposal/viewProposal', { status: 200, body: { _id: 'p1', proposalName: 'Asked', viewRecordId: 'v9' } });
    const result = await viewProposal(input);
    expect(result.proposal).toEqual({ _id: 'p1', proposalName: 'Asked' });
    expect(seen.map((s) => [s.method, s.url, JSON.parse(s.body), s.headers.token])).toEqual([
      ['PATCH', '/api/public/business-proposal/viewProposal', { id: 'p1', status: 'Sent(Final)' }, 'link-token'],
    ]);
  });

  // Before the first render (machines/landing.ts): the view is taken when its answer is in, else left for the page.
  describe('viewedWithPage', () => {
    const link = { token: 'link-token', proposalId: 'p1', linkStatus: 'Sent(Final)' };

    it('takes an answer that is in: the token is stored, and the page then asks nothing', async () => {
      holder[EARLY_VIEW_GLOBAL] = early(Promise.resolve(Response.json({ _id: 'p1', proposalName: 'Early', viewRecordId: 'v1' })));
      const viewed = await viewedWithPage(link, 50);
      expect(viewed).toMatchObject({ proposal: { _id: 'p1', proposalName: 'Early' }, viewRecordId: 'v1' });
      expect(readStored('tn_ah')).toBe('link-token');
      // Taken once: a later view of the page would ask the server itself.
      replies.set('/api/public/business-proposal/viewProposal', { status: 200, body: { _id: 'p1', proposalName: 'Asked', viewRecordId: 'v9' } });
      expect((await viewProposal(input)).viewRecordId).toBe('v9');
      expect(seen).toHaveLength(1);
    });

    it('leaves a late answer to the page, which takes it when it comes, asking nothing itself', async () => {
      let answer: (response: Response) => void = () => undefined;
      holder[EARLY_VIEW_GLOBAL] = early(new Promise<Response>((resolve) => (answer = resolve)));
      expect(await viewedWithPage(link, 20)).toBeUndefined();
      const view = viewProposal(input);
      answer(Response.json({ _id: 'p1', proposalName: 'Late', viewRecordId: 'v2' }));
      expect((await view).proposal).toEqual({ _id: 'p1', proposalName: 'Late' });
      expect(seen).toHaveLength(0);
    });

    it.each([
      ['refused', () => early(Promise.resolve(Response.json({ message: 'Link not valid' }, { status: 401 })))],
      ['for another proposal', () => early(Promise.resolve(Response.json({ _id: 'p2', viewRecordId: 'v2' })), { id: 'p2', status: 'Sent(Final)' })],
    ])('takes nothing when that request was %s, and leaves the store as it was', async (_why, make) => {
      holder[EARLY_VIEW_GLOBAL] = make();
      const before = readStored('tn_ah');
      expect(await viewedWithPage(link, 50)).toBeUndefined();
      expect(readStored('tn_ah')).toBe(before);
    });

    it('takes nothing when the HTML sent no request', async () => {
      expect(await viewedWithPage(link, 50)).toBeUndefined();
    });
  });
});
