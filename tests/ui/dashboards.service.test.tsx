/**
 * The service dashboard (guarded route `serve-dashboard`, code SERVE_DASHBAORD) against a fake API: the
 * guard keeps out a person without the code (no call made), SLA and time-to-close figures, tickets per
 * engineer, feedback ratings, a period change, empty parts and a failure with the server's message.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, expectPath, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const PERFORMANCE = '/api/app/dashboard-charts/servicePerformance';
const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['MY_OPEN_CALLS', 'VIEW']), menu: [] };

const PERIOD = {
  days: 90,
  from: '2025-12-03',
  tickets: {
    total: 8,
    done: 4,
    sla: { met: 2, missed: 2, breached: 2, onTrack: 2, noSla: 0, metPercent: 50 },
    meanHoursToClose: 24.5,
    medianHoursToClose: 22,
    byEngineer: [
      { engineerId: 'u-eng', name: 'Ravi Patil', assigned: 5, done: 3, open: 2, slaMet: 1, slaMissed: 2, meanHoursToClose: 26 },
      { engineerId: null, name: null, assigned: 3, done: 1, open: 2, slaMet: 1, slaMissed: 0, meanHoursToClose: 20 },
    ],
  },
  feedback: { count: 3, average: 3.67, byRating: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 1 || rating === 3 ? 0 : 1 })) },
};

function open(account: Account, reply: { status?: number; body: unknown }) {
  storePreviousVisit(account);
  return renderApp(apiFor([account]).on('GET', PERFORMANCE, reply), '/app/serve-dashboard');
}

const tile = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}: `) });

describe('service dashboard', () => {
  it('shows progress, then SLA, time to close, engineers and ratings', async () => {
    const app = open(admin, { body: { data: PERIOD } });
    const held = app.api.hold('GET', PERFORMANCE);
    // The first render loads the dashboards' chunk (charts included): slower than later finds.
    expect(await screen.findByRole('status', { name: 'Loading the dashboard…' }, { timeout: 15_000 })).toBeTruthy();
    held.release();
    await screen.findByRole('group', { name: 'SLA met rate: 50.0%' });
    expect(screen.getByRole('heading', { name: 'Service Dashboard', level: 2 })).toBeTruthy();
    expect(within(tile('SLA met rate')).getByText('SLA met: 2 · SLA missed: 2')).toBeTruthy();
    expect(tile('Mean time to close').getAttribute('aria-label')).toBe('Mean time to close: 24.5 h');
    expect(within(tile('Mean time to close')).getByText('Median time to close: 22.0 h')).toBeTruthy();
    expect(tile('Open past SLA').getAttribute('aria-label')).toBe('Open past SLA: 2');
    // The whole tile opens the open calls filtered to those past their SLA (found walking: it led nowhere of the kind).
    expect(within(tile('Open past SLA')).getByRole('link', { name: 'Open past SLA: 2' }).getAttribute('href')).toBe('/app/open-calls?sla=overdue');
    // Tickets of both kinds: the list that shows both (the report list), not the generic tickets' own.
    expect(within(tile('Tickets in view')).getByRole('link').getAttribute('href')).toBe('/app/ticket-report-list');
    expect(screen.getByText('Tickets reported since 03/12/2025')).toBeTruthy();
    const engineers = screen.getByRole('region', { name: 'Tickets per engineer' });
    expect(within(engineers).getByText('Ravi Patil').closest('tr')?.textContent).toBe('Ravi Patil53226.0 h');
    expect(within(engineers).getByText('Unassigned').closest('tr')?.textContent).toBe('Unassigned31020.0 h');
    const ratings = screen.getByRole('region', { name: 'Feedback ratings' });
    expect(within(ratings).getByRole('group', { name: 'Average rating: 3.67 / 5' })).toBeTruthy();
    expect(within(ratings).getByText('3 ratings')).toBeTruthy();
    expect(app.api.requestsTo('GET', PERFORMANCE)[0].query.get('days')).toBe('90');
  });

  it('loads the period the person chooses', async () => {
    const user = userEvent.setup();
    const app = open(admin, { body: { data: PERIOD } });
    await screen.findByRole('group', { name: 'SLA met rate: 50.0%' });
    app.api.on('GET', PERFORMANCE, { body: { data: { ...PERIOD, days: 30, tickets: { ...PERIOD.tickets, sla: { ...PERIOD.tickets.sla, met: 1, metPercent: 33.3 } } } } });
    await user.click(screen.getByText('Last 30 days'));
    expect(await screen.findByRole('group', { name: 'SLA met rate: 33.3%' })).toBeTruthy();
    expect(app.api.requestsTo('GET', PERFORMANCE).map((r) => r.query.get('days'))).toEqual(['90', '30']);
  });

  it('keeps out a person without SERVE_DASHBAORD, asking nothing', async () => {
    const app = open(engineer, { body: { data: PERIOD } });
    await expectPath(app, '/app/home');
    expect(app.api.requestsTo('GET', PERFORMANCE)).toHaveLength(0);
  });

  it('writes empty parts plainly and leaves out what the role does not cover', async () => {
    open(admin, { body: { data: { ...PERIOD, tickets: { ...PERIOD.tickets, total: 0, done: 0, byEngineer: [] }, feedback: undefined } } });
    const sla = await screen.findByRole('region', { name: 'Service level' });
    expect(within(sla).getByText('No tickets in this period')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Feedback ratings' })).toBeNull();
  });

  it('says "No ratings in this period" when none were given', async () => {
    open(admin, { body: { data: { ...PERIOD, feedback: { count: 0, average: null, byRating: PERIOD.feedback.byRating.map((r) => ({ ...r, count: 0 })) } } } });
    const ratings = await screen.findByRole('region', { name: 'Feedback ratings' });
    expect(within(ratings).getByText('No ratings in this period')).toBeTruthy();
  });

  it("shows the server's message when loading fails", async () => {
    open(admin, { status: 500, body: { message: 'Database unavailable' } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
