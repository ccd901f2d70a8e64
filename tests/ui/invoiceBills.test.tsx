/**
 * "Invoice open bills" on the supplementary invoices' list (issue 14): the open, billable bills of the tenant are
 * offered, the buyer and the place of supply are asked for, the draft's GST is shown as the server will compute it,
 * and the invoice's generate-invoice-forBills call is sent with the bills chosen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };

const BILLS = [
  { _id: 'b1', alternateId: 'BIL-2026-000001', ticketAlternateId: 'TKT-2026-000004', category: 'Spare Parts', description: 'Spindle bearings 7014', vendor: 'Bharat Bearings', amountPaise: 3_700_000, gstRate: 18, billable: true, status: 'Open' },
  { _id: 'b2', alternateId: 'BIL-2026-000002', ticketAlternateId: 'TKT-2026-000004', category: 'Third-Party Service', description: 'Spindle balancing', amountPaise: 850_000, gstRate: 18, billable: true, status: 'Open' },
  { _id: 'b3', alternateId: 'BIL-2026-000003', ticketAlternateId: 'TKT-2026-000002', category: 'Travel', description: 'Taxi', amountPaise: 120_000, gstRate: 5, billable: false, status: 'Open' },
  { _id: 'b4', alternateId: 'BIL-2026-000004', ticketAlternateId: 'TKT-2026-000001', category: 'Spare Parts', description: 'Coupling insert', amountPaise: 145_000, gstRate: 18, billable: true, status: 'Invoiced' },
];

describe('a supplementary invoice from open bills', () => {
  it('offers the open billable bills, asks for the buyer, shows the GST and sends the call', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    api.on('GET', '/api/app/invoice', { body: { data: [{ _id: 'inv-1', alternateId: 'INV-2026-000001', invoiceType: 'Supplementary', status: 'Final', supplierGstin: '27AABCS1429B1Z1' }], total: 1 } });
    api.on('GET', '/api/app/Bills', { body: { data: BILLS, total: BILLS.length } });
    api.on('POST', '/api/app/invoice/generate-invoice-forBills', ({ body }) => ({ status: 201, body: { _id: 'inv-9', alternateId: 'INV-2026-000009', ...(body as object) } }));
    renderApp(api, '/app/generateSupplementaryInvoice');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invoice open bills' }, { timeout: 4_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'A supplementary invoice from open bills' });
    const offered = await within(dialog).findAllByRole('checkbox');
    expect(offered.map((box) => box.closest('label, div')?.textContent ?? '').join('\n')).not.toMatch(/BIL-2026-00000[34]/);
    expect(offered).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Make the draft invoice' }));
    expect(within(dialog).getByText('Choose at least one bill.')).toBeTruthy();
    expect(within(dialog).getByText('Bill-to name is required')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/app/invoice/generate-invoice-forBills')).toHaveLength(0);

    for (const box of offered) await user.click(box);
    // The supplier's GSTIN comes from the invoices already made.
    expect((within(dialog).getByLabelText(/^Supplier GSTIN/) as HTMLInputElement).value).toBe('27AABCS1429B1Z1');
    await user.type(within(dialog).getByLabelText(/^Bill-to name/), 'Kalyani Forge Components');
    await user.type(within(dialog).getByLabelText(/^Place of supply/), '27');
    expect(within(dialog).getByTestId('document-totals').textContent).toBe('Taxable value₹45,500.00CGST₹4,095.00SGST₹4,095.00Round-off₹0.00Grand total₹53,690.00');
    await user.click(within(dialog).getByRole('button', { name: 'Make the draft invoice' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/invoice/generate-invoice-forBills')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/app/invoice/generate-invoice-forBills')[0]!.body).toMatchObject({
      billIds: ['b1', 'b2'],
      supplierGstin: '27AABCS1429B1Z1',
      placeOfSupply: '27',
      billToName: 'Kalyani Forge Components',
      ticketAlternateId: 'TKT-2026-000004',
    });
    expect(await screen.findByText('Draft invoice INV-2026-000009 made from 2 bill(s): finalise it from its record.')).toBeTruthy();
  });
});
