/**
 * The shapes the dashboards read. The answers of the aggregate calls under /api/app/dashboard-charts are
 * defined once, in src/api/dashboardShapes.ts, for the server and the client; the spec's KPI calls and
 * the per-screen bundles are here. Money is integer paise, except the proposal KPI's monthly rental,
 * which the spec's proposal keeps in rupees.
 */
import type { AgreementRenewals, Count, EngineerLoad, MyTicket, OperatorDay, Overview, ServicePerformance, TicketKpi, EngineerPerformance } from '../../../api/dashboardShapes';

export type { AgreementRenewals, Count, EngineerLoad, EngineerPerformance, MyTicket, OperatorDay, Overview, ServicePerformance, TicketKpi };

/** POST dashboard-charts/systemTicketKpi (server/domain/service/system-tickets.ts). */
export interface SystemTicketKpi {
  total: number;
  byStatus: Record<string, number>;
  bySeverity: Record<string, number>;
  openCritical: number;
  meanMinutesToAcknowledge: number | null;
  meanMinutesToClose: number | null;
}

export interface TicketDashboardData {
  tickets?: TicketKpi;
  systemTickets?: SystemTicketKpi;
}

/** GET lead/getKpi. */
export interface LeadKpi {
  total: number;
  byStage: Record<string, number>;
  open: number;
  won: number;
  lost: number;
  conversionRate: number;
  pipelineValuePaise: number;
  wonValuePaise: number;
  newThisMonth: number;
}

/** GET proposal/getKpi; `wonMonthlyRental` is in rupees with at most two decimals. */
export interface ProposalKpi {
  total: number;
  byStatus: Record<string, number>;
  open: number;
  won: number;
  lost: number;
  acceptanceRate: number;
  wonMonthlyRental: number;
  expiringInSevenDays: number;
}

/** GET agreement/agreementKpi. */
export interface AgreementKpi {
  total: number;
  byStatus: Record<string, number>;
  activeMonthlyRentalPaise: number;
  machinesOnRent: number;
  expiringInThirtyDays: number;
  securityDepositHeldPaise: number;
}

export interface SalesDashboardData {
  leads: LeadKpi;
  proposals: ProposalKpi;
  agreements: AgreementKpi;
  renewals: AgreementRenewals;
}
