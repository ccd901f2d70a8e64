/**
 * The invoice's record view (issue 14): its lines, GST and what is still owed, and "Raise credit note" for the
 * accounts clerk, who sees invoices through Final Invoices. The note's lines are picked from the invoice's, never
 * above what is left on a line or on the invoice; what is sent is the note the server prices and checks again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, CLERK, CLERK_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const clerk: Account = { login: CLERK, password: 'x', permissions: CLERK_PERMISSIONS, menu: [] };

// INV-2026-000007: two intra-state lines at 18 %, ₹5,900 paid, ₹1,180 already in a pending credit note.
const INVOICE = {
  _id: 'inv-7',
  alternateId: 'INV-2026-000007',
  status: 'Final',
  paymentStatus: 'Partially Paid',
  invoiceDate: '2026-11-20',
  billToName: 'Talegaon Gears Pvt Ltd',
  supplierGstin: '27AABCS1429B1Z1',
  placeOfSupply: '27',
  items: [
    { description: 'Breakdown visit', hsnSac: '998719', quantity: 1, unit: 'NOS', ratePaise: 500_000, discountPaise: 0, gstRate: 18, taxableValuePaise: 500_000, cgstPaise: 45_000, sgstPaise: 45_000, igstPaise: 0, totalPaise: 590_000 },
    { description: 'Spindle bearing 7014', hsnSac: '8482', quantity: 4, unit: 'NOS', ratePaise: 250_000, discountPaise: 0, gstRate: 18, taxableValuePaise: 1_000_000, cgstPaise: 90_000, sgstPaise: 90_000, igstPaise: 0, totalPaise: 1_180_000 },
  ],
  taxableValuePaise: 1_500_000,
  cgstPaise: 135_000,
  sgstPaise: 135_000,
  igstPaise: 0,
  totalTaxPaise: 270_000,
  roundOffPaise: 0,
  grandTotalPaise: 1_770_000,
  paidPaise: 590_000,
  creditedPaise: 0,
  eInvoice: { irn: '38d3c9cb2cad71aff232db81ac37a5b03198b087b20beb5f918f560e23398395', ackNo: '112610000000001', ackDate: '2026-11-20T10:15:00.000Z', financialYear: '2026-27' },
  version: 3,
  allowedEvents: [],
};

function open(creditNotes = [{ _id: 'cn-1', alternateId: 'CRN-2026-000001', status: 'Pending Approval', grandTotalPaise: 118_000 }], who: Account = clerk) {
  storePreviousVisit(who);
  const api = apiFor([who]);
  api.on('GET', '/api/app/invoice', { body: { data: [INVOICE], total: 1 } });
  api.on('GET', '/api/app/invoice/getById/:id', { body: INVOICE });
  api.on('GET', '/api/app/invoice/history/:id', { body: { data: [], total: 0 } });
  api.on('GET', '/api/app/credit-note/get-credit-note-items-invoice-items/:id', {
    body: {
      data: [
        { ...INVOICE.items[0], invoiceLineIndex: 0, creditedQuantity: 1, creditedTaxablePaise: 100_000, remainingQuantity: 0 },
        { ...INVOICE.items[1], invoiceLineIndex: 1, creditedQuantity: 0, creditedTaxablePaise: 0, remainingQuantity: 4 },
      ],
      total: 2,
      invoice: { _id: 'inv-7', alternateId: 'INV-2026-000007', grandTotalPaise: 1_770_000, status: 'Final' },
      creditNotes,
    },
  });
  api.on('POST', '/api/app/credit-note', ({ body }) => ({ status: 201, body: { _id: 'cn-2', alternateId: 'CRN-2026-000002', status: 'Pending Approval', ...(body as object) } }));
  renderApp(api, '/app/final-invoice-list');
  return api;
}

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };

describe("an invoice's record view", () => {
  it('shows the lines, the GST split, what is paid and owed, and the e-invoice', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('INV-2026-000007', {}, { timeout: 4_000 }));
    const summary = await screen.findByTestId('invoice-summary', {}, { timeout: 4_000 });
    const lines = within(summary).getByRole('table', { name: 'Lines' });
    expect(within(lines).getByText('Spindle bearing 7014')).toBeTruthy();
    expect(within(lines).getByText('₹11,800.00')).toBeTruthy();
    expect(within(summary).getByTestId('document-totals').textContent).toBe('Taxable value₹15,000.00CGST₹1,350.00SGST₹1,350.00Round-off₹0.00Grand total₹17,700.00');
    expect(within(summary).getByText('Balance due').nextSibling?.textContent).toBe('₹11,800.00');
    expect(within(summary).getByText('Partially Paid')).toBeTruthy();
    expect(within(summary).getByText(/^IRN: 38d3c9cb/)).toBeTruthy();
  });

  it('raises a credit note from its lines, within what is left, for approval', async () => {
    const api = open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('INV-2026-000007', {}, { timeout: 4_000 }));
    await user.click(await screen.findByRole('button', { name: 'Raise credit note' }, { timeout: 4_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note on INV-2026-000007' });
    // ₹17,700 less the pending note's ₹1,180.
    expect((await within(dialog).findByTestId('credit-left')).textContent).toBe('Left to credit: ₹16,520.00');
    const [visit, bearing] = within(dialog).getAllByTestId('credit-line');
    expect(within(visit!).getByText(/Fully credited/)).toBeTruthy();
    expect((within(visit!).getByRole('textbox') as HTMLInputElement).disabled).toBe(true);
    expect(within(bearing!).getByText(/4 of 4 left/)).toBeTruthy();

    // Nothing chosen: said, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Raise for approval' }));
    expect(within(dialog).getByText('Enter a quantity on at least one line.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a reason')).toBeTruthy();

    // More than the line has left: said on the line.
    const quantity = within(bearing!).getByRole('textbox');
    await user.type(quantity, '5');
    expect(within(bearing!).getByText('At most 4 can be credited on this line.')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(within(dialog).getByTestId('document-totals').textContent).toBe('Taxable value₹5,000.00CGST₹450.00SGST₹450.00Round-off₹0.00Grand total₹5,900.00');

    await user.click(within(dialog).getAllByLabelText(/^Reason/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Sales Return' }));
    expect(api.requestsTo('POST', '/api/app/credit-note')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Raise for approval' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/credit-note')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/app/credit-note')[0]!.body).toMatchObject({
      invoiceId: 'inv-7',
      reason: 'Sales Return',
      items: [{ invoiceLineIndex: 1, description: 'Spindle bearing 7014', hsnSac: '8482', quantity: 2, unit: 'NOS', ratePaise: 250_000, discountPaise: 0, gstRate: 18 }],
    });
    expect(await screen.findByText('Credit note CRN-2026-000002 raised: it waits for approval.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credit note on INV-2026-000007' })).toBeNull());
  });

  it('refuses a note above what is left to credit on the invoice, and sends nothing', async () => {
    const api = open([{ _id: 'cn-1', alternateId: 'CRN-2026-000001', status: 'Approved', grandTotalPaise: 1_700_000 }]);
    const user = userEvent.setup();
    await user.click(await screen.findByText('INV-2026-000007', {}, { timeout: 4_000 }));
    await user.click(await screen.findByRole('button', { name: 'Raise credit note' }, { timeout: 4_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note on INV-2026-000007' });
    expect((await within(dialog).findByTestId('credit-left')).textContent).toBe('Left to credit: ₹700.00');
    await user.type(within(within(dialog).getAllByTestId('credit-line')[1]!).getByRole('textbox'), '1');
    await user.click(within(dialog).getAllByLabelText(/^Reason/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Post-Sale Discount' }));
    await user.click(within(dialog).getByRole('button', { name: 'Raise for approval' }));
    expect(within(dialog).getByText('This credit note (₹2,950.00) is more than what is left to credit (₹700.00).')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/app/credit-note')).toHaveLength(0);
  });

  it('is e-mailed by someone who may change invoices; a server without a mail relay says so, and nothing is called sent', async () => {
    const api = open(undefined, admin);
    let relay = false;
    api.on('POST', '/api/app/invoice/invoice-email', ({ body }) =>
      relay ? { body: { ...INVOICE, emailLog: [{ to: (body as { to: string }).to, at: '2026-11-26T10:00:00.000Z' }] } } : { status: 503, body: { message: 'E-mail is not configured on this server: set SMTP_URL' } },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText('INV-2026-000007', {}, { timeout: 4_000 }));
    await user.click(await screen.findByRole('button', { name: 'E-mail invoice' }, { timeout: 4_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail INV-2026-000007' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Enter an e-mail address, like accounts@example.com')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/app/invoice/invoice-email')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^To/), 'accounts@talegaongears.in');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('E-mail is not configured on this server: set SMTP_URL')).toBeTruthy();

    relay = true;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('INV-2026-000007 e-mailed to accounts@talegaongears.in')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/app/invoice/invoice-email').at(-1)!.body).toEqual({ id: 'inv-7', to: 'accounts@talegaongears.in' });
  });

  it('offers the clerk no e-mail: e-mailing changes the invoice, which the clerk may only view', async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByText('INV-2026-000007', {}, { timeout: 4_000 }));
    await screen.findByRole('button', { name: 'Raise credit note' }, { timeout: 4_000 });
    expect(screen.queryByRole('button', { name: 'E-mail invoice' })).toBeNull();
  });
});
