/**
 * What each dashboard loads: the aggregate calls under /api/app/dashboard-charts and, for the sales and
 * ticket dashboards, the spec's KPI calls of the catalogue. A failure carries the server's message, or
 * the call's default when the server sent none (document 2 §8); the agreement KPI shows its fixed text.
 *
 * Calls the person may not make are never sent: the client treats a 403 as an ended session and would
 * sign them out (document 2 §6), so a loader takes what the person may see and asks only for that.
 */
import { endpointRequest, findCall, moduleCalls } from '../../../api/calls';
import { dashboardEndpoints as endpoints } from '../../../contract/dashboardShapes';
import { ApiError } from '../../../api/http';
import { moduleNamed } from '../../../contract/modules';
import type { DashboardLoadInput } from '../../../machines/flows/dashboard';
import type { OperatorDay, Overview, SalesDashboardData, ServicePerformance, TicketDashboardData } from './dashboardData';

/** Defaults of the dashboards' own calls, which the spec does not list. */
export const DASHBOARD_MESSAGES = {
  overview: 'Failed to get dashboard data',
  tickets: 'Failed to get ticket dashboard data',
  operatorDay: 'Failed to get your day',
  service: 'Failed to get service performance data',
  renewals: 'Failed to get agreement renewals',
} as const;

/** Rejects with `fallback` as the message when the server sent none (or always, when `fixed`). */
async function withMessage<T>(call: Promise<T>, fallback: string, fixed = false): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && (fixed || !error.serverMessage)) throw new ApiError(error.status, { message: fallback }, fallback);
    throw error;
  }
}

const days = (input: DashboardLoadInput, fallback: number) => input.days ?? fallback;

export function loadOverview(): Promise<Overview> {
  return withMessage(endpointRequest(endpoints.overview), DASHBOARD_MESSAGES.overview).then((r) => r.data);
}

export function loadOperatorDay(): Promise<OperatorDay> {
  return withMessage(endpointRequest(endpoints.operatorDay), DASHBOARD_MESSAGES.operatorDay).then((r) => r.data);
}

export function loadServicePerformance(input: DashboardLoadInput): Promise<ServicePerformance> {
  return withMessage(endpointRequest(endpoints.servicePerformance, { query: { days: days(input, 90) } }), DASHBOARD_MESSAGES.service).then((r) => r.data);
}

const charts = moduleNamed('dashboard-charts');

/** Ticket figures, plus the platform's system tickets when the person may see them (SYSTEM_TICKET). */
export async function loadTicketDashboard(input: DashboardLoadInput, access: { systemTickets: boolean }): Promise<TicketDashboardData> {
  const period = days(input, 30);
  const from = new Date(Date.now() - period * 86_400_000).toISOString();
  const [tickets, systemTickets] = await Promise.all([
    withMessage(endpointRequest(endpoints.ticketKpi, { query: { days: period } }), DASHBOARD_MESSAGES.tickets),
    access.systemTickets
      ? withMessage(moduleCalls(charts).call('systemTicketKpi', { body: { from } }), findCall(charts, 'systemTicketKpi').message)
      : undefined,
  ]);
  return { ...(tickets.data.tickets ? { tickets: tickets.data.tickets } : {}), ...(systemTickets ? { systemTickets: systemTickets.data } : {}) };
}

const lead = moduleNamed('lead');
const proposal = moduleNamed('proposal');
const agreement = moduleNamed('agreement');

/** The spec's three KPI calls and the renewals list; only for people holding the sales pipeline. */
export async function loadSalesDashboard(input: DashboardLoadInput): Promise<SalesDashboardData> {
  const [leads, proposals, agreements, renewals] = await Promise.all([
    withMessage(moduleCalls(lead).call('getKpi'), findCall(lead, 'getKpi').message),
    withMessage(moduleCalls(proposal).call('getKpi'), findCall(proposal, 'getKpi').message),
    withMessage(moduleCalls(agreement).call('agreementKpi'), findCall(agreement, 'agreementKpi').message, true),
    withMessage(endpointRequest(endpoints.agreementRenewals, { query: { days: days(input, 30) } }), DASHBOARD_MESSAGES.renewals),
  ]);
  return { leads: leads.data, proposals: proposals.data, agreements: agreements.data, renewals: renewals.data };
}
