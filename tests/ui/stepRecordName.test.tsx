/**
 * A step's confirmation names the record as a person knows it (found walking the operator's first job: on-boarding
 * an accepted subscription request asked "On-board: Subscription request 6b0a652d…. Go ahead?"). A record with a
 * number keeps it; one without is named by its naming fields (a request by its company), never by its id.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => resetHarness());

describe("a step's confirmation", () => {
  it('names a subscription request by its company, not its id', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    const request = { _id: '6b0a652d6313028c65bab9c3', companyName: 'Nashik Precision Tools Pvt Ltd', gstNo: '27AAFCN7811D1ZL', companyTeamSize: 25, status: 'Accepted' };
    api.on('GET', '/api/app/subscription-request', { body: { data: [request], total: 1 } });
    api.on('GET', '/api/app/subscription-request/getById/:id', { body: { ...request, version: 3, allowedEvents: ['onBoard', 'reject'] } });
    api.on('GET', '/api/app/subscription-request/history/:id', { body: { data: [], total: 0 } });
    renderApp(api, '/app/subscription-request-list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Nashik Precision Tools Pvt Ltd' }, { timeout: 12_000 }));
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'On-board' }));
    const confirm = await screen.findByRole('dialog', { name: 'On-board' });
    expect(within(confirm).getByText('On-board: Nashik Precision Tools Pvt Ltd. Go ahead?')).toBeTruthy();
    expect(within(confirm).queryByText(/6b0a652d6313028c65bab9c3/)).toBeNull();
  });
});
