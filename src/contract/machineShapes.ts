/**
 * The machine screens' answers, each one schema whose types the server fills and the screens read: the bill of
 * materials (GET svc-machine-instance/getBomFromMachine/{id}, the call's reply in the catalogue,
 * src/contract/modules/machines.ts; filled by server/domain/machines/machines.ts), and the machine dashboard's own calls
 * under /api/app/machine-dashboard (declared here as endpoints, src/contract/endpoints.ts; filled by
 * server/domain/machines/summary-queries.ts and machine-card.ts). Money is integer paise.
 */
import { z } from 'zod';
import { defineEndpoints } from './endpoints';
import { METER_KINDS, machineMetersReply, meterReadingBody, meterReadingReply } from './maintenanceShapes';
import { says } from './validationMessages';

/** One part line of a machine's bill of materials. */
export const bomLine = z.strictObject({
  associationId: z.string(),
  partId: z.string(),
  partNumber: z.string().optional(),
  partName: z.string().optional(),
  quantity: z.number(),
  critical: z.boolean(),
  stockQty: z.number(),
  /** The part's reorder level; stock at or below it is flagged "below reorder level" on the BOM tree. */
  reorderLevel: z.number(),
  belowReorderLevel: z.boolean(),
  unitPricePaise: z.number(),
  valuePaise: z.number(),
  /** Stock below the part's reorder level, or less than this machine needs. */
  shortage: z.boolean(),
  /** The line comes from this machine only (not its type's standard BOM). */
  machineSpecific: z.boolean(),
});
export type BomLine = z.output<typeof bomLine>;

/** A machine's parts grouped by assembly, with stock and value. */
export const bom = z.strictObject({
  machine: z.strictObject({ _id: z.string(), alternateId: z.string().optional(), name: z.string().optional(), serialNo: z.string().optional() }),
  machineType: z.strictObject({ _id: z.string(), alternateId: z.string().optional(), machineName: z.string().optional(), manufacturer: z.string().optional() }),
  assemblies: z.array(z.strictObject({ assembly: z.string(), parts: z.array(bomLine), valuePaise: z.number() })),
  totalParts: z.number().int().nonnegative(),
  criticalShortages: z.number().int().nonnegative(),
  totalValuePaise: z.number(),
});
export type Bom = z.output<typeof bom>;

export const MACHINE_DASHBOARD_PATH = '/api/app/machine-dashboard';

/** A count of machines by one of their facts (a type, a status, a location); `key` null for machines without it. */
const countBy = z.strictObject({ key: z.string().nullable(), label: z.string().nullable(), count: z.number().int().nonnegative() });
export type CountBy = z.output<typeof countBy>;

const planDue = z.strictObject({
  _id: z.string(),
  alternateId: z.string().nullable(),
  title: z.string(),
  machineInstanceId: z.string(),
  machineName: z.string().nullable(),
  nextDueDate: z.string(),
  status: z.string(),
  /** Days from `today` to the due date; negative when overdue. */
  daysLeft: z.number().int(),
});
export type PlanDue = z.output<typeof planDue>;

const breakdownRank = z.strictObject({
  machineInstanceId: z.string(),
  machineName: z.string().nullable(),
  alternateId: z.string().nullable(),
  tickets: z.number().int().nonnegative(),
  open: z.number().int().nonnegative(),
});
export type BreakdownRank = z.output<typeof breakdownRank>;

/** GET /summary: machines by type, status and location; plans due; the machines with the most breakdowns. */
const machineSummary = z.strictObject({
  totals: z.strictObject({ machines: z.number().int(), overdue: z.number().int(), openBreakdowns: z.number().int() }),
  byType: z.array(countBy),
  byStatus: z.array(countBy),
  byLocation: z.array(countBy),
  maintenanceDue: z.array(planDue),
  topBreakdowns: z.array(breakdownRank),
  today: z.string(),
  dueWithinDays: z.number().int(),
  months: z.number().int(),
});
export type MachineSummary = z.output<typeof machineSummary>;

const lastService = z.strictObject({
  kind: z.enum(['ticket', 'preventive-maintenance', 'checklist']),
  date: z.string(),
  title: z.string(),
  reference: z.string().optional(),
});
export type LastService = z.output<typeof lastService>;

/** GET /lookup: the machine a code names, as the machine-scanning screen's card. */
const machineCard = z.strictObject({
  machine: z.strictObject({
    _id: z.string(),
    alternateId: z.string().optional(),
    name: z.string().optional(),
    serialNo: z.string().optional(),
    status: z.string(),
    runningHours: z.number().optional(),
    installationDate: z.string().optional(),
    warrantyUntil: z.string().optional(),
    hasQrCode: z.boolean(),
    /** Whose machine it is: a ticket raised from the card is for this client. */
    clientId: z.string().optional(),
  }),
  machineType: z
    .strictObject({ _id: z.string(), machineName: z.string().optional(), manufacturer: z.string().optional(), model: z.string().optional(), category: z.string().optional() })
    .nullable(),
  location: z.strictObject({ _id: z.string(), name: z.string().optional(), kind: z.string().optional(), parentName: z.string().nullable(), city: z.string().nullable() }).nullable(),
  openTickets: z.strictObject({
    total: z.number().int().nonnegative(),
    items: z.array(
      z.strictObject({
        _id: z.string(),
        module: z.string(),
        alternateId: z.string().optional(),
        title: z.string().optional(),
        ticketType: z.string(),
        priority: z.string().optional(),
        status: z.string().optional(),
        reportedAt: z.string().optional(),
      }),
    ),
  }),
  lastService: lastService.nullable(),
  /**
   * The plan whose work comes next: by its date (`nextDueDate`), by its meter (`meter`), or by whichever comes first
   * (both). A plan by meter says the reading it waits for (`threshold`) and, when the meter's use per day tells it,
   * about when (`expectedDate`); without a threshold it waits for the machine's first reading of that meter.
   */
  nextMaintenance: z
    .strictObject({
      _id: z.string(),
      title: z.string().optional(),
      nextDueDate: z.string().optional(),
      status: z.string().optional(),
      meter: z.strictObject({ kind: z.enum(METER_KINDS), unit: z.string(), threshold: z.number().optional(), expectedDate: z.string().optional() }).optional(),
    })
    .nullable(),
});
export type MachineCard = z.output<typeof machineCard>;

/**
 * A company's machine to pick when raising a ticket (issue 31 item 6): its name, serial and number, and where it
 * stands (the ticket takes the machine's site and client from it).
 */
const machineChoice = z.strictObject({
  _id: z.string(),
  name: z.string(),
  serialNo: z.string().optional(),
  alternateId: z.string().optional(),
  assetId: z.string().optional(),
  siteName: z.string().optional(),
  /** Whose machine it is: the service team's form offers the chosen client's machines only. */
  clientId: z.string().optional(),
});
export type MachineChoice = z.output<typeof machineChoice>;

/**
 * The machine dashboard's calls (server/http/machine-dashboard-routes.ts). `summary` is guarded by
 * SVC_MACHINE_INSTANCE VIEW. `lookup` and `card` are open to whoever may open the machine's card (issue 31 item 5):
 * the holder of that privilege, or whoever may work an open ticket on the machine (the server's scope decides,
 * server/domain/machines/machine-card-access.ts); anyone else is answered 404, as for a machine that does not exist.
 * `choices` lists the machines a person may raise a ticket for: a client's user his own company's only.
 */
/** A machine's id in a card call's path. */
const machineIdParams = z.object({ id: z.string().trim().min(1, says('required', { label: 'Machine id' })).max(100, says('tooLong', { label: 'Machine id' })) });

export const machineDashboardEndpoints = defineEndpoints({
  summary: {
    method: 'GET',
    path: `${MACHINE_DASHBOARD_PATH}/summary`,
    querystring: z.object({
      today: z.iso.date(says('notADate', { label: 'Today' })).optional(),
      dueWithinDays: z.coerce.number({ error: says('notANumber', { label: 'Due within days' }) }).int(says('notWhole', { label: 'Due within days' })).min(0, says('negative', { label: 'Due within days' })).max(90, says('atMost', { label: 'Due within days', max: 90 })).default(14),
      months: z.coerce.number({ error: says('notANumber', { label: 'Months' }) }).int(says('notWhole', { label: 'Months' })).min(1, says('atLeast', { label: 'Months', min: 1 })).max(60, says('atMostPlural', { label: 'Months', max: 60 })).default(12),
    }),
    reply: machineSummary,
  },
  lookup: {
    method: 'GET',
    path: `${MACHINE_DASHBOARD_PATH}/lookup`,
    querystring: z.object({
      code: z.string().trim().max(1000, says('tooLong', { label: 'Code' })).optional(),
      machineId: z.string().trim().max(100, says('tooLong', { label: 'Machine id' })).optional(),
    }),
    reply: machineCard,
  },
  card: {
    method: 'GET',
    path: `${MACHINE_DASHBOARD_PATH}/card/:id`,
    params: machineIdParams,
    reply: machineCard,
  },
  /**
   * The card's meters, and a reading taken at the machine: open to whoever may open the card (the engineer working
   * an open ticket on it), the same rule as `card`. The catalogue's getMeters/addMeterReading stay the machines
   * screen's calls, by its privileges.
   */
  meters: {
    method: 'GET',
    path: `${MACHINE_DASHBOARD_PATH}/card/:id/meters`,
    params: machineIdParams,
    reply: machineMetersReply,
  },
  meterReading: {
    method: 'POST',
    path: `${MACHINE_DASHBOARD_PATH}/card/:id/meter-reading`,
    params: machineIdParams,
    body: meterReadingBody,
    reply: meterReadingReply,
  },
  choices: {
    method: 'GET',
    path: `${MACHINE_DASHBOARD_PATH}/ticket-machines`,
    reply: z.strictObject({ data: z.array(machineChoice), total: z.number().int().nonnegative() }),
  },
});
