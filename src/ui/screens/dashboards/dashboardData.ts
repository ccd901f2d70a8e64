/**
 * The shapes the dashboards read: the answers of the aggregate calls under /api/app/dashboard-charts
 * (server/domain/dashboards, README "Dashboards") and of the spec's KPI calls. Money is integer paise,
 * except the proposal KPI's monthly rental, which the spec's proposal keeps in rupees.
 */
export interface Count {
  key: string;
  count: number;
}

export interface Overview {
  generatedAt: string;
  tickets?: { total: number; open: number; urgent: number; overdue: number; byStatus: Count[]; byType: Count[] };
  machines?: { total: number; byStatus: Count[] };
  spareParts?: { total: number; belowReorder: number; parts: Array<{ _id: string; partNumber: string; partName: string; stockQty: number; reorderLevel: number }> };
  proposals?: { pipelineCount: number; pipelineMonthlyRentalPaise: number; wonCount: number; wonMonthlyRentalPaise: number };
  invoices?: { outstandingCount: number; outstandingPaise: number; overdueCount: number; overduePaise: number };
}

export interface EngineerLoad {
  engineerId: string | null;
  name: string | null;
  open: number;
  done: number;
  total: number;
}

export interface TicketKpi {
  days: number;
  from: string;
  to: string;
  total: number;
  open: number;
  urgent: number;
  overdue: number;
  byStatus: Count[];
  byPriority: Count[];
  byType: Count[];
  byEngineer: EngineerLoad[];
  ageing: Count[];
  daily: Array<{ date: string; opened: number; closed: number }>;
}

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

export interface MyTicket {
  _id: string;
  module: string;
  alternateId: string | null;
  title: string;
  type: string;
  status: string;
  priority: string;
  slaDueAt: string | null;
  overdue: boolean;
}

export interface OperatorDay {
  date: string;
  tickets?: { open: number; urgent: number; overdue: number; items: MyTicket[] };
  maintenance?: { dueToday: number; overdue: number; items: Array<{ _id: string; alternateId: string | null; title: string; nextDueDate: string; status: string; overdue: boolean }> };
  calendar?: { items: Array<{ _id: string; title: string; start: string; end: string; allocationType: string; ticketAlternateId: string | null }> };
}

export interface EngineerPerformance {
  engineerId: string | null;
  name: string | null;
  assigned: number;
  done: number;
  open: number;
  slaMet: number;
  slaMissed: number;
  meanHoursToClose: number | null;
}

export interface ServicePerformance {
  days: number;
  from: string;
  tickets?: {
    total: number;
    done: number;
    sla: { met: number; missed: number; breached: number; onTrack: number; noSla: number; metPercent: number | null };
    meanHoursToClose: number | null;
    medianHoursToClose: number | null;
    byEngineer: EngineerPerformance[];
  };
  feedback?: { count: number; average: number | null; byRating: Array<{ rating: number; count: number }> };
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

export interface AgreementRenewals {
  days: number;
  active: number;
  expiring: number;
  items: Array<{ _id: string; alternateId: string | null; clientName: string; endDate: string; monthlyRentalPaise: number; daysLeft: number }>;
}

export interface SalesDashboardData {
  leads: LeadKpi;
  proposals: ProposalKpi;
  agreements: AgreementKpi;
  renewals: AgreementRenewals;
}
