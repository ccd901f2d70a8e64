/**
 * Records and figures that carry every stored choice (issue 34), for the pseudo-locale's second pass
 * (tests/ui/pseudoLocale.test.tsx): the call views, the ticket lists, a ticket's page, a machine's card, the calendars
 * and the dashboards answer these, so a status, a priority, a kind, a stage or an activity type shown as stored (its
 * English) is on screen unmarked and fails the test.
 *
 * Every enum value is a choice of the catalogue, read from it (a new choice is covered without a word here), and every
 * record of a list takes the next choice of each of its enum fields, so each choice is shown. Free text is data: a
 * number ('#3'), a record number ('TKT-2026-000003', RECORD_NUMBERS), the demo's person and company.
 */
import { AGEING_BUCKETS, type Count, type OperatorDay, type Overview, type ServicePerformance, type TicketKpi } from '../../../src/contract/dashboardShapes';
import { typedTitle, type CalendarEntry, type CalendarReply } from '../../../src/contract/calendar';
import type { MachineCard, MachineSummary } from '../../../src/contract/machineShapes';
import { METER_KINDS, METER_UNITS, type MachineMeters } from '../../../src/contract/maintenanceShapes';
import { catalogue, moduleNamed, opRoute, type ModuleDef } from '../../../src/contract/modules';
import { EXPENSE_CATEGORIES } from '../../../src/contract/modules/serviceExpenses';
import { AGREEMENT_STATUSES, LEAD_STAGES, PROPOSAL_STATUSES } from '../../../src/contract/modules/sales';
import type { LiveSensor } from '../../../src/contract/sensorShapes';
import { GENERIC_TICKET_KIND, type TicketViewRow, type TimelineEntry } from '../../../src/contract/ticketShapes';
import { addDays, fromWallTime, todayIn } from '../../../src/contract/zonedTime';
import { describeFields } from '../../../src/ui/screens/module/fieldModel';
import { weekStart } from '../../../src/ui/screens/calendar/calendarModel';
import type { FakeApi } from './fakeApi';

/** The demo's person and company (the pseudo-locale test takes them for data). */
const PERSON = 'Asha Kulkarni';
const COMPANY = 'Demo Industries Pvt Ltd';
const ZONE = 'Asia/Kolkata';
const NOW = new Date().toISOString();
const SOON = new Date(Date.now() + 5 * 3_600_000).toISOString();

/**
 * A record's number as the product writes it ('TKT-2026-000042'), alone or among other data ('TKT-2026-000001 · #2'):
 * the pattern the pseudo-locale test takes for data besides its own.
 */
export const RECORD_NUMBERS = /^(?:[A-Z]{2,4}-\d{4}-\d{6}|[\d\s.,:/#·()–-])+$/;
const numbered = (prefix: string, i: number) => `${prefix}-2026-${String(i + 1).padStart(6, '0')}`;

/** The choices of a module's enum field, as the catalogue declares them. */
export function choicesOf(module: string, field: string): readonly string[] {
  const options = describeFields(moduleNamed(module as never)).find((f) => f.name === field)?.options;
  if (!options?.length) throw new Error(`${module}.${field} offers no choices`);
  return options;
}

const nth = <T>(values: readonly T[], i: number): T => values[i % values.length] as T;

/** Records of a module, the i-th with each enum field at its i-th choice (in turn), as many as its longest choice list. */
export function recordsWithChoices(def: ModuleDef): Array<Record<string, unknown>> {
  const enums = describeFields(def).filter((f) => f.kind === 'enum' && f.options?.length);
  const count = Math.max(1, ...enums.map((f) => f.options?.length ?? 0));
  return Array.from({ length: count }, (_, i) => ({
    _id: `${def.name}-${i}`,
    alternateId: numbered('REC', i),
    createdAt: NOW,
    updatedAt: NOW,
    ...Object.fromEntries(enums.map((f) => [f.name, nth(f.options ?? [], i)])),
  }));
}

const STATUSES = choicesOf('svc-ticket', 'status');
const PRIORITIES = choicesOf('svc-ticket', 'priority');
const TYPES = choicesOf('svc-ticket', 'ticketType');
const KINDS = [...TYPES, GENERIC_TICKET_KIND];

/** A call view's rows: every kind, status and priority (a service ticket's type is its kind; a generic one's "Generic"). */
function ticketViewRows(): TicketViewRow[] {
  return Array.from({ length: Math.max(STATUSES.length, KINDS.length) }, (_, i) => {
    const kind = nth(KINDS, i);
    const generic = kind === GENERIC_TICKET_KIND;
    return {
      _id: `t-${i}`,
      createdAt: NOW,
      updatedAt: NOW,
      module: generic ? 'ticket' : 'svc-ticket',
      kind,
      ...(generic ? {} : { ticketType: kind }),
      alternateId: numbered(generic ? 'GTK' : 'TKT', i),
      title: `#${i + 1}`,
      status: nth(STATUSES, i),
      priority: nth(PRIORITIES, i),
      assignedTo: 'u-asha',
      assigneeName: PERSON,
      clientId: 'c-1',
      names: { clientId: COMPANY },
      slaDueAt: SOON,
    };
  });
}

/** A ticket's page: the ticket, and a timeline with every expense category and status and every spare-request status. */
function ticketPage(module: 'svc-ticket' | 'ticket'): { ticket: Record<string, unknown>; timeline: TimelineEntry[] } {
  const ticket = {
    _id: `${module}-page`,
    createdAt: NOW,
    updatedAt: NOW,
    version: 1,
    allowedEvents: [],
    alternateId: numbered(module === 'ticket' ? 'GTK' : 'TKT', 0),
    ...(module === 'svc-ticket' ? { ticketType: TYPES[0] } : { category: choicesOf('ticket', 'category')[0] }),
    title: '#1',
    description: '#2',
    status: 'In Progress',
    priority: 'Urgent',
    assignedTo: 'u-asha',
    clientId: 'c-1',
    assetId: 'a-1',
    machineInstanceId: 'mi-1',
    reportedAt: NOW,
    reportedBy: PERSON,
    slaDueAt: SOON,
    names: { assignedTo: PERSON, clientId: COMPANY, assetId: COMPANY, machineInstanceId: '#3' },
  };
  const expenseStatuses = choicesOf('expense', 'status');
  const expenses = EXPENSE_CATEGORIES.map((category, i): TimelineEntry => ({ kind: 'expense', _id: `e-${i}`, at: NOW, text: `#${i}`, amountPaise: 10_000, category, status: nth(expenseStatuses, i) }));
  const requests = choicesOf('request-spare', 'status').map((status, i): TimelineEntry => ({ kind: 'spare-request', _id: `r-${i}`, at: NOW, text: `#${i}`, number: numbered('RSP', i), status }));
  return { ticket, timeline: [...expenses, ...requests] };
}

const MACHINE_STATUSES = choicesOf('svc-machine-instances', 'status');

/** A machine's card: its status, open tickets of every kind, priority and status, and a meter of every kind. */
function machineCard(): { card: MachineCard; meters: MachineMeters } {
  const card: MachineCard = {
    machine: { _id: 'mi-1', alternateId: numbered('MI', 0), name: '#1', serialNo: '#2', status: 'Under Maintenance', runningHours: 1480, warrantyUntil: '2026-08-20', hasQrCode: true, clientId: 'c-1' },
    machineType: { _id: 'mt-1', machineName: '#3' },
    location: { _id: 'a-1', name: COMPANY, parentName: null, city: null },
    openTickets: {
      total: STATUSES.length,
      items: STATUSES.map((status, i) => ({ _id: `t-${i}`, module: 'svc-ticket', alternateId: numbered('TKT', i), title: `#${i}`, ticketType: nth(TYPES, i), priority: nth(PRIORITIES, i), status })),
    },
    lastService: null,
    nextMaintenance: null,
  };
  const meters: MachineMeters = {
    data: METER_KINDS.map((kind, i) => ({
      _id: `mm-${i}`,
      machineId: 'mi-1',
      kind,
      unit: METER_UNITS[kind],
      lastReading: 1480,
      lastReadAt: NOW,
      sensorInstanceId: null,
      sensorParameter: null,
      dailyUsage: 16,
      readings: [{ reading: 1480, readAt: NOW, source: 'person', reset: false, resetReason: null, byName: PERSON }],
    })),
    total: METER_KINDS.length,
    awaitingReading: [],
  };
  return { card, meters };
}

/** The calendars: a visit of every activity type, a booking of every allocation type, an unscheduled ticket of every priority. */
function calendar(): CalendarReply {
  const monday = weekStart(todayIn(ZONE));
  const at = (day: number, hour: number) => fromWallTime(`${addDays(monday, day % 7)} ${String(hour).padStart(2, '0')}:00:00`, ZONE).toISOString();
  const visits = choicesOf('feactivity', 'activityType').map((type, i): CalendarEntry => ({ key: `visit:v-${i}`, kind: 'visit', recordId: `v-${i}`, title: typedTitle(type, numbered('TKT', i), `#${i}`), engineer: 'u-asha', start: at(i, 8), end: at(i, 10), allDay: false, type, leave: type === 'Leave', movable: true }));
  const bookings = choicesOf('resource-view', 'allocationType').map((type, i): CalendarEntry => ({ key: `booking:b-${i}`, kind: 'booking', recordId: `b-${i}`, title: typedTitle(type), engineer: 'u-asha', start: at(i, 16), end: at(i, 18), allDay: false, type, leave: type === 'Leave', movable: type !== 'Leave' }));
  return {
    from: monday,
    to: addDays(monday, 6),
    timeZone: ZONE,
    engineers: [{ _id: 'u-asha', name: PERSON }],
    entries: [...visits, ...bookings],
    unscheduled: PRIORITIES.map((priority, i) => ({ module: 'ticket', _id: `u-${i}`, alternateId: numbered('GTK', i), title: `#${i}`, priority, status: nth(STATUSES, i) })),
  };
}

const counts = (keys: readonly string[]): Count[] => keys.map((key, i) => ({ key, count: i + 1 }));
const record = (keys: readonly string[]): Record<string, number> => Object.fromEntries(keys.map((key, i) => [key, i + 1]));

const OVERVIEW: Overview = {
  generatedAt: NOW,
  tickets: { total: 28, open: 10, urgent: 2, overdue: 1, byStatus: counts(STATUSES), byType: counts(KINDS) },
  machines: { total: 21, byStatus: counts(MACHINE_STATUSES) },
  spareParts: { total: 3, belowReorder: 1, stockValuePaise: 1_000_000, parts: [{ _id: 'p-1', partNumber: numbered('SP', 0), partName: '#1', stockQty: 1, reorderLevel: 3 }] },
  proposals: { pipelineCount: 2, pipelineMonthlyRentalPaise: 100_000, wonCount: 1, wonMonthlyRentalPaise: 50_000 },
  invoices: { outstandingCount: 1, outstandingPaise: 100_000, overdueCount: 1, overduePaise: 50_000 },
};

const TICKET_KPI: TicketKpi = {
  days: 30,
  from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  to: NOW,
  total: 28,
  open: 10,
  urgent: 2,
  overdue: 1,
  byStatus: counts(STATUSES),
  byPriority: counts(PRIORITIES),
  byType: counts(KINDS),
  byEngineer: [{ engineerId: 'u-asha', name: PERSON, open: 3, done: 2, total: 5 }],
  ageing: counts(AGEING_BUCKETS),
  daily: [{ date: todayIn(ZONE), opened: 2, closed: 1 }],
};

const SYSTEM_TICKET_KPI = { total: 6, byStatus: record(choicesOf('system-ticket', 'status')), bySeverity: record(choicesOf('system-ticket', 'severity')), openCritical: 1, meanMinutesToAcknowledge: 12.5, meanMinutesToClose: null, byDay: [] };

const OPERATOR_DAY: OperatorDay = {
  date: todayIn(ZONE),
  tickets: { open: KINDS.length, urgent: 1, overdue: 0, items: KINDS.map((type, i) => ({ _id: `t-${i}`, module: type === GENERIC_TICKET_KIND ? 'ticket' : 'svc-ticket', alternateId: numbered('TKT', i), title: `#${i}`, type, status: nth(STATUSES, i), priority: nth(PRIORITIES, i), slaDueAt: null, overdue: false })) },
  maintenance: { dueToday: 1, overdue: 0, items: [{ _id: 'pm-1', alternateId: numbered('PM', 0), title: '#1', nextDueDate: todayIn(ZONE), status: 'Due', overdue: false }] },
  // A booking titled by its type (the seed's leave is "Leave"), as the calendars' bookings without a title of their own.
  calendar: { items: choicesOf('resource-view', 'allocationType').map((allocationType, i) => ({ _id: `b-${i}`, title: typedTitle(allocationType), start: NOW, end: SOON, allocationType, ticketAlternateId: null })) },
};

const SERVICE: ServicePerformance = {
  days: 90,
  from: new Date(Date.now() - 90 * 86_400_000).toISOString(),
  tickets: { total: 5, done: 3, sla: { met: 2, missed: 1, breached: 1, onTrack: 1, noSla: 0, metPercent: 66.7 }, meanHoursToClose: 5, medianHoursToClose: 4, byEngineer: [{ engineerId: 'u-asha', name: PERSON, assigned: 5, done: 3, open: 2, slaMet: 2, slaMissed: 1, meanHoursToClose: 5 }] },
  feedback: { count: 2, average: 4.5, byRating: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating >= 4 ? 1 : 0 })) },
};

const LEADS = { total: 28, byStage: record(LEAD_STAGES), open: 20, won: 6, lost: 7, conversionRate: 46.2, pipelineValuePaise: 1_000_000, wonValuePaise: 500_000, newThisMonth: 1 };
const PROPOSALS = { total: 28, byStatus: record(PROPOSAL_STATUSES), open: 10, won: 5, lost: 7, acceptanceRate: 50, wonMonthlyRental: 8_500, views: 3, viewSeconds: 120, expiringInSevenDays: 0, archived: 0, bookmarked: 0 };
const AGREEMENTS = { total: 10, byStatus: record(AGREEMENT_STATUSES), activeMonthlyRentalPaise: 1_000_000, machinesOnRent: 2, expiringInThirtyDays: 1, securityDepositHeldPaise: 500_000 };
const RENEWALS = { days: 30, active: 1, expiring: 1, items: [{ _id: 'ag-1', alternateId: numbered('AGR', 0), clientName: COMPANY, endDate: addDays(todayIn(ZONE), 10), monthlyRentalPaise: 1_000_000, daysLeft: 10 }] };

const MACHINE_SUMMARY: MachineSummary = {
  totals: { machines: 21, overdue: 1, openBreakdowns: 2 },
  byType: [{ key: 'mt-1', label: '#1', count: 21 }],
  byStatus: MACHINE_STATUSES.map((status, i) => ({ key: status, label: status, count: i + 1 })),
  byLocation: [{ key: 'a-1', label: COMPANY, count: 21 }],
  maintenanceDue: [{ _id: 'pm-1', alternateId: numbered('PM', 0), title: '#1', machineInstanceId: 'mi-1', machineName: '#2', nextDueDate: addDays(todayIn(ZONE), 2), status: 'Due', daysLeft: 2 }],
  topBreakdowns: [{ machineInstanceId: 'mi-1', machineName: '#2', alternateId: numbered('MI', 0), tickets: 4, open: 1 }],
  today: todayIn(ZONE),
  dueWithinDays: 14,
  months: 12,
};

/** Sensors of every status; their readings in '%' (data), their names numbers. */
const LIVE_SENSORS: LiveSensor[] = choicesOf('sensor-instance', 'status').map((status, i) => ({
  _id: `s-${i}`,
  imeiNo: `86421104123456${i}`,
  name: `#${i}`,
  status,
  sampleIntervalSec: 1800,
  parameters: [{ name: 'humidity', unit: '%', max: 90 }],
  lastReadingAt: NOW,
  latest: { _id: `rd-${i}`, sensorInstanceId: `s-${i}`, recordedAt: NOW, values: { humidity: 61.5 }, alarm: false },
  sparklines: { humidity: [58, 60, 61.5] },
}));

/**
 * Makes `api` answer every list with records carrying every choice, and the ticket views, the ticket pages (their
 * ids: `svc-ticket-page`, `ticket-page`), the machine card (`mi-1`), the calendars and the dashboards with the above.
 */
export function answerWithChoices(api: FakeApi): FakeApi {
  for (const def of catalogue) {
    const list = opRoute(def, 'list');
    const rows = recordsWithChoices(def);
    api.on(list.method, def.path + list.path, { body: { data: rows, total: rows.length } });
  }
  const rows = ticketViewRows();
  api.on('GET', '/api/app/ticket/view/:route', { body: { data: rows, total: rows.length } });
  for (const module of ['svc-ticket', 'ticket'] as const) {
    const { ticket, timeline } = ticketPage(module);
    api.on('GET', `/api/app/${module}/getById/:id`, { body: ticket });
    api.on('GET', `/api/app/${module}/history/:id`, { body: { data: [], total: 0 } });
    api.on('GET', `/api/app/${module}/activity/:id`, { body: { data: timeline, total: timeline.length } });
  }
  const { card, meters } = machineCard();
  api.on('GET', '/api/app/machine-dashboard/card/:id', { body: card });
  api.on('GET', '/api/app/machine-dashboard/card/:id/meters', { body: meters });
  const days = calendar();
  api.on('GET', '/api/app/resource-view/calendar', { body: days });
  api.on('GET', '/api/app/resource-view/my-calendar', { body: days });
  api.on('GET', '/api/app/dashboard-charts/overview', { body: { data: OVERVIEW } });
  api.on('GET', '/api/app/dashboard-charts/ticketKpi', { body: { data: { tickets: TICKET_KPI } } });
  api.on('POST', '/api/app/dashboard-charts/systemTicketKpi', { body: { data: SYSTEM_TICKET_KPI } });
  api.on('GET', '/api/app/dashboard-charts/operatorDay', { body: { data: OPERATOR_DAY } });
  api.on('GET', '/api/app/dashboard-charts/servicePerformance', { body: { data: SERVICE } });
  api.on('GET', '/api/app/dashboard-charts/agreementRenewals', { body: { data: RENEWALS } });
  api.on('GET', '/api/app/lead/getKpi', { body: { data: LEADS } });
  api.on('GET', '/api/app/proposal/getKpi', { body: { data: PROPOSALS } });
  api.on('GET', '/api/app/agreement/agreementKpi', { body: { data: AGREEMENTS } });
  api.on('GET', '/api/app/machine-dashboard/summary', { body: MACHINE_SUMMARY });
  api.on('GET', '/api/app/sensor-dashboard/live', { body: { data: LIVE_SENSORS, total: LIVE_SENSORS.length, hours: 6, points: 3, serverTime: NOW } });
  return api;
}
