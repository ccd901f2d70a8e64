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

describe("a payment's amount", () => {
  /** The payment form with INV-2026-000003 (₹10,000 of which ₹4,000 paid and ₹1,000 credited) picked. */
  async function paymentForm() {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    const invoice = { _id: 'i3', alternateId: 'INV-2026-000003', status: 'Final', paymentStatus: 'Partially Paid', grandTotalPaise: 1_000_000, paidPaise: 400_000, creditedPaise: 100_000 };
    api.on('GET', '/api/app/invoice', { body: { data: [invoice], total: 1 } });
    const posted: unknown[] = [];
    api.on('POST', '/api/app/payment', ({ body }) => {
      posted.push(body);
      return { status: 201, body: { _id: 'pay-new', alternateId: 'PAY-2026-000009', ...(body as object) } };
    });
    renderApp(api, '/app/manual-payment');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 4_000 }));
    const form = await screen.findByRole('form');
    await user.click(within(form).getAllByLabelText(/^Invoice/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'INV-2026-000003' }));
    return { user, form, posted, amount: within(form).getByLabelText(/^Amount/) as HTMLInputElement };
  }

  it('is refused above what the invoice still owes, naming it, and nothing is sent', async () => {
    const { user, form, posted, amount } = await paymentForm();
    await user.type(amount, '5000.01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('More than the ₹5,000.00 still owed on INV-2026-000003')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('is questioned under one rupee, beside the field, and may still be saved', async () => {
    const { user, form, amount } = await paymentForm();
    await user.type(amount, '0.05');
    expect(within(form).getByText('Less than one rupee: check the amount before saving')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '5000');
    expect(within(form).queryByText('Less than one rupee: check the amount before saving')).toBeNull();
    expect(within(form).queryByText(/still owed/)).toBeNull();
  });
});

describe('a picker over a module no privilege opens', () => {
  it('says why it offers nothing, and asks the server for nothing (asset types have no route of their own)', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    renderApp(api, '/app/site-manage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 4_000 }));
    const form = await screen.findByRole('form');
    const assetType = within(form).getAllByLabelText('Asset Type').find((e) => e.tagName === 'INPUT');
    expect(assetType).toHaveProperty('disabled', true);
    expect(within(form).getByText('Asset Types: not open to your role, so nothing can be chosen here.')).toBeTruthy();
    // A picker over a module the person may list (the client) is open as before.
    expect(within(form).getAllByLabelText('Client').find((e) => e.tagName === 'INPUT')).toHaveProperty('disabled', false);
    expect(api.requestsTo('GET', '/api/app/asset-type')).toHaveLength(0);
  });
});
