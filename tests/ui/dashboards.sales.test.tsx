/**
 * The sales dashboard (route `sales-dashboard`) against a fake API: the spec's lead, proposal and
 * agreement KPI calls plus the renewals; exact rupee amounts; a person without the sales pipeline sees why
 * and no call is made; failures show the server's message, the call's default, or (agreement KPI) the
 * spec's fixed text.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

afterEach(resetHarness);

const LEAD_KPI = '/api/app/lead/getKpi';
const PROPOSAL_KPI = '/api/app/proposal/getKpi';
const AGREEMENT_KPI = '/api/app/agreement/agreementKpi';
const RENEWALS = '/api/app/dashboard-charts/agreementRenewals';
const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['MY_OPEN_CALLS', 'VIEW']), menu: [] };

const LEADS = {
  total: 8,
  byStage: { New: 1, Contacted: 1, Qualified: 2, 'Proposal Sent': 1, Negotiation: 1, Won: 1, Lost: 1 },
  open: 6,
  won: 1,
  lost: 1,
  conversionRate: 50,
  pipelineValuePaise: 375_600_000,
  wonValuePaise: 408_000_000,
  newThisMonth: 2,
};
const PROPOSALS = { total: 5, byStatus: { Draft: 1, 'Sent(Draft)': 1, 'Sent(Final)': 1, View: 0, Won: 1, Deal: 0, Lost: 1 }, open: 3, won: 1, lost: 1, acceptanceRate: 50, wonMonthlyRental: 85100.5, expiringInSevenDays: 0 };
const AGREEMENTS = { total: 2, byStatus: { Draft: 1, Active: 1, Expired: 0, Terminated: 0 }, activeMonthlyRentalPaise: 17_000_000, machinesOnRent: 2, expiringInThirtyDays: 1, securityDepositHeldPaise: 51_000_000 };
const RENEWAL_LIST = {
  days: 30,
  active: 2,
  expiring: 1,
  items: [
    { _id: 'a1', alternateId: 'AGR-2026-000001', clientName: 'Kalyani Forge Components', endDate: '2026-03-12', monthlyRentalPaise: 17_000_000, daysLeft: 10 },
    { _id: 'a2', alternateId: 'AGR-2026-000002', clientName: 'Pune Polymers LLP', endDate: '2027-04-05', monthlyRentalPaise: 8_500_050, daysLeft: 400 },
  ],
};

function open(account: Account, overrides: Record<string, { status?: number; body: unknown }> = {}) {
  storePreviousVisit(account);
  const api = apiFor([account])
    .on('GET', LEAD_KPI, overrides[LEAD_KPI] ?? { body: { data: LEADS } })
    .on('GET', PROPOSAL_KPI, overrides[PROPOSAL_KPI] ?? { body: { data: PROPOSALS } })
    .on('GET', AGREEMENT_KPI, overrides[AGREEMENT_KPI] ?? { body: { data: AGREEMENTS } })
    .on('GET', RENEWALS, overrides[RENEWALS] ?? { body: { data: RENEWAL_LIST } });
  return renderApp(api, '/app/sales-dashboard');
}

const tile = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}: `) });

describe('sales dashboard', () => {
  it('shows progress, then the funnel, proposals, won value in ₹ and the renewals', async () => {
    const app = open(admin);
    const held = app.api.hold('GET', PROPOSAL_KPI);
    // The first render loads the dashboards' chunk (charts included): slower than later finds.
    expect(await screen.findByRole('status', { name: 'Loading the dashboard…' }, { timeout: 15_000 })).toBeTruthy();
    held.release();
    await screen.findByRole('group', { name: 'Open leads: 6' });
    expect(within(tile('Open leads')).getByText('Lead pipeline value: ₹37,56,000.00')).toBeTruthy();
    expect(tile('Won lead value').getAttribute('aria-label')).toBe('Won lead value: ₹40,80,000.00');
    expect(tile('Won monthly rental').getAttribute('aria-label')).toBe('Won monthly rental: ₹85,100.50');
    expect(within(tile('Won monthly rental')).getByText('Proposal acceptance: 50.0%')).toBeTruthy();
    expect(tile('Active agreements, monthly rental').getAttribute('aria-label')).toBe('Active agreements, monthly rental: ₹1,70,000.00');
    const funnel = screen.getByRole('region', { name: 'Lead funnel by stage' });
    expect(within(funnel).getByText('Qualified').closest('tr')?.textContent).toBe('Qualified2');
    const proposals = screen.getByRole('region', { name: 'Proposals by status' });
    expect(within(proposals).getByText('Sent(Final)').closest('tr')?.textContent).toBe('Sent(Final)1');
    const renewals = screen.getByRole('region', { name: 'Agreements ending next' });
    expect(within(renewals).getByText('Ending within 30 days: 1')).toBeTruthy();
    const first = within(renewals).getByRole('link', { name: 'AGR-2026-000001' }).closest('tr');
    expect(first?.textContent).toBe('AGR-2026-000001Kalyani Forge Components12/03/202610 days left₹1,70,000.00');
    expect(within(renewals).getByText('₹85,000.50')).toBeTruthy();
    expect(app.api.requestsTo('GET', RENEWALS)[0].query.get('days')).toBe('30');
  });

  it('asks for nothing and says why for a person without the sales pipeline', async () => {
    const app = open(engineer);
    expect(await screen.findByText('The sales pipeline is not part of your role')).toBeTruthy();
    for (const path of [LEAD_KPI, PROPOSAL_KPI, AGREEMENT_KPI, RENEWALS]) expect(app.api.requestsTo('GET', path)).toHaveLength(0);
  });

  it('writes empty charts and renewals when nothing is recorded yet', async () => {
    open(admin, {
      [LEAD_KPI]: { body: { data: { ...LEADS, total: 0, open: 0, byStage: {} } } },
      [RENEWALS]: { body: { data: { days: 30, active: 0, expiring: 0, items: [] } } },
    });
    const funnel = await screen.findByRole('region', { name: 'Lead funnel by stage' });
    expect(within(funnel).getByText('No records yet')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Agreements ending next' })).getByText('No active agreements')).toBeTruthy();
  });

  it("shows the lead KPI's default when the server sends no message, and retries", async () => {
    const user = userEvent.setup();
    const app = open(admin, { [LEAD_KPI]: { status: 500, body: {} } });
    expect(await screen.findByText('Failed to get lead KPI data')).toBeTruthy();
    app.api.on('GET', LEAD_KPI, { body: { data: LEADS } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Open leads: 6' })).toBeTruthy();
  });

  it("shows the server's message when the proposal KPI fails", async () => {
    open(admin, { [PROPOSAL_KPI]: { status: 500, body: { message: 'Proposal store offline' } } });
    expect(await screen.findByText('Proposal store offline')).toBeTruthy();
  });

  it("shows the spec's fixed text when the agreement KPI fails, whatever the server says", async () => {
    open(admin, { [AGREEMENT_KPI]: { status: 500, body: { message: 'internal detail' } } });
    expect(await screen.findByText('Failed to get list of agreement KPI data')).toBeTruthy();
    expect(screen.queryByText('internal detail')).toBeNull();
  });
});
