/**
 * The shapes the dashboards read. Every answer (the aggregate calls under /api/app/dashboard-charts and the
 * spec's KPI calls) is defined once, in src/contract/dashboardShapes.ts, for the server and the client; the
 * per-screen bundles are here. Money is integer paise, except the proposal KPI's monthly rental, which the
 * spec's proposal keeps in rupees.
 */
import type {
  AgreementKpi,
  AgreementRenewals,
  Count,
  EngineerLoad,
  EngineerPerformance,
  LeadKpi,
  MyTicket,
  OperatorDay,
  Overview,
  ProposalKpi,
  ServicePerformance,
  SystemTicketKpi,
  TicketKpi,
} from '../../../contract/dashboardShapes';

export type { AgreementKpi, AgreementRenewals, Count, EngineerLoad, EngineerPerformance, LeadKpi, MyTicket, OperatorDay, Overview, ProposalKpi, ServicePerformance, SystemTicketKpi, TicketKpi };

export interface TicketDashboardData {
  tickets?: TicketKpi;
  systemTickets?: SystemTicketKpi;
}

export interface SalesDashboardData {
  leads: LeadKpi;
  proposals: ProposalKpi;
  agreements: AgreementKpi;
  renewals: AgreementRenewals;
}
