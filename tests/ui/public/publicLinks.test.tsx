/**
 * The public pages inside the whole client: their routes, a link missing its parameters, the link token
 * replacing a staff session kept in the same browser, leaving a page, and a page that crashes (the real
 * session machine, HTTP layer and store).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../../../src/api/storage';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from '../support/demo';
import { apiFor, expectPath, renderApp, resetHarness, storePreviousVisit, type Account } from '../support/renderApp';
import { PROPOSAL } from '../../machines/publicProposal.model';
import { EARLY_VIEW_GLOBAL, type EarlyView } from '../../../src/contract/earlyProposalView';
import { prepareLanding } from '../../../src/machines/landing';
import { preloadFirstScreens } from '../../../src/routes/screens';

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };

afterEach(resetHarness);

function publicApi() {
  return apiFor([admin])
    .on('PATCH', '/api/public/business-proposal/viewProposal', { body: { ...PROPOSAL, viewRecordId: 'view-1' } })
    .on('GET', '/api/public/public-subscription-request/getById/:id', (_r, { id }) => ({
      body: { _id: id, companyName: 'Nashik Precision Tools Pvt Ltd', gstNo: '27AAFCN7811D1ZS', companyTeamSize: 25, address: 'Nashik', status: 'On-Board' },
    }))
    .on('GET', '/api/public/public-terms-and-conditions/getLatestTandC', { body: { _id: 't1', termsAndConditions: '<p>Terms</p>' } })
    .on('GET', '/api/public/public-terms-and-conditions/getLatestPrivacyPolicy', { body: { privacyPolicyData: { _id: 'p1', termsAndConditions: '<p>Privacy</p>' } } });
}

describe('public links', () => {
  it('says plainly when a link misses its parameters', async () => {
    renderApp(publicApi(), '/public/businessProposal?token=abc');
    expect(await screen.findByText('This link is not valid')).toBeTruthy();
    resetHarness();
    renderApp(publicApi(), '/public/subscriber-details?acbS=sr-1');
    expect(await screen.findByText('This link is not valid')).toBeTruthy();
  });

  it('opens the proposal with the link token as a public call, replacing a stored staff session', async () => {
    storePreviousVisit(admin);
    const app = renderApp(publicApi(), '/public/businessProposal?token=link-token&acbS=Sent(Final)&zyxP=prp-1');
    expect(await screen.findByRole('heading', { name: 'Head Terms-Commercial Proposal' })).toBeTruthy();
    const [view] = app.api.requestsTo('PATCH', '/api/public/business-proposal/viewProposal');
    expect(view?.headers.token).toBe('link-token');
    expect(view?.headers['public-request']).toBe('true');
    expect(view?.body).toEqual({ id: 'prp-1', status: 'Sent(Final)' });
    expect(readStored('tn_ah')).toBe('link-token');
    expect(readStored('loggedIN')).toBeNull();
    expect(readStored('user')).toBeNull();
    // The staff session was let go without calling the API with the link token.
    expect(app.api.requests.filter((r) => r.path.startsWith('/api/app/') && r.headers.token === 'link-token')).toEqual([]);
    expect(app.reloads).toEqual([]);
  });

  it("opens on the proposal in the first render when the visitor landed on the link and its HTML's view has answered", async () => {
    const path = '/public/businessProposal';
    const query = '?token=link-token&acbS=Sent(Final)&zyxP=prp-1';
    // What the link's HTML leaves (earlyProposalView.ts) and main.tsx does before its first render.
    (globalThis as { [EARLY_VIEW_GLOBAL]?: EarlyView })[EARLY_VIEW_GLOBAL] = {
      token: 'link-token',
      body: { id: 'prp-1', status: 'Sent(Final)' },
      reply: Promise.resolve(Response.json({ ...PROPOSAL, viewRecordId: 'view-1' })),
    };
    const [landing] = await Promise.all([prepareLanding(path, query), preloadFirstScreens(path)]);
    expect(landing?.viewed?.viewRecordId).toBe('view-1');
    const app = renderApp(publicApi(), `${path}${query}`, { landing });
    // No waiting: the first render is the proposal, with no loader before it.
    expect(screen.getByRole('heading', { name: 'Head Terms-Commercial Proposal' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(readStored('tn_ah')).toBe('link-token');
    // The view was the HTML's: the page asked for none, and its own open (an effect) restarted nothing.
    await act(async () => undefined);
    expect(app.api.requestsTo('PATCH', '/api/public/business-proposal/viewProposal')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('sends a Sent(Draft) link as View', async () => {
    const app = renderApp(publicApi(), '/public/businessProposal?token=t2&acbS=Sent(Draft)&zyxP=prp-1');
    await screen.findByRole('heading', { name: 'Head Terms-Commercial Proposal' });
    expect(app.api.requestsTo('PATCH', '/api/public/business-proposal/viewProposal')[0]?.body).toEqual({ id: 'prp-1', status: 'View' });
  });

  it('leaves a stored staff session alone for a link missing its parameters: back in the app, it is restored', async () => {
    storePreviousVisit(admin);
    const app = renderApp(publicApi(), '/public/businessProposal?token=abc&acbS=Sent(Final)');
    expect(await screen.findByText('This link is not valid')).toBeTruthy();
    expect(app.api.requestsTo('PATCH', '/api/public/business-proposal/viewProposal')).toEqual([]);
    expect(readStored('tn_ah')).toBe(ADMIN.token);
    act(() => app.navigate('/app/home'));
    await expectPath(app, '/app/home');
    expect(readStored('loggedIN')).toBe(true);
    expect(app.reloads).toEqual([]);
  });

  it('leaving a proposal page stops it; the browser is then signed out (the link token is no session)', async () => {
    storePreviousVisit(admin);
    const app = renderApp(publicApi(), '/public/businessProposal?token=link-token&acbS=Sent(Final)&zyxP=prp-1');
    await screen.findByRole('heading', { name: 'Head Terms-Commercial Proposal' });
    act(() => app.navigate('/app/home'));
    await expectPath(app, '/auth/login-2');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    // The page's view-time report is gone with it: scrolling now reports nothing.
    window.dispatchEvent(new Event('scroll'));
    expect(app.api.requestsTo('PATCH', '/api/public/business-proposal/updateViewTime')).toEqual([]);
    expect(app.api.requests.filter((r) => r.path.startsWith('/api/app/') && r.headers.token === 'link-token')).toEqual([]);
    expect(app.reloads).toEqual([]);
  });

  it('a crash on a public page shows the error page and never sends the visitor to sign in', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The staff endpoint refuses anything but a staff session's token, as the API host does.
    const api = publicApi()
      .on('PATCH', '/api/public/business-proposal/viewProposal', { body: { ...PROPOSAL, proposalName: { broken: 'not text' }, viewRecordId: 'view-1' } })
      .on('POST', '/api/app/uierror', ({ headers }) => (headers.token === ADMIN.token ? { status: 201, body: { message: 'Stored' } } : { status: 401, body: { message: 'Unauthorized' } }));
    const app = renderApp(api, '/public/businessProposal?token=link-token&acbS=Sent(Final)&zyxP=prp-1');
    expect(await screen.findByText("We're sorry...")).toBeTruthy();
    await waitFor(() => expect(logged.mock.calls.some((c) => String(c[0]).startsWith('UI error while signed out'))).toBe(true));
    expect(api.requestsTo('POST', '/api/app/uierror')).toEqual([]);
    expect(app.reloads).toEqual([]);
    expect(app.path()).toBe('/public/businessProposal?token=link-token&acbS=Sent(Final)&zyxP=prp-1');
    expect(screen.queryByText('Authentication Fail')).toBeNull();
  });

  it('shows the success banner for a request already On-Board', async () => {
    const app = renderApp(publicApi(), '/public/subscriber-details?token=sub-token&acbS=sr-9');
    expect(await screen.findByText('You are subscribed!')).toBeTruthy();
    await waitFor(() => expect(app.api.requestsTo('GET', '/api/public/public-subscription-request/getById/:id')[0]?.path).toBe('/api/public/public-subscription-request/getById/sr-9'));
    expect(readStored('tn_ah')).toBe('sub-token');
  });
});
