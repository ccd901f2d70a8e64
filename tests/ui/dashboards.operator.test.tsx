/**
 * The operator view (route `operator-view`) against a fake API: an engineer's open tickets, most pressing
 * first, each leading to the list it lives in; due maintenance; the week's calendar; empty parts; parts
 * his role does not cover left out; a failure with the server's message.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const DAY = '/api/app/dashboard-charts/operatorDay';
const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['MY_OPEN_CALLS', 'VIEW'], ['MY_CALENDER', 'VIEW']), menu: [] };
const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };

const ENGINEER_DAY = {
  date: '2026-03-02',
  tickets: {
    open: 2,
    urgent: 1,
    overdue: 1,
    items: [
      { _id: 't1', module: 'ticket', alternateId: 'GTK-2026-000001', title: 'Air-jet loom compressor pressure dropping', type: 'Generic', status: 'Assigned', priority: 'Urgent', slaDueAt: '2026-03-02T12:30:00Z', overdue: false },
      { _id: 't2', module: 'svc-ticket', alternateId: 'TKT-2026-000002', title: 'CP-02 high vibration trip', type: 'Breakdown Maintenance', status: 'In Progress', priority: 'High', slaDueAt: '2026-03-01T08:00:00Z', overdue: true },
    ],
  },
  calendar: {
    items: [{ _id: 'c1', title: 'Spindle rebuild TKT-2026-000001', start: '2026-03-02T14:00:00+05:30', end: '2026-03-02T20:00:00+05:30', allocationType: 'Ticket', ticketAlternateId: 'TKT-2026-000001' }],
  },
};

function open(account: Account, reply: { status?: number; body: unknown }) {
  storePreviousVisit(account);
  return renderApp(apiFor([account]).on('GET', DAY, reply), '/app/operator-view');
}

const tile = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}: `) });

describe('operator view', () => {
  it("shows progress, then the engineer's tickets, urgent first, each linked to its list", async () => {
    const app = open(engineer, { body: { data: ENGINEER_DAY } });
    const held = app.api.hold('GET', DAY);
    // The first render loads the dashboards' chunk (charts included): slower than later finds.
    expect(await screen.findByRole('status', { name: 'Loading the dashboard…' }, { timeout: 15_000 })).toBeTruthy();
    held.release();
    await screen.findByRole('group', { name: 'My open tickets: 2' });
    expect(tile('Urgent').getAttribute('aria-label')).toBe('Urgent: 1');
    expect(tile('Past SLA').getAttribute('aria-label')).toBe('Past SLA: 1');
    expect(screen.getByText('Today, 02/03/2026')).toBeTruthy();
    const list = screen.getByRole('region', { name: 'My open tickets' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      ['Open GTK-2026-000001', '/app/my-open-tickets'],
      // The engineer cannot open the breakdown list: the ticket is named but not linked.
    ]);
    expect(within(list).getByText(/TKT-2026-000002/)).toBeTruthy();
    expect(within(list).getAllByText('Past SLA')).toHaveLength(1);
    // Times in the person's time zone (Asia/Kolkata): 12:30 UTC is 18:00.
    expect(within(list).getByText('Generic · Assigned · SLA 02/03/2026 18:00')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Preventive maintenance due' })).toBeNull();
    const calendar = screen.getByRole('region', { name: 'My calendar, next 7 days' });
    expect(within(calendar).getByText('Spindle rebuild TKT-2026-000001')).toBeTruthy();
    expect(within(calendar).getByText('02/03/2026 14:00 – 02/03/2026 20:00 · Ticket', { exact: false })).toBeTruthy();
  });

  it('shows due and overdue maintenance to a person who may see it, and empty parts plainly', async () => {
    open(admin, {
      body: {
        data: {
          date: '2026-03-02',
          tickets: { open: 0, urgent: 0, overdue: 0, items: [] },
          maintenance: {
            dueToday: 1,
            overdue: 1,
            items: [
              { _id: 'pm1', alternateId: 'PM-2026-000002', title: 'Compressor 2000-hour service (CP-02)', nextDueDate: '2026-02-28', status: 'Overdue', overdue: true },
              { _id: 'pm2', alternateId: 'PM-2026-000005', title: 'Filter check', nextDueDate: '2026-03-02', status: 'Scheduled', overdue: false },
            ],
          },
          calendar: { items: [] },
        },
      },
    });
    await screen.findByRole('group', { name: 'Maintenance due today: 1' });
    expect(within(tile('Maintenance due today')).getByText('Maintenance overdue: 1')).toBeTruthy();
    const due = screen.getByRole('region', { name: 'Preventive maintenance due' });
    expect(within(due).getByRole('link', { name: 'PM-2026-000002 Compressor 2000-hour service (CP-02)' }).closest('tr')?.textContent).toContain('Maintenance overdue · 28/02/2026');
    expect(within(due).getByText('Due 02/03/2026')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'My open tickets' })).getByText('No open tickets are assigned to you')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'My calendar, next 7 days' })).getByText('Nothing is planned this week')).toBeTruthy();
  });

  it('says so when the role covers none of its parts', async () => {
    open(engineer, { body: { data: { date: '2026-03-02' } } });
    expect(await screen.findByText('Nothing to show for your role')).toBeTruthy();
  });

  it("shows the server's message when loading fails, and retries", async () => {
    const user = userEvent.setup();
    const app = open(engineer, { status: 500, body: { message: 'Database unavailable' } });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    app.api.on('GET', DAY, { body: { data: ENGINEER_DAY } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'My open tickets: 2' })).toBeTruthy();
  });
});
