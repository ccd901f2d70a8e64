/**
 * The answers of the dashboard aggregate calls under /api/app/dashboard-charts (README "Dashboards"):
 * one definition that the server's queries (server/domain/dashboards) fill and the dashboards
 * (src/ui/screens/dashboards) read. Money is integer paise.
 */
import type { AGREEMENT_STATUSES, LeadStage, ProposalStatus } from './modules/sales';

type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export interface Count {
  key: string;
  count: number;
}

export interface TicketTile {
  total: number;
  open: number;
  urgent: number;
  overdue: number;
  byStatus: Count[];
  byType: Count[];
}

export interface MachineTile {
  total: number;
  byStatus: Count[];
}

export interface ShortPart {
  _id: string;
  partNumber: string;
  partName: string;
  stockQty: number;
  reorderLevel: number;
}

export interface SparePartTile {
  total: number;
  belowReorder: number;
  parts: ShortPart[];
}

export interface ProposalTile {
  pipelineCount: number;
  pipelineMonthlyRentalPaise: number;
  wonCount: number;
  wonMonthlyRentalPaise: number;
}

export interface InvoiceTile {
  outstandingCount: number;
  outstandingPaise: number;
  overdueCount: number;
  overduePaise: number;
}

export interface Overview {
  generatedAt: string;
  tickets?: TicketTile;
  machines?: MachineTile;
  spareParts?: SparePartTile;
  proposals?: ProposalTile;
  invoices?: InvoiceTile;
}

export interface EngineerLoad {
  /** subscriber-user _id, or null for tickets nobody is assigned to. */
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

export interface MyMaintenance {
  _id: string;
  alternateId: string | null;
  title: string;
  nextDueDate: string;
  status: string;
  overdue: boolean;
}

export interface MyAllocation {
  _id: string;
  title: string;
  start: string;
  end: string;
  allocationType: string;
  ticketAlternateId: string | null;
}

export interface OperatorDay {
  date: string;
  tickets?: { open: number; urgent: number; overdue: number; items: MyTicket[] };
  maintenance?: { dueToday: number; overdue: number; items: MyMaintenance[] };
  calendar?: { items: MyAllocation[] };
}

export interface SlaFigures {
  met: number;
  missed: number;
  breached: number;
  onTrack: number;
  noSla: number;
  /** met ÷ (met + missed) in percent with one decimal; null when nothing with an SLA was done. */
  metPercent: number | null;
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

export interface FeedbackFigures {
  count: number;
  /** Mean rating with two decimals; null without ratings. */
  average: number | null;
  byRating: Array<{ rating: number; count: number }>;
}

export interface ServicePerformance {
  days: number;
  from: string;
  tickets?: {
    total: number;
    done: number;
    sla: SlaFigures;
    meanHoursToClose: number | null;
    medianHoursToClose: number | null;
    byEngineer: EngineerPerformance[];
  };
  feedback?: FeedbackFigures;
}

export interface Renewal {
  _id: string;
  alternateId: string | null;
  clientName: string;
  endDate: string;
  monthlyRentalPaise: number;
  daysLeft: number;
}

export interface AgreementRenewals {
  days: number;
  active: number;
  expiring: number;
  items: Renewal[];
}

/** GET lead/getKpi (the sales dashboard's pipeline figures). */
export interface LeadKpi {
  total: number;
  byStage: Record<LeadStage, number>;
  open: number;
  won: number;
  lost: number;
  /** Won ÷ (won + lost), in percent with one decimal; 0 when nothing is closed. */
  conversionRate: number;
  pipelineValuePaise: number;
  wonValuePaise: number;
  newThisMonth: number;
}

/** GET proposal/getKpi; `wonMonthlyRental` is in rupees (the spec's proposal keeps rupees). */
export interface ProposalKpi {
  total: number;
  byStatus: Record<ProposalStatus, number>;
  open: number;
  won: number;
  lost: number;
  /** (Won + Deal) ÷ closed, percent with one decimal. */
  acceptanceRate: number;
  /** Monthly rental (rupees) of Won and Deal proposals. */
  wonMonthlyRental: number;
  views: number;
  viewSeconds: number;
  expiringInSevenDays: number;
  archived: number;
  bookmarked: number;
}

/** GET agreement/agreementKpi. */
export interface AgreementKpi {
  total: number;
  byStatus: Record<AgreementStatus, number>;
  activeMonthlyRentalPaise: number;
  machinesOnRent: number;
  expiringInThirtyDays: number;
  securityDepositHeldPaise: number;
}

/** POST dashboard-charts/systemTicketKpi (server/domain/service/system-tickets.ts). */
export interface SystemTicketKpi {
  total: number;
  byStatus: Record<string, number>;
  bySeverity: Record<string, number>;
  openCritical: number;
  /** Mean minutes from raised to acknowledged, over acknowledged tickets (null when none). */
  meanMinutesToAcknowledge: number | null;
  /** Mean minutes from raised to closed (null when none). */
  meanMinutesToClose: number | null;
  byDay: Array<{ date: string; count: number }>;
}
