/**
 * A document's lines in the generic form (issue 12): an invoice is made with two lines typed in rupees, a line's
 * missing cell is named on that cell, a line is removed, and the body sent holds the lines in paise; a spare-part
 * request picks its part by name.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };

afterEach(() => resetHarness());

function open(path: string) {
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  for (const list of ['/api/app/invoice', '/api/app/client', '/api/app/request-spare', '/api/app/svc-machine-instances', '/api/app/subscriber-user']) api.on('GET', list, { body: { data: [], total: 0 } });
  api.on('GET', '/api/app/invoice-item-master', { body: { data: [{ _id: 'im-1', itemName: 'Thermography survey', hsnSac: '998719', unit: 'NOS', ratePaise: 600_000, gstRate: 12, active: true }], total: 1 } });
  api.on('GET', '/api/app/spare-part-inventory', { body: { data: [{ _id: 'p-1', partName: 'Coupling spider insert 48 Sh A', name: 'Coupling spider insert 48 Sh A' }], total: 1 } });
  api.on('POST', '/api/app/invoice/createInvoiceWithItems', ({ body }) => ({ status: 201, body: { _id: 'inv-1', alternateId: 'INV-2026-000001', ...(body as object) } }));
  api.on('POST', '/api/app/request-spare', ({ body }) => ({ status: 201, body: { _id: 'rs-1', alternateId: 'RSP-2026-000001', ...(body as object) } }));
  renderApp(api, path);
  return api;
}

describe("a document's lines", () => {
  it('an invoice is made with its lines typed in rupees; a missing cell is named on its line; a line is removed', async () => {
    // Opened as a link naming the date would open it: the form starts with it (the date picker is Mantine's own).
    const api = open('/app/generate-invoice?invoiceDate=2026-02-28');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', {}, { timeout: 4_000 });
    // Until the supplier and the place of supply are known, the split of the tax is not: the totals say so.
    expect(within(form).getByTestId('document-totals').textContent).toContain('CGST and SGST, or IGST, show once the supplier GSTIN and the place of supply are filled in.');
    await user.type(within(form).getByLabelText(/^Supplier GSTIN/i), '27AABCS1429B1ZU');
    await user.type(within(form).getByLabelText(/^Bill To Name/i), 'Talegaon Gears Pvt Ltd');
    await user.type(within(form).getByLabelText(/^Place Of Supply/i), '27');

    const lines = within(form).getByRole('group', { name: /^Items/ });
    const first = within(lines).getAllByTestId('items-line')[0]!;
    await user.type(within(first).getByLabelText(/^Description/i), 'Breakdown visit – VMC spindle');
    await user.type(within(first).getByLabelText(/^Hsn Sac/i), '998719');
    await user.type(within(first).getByLabelText(/^Quantity/), '1');
    await user.type(within(first).getByLabelText(/^Rate/), '4500');
    // The GST rate is picked from the rates in force.
    await user.click(within(first).getAllByLabelText(/^GST Rate/i)[0]!);
    await user.click(await screen.findByRole('option', { name: '18 %' }));
    expect((within(first).getAllByLabelText(/^GST Rate/i)[0] as HTMLInputElement).value).toBe('18 %');
    // Intra-state (Maharashtra to Maharashtra): CGST and SGST, each 9 %, computed as the server will.
    expect(within(first).getByTestId('line-amounts').textContent).toBe('Line 1: Taxable value ₹4,500.00 · CGST ₹405.00 · SGST ₹405.00 · Amount ₹5,310.00');

    await user.click(within(lines).getByRole('button', { name: 'Add line' }));
    const second = within(lines).getAllByTestId('items-line')[1]!;
    await user.type(within(second).getByLabelText(/^Description/i), 'Spindle bearing 7014');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // The second line lacks its HSN, quantity and rate: said on its own cells, nothing sent.
    await waitFor(() => expect(within(second).getByText('Quantity is required')).toBeTruthy());
    // A long form says at its top that fields need attention, and takes the person to the first of them.
    expect(within(form).getByRole('status').textContent).toMatch(/^\d+ field\(s\) need attention: see the messages below$/);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    expect(api.requestsTo('POST', '/api/app/invoice/createInvoiceWithItems')).toHaveLength(0);

    await user.type(within(second).getByLabelText(/^Hsn Sac/i), '8482');
    await user.type(within(second).getByLabelText(/^Quantity/), '2');
    await user.type(within(second).getByLabelText(/^Rate/), '18,500.50');
    await user.click(within(second).getAllByLabelText(/^GST Rate/i)[0]!);
    await user.click(await screen.findByRole('option', { name: '18 %' }));
    // 2 × ₹18,500.50 at 18 %: the document's total is rounded to the rupee, the difference shown as round-off.
    expect(within(second).getByTestId('line-amounts').textContent).toBe('Line 2: Taxable value ₹37,001.00 · CGST ₹3,330.09 · SGST ₹3,330.09 · Amount ₹43,661.18');
    expect(within(form).getByTestId('document-totals').textContent).toBe(
      'Taxable value₹41,501.00CGST₹3,735.09SGST₹3,735.09Round-off-₹0.18Grand total₹48,971.00',
    );
    await user.click(within(lines).getByRole('button', { name: 'Add line' }));
    expect(within(lines).getAllByTestId('items-line')).toHaveLength(3);
    await user.click(within(lines).getByRole('button', { name: 'Remove line 3' }));
    expect(within(lines).getAllByTestId('items-line')).toHaveLength(2);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/invoice/createInvoiceWithItems')).toHaveLength(1));
    const body = api.requestsTo('POST', '/api/app/invoice/createInvoiceWithItems')[0]!.body as { items: Array<Record<string, unknown>> };
    expect(body.items).toEqual([
      { description: 'Breakdown visit – VMC spindle', hsnSac: '998719', quantity: 1, unit: 'NOS', ratePaise: 450000, discountPaise: 0, gstRate: 18 },
      { description: 'Spindle bearing 7014', hsnSac: '8482', quantity: 2, unit: 'NOS', ratePaise: 1850050, discountPaise: 0, gstRate: 18 },
    ]);
  });

  it('an inter-state supply is taxed as IGST at the rate picked, and a discount above the line is refused on its cell', async () => {
    open('/app/generate-invoice?invoiceDate=2026-02-28');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', {}, { timeout: 4_000 });
    await user.type(within(form).getByLabelText(/^Supplier GSTIN/i), '27AABCS1429B1ZU');
    await user.type(within(form).getByLabelText(/^Place Of Supply/i), '29');
    const line = within(form).getAllByTestId('items-line')[0]!;
    await user.type(within(line).getByLabelText(/^Quantity/), '3');
    await user.type(within(line).getByLabelText(/^Rate/), '1000');
    await user.click(within(line).getAllByLabelText(/^GST Rate/i)[0]!);
    await user.click(await screen.findByRole('option', { name: '12 %' }));
    expect(within(line).getByTestId('line-amounts').textContent).toBe('Line 1: Taxable value ₹3,000.00 · IGST ₹360.00 · Amount ₹3,360.00');
    expect(within(form).getByTestId('document-totals').textContent).toBe('Taxable value₹3,000.00IGST₹360.00Round-off₹0.00Grand total₹3,360.00');

    await user.clear(within(line).getByLabelText(/^Discount/));
    await user.type(within(line).getByLabelText(/^Discount/), '3500');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(line).getByText('Discount cannot be more than the line amount')).toBeTruthy());
  });

  it('a line picked from the item master is filled from it, and stays editable', async () => {
    const api = open('/app/generate-invoice?invoiceDate=2026-02-28');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', {}, { timeout: 4_000 });
    await user.type(within(form).getByLabelText(/^Supplier GSTIN/i), '27AABCS1429B1ZU');
    await user.type(within(form).getByLabelText(/^Bill To Name/i), 'Talegaon Gears Pvt Ltd');
    await user.type(within(form).getByLabelText(/^Place Of Supply/i), '27');
    const line = within(form).getAllByTestId('items-line')[0]!;
    await user.click(within(line).getAllByLabelText(/^Item Master/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Thermography survey' }));
    expect((within(line).getByLabelText(/^Description/i) as HTMLTextAreaElement).value).toBe('Thermography survey');
    expect((within(line).getByLabelText(/^Hsn Sac/i) as HTMLInputElement).value).toBe('998719');
    expect((within(line).getByLabelText(/^Rate/) as HTMLInputElement).value).toBe('6,000.00');
    expect((within(line).getAllByLabelText(/^GST Rate/i)[0] as HTMLInputElement).value).toBe('12 %');
    await user.type(within(line).getByLabelText(/^Quantity/), '2');
    expect(within(line).getByTestId('line-amounts').textContent).toBe('Line 1: Taxable value ₹12,000.00 · CGST ₹720.00 · SGST ₹720.00 · Amount ₹13,440.00');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/invoice/createInvoiceWithItems')).toHaveLength(1));
    expect((api.requestsTo('POST', '/api/app/invoice/createInvoiceWithItems')[0]!.body as { items: unknown[] }).items).toEqual([
      { itemMasterId: 'im-1', description: 'Thermography survey', hsnSac: '998719', quantity: 2, unit: 'NOS', ratePaise: 600_000, discountPaise: 0, gstRate: 12 },
    ]);
  });

  it('a spare-part request picks its part by name, and says when it has no part', async () => {
    const api = open('/app/request-spareparts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 4_000 }));
    const form = await screen.findByRole('form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByText('Add at least one part')).toBeTruthy());

    const line = within(form).getAllByTestId('items-line')[0]!;
    await user.click(within(line).getAllByLabelText(/^Part/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Coupling spider insert 48 Sh A' }));
    await user.type(within(line).getByLabelText(/^Quantity/), '1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/request-spare')).toHaveLength(1));
    expect((api.requestsTo('POST', '/api/app/request-spare')[0]!.body as { items: unknown }).items).toEqual([{ partId: 'p-1', quantity: 1 }]);
  });
});
