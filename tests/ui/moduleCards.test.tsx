/**
 * A module's list on a phone (issue 12): each record is a card with its first columns, labelled (its status second),
 * and its actions,
 * instead of a wide table whose actions sit off-screen; on a wider screen it stays a table with its header. Its filters
 * wait in a drawer behind a "Filters (n)" button; the search stays on the page.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const original = window.matchMedia;

afterEach(() => {
  window.matchMedia = original;
  resetHarness();
});

/** The screen as wide as a phone: the phone's media query matches, others do not. */
function onPhone(): void {
  window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('max-width') });
}

async function paymentsList() {
  storePreviousVisit(admin);
  const api = apiFor([admin]);
  api.on('GET', '/api/app/payment', {
    body: {
      data: [
        { _id: 'p1', alternateId: 'PAY-2026-000001', invoiceId: 'i1', amountPaise: 5_000_000, paymentDate: '2026-11-20', mode: 'NEFT', status: 'Pending' },
        { _id: 'p2', alternateId: 'PAY-2026-000002', invoiceId: 'i1', amountPaise: 1_000_000, paymentDate: '2026-11-21', mode: 'UPI', status: 'Approved' },
      ],
      total: 2,
    },
  });
  api.on('GET', '/api/app/invoice', { body: { data: [{ _id: 'i1', alternateId: 'INV-2026-000001' }], total: 1 } });
  renderApp(api, '/app/manual-payment');
  return screen.findByRole('table', { name: 'Manual Payment' }, { timeout: 4_000 });
}

describe('a list on a phone', () => {
  it('shows each record as a card with its first columns labelled, and its actions', async () => {
    onPhone();
    const table = await paymentsList();
    expect(within(table).queryAllByRole('columnheader')).toHaveLength(0);
    const card = (await within(table).findAllByRole('row'))[0]!;
    expect(within(card).getByText('PAY-2026-000001')).toBeTruthy();
    // Its status comes right after its name, whatever the table's order.
    const cells = within(card).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[1]).toBe('StatusPending');
    expect(within(card).getByText('Amount')).toBeTruthy();
    expect(within(card).getByText('₹50,000.00')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /^View / })).toBeTruthy();
  });

  it('shows a spare part’s stock on hand (the stock ledger’s sum) on its card, not only its price and HSN code', async () => {
    onPhone();
    storePreviousVisit(admin);
    const api = apiFor([admin]).on('GET', '/api/app/spare-part-inventory', {
      body: { data: [{ _id: 'sp1', partNumber: 'FMM-SEAL-KIT', partName: 'Clamp cylinder seal kit 150 T', hsnCode: '4016', unit: 'Set', unitPricePaise: 890000, stockQty: 2, stockValuePaise: 1780000, reorderLevel: 1 }], total: 1 },
    });
    renderApp(api, '/app/manage-spare-part');
    const table = await screen.findByRole('table', { name: 'Manage Spare Parts' }, { timeout: 4_000 });
    const card = (await within(table).findAllByRole('row'))[0]!;
    const cells = within(card).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toContain('Stock Qty2');
  });

  it('stays a table with its header on a wider screen, its filters beside the search', async () => {
    const table = await paymentsList();
    expect(within(table).getAllByRole('columnheader').length).toBeGreaterThan(3);
    expect(screen.getByRole('combobox', { name: 'Filter: Status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it('keeps the search on the page and the filters in a drawer that says how many are on', async () => {
    onPhone();
    const user = userEvent.setup();
    const table = await paymentsList();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Filter: Status' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Filter: Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    await user.click(within(drawer).getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();
    expect(within(table).queryByText('PAY-2026-000001')).toBeNull();
    expect(within(table).getByText('PAY-2026-000002')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }));
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect(await within(table).findByText('PAY-2026-000001')).toBeTruthy();
  });
});

describe('a status or a priority in a list', () => {
  it('shows as a badge in its colour, in the table and on a card, and still reads as its words', async () => {
    let table = await paymentsList();
    const badgeOf = (text: string) => within(table).getByText(text).closest('.mantine-Badge-root') as HTMLElement | null;
    expect(badgeOf('Pending')?.getAttribute('style')).toContain('yellow');
    expect(badgeOf('Approved')?.getAttribute('style')).toContain('green');
    // Other cells stay text.
    expect(within(table).getByText('NEFT').closest('.mantine-Badge-root')).toBeNull();
    resetHarness();
    onPhone();
    table = await paymentsList();
    expect(badgeOf('Approved')?.getAttribute('style')).toContain('green');
  });

  it('takes its colour from its words: statuses by what they mean, priorities by how urgent', async () => {
    const { cellBadgeColor } = await import('../../src/ui/screens/module/statusColor');
    expect(cellBadgeColor('status', 'Rejected')).toBe('red');
    expect(cellBadgeColor('paymentStatus', 'Partially Paid')).toBe('yellow');
    expect(cellBadgeColor('priority', 'Urgent')).toBe('red');
    expect(cellBadgeColor('priority', 'High')).toBe('orange');
    expect(cellBadgeColor('priority', 'Low')).toBe('gray');
    expect(cellBadgeColor('mode', 'NEFT')).toBeUndefined();
    expect(cellBadgeColor('status', '—')).toBeUndefined();
  });
});

describe("a ticket's SLA in a list", () => {
  it("shows the promise in the subscriber's time zone with its clock: overdue while open, met once resolved in time", async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    const hourAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
    api.on('GET', '/api/app/svc-ticket', {
      body: {
        data: [
          { _id: 't1', alternateId: 'TKT-2026-000001', ticketType: 'Breakdown Maintenance', title: 'Coolant leak', priority: 'Urgent', status: 'In Progress', slaDueAt: hourAgo },
          { _id: 't2', alternateId: 'TKT-2026-000002', ticketType: 'Breakdown Maintenance', title: 'Belt check', priority: 'Low', status: 'Resolved', slaDueAt: '2099-11-20T18:45:00Z', resolvedAt: hourAgo },
        ],
        total: 2,
      },
    });
    renderApp(api, '/app/breakdownMaintenence');
    const table = await screen.findByRole('table', {}, { timeout: 4_000 });
    const overdue = await within(table).findByText(/^Overdue by 3 h/);
    expect(overdue.closest('.mantine-Badge-root')?.getAttribute('data-variant')).toBe('filled');
    expect(within(table).getByText('SLA met')).toBeTruthy();
    // The promise's time is the subscriber's (Asia/Kolkata for the demo tenant), not the browser's.
    expect(within(table).getByText('21/11/2099 00:15')).toBeTruthy();
    expect(within(table).getByText('Urgent').closest('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
  });
});
