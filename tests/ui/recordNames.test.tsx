/**
 * Names, not ids (issue 12, item 4): a record's details name what it refers to with the names the server sends
 * with a lifecycle record (`names`, field → name), where the lists the screen reads do not carry them; a list cell
 * whose record the person may not list shows the name the record carries, or "—" with the id only in its tooltip.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => resetHarness());

describe("a record's details", () => {
  it('name the machine of a maintenance plan from the names the record carries', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    const plan = { _id: 'pm-1', alternateId: 'PM-2026-000006', title: 'IMM-150 hydraulic oil and filter change', machineInstanceId: 'mi-77', frequency: 'Half-Yearly', startDate: '2026-05-30', nextDueDate: '2026-12-05', status: 'Scheduled' };
    api.on('GET', '/api/app/preventive-maintenance', { body: { data: [plan], total: 1 } });
    api.on('GET', '/api/app/preventive-maintenance/getById/:id', { body: { ...plan, version: 1, allowedEvents: [], names: { machineInstanceId: 'IMM-150 Line 2' } } });
    api.on('GET', '/api/app/preventive-maintenance/history/:id', { body: { data: [], total: 0 } });
    for (const list of ['/api/app/svc-machine-instances', '/api/app/asset', '/api/app/checklist-view', '/api/app/subscriber-user']) api.on('GET', list, { body: { data: [], total: 0 } });
    renderApp(api, '/app/preventive-maintenance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^View / }, { timeout: 4_000 }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('IMM-150 Line 2')).toBeTruthy();
    expect(within(drawer).queryByText('mi-77')).toBeNull();
  });

  it("name the signed-in person in a list that refers to them, though they may not list the tenant's people", async () => {
    const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['SPAREPART_REQUEST', 'VIEW', 'CREATE']), menu: [] };
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    api.on('GET', '/api/app/request-spare', { body: { data: [{ _id: 'rs-1', alternateId: 'RSP-2026-000003', requestedBy: ENGINEER.user._id, status: 'Requested' }], total: 1 } });
    renderApp(api, '/app/request-spareparts');
    const table = await screen.findByRole('table', {}, { timeout: 4_000 });
    expect(await within(table).findByText('Ravi Shankar Iyer')).toBeTruthy();
    expect(within(table).queryByText(ENGINEER.user._id)).toBeNull();
    // The tenant's people are not asked for: the engineer may not list them (a 403 would sign him out).
    expect(api.requestsTo('GET', '/api/app/subscriber-user')).toHaveLength(0);
  });

  it('show a reference the person may not list by the name the record carries, else as "—" with its id in the tooltip', async () => {
    // A payments desk that may not list invoices: the invoice module is never asked for (a 403 would sign them out).
    const desk: Account = { login: ENGINEER, password: 'x', permissions: permissions(['PAYMENT', 'VIEW']), menu: [] };
    storePreviousVisit(desk);
    const api = apiFor([desk]);
    api.on('GET', '/api/app/payment', {
      body: {
        data: [
          { _id: 'p1', alternateId: 'PAY-2026-000001', invoiceId: '6b07c1d2e3f4a5b6c7d8e9f0', amountPaise: 5_000_000, paymentDate: '2026-11-20', mode: 'NEFT', status: 'Pending' },
          { _id: 'p2', alternateId: 'PAY-2026-000002', invoiceId: '6b07c1d2e3f4a5b6c7d8e9f1', amountPaise: 100_000, paymentDate: '2026-11-21', mode: 'UPI', status: 'Pending', names: { invoiceId: 'INV-2026-000008' } },
        ],
        total: 2,
      },
    });
    renderApp(api, '/app/manual-payment');
    const table = await screen.findByRole('table', { name: 'Manual Payment' }, { timeout: 4_000 });
    const [first, second] = within(table).getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');
    const unnamed = within(first!).getByText('—');
    expect(unnamed.getAttribute('title')).toBe('6b07c1d2e3f4a5b6c7d8e9f0');
    expect(within(second!).getByText('INV-2026-000008')).toBeTruthy();
    expect(table.textContent).not.toMatch(/6b07c1d2/);
    expect(api.requestsTo('GET', '/api/app/invoice')).toHaveLength(0);

    // Its details say the same.
    api.on('GET', '/api/app/payment/getById/:id', { body: { _id: 'p1', alternateId: 'PAY-2026-000001', invoiceId: '6b07c1d2e3f4a5b6c7d8e9f0', amountPaise: 5_000_000, status: 'Pending', version: 1, allowedEvents: [], names: {} } });
    api.on('GET', '/api/app/payment/history/:id', { body: { data: [], total: 0 } });
    await userEvent.setup().click(within(first!).getByRole('button', { name: /^View / }));
    const drawer = await screen.findByRole('dialog');
    const invoice = within(drawer).getByText('Invoice').nextElementSibling!;
    expect(invoice.textContent).toBe('—');
    expect(invoice.getAttribute('title')).toBe('6b07c1d2e3f4a5b6c7d8e9f0');
    expect(drawer.textContent).not.toMatch(/6b07c1d2/);
    expect(api.requestsTo('GET', '/api/app/invoice')).toHaveLength(0);
  });
});

describe('a list whose rows carry names', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  /** An engineer who may work the breakdown tickets but list neither the clients nor the tenant's people. */
  async function ticketsList(phone: boolean) {
    if (phone) window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('max-width') });
    const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['BREAKDOWN_MAINTENENCE', 'VIEW']), menu: [] };
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    const ticket = { ticketType: 'Breakdown Maintenance', priority: 'High', status: 'Open', assignedTo: 'u-ravi' };
    api.on('GET', '/api/app/svc-ticket', {
      body: {
        data: [
          { _id: 't1', alternateId: 'TKT-2026-000011', title: 'Compressor CP-01 tripping', clientId: '6c07c1d2e3f4a5b6c7d8e9f0', ...ticket, names: { clientId: 'Kalyani Forge Components', assignedTo: 'Ravi Patil' } },
          // A row that came without names (as one a socket event brought may): "—", its id in the tooltip, as before.
          { _id: 't2', alternateId: 'TKT-2026-000012', title: 'Loom 14 stopped', clientId: '6c07c1d2e3f4a5b6c7d8e9f1', ...ticket },
        ],
        total: 2,
      },
    });
    renderApp(api, '/app/breakdownMaintenence');
    const table = await screen.findByRole('table', {}, { timeout: 4_000 });
    await within(table).findByText('TKT-2026-000011');
    const [first, second] = within(table).getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1' && within(r).queryAllByRole('cell').length > 0);
    return { api, table, first: first!, second: second! };
  }

  it.each([
    ['a table', false],
    ['phone cards', true],
  ])("name a ticket's client to someone who may not list the clients (%s)", async (_layout, phone) => {
    const { api, table, first, second } = await ticketsList(phone);
    expect(within(first).getByText('Kalyani Forge Components')).toBeTruthy();
    // The assignee is a table column (a card shows its first four: number, status, title, client).
    if (!phone) expect(within(first).getByText('Ravi Patil')).toBeTruthy();
    const unnamed = within(second).getAllByText('—').find((el) => el.getAttribute('title') === '6c07c1d2e3f4a5b6c7d8e9f1');
    expect(unnamed).toBeTruthy();
    expect(table.textContent).not.toMatch(/6c07c1d2/);
    // Neither module is asked for: a 403 would sign the engineer out.
    expect(api.requestsTo('GET', '/api/app/client')).toHaveLength(0);
    expect(api.requestsTo('GET', '/api/app/subscriber-user')).toHaveLength(0);
  });
  it('list every purchase order a requisition made, each by its number, as a link to it', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    const requisition = { _id: 'req-1', alternateId: 'REQ-2026-000004', title: 'Spindle overhaul parts', lines: [{ partId: 'part-1', quantity: 4 }], status: 'Sent To Purchase', purchaseOrderIds: ['po-a', 'po-b'] };
    api.on('GET', '/api/app/purchase-order-requisition', { body: { data: [requisition], total: 1 } });
    api.on('GET', '/api/app/purchase-order-requisition/getById/:id', {
      body: { ...requisition, version: 4, allowedEvents: [], names: { 'purchaseOrderIds.0': 'PO-2026-000011', 'purchaseOrderIds.1': 'PO-2026-000012' } },
    });
    api.on('GET', '/api/app/purchase-order-requisition/history/:id', { body: { data: [], total: 0 } });
    for (const list of ['/api/app/purchase-order', '/api/app/spare-part-inventory', '/api/app/subscriber-user']) api.on('GET', list, { body: { data: [], total: 0 } });
    renderApp(api, '/app/manage-requisition');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^View / }, { timeout: 4_000 }));
    const drawer = await screen.findByRole('dialog');
    // Each a link to its own view (issue 39 item 5).
    const orders = await within(drawer).findByTestId('requisition-orders');
    const links = within(orders).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['PO-2026-000011', 'PO-2026-000012']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/app/manage-po?view=po-a', '/app/manage-po?view=po-b']);
    expect(drawer.textContent).not.toMatch(/po-a|po-b/);
  });
});
