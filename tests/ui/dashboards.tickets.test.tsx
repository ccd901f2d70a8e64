/**
 * The ticket dashboard (route `ticket-dashbaord`) against a fake API: loading, the figures of the chosen
 * period, a period change, system tickets only for people holding SYSTEM_TICKET (the call is never made
 * otherwise), a role without ticket modules, a period without tickets, and a failure with its message.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const KPI = '/api/app/dashboard-charts/ticketKpi';
const SYSTEM_KPI = '/api/app/dashboard-charts/systemTicketKpi';
// Every guarded route but the system tickets' own (SYSTEM_TICKET has its list screen since issue 10).
const WITHOUT_SYSTEM_TICKETS = ADMIN_PERMISSIONS.filter((entry) => entry.screenCode !== 'SYSTEM_TICKET');
const admin: Account = { login: ADMIN, password: 'x', permissions: WITHOUT_SYSTEM_TICKETS, menu: [] };
const withSystemTickets: Account = { ...admin, permissions: [...WITHOUT_SYSTEM_TICKETS, { screenCode: 'SYSTEM_TICKET', privileges: [{ code: 'VIEW' }] }] };
const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['FE_ACTIVITY', 'VIEW']), menu: [] };

const count = (key: string, n: number) => ({ key, count: n });
const TICKETS = {
  days: 30,
  from: '2026-02-01',
  to: '2026-03-02',
  total: 7,
  open: 4,
  urgent: 2,
  overdue: 2,
  byStatus: [count('Open', 2), count('Assigned', 1), count('In Progress', 1), count('On Hold', 0), count('Resolved', 1), count('Closed', 2), count('Cancelled', 0)],
  byPriority: [count('Low', 2), count('Medium', 1), count('High', 2), count('Urgent', 2)],
  byType: [count('Breakdown Maintenance', 2), count('Installation and Commissioning', 1), count('Pre-Sale Maintenance', 0), count('Action', 1), count('Generic', 3)],
  byEngineer: [
    { engineerId: 'u-eng', name: 'Ravi Patil', open: 2, done: 3, total: 5 },
    { engineerId: null, name: null, open: 2, done: 0, total: 2 },
  ],
  ageing: [count('< 1 day', 2), count('1–3 days', 0), count('3–7 days', 0), count('7–30 days', 1), count('> 30 days', 1)],
  daily: [
    { date: '2026-03-01', opened: 2, closed: 1 },
    { date: '2026-03-02', opened: 1, closed: 0 },
  ],
};
const SYSTEM = { total: 5, byStatus: { Open: 2, Acknowledged: 1, Closed: 2 }, bySeverity: { Info: 1, Warning: 2, Critical: 2 }, openCritical: 1, meanMinutesToAcknowledge: 12.5, meanMinutesToClose: null, byDay: [] };

function open(account: Account, reply: { status?: number; body: unknown }) {
  storePreviousVisit(account);
  const api = apiFor([account]).on('GET', KPI, reply).on('POST', SYSTEM_KPI, { body: { data: SYSTEM } });
  return renderApp(api, '/app/ticket-dashbaord');
}

const tile = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}: `) });

describe('ticket dashboard', () => {
  it('shows progress, then the period’s figures by status, priority, type, engineer and age', async () => {
    const app = open(admin, { body: { data: { tickets: TICKETS } } });
    const held = app.api.hold('GET', KPI);
    // The first render loads the dashboards' chunk (charts included): slower than later finds.
    expect(await screen.findByRole('status', { name: 'Loading the dashboard…' }, { timeout: 15_000 })).toBeTruthy();
    held.release();
    await screen.findByRole('group', { name: 'Tickets in view: 7' });
    expect(tile('Open tickets').getAttribute('aria-label')).toBe('Open tickets: 4');
    expect(tile('Past SLA').getAttribute('aria-label')).toBe('Past SLA: 2');
    expect(screen.getByText('Tickets reported from 01/02/2026 to 02/03/2026 and every ticket still open')).toBeTruthy();
    const engineers = screen.getByRole('region', { name: 'By engineer' });
    expect(within(engineers).getByText('Ravi Patil').closest('tr')?.textContent).toBe('Ravi Patil2 open of 5');
    expect(within(engineers).getByText('Unassigned')).toBeTruthy();
    const ageing = screen.getByRole('region', { name: 'Open tickets by age' });
    expect(within(ageing).getByText('> 30 days').closest('tr')?.textContent).toBe('> 30 days1');
    expect(within(screen.getByRole('region', { name: 'By priority' })).getByText('Urgent').closest('tr')?.textContent).toBe('Urgent2');
    expect(app.api.requestsTo('GET', KPI)[0].query.get('days')).toBe('30');
    // Without SYSTEM_TICKET the system-ticket call is never made.
    expect(app.api.requestsTo('POST', SYSTEM_KPI)).toHaveLength(0);
    expect(screen.queryByText('System tickets')).toBeNull();
  });

  it('loads the period the person chooses', async () => {
    const user = userEvent.setup();
    const app = open(admin, { body: { data: { tickets: TICKETS } } });
    await screen.findByRole('group', { name: 'Tickets in view: 7' });
    app.api.on('GET', KPI, { body: { data: { tickets: { ...TICKETS, days: 90, total: 11 } } } });
    await user.click(screen.getByText('Last 90 days'));
    expect(await screen.findByRole('group', { name: 'Tickets in view: 11' })).toBeTruthy();
    expect(app.api.requestsTo('GET', KPI).map((r) => r.query.get('days'))).toEqual(['30', '90']);
  });

  it('adds the system tickets for a person holding SYSTEM_TICKET', async () => {
    const app = open(withSystemTickets, { body: { data: { tickets: TICKETS } } });
    await screen.findByRole('group', { name: 'System tickets: 5' });
    expect(tile('Open critical').getAttribute('aria-label')).toBe('Open critical: 1');
    expect(tile('Mean time to acknowledge').getAttribute('aria-label')).toBe('Mean time to acknowledge: 12.5 min');
    expect(tile('Mean time to close').getAttribute('aria-label')).toBe('Mean time to close: —');
    const [request] = app.api.requestsTo('POST', SYSTEM_KPI);
    const from = Date.parse((request.body as { from: string }).from);
    expect(Math.round((Date.now() - from) / 86_400_000)).toBe(30);
  });

  it('says so when the role has no ticket module', async () => {
    const app = open(engineer, { body: { data: {} } });
    expect(await screen.findByText('Ticket lists are not part of your role')).toBeTruthy();
    await waitFor(() => expect(app.api.requestsTo('GET', KPI)).toHaveLength(1));
  });

  it('writes "No tickets in this period" when there are none', async () => {
    const none = { ...TICKETS, total: 0, open: 0, urgent: 0, overdue: 0, byEngineer: [] };
    open(admin, { body: { data: { tickets: none } } });
    const byStatus = await screen.findByRole('region', { name: 'Tickets by status' });
    expect(within(byStatus).getByText('No tickets in this period')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Open tickets by age' })).getByText('No open tickets')).toBeTruthy();
  });

  it("shows the server's message when loading fails", async () => {
    const user = userEvent.setup();
    const app = open(admin, { status: 400, body: { message: 'days: Days must be from 1 to 366' } });
    // Said in the person's language from its words (here read back from its English), the field by its label.
    expect(await screen.findByText('Days must be from 1 to 366')).toBeTruthy();
    app.api.on('GET', KPI, { body: { data: { tickets: TICKETS } } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Tickets in view: 7' })).toBeTruthy();
  });
});
