/**
 * A reference picker offers only what may be chosen (issue 12, item 4; issue 14, item 4): a payment's invoice
 * picker lists the Final invoices still owed, not drafts, paid or cancelled ones (the catalogue's `pickFrom`); the
 * accounts clerk, who sees invoices through Final Invoices only, is offered them too.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, CLERK, CLERK_PERMISSIONS } from './support/demo';
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

/** The invoices a payment's invoice picker offers `account`, the server answering its invoice list with `invoices`. */
async function offeredInvoices(account: Account, invoices: readonly object[]): Promise<Array<string | null>> {
  storePreviousVisit(account);
  const api = apiFor([account]);
  api.on('GET', '/api/app/invoice', { body: { data: invoices, total: invoices.length } });
  renderApp(api, '/app/manual-payment');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 4_000 }));
  const form = await screen.findByRole('form');
  await user.click(within(form).getAllByLabelText(/^Invoice/)[0]!);
  return (await screen.findAllByRole('option')).map((o) => o.textContent);
}

describe("a payment's invoice picker", () => {
  it('offers the Final invoices still owed, and no other', async () => {
    expect(await offeredInvoices(admin, INVOICES)).toEqual(['INV-2026-000002', 'INV-2026-000003']);
  });

  it('offers them to the clerk, who sees invoices through Final Invoices, not Generate Invoice', async () => {
    const clerk: Account = { login: CLERK, password: 'x', permissions: CLERK_PERMISSIONS, menu: [] };
    // The server answers the clerk's list with the Final invoices (the view's records): so does this stand-in.
    expect(await offeredInvoices(clerk, INVOICES.filter((i) => i.status === 'Final'))).toEqual(['INV-2026-000002', 'INV-2026-000003']);
  });
});
