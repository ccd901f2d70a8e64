/**
 * The staff side of the public pages inside the whole client: the proposal screen of the sales pipeline
 * (send as draft or final, generate and copy the link, view records and notes) and the operator's
 * subscription-request list (the subscriber-details link, the terms and privacy editor tab).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_MENU, ADMIN_PERMISSIONS } from '../support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from '../support/renderApp';
import { PROPOSAL } from '../../machines/publicProposal.model';

const admin: Account = { login: ADMIN, password: 'Demo-Admin-2026', permissions: ADMIN_PERMISSIONS, menu: ADMIN_MENU };
const operator: Account = {
  login: { ...ADMIN, token: 'token-operator', user: { ...ADMIN.user, _id: 'u-op', name: 'Neha Joshi', email: 'operator@demo.local', userType: 'Operator', roles: [{ name: 'OPERATOR' }] } },
  password: 'Demo-Operator-2026',
  permissions: ADMIN_PERMISSIONS,
  menu: ADMIN_MENU,
};

afterEach(resetHarness);

const EMPTY = { body: { data: [], total: 0 } };
const LINK = 'http://localhost:3000/public/businessProposal?token=abc123&acbS=Sent(Final)&zyxP=prp-1';

function salesApi() {
  let status = 'Sent(Draft)';
  const record = () => ({
    ...PROPOSAL,
    status,
    totalViewTime: [{ _id: 'v1', viewedAt: '2026-11-20T05:30:00.000Z', time: 125, status: 'View' }],
    acceptNote: undefined,
  });
  return apiFor([admin])
    .on('GET', '/api/app/proposal', () => ({ body: { data: [record()], total: 1 } }))
    .on('PATCH', '/api/app/proposal/sendProposal', ({ body }) => {
      status = (body as { status: string }).status;
      return { body: record() };
    })
    .on('PATCH', '/api/app/proposal/generatePublicLink', { body: { link: LINK, expiresAt: '2027-01-08T18:30:00.000Z' } })
    .on('GET', '/api/app/svc-machine-type', EMPTY)
    .on('GET', '/api/app/subscriber-user', EMPTY)
    .on('GET', '/api/app/lead', EMPTY)
    .on('GET', '/api/app/file-upload', { body: { data: [{ _id: 'f1', name: 'Rental terms and conditions.pdf', url: '/files/demo/rental-terms.pdf' }], total: 1 } });
}

describe('the proposal screen (sales pipeline)', () => {
  it('sends as final, generates the link to copy, and shows views', async () => {
    const user = userEvent.setup();
    storePreviousVisit(admin);
    const app = renderApp(salesApi(), '/app/salespipeline');
    await user.click(await screen.findByRole('button', { name: 'Send and share PRP-2026-000007' }));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByLabelText('Status Sent(Draft)')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Head Terms-Commercial Proposal' })).toBeTruthy();
    const views = within(panel).getByRole('table', { name: 'View records' });
    expect(within(views).getByText('2 min 05 s')).toBeTruthy();
    expect(within(views).getByText('View')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Send as final' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByLabelText('Status Sent(Final)')).toBeTruthy());
    expect(app.api.requestsTo('PATCH', '/api/app/proposal/sendProposal')[0]?.body).toEqual({ id: 'prp-1', status: 'Sent(Final)' });

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Generate link' }));
    expect(((await screen.findByRole('textbox', { name: 'Customer link' })) as HTMLInputElement).value).toBe(LINK);
    expect(app.api.requestsTo('PATCH', '/api/app/proposal/generatePublicLink')[0]?.body).toEqual({ id: 'prp-1' });
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});

describe("the operator's subscription requests", () => {
  it('generates the subscriber-details link of a request and offers the texts editor', async () => {
    const user = userEvent.setup();
    storePreviousVisit(operator);
    const link = 'http://localhost:3000/public/subscriber-details?token=tok&acbS=sr-1';
    const api = apiFor([operator])
      .on('GET', '/api/app/subscription-request', { body: { data: [{ _id: 'sr-1', companyName: 'Nashik Precision Tools Pvt Ltd', gstNo: '27AAFCN7811D1ZS', companyTeamSize: 25, status: 'Pending' }], total: 1 } })
      .on('PATCH', '/api/app/subscription-request/generatePublicLink', { body: { link } })
      .on('GET', '/api/saas/platform-texts', { body: { terms: { _id: 't1', kind: 'terms', html: '<p>Terms v1</p>', createdAt: '2026-11-01T00:00:00.000Z' }, privacy: null } });
    const app = renderApp(api, '/app/subscription-request-list');
    await user.click(await screen.findByRole('button', { name: 'Send details link to Nashik Precision Tools Pvt Ltd' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate link' }));
    expect(((await screen.findByRole('textbox', { name: 'Link' })) as HTMLInputElement).value).toBe(link);
    expect(app.api.requestsTo('PATCH', '/api/app/subscription-request/generatePublicLink')[0]?.body).toEqual({ id: 'sr-1' });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'Terms & Privacy' }));
    expect(await screen.findByRole('button', { name: 'Publish Terms & Conditions' })).toBeTruthy();
    expect(app.api.requestsTo('GET', '/api/saas/platform-texts')).toHaveLength(1);
  });

  it('hides the texts editor from anyone but the platform operator', async () => {
    storePreviousVisit(admin);
    const app = renderApp(apiFor([admin]).on('GET', '/api/app/subscription-request', EMPTY), '/app/subscription-request-list');
    expect(await screen.findByRole('tab', { name: 'Subscription Requests' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Terms & Privacy' })).toBeNull();
    expect(app.api.requestsTo('GET', '/api/saas/platform-texts')).toHaveLength(0);
  });
});
