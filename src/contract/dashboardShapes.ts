/**
 * The dashboards' aggregate calls under /api/app/dashboard-charts (README "Dashboards"): their routes and schemas,
 * declared once (src/contract/endpoints.ts), whose types the server's queries (server/domain/dashboards) fill and the
 * dashboards (src/ui/screens/dashboards) read; and the types of the spec's KPI calls, from their reply schemas in
 * the catalogue. Money is integer paise.
 */
import { z } from 'zod';
import { defineEndpoints, type EndpointReply } from './endpoints';
import { dataOf } from './modules/replies';
import type { agreementKpi, leadKpi, proposalKpi } from './modules/sales';
import type { systemTicketKpi } from './modules/systemTickets';
import { says } from './validationMessages';

export const DASHBOARD_BASE = '/api/app/dashboard-charts';

const count = z.number().int().nonnegative();
/** A date-time as the server writes it (toISOString). */
const at = z.string();

export const countOf = z.strictObject({ key: z.string(), count });
export type Count = z.output<typeof countOf>;

const ticketTile = z.strictObject({
  total: count,
  open: count,
  urgent: count,
  overdue: count,
  byStatus: z.array(countOf),
  byType: z.array(countOf),
});
export type TicketTile = z.output<typeof ticketTile>;

const machineTile = z.strictObject({ total: count, byStatus: z.array(countOf) });
export type MachineTile = z.output<typeof machineTile>;

const shortPart = z.strictObject({ _id: z.string(), partNumber: z.string(), partName: z.string(), stockQty: z.number(), reorderLevel: z.number() });
export type ShortPart = z.output<typeof shortPart>;

/** `stockValuePaise`: what the stock on hand is worth at weighted average cost (the ledger's value, issue 32). */
const sparePartTile = z.strictObject({ total: count, belowReorder: count, stockValuePaise: z.number().int(), parts: z.array(shortPart) });
export type SparePartTile = z.output<typeof sparePartTile>;

const proposalTile = z.strictObject({
  pipelineCount: count,
  pipelineMonthlyRentalPaise: z.number(),
  wonCount: count,
  wonMonthlyRentalPaise: z.number(),
});
export type ProposalTile = z.output<typeof proposalTile>;

const invoiceTile = z.strictObject({ outstandingCount: count, outstandingPaise: z.number(), overdueCount: count, overduePaise: z.number() });
export type InvoiceTile = z.output<typeof invoiceTile>;

/** GET overview: a tile per module the person may view. */
const overview = z.strictObject({
  generatedAt: at,
  tickets: ticketTile.optional(),
  machines: machineTile.optional(),
  spareParts: sparePartTile.optional(),
  proposals: proposalTile.optional(),
  invoices: invoiceTile.optional(),
});
export type Overview = z.output<typeof overview>;

const engineerLoad = z.strictObject({
  /** subscriber-user _id, or null for tickets nobody is assigned to. */
  engineerId: z.string().nullable(),
  name: z.string().nullable(),
  open: count,
  done: count,
  total: count,
});
export type EngineerLoad = z.output<typeof engineerLoad>;

/**
 * The keys of ticketKpi's `ageing` counts, youngest first: how long ago the open tickets were reported. They are keys,
 * not words: a dashboard words each in the person's language.
 */
export const AGEING_BUCKETS = ['< 1 day', '1–3 days', '3–7 days', '7–30 days', '> 30 days'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** GET ticketKpi: the ticket figures of a period. */
const ticketKpi = z.strictObject({
  days: count,
  from: at,
  to: at,
  total: count,
  open: count,
  urgent: count,
  overdue: count,
  byStatus: z.array(countOf),
  byPriority: z.array(countOf),
  byType: z.array(countOf),
  byEngineer: z.array(engineerLoad),
  ageing: z.array(countOf),
  daily: z.array(z.strictObject({ date: z.string(), opened: count, closed: count })),
});
export type TicketKpi = z.output<typeof ticketKpi>;

const myTicket = z.strictObject({
  _id: z.string(),
  module: z.string(),
  alternateId: z.string().nullable(),
  title: z.string(),
  type: z.string(),
  status: z.string(),
  priority: z.string(),
  slaDueAt: z.string().nullable(),
  overdue: z.boolean(),
});
export type MyTicket = z.output<typeof myTicket>;

const myMaintenance = z.strictObject({
  _id: z.string(),
  alternateId: z.string().nullable(),
  title: z.string(),
  nextDueDate: z.string(),
  status: z.string(),
  overdue: z.boolean(),
});
export type MyMaintenance = z.output<typeof myMaintenance>;

const myAllocation = z.strictObject({
  _id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allocationType: z.string(),
  ticketAlternateId: z.string().nullable(),
});
export type MyAllocation = z.output<typeof myAllocation>;

/** GET operatorDay: the caller's own work, each part only with VIEW on its module. */
const operatorDay = z.strictObject({
  date: z.string(),
  tickets: z.strictObject({ open: count, urgent: count, overdue: count, items: z.array(myTicket) }).optional(),
  maintenance: z.strictObject({ dueToday: count, overdue: count, items: z.array(myMaintenance) }).optional(),
  calendar: z.strictObject({ items: z.array(myAllocation) }).optional(),
});
export type OperatorDay = z.output<typeof operatorDay>;

const slaFigures = z.strictObject({
  met: count,
  missed: count,
  breached: count,
  onTrack: count,
  noSla: count,
  /** met ÷ (met + missed) in percent with one decimal; null when nothing with an SLA was done. */
  metPercent: z.number().nullable(),
});
export type SlaFigures = z.output<typeof slaFigures>;

const engineerPerformance = z.strictObject({
  engineerId: z.string().nullable(),
  name: z.string().nullable(),
  assigned: count,
  done: count,
  open: count,
  slaMet: count,
  slaMissed: count,
  meanHoursToClose: z.number().nullable(),
});
export type EngineerPerformance = z.output<typeof engineerPerformance>;

const feedbackFigures = z.strictObject({
  count,
  /** Mean rating with two decimals; null without ratings. */
  average: z.number().nullable(),
  byRating: z.array(z.strictObject({ rating: z.number(), count })),
});
export type FeedbackFigures = z.output<typeof feedbackFigures>;

/** GET servicePerformance: SLA, time to close, per engineer, feedback. */
const servicePerformance = z.strictObject({
  days: count,
  from: at,
  tickets: z
    .strictObject({
      total: count,
      done: count,
      sla: slaFigures,
      meanHoursToClose: z.number().nullable(),
      medianHoursToClose: z.number().nullable(),
      byEngineer: z.array(engineerPerformance),
    })
    .optional(),
  feedback: feedbackFigures.optional(),
});
export type ServicePerformance = z.output<typeof servicePerformance>;

const renewal = z.strictObject({
  _id: z.string(),
  alternateId: z.string().nullable(),
  clientName: z.string(),
  endDate: z.string(),
  monthlyRentalPaise: z.number(),
  daysLeft: z.number().int(),
});
export type Renewal = z.output<typeof renewal>;

/** GET agreementRenewals: Active agreements ending next. */
const agreementRenewals = z.strictObject({ days: count, active: count, expiring: count, items: z.array(renewal) });
export type AgreementRenewals = z.output<typeof agreementRenewals>;

/** A period in whole days, 1 to 366, with a default per call. */
const periodQuery = (fallback: number) =>
  z.object({
    days: z.coerce
      .number({ error: says('notANumber', { label: 'Days' }) })
      .int(says('notAWholeNumber', { label: 'Days' }))
      .min(1, says('fromTo', { label: 'Days', min: 1, max: 366 }))
      .max(366, says('fromTo', { label: 'Days', min: 1, max: 366 }))
      .default(fallback),
  });

/**
 * The dashboards' own calls (server/http/dashboard-routes.ts). Every answer is `{ data }`; a route open to every
 * signed-in person answers the parts the person may see (ticketKpi: `data.tickets` absent without VIEW on either
 * ticket module).
 */
export const dashboardEndpoints = defineEndpoints({
  overview: { method: 'GET', path: `${DASHBOARD_BASE}/overview`, reply: dataOf(overview) },
  ticketKpi: { method: 'GET', path: `${DASHBOARD_BASE}/ticketKpi`, querystring: periodQuery(30), reply: dataOf(z.strictObject({ tickets: ticketKpi.optional() })) },
  operatorDay: { method: 'GET', path: `${DASHBOARD_BASE}/operatorDay`, reply: dataOf(operatorDay) },
  servicePerformance: { method: 'GET', path: `${DASHBOARD_BASE}/servicePerformance`, querystring: periodQuery(90), reply: dataOf(servicePerformance) },
  agreementRenewals: { method: 'GET', path: `${DASHBOARD_BASE}/agreementRenewals`, querystring: periodQuery(30), reply: dataOf(agreementRenewals) },
});
export type DashboardReply<K extends keyof typeof dashboardEndpoints> = EndpointReply<(typeof dashboardEndpoints)[K]>;

/** GET lead/getKpi (the sales dashboard's pipeline figures). */
export type LeadKpi = z.output<typeof leadKpi>;
/** GET proposal/getKpi; `wonMonthlyRental` is in rupees (the spec's proposal keeps rupees). */
export type ProposalKpi = z.output<typeof proposalKpi>;
/** GET agreement/agreementKpi. */
export type AgreementKpi = z.output<typeof agreementKpi>;
/** POST dashboard-charts/systemTicketKpi (server/domain/service/system-tickets.ts). */
export type SystemTicketKpi = z.output<typeof systemTicketKpi>;
