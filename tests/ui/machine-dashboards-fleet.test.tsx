/**
 * dashboard-machine as a person meets it: loading, the fleet's figures beside its charts, maintenance due
 * with overdue and upcoming badges, the due window and breakdown period as new requests, failure and retry,
 * an empty fleet, and no request at all without the privilege.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, permissions } from './support/demo';
import { SUMMARY } from './support/machineData';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const admin: Account = { login: ADMIN, password: 'x', permissions: permissions(['SVC_MACHINE_INSTANCE', 'VIEW']), menu: [] };
const FIRST = { timeout: 15_000 };
const SUMMARY_PATH = '/api/app/machine-dashboard/summary';

function open(account: Account, reply: { status?: number; body: unknown }) {
  storePreviousVisit(account);
  const api = apiFor([account]).on('GET', SUMMARY_PATH, reply);
  return renderApp(api, '/app/dashboard-machine');
}

describe('dashboard-machine', () => {
  it('shows progress, then the fleet by status, type and location with figures beside the charts', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]).on('GET', SUMMARY_PATH, { body: SUMMARY });
    const held = api.hold('GET', SUMMARY_PATH);
    const app = renderApp(api, '/app/dashboard-machine');
    expect(await screen.findByText('Loading the machine dashboard…', {}, FIRST)).toBeTruthy();
    held.release();
    const status = await screen.findByRole('region', { name: 'By status' });
    // Each figure row reads "<name><count>" beside the chart.
    const figure = (region: HTMLElement, name: string) => within(region).getByText(name).closest('.mantine-Group-root')?.parentElement?.textContent;
    expect(figure(status, 'Running')).toBe('Running4');
    expect(figure(status, 'Idle')).toBe('Idle2');
    const location = screen.getByRole('region', { name: 'By location' });
    expect(figure(location, 'Not placed at a site')).toBe('Not placed at a site1');
    expect(figure(location, 'Compressor House · Kalyani Forge – Chakan Plant 1')).toBe('Compressor House · Kalyani Forge – Chakan Plant 14');
    expect(screen.getByText('Overdue maintenance').parentElement?.textContent).toContain('1');
    const [request] = app.api.requestsTo('GET', SUMMARY_PATH);
    expect(request?.query.get('today')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request?.query.get('dueWithinDays')).toBe('14');
  });

  it('lists maintenance due with overdue and upcoming badges, and asks again for another window', async () => {
    const user = userEvent.setup();
    const app = open(admin, { body: SUMMARY });
    const due = await screen.findByRole('table', { name: 'Due for preventive maintenance' }, FIRST);
    const rows = within(due).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['Compressor CP-02Compressor 2000-hour service (CP-02)08/03/2026Overdue by 2 d', 'VMC Bay 1 / M-03VMC M-03 spindle bearing inspection12/03/2026In 2 d']);
    await user.click(screen.getByRole('radio', { name: 'Next 30 days' }));
    await waitFor(() => expect(app.api.requestsTo('GET', SUMMARY_PATH).at(-1)?.query.get('dueWithinDays')).toBe('30'));
    await user.click(screen.getByRole('radio', { name: '3 months' }));
    await waitFor(() => expect(app.api.requestsTo('GET', SUMMARY_PATH).at(-1)?.query.get('months')).toBe('3'));
    const breakdowns = screen.getByRole('region', { name: 'Most breakdown tickets' });
    expect(within(breakdowns).getAllByText('VMC Bay 1 / M-03').length).toBeGreaterThan(0);
  });

  it('shows the failure with the server’s message, and recovers on retry', async () => {
    const user = userEvent.setup();
    const app = open(admin, { status: 500, body: { message: 'Database unavailable' } });
    expect(await screen.findByText('Database unavailable', {}, FIRST)).toBeTruthy();
    app.api.on('GET', SUMMARY_PATH, { body: SUMMARY });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'By status' })).toBeTruthy();
  });

  it('says so when there are no machines yet', async () => {
    open(admin, { body: { ...SUMMARY, totals: { machines: 0, overdue: 0, openBreakdowns: 0 }, byType: [], byStatus: [], byLocation: [], maintenanceDue: [], topBreakdowns: [] } });
    expect(await screen.findByText('No machines yet', {}, FIRST)).toBeTruthy();
  });

  it('asks nothing of a person without machine access', async () => {
    const app = open({ ...admin, permissions: permissions(['TICKET_LIST', 'VIEW']) }, { body: SUMMARY });
    expect(await screen.findByText('Not available with your access', {}, FIRST)).toBeTruthy();
    expect(app.api.requestsTo('GET', SUMMARY_PATH)).toHaveLength(0);
  });
});
