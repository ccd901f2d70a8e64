/**
 * The overview dashboard (route `dashboard`) against a fake API: skeleton while loading, every tile with
 * its exact figures and its list link, an empty role, a failure with the server's message and a retry, and
 * a failed refresh that keeps the figures on screen.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const OVERVIEW = '/api/app/dashboard-charts/overview';
const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['MY_OPEN_CALLS', 'VIEW']), menu: [] };

const count = (key: string, n: number) => ({ key, count: n });
const FIGURES = {
  generatedAt: '2026-03-02T10:00:00.000Z',
  tickets: {
    total: 8,
    open: 4,
    urgent: 2,
    overdue: 1,
    byStatus: [count('Open', 2), count('Assigned', 1), count('In Progress', 1), count('On Hold', 0), count('Resolved', 1), count('Closed', 3), count('Cancelled', 0)],
    byType: [count('Breakdown Maintenance', 2), count('Installation and Commissioning', 1), count('Pre-Sale Maintenance', 0), count('Action', 1), count('Generic', 4)],
  },
  machines: { total: 5, byStatus: [count('Running', 3), count('Idle', 0), count('Under Maintenance', 0), count('Breakdown', 1), count('Decommissioned', 0), count('In Stock', 1)] },
  spareParts: { total: 12, belowReorder: 2, stockValuePaise: 12_000_050, parts: [{ _id: 'p1', partNumber: 'ELG-OF-37', partName: 'Oil filter element EG 37', stockQty: 1, reorderLevel: 3 }, { _id: 'p2', partNumber: 'VOL-CTRL-PCB', partName: 'Chiller controller PCB', stockQty: 0, reorderLevel: 1 }] },
  proposals: { pipelineCount: 6, pipelineMonthlyRentalPaise: 43_200_050, wonCount: 2, wonMonthlyRentalPaise: 8_510_050 },
  invoices: { outstandingCount: 2, outstandingPaise: 15_325_000, overdueCount: 1, overduePaise: 531_000 },
};

function open(account: Account, reply: { status?: number; body: unknown }) {
  storePreviousVisit(account);
  const api = apiFor([account]).on('GET', OVERVIEW, reply);
  return renderApp(api, '/app/dashboard');
}

const tile = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}: `) });

describe('overview dashboard', () => {
  it('shows skeleton tiles while loading, then every tile with its figures', async () => {
    const app = open(admin, { body: { data: FIGURES } });
    const held = app.api.hold('GET', OVERVIEW);
    // The first render loads the dashboards' chunk (charts included): slower than later finds.
    expect(await screen.findByRole('status', { name: 'Loading the dashboard…' }, { timeout: 15_000 })).toBeTruthy();
    held.release();
    await screen.findByRole('group', { name: 'Open tickets: 4' });
    expect(tile('Urgent').getAttribute('aria-label')).toBe('Urgent: 2');
    expect(tile('Past SLA').getAttribute('aria-label')).toBe('Past SLA: 1');
    expect(tile('Won monthly rental').getAttribute('aria-label')).toBe('Won monthly rental: ₹85,100.50');
    expect(within(tile('In the pipeline')).getByText('Pipeline monthly rental: ₹4,32,000.50')).toBeTruthy();
    expect(tile('Amount outstanding').getAttribute('aria-label')).toBe('Amount outstanding: ₹1,53,250.00');
    expect(tile('Past due amount').getAttribute('aria-label')).toBe('Past due amount: ₹5,310.00');
    const byType = screen.getByRole('region', { name: 'Tickets by type' });
    expect(within(byType).getByRole('link', { name: 'Generic' }).getAttribute('href')).toBe('/app/genericTicket');
    const machines = screen.getByRole('region', { name: 'Machines by status' });
    expect(within(machines).getByText('Breakdown').closest('tr')?.textContent).toBe('Breakdown1');
    expect(screen.getByText('Stock 1, reorder at 3')).toBeTruthy();
    const [request] = app.api.requestsTo('GET', OVERVIEW);
    expect(request.headers.token).toBe('token-admin');
  });

  it('links each figure to the list the person may open', async () => {
    open(admin, { body: { data: FIGURES } });
    await screen.findByRole('group', { name: 'Open tickets: 4' });
    expect(within(tile('Open tickets')).getByRole('link').getAttribute('href')).toBe('/app/open-calls');
    expect(within(tile('Urgent')).getByRole('link').getAttribute('href')).toBe('/app/urgent-calls');
    // "Past SLA" opens the open calls filtered to the ones past their SLA (tests/ui/tickets.test.tsx shows the filter).
    expect(within(tile('Past SLA')).getByRole('link').getAttribute('href')).toBe('/app/open-calls?sla=overdue');
    expect(within(tile('Amount outstanding')).getByRole('link').getAttribute('href')).toBe('/app/final-invoice-list');
    expect(within(screen.getByRole('region', { name: 'Spare parts' })).getAllByRole('link')[0].getAttribute('href')).toBe('/app/manage-spare-part');
  });

  it('shows an engineer only his ticket tiles, linked to his own calls', async () => {
    const { machines: _m, spareParts: _s, proposals: _p, invoices: _i, ...ticketsOnly } = FIGURES;
    open(engineer, { body: { data: { ...ticketsOnly, tickets: { ...FIGURES.tickets, total: 1, open: 1, urgent: 1, overdue: 0 } } } });
    await screen.findByRole('group', { name: 'Open tickets: 1' });
    expect(within(tile('Open tickets')).getByRole('link').getAttribute('href')).toBe('/app/my-open-tickets');
    expect(within(tile('Past SLA')).getByRole('link').getAttribute('href')).toBe('/app/my-open-tickets?sla=overdue');
    expect(screen.queryByRole('region', { name: 'Machines by status' })).toBeNull();
    expect(screen.queryByRole('group', { name: /^Amount outstanding/ })).toBeNull();
  });

  it('says so when the role covers none of the modules', async () => {
    open(engineer, { body: { data: { generatedAt: FIGURES.generatedAt } } });
    expect(await screen.findByText('Nothing to show for your role')).toBeTruthy();
  });

  it('writes "No records yet" for a module without records', async () => {
    open(admin, { body: { data: { ...FIGURES, machines: { total: 0, byStatus: FIGURES.machines.byStatus.map((c) => ({ ...c, count: 0 })) } } } });
    const machines = await screen.findByRole('region', { name: 'Machines by status' });
    expect(within(machines).getByText('No records yet')).toBeTruthy();
  });

  it("shows the server's message when loading fails, and loads again on retry", async () => {
    const user = userEvent.setup();
    const app = open(admin, { status: 500, body: { message: 'Database unavailable' } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load the dashboard')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    app.api.on('GET', OVERVIEW, { body: { data: FIGURES } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Open tickets: 4' })).toBeTruthy();
    expect(app.api.requestsTo('GET', OVERVIEW)).toHaveLength(2);
  });

  it('falls back to its own message when the server sends none', async () => {
    open(admin, { status: 502, body: {} });
    expect(await screen.findByText('Failed to get dashboard data')).toBeTruthy();
  });

  it('keeps the figures when a refresh fails, and says so', async () => {
    const user = userEvent.setup();
    const app = open(admin, { body: { data: FIGURES } });
    await screen.findByRole('group', { name: 'Open tickets: 4' });
    app.api.on('GET', OVERVIEW, { status: 503, body: { message: 'Service restarting' } });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('The figures could not be refreshed: Service restarting')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Open tickets: 4' })).toBeTruthy();
    app.api.on('GET', OVERVIEW, { body: { data: { ...FIGURES, tickets: { ...FIGURES.tickets, open: 5 } } } });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('group', { name: 'Open tickets: 5' })).toBeTruthy();
    expect(screen.queryByText(/could not be refreshed/)).toBeNull();
  });
});
