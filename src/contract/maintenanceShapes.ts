/**
 * The shapes of preventive maintenance beyond the plan record: a machine's meters and their readings, and a plan's
 * schedule (its next occurrences and the tickets it has raised). Zod and types only; the calls that answer them
 * are declared on their modules (svc-machine-instances: meters; preventive-maintenance: schedule).
 */
import { z } from 'zod';
import { says } from './validationMessages';

/** What a machine's meter counts. A plan "every N running hours" or "every N cycles" names one of these. */
export const METER_KINDS = ['Running Hours', 'Cycles'] as const;
export type MeterKind = (typeof METER_KINDS)[number];
export const METER_UNITS: Record<MeterKind, string> = { 'Running Hours': 'h', Cycles: 'cycles' };

const dateTime = z.iso.datetime({ offset: true });
const isoDay = z.iso.date();

/** One meter of a machine, with its last reading (none until the first one). */
export const meterRow = z.strictObject({
  _id: z.string(),
  machineId: z.string(),
  kind: z.enum(METER_KINDS),
  unit: z.string(),
  lastReading: z.number().nullable(),
  lastReadAt: dateTime.nullable(),
  /** Where readings come from besides people: a sensor's parameter (sensor-data values), when mapped. */
  sensorInstanceId: z.string().nullable(),
  sensorParameter: z.string().nullable(),
  /** Units per day over the last readings (what dates a meter occurrence ahead); null until two readings. */
  dailyUsage: z.number().nullable(),
});
export type MeterRow = z.infer<typeof meterRow>;

/** One reading of a meter, newest first in a list. */
export const meterReadingRow = z.strictObject({
  reading: z.number(),
  readAt: dateTime,
  source: z.enum(['person', 'sensor']),
  reset: z.boolean(),
  resetReason: z.string().nullable(),
  byName: z.string(),
});
export type MeterReadingRow = z.infer<typeof meterReadingRow>;

/** A live plan of the machine counting one of its meters from a first reading the machine has not had yet. */
export const planAwaitingReading = z.strictObject({
  _id: z.string(),
  alternateId: z.string().optional(),
  title: z.string().optional(),
  kind: z.enum(METER_KINDS),
  interval: z.number(),
});
export type PlanAwaitingReading = z.infer<typeof planAwaitingReading>;

/** GET meters/{id}: the machine's meters, each with its latest readings, and the plans waiting for a first reading. */
export const machineMetersReply = z.strictObject({
  data: z.array(meterRow.extend({ readings: z.array(meterReadingRow) })),
  total: z.number().int().nonnegative(),
  awaitingReading: z.array(planAwaitingReading),
});
export type MachineMeters = z.infer<typeof machineMetersReply>;

/** POST meters/{id}: add a meter to the machine (one per kind), optionally fed by a sensor's parameter. */
export const meterBody = z.strictObject({
  kind: z.enum(METER_KINDS, { error: says('oneOf', { label: 'Meter', choices: METER_KINDS }) }),
  sensorInstanceId: z.string().min(1, says('required', { label: 'Sensor' })).optional(),
  sensorParameter: z.string().min(1, says('required', { label: 'Sensor parameter' })).optional(),
});
export type MeterBody = z.infer<typeof meterBody>;

/**
 * POST meter-reading/{id}: a reading entered by a person. Never lower than the last one, unless it is a reset (the
 * meter was replaced or rolled over), which needs its reason.
 */
export const meterReadingBody = z.strictObject({
  kind: z.enum(METER_KINDS, { error: says('oneOf', { label: 'Meter', choices: METER_KINDS }) }),
  reading: z.number({ error: says('notANumber', { label: 'Reading' }) }).nonnegative(says('negative', { label: 'Reading' })).finite(says('notANumber', { label: 'Reading' })),
  reset: z.boolean().optional(),
  resetReason: z.string().trim().max(500, says('tooLong', { label: 'Reset reason' })).optional(),
  /** When it was read; now when absent. */
  readAt: dateTime.optional(),
});
export type MeterReadingBody = z.infer<typeof meterReadingBody>;

/** After a reading: the meter as it stands and the preventive tickets the reading raised (their alternate ids). */
export const meterReadingReply = z.strictObject({
  data: meterRow,
  raisedTickets: z.array(z.string()),
});
export type MeterReadingReply = z.infer<typeof meterReadingReply>;

/** A ticket raised by a plan for one of its occurrences. */
export const raisedTicketRow = z.strictObject({
  occurrenceNo: z.number().int(),
  occurrenceDate: isoDay,
  reason: z.enum(['time', 'meter']),
  ticketId: z.string(),
  alternateId: z.string().nullable(),
  status: z.string().nullable(),
  raisedAt: dateTime,
  doneAt: dateTime.nullable(),
});
export type RaisedTicketRow = z.infer<typeof raisedTicketRow>;

/** GET schedule/{id}: a plan's next occurrences (five by default) and the tickets it has raised, newest first. */
export const planScheduleReply = z.strictObject({
  data: z.strictObject({
    occurrences: z.array(z.strictObject({ date: isoDay, reason: z.enum(['time', 'meter']), meterThreshold: z.number().optional() })),
    tickets: z.array(raisedTicketRow),
    meter: meterRow.nullable(),
    /** A plan counting a meter the machine has no reading of yet: its meter occurrences wait for that first reading. */
    waitsForReading: z.strictObject({ machineId: z.string(), kind: z.enum(METER_KINDS), unit: z.string(), interval: z.number() }).nullable(),
  }),
});
export type PlanSchedule = z.infer<typeof planScheduleReply>['data'];
