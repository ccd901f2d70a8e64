/**
 * A reference picker offers only what may be chosen (issue 12, item 4; issue 14, item 4): a payment's invoice
 * picker lists the Final invoices still owed, not drafts, paid or cancelled ones (the catalogue's `pickFrom`); the
 * accounts clerk, who sees invoices through Final Invoices only, is offered them too.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => resetHarness());

const INVOICES = [
  { _id: 'i1', alternateId: 'INV-2026-000001', status: 'Draft', paymentStatus: 'Unpaid' },
  { _id: 'i2', alternateId: 'INV-2026-000002', status: 'Final', paymentStatus: 'Unpaid' },
  { _id: 'i3', alternateId: 'INV-2026-000003', status: 'Final', paymentStatus: 'Partially Paid' },
  { _id: 'i4', alternateId: 'INV-2026-000004', status: 'Final', paymentStatus: 'Paid' },
  { _id: 'i5', alternateId: 'INV-2026-000005', status: 'Cancelled', paymentStatus: 'Unpaid' },
];

describe("a payment's invoice picker", () => {
  it('offers the Final invoices still owed, and no other', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    api.on('GET', '/api/app/invoice', { body: { data: INVOICES, total: INVOICES.length } });
    renderApp(api, '/app/manual-payment');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 4_000 }));
    const form = await screen.findByRole('form');
    await user.click(within(form).getAllByLabelText(/^Invoice/)[0]!);
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['INV-2026-000002', 'INV-2026-000003']);
  });

  it("offers them to the clerk, who sees invoices through Final Invoices, not Generate Invoice", async () => {
    const clerk: Account = {
      login: { ...ADMIN, token: 'token-clerk', user: { ...ADMIN.user, _id: 'u-clerk', name: 'Kiran Desai', email: 'clerk@demo.local', roles: [{ name: 'ACCOUNTS_CLERK' }] } },
      password: 'x',
      permissions: permissions(['FINAL_INVOICE_LIST', 'VIEW'], ['GENERATE_CREDIT_NOTE', 'VIEW', 'CREATE', 'UPDATE'], ['PAYMENT', 'VIEW', 'CREATE']),
      menu: [],
    };
    storePreviousVisit(clerk);
    const api = apiFor([clerk]);
    // The server answers the clerk's list with the Final invoices (the view's records): so does this stand-in.
    api.on('GET', '/api/app/invoice', { body: { data: INVOICES.filter((i) => i.status === 'Final'), total: 3 } });
    renderApp(api, '/app/manual-payment');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 4_000 }));
    const form = await screen.findByRole('form');
    await user.click(within(form).getAllByLabelText(/^Invoice/)[0]!);
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['INV-2026-000002', 'INV-2026-000003']);
  });
});
