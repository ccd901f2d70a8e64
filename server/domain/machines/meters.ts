/**
 * Machines' meters (running hours, cycles) and their readings:
 * - GET meters/{id}: the machine's meters, each with its last readings and its usage per day;
 * - POST meters/{id} { kind, sensorInstanceId?, sensorParameter? }: adds a meter, or maps a sensor's parameter to it;
 * - POST meter-reading/{id} { kind, reading, reset?, resetReason?, readAt? }: a person's reading. Never lower than
 *   the last one (400 naming `reading`), unless it is a reset, which needs its reason (400 naming `resetReason`).
 *   The machine's first reading of a kind adds that meter;
 * - a sensor's reading (sensor-data) feeds the meters mapped to its parameters (`takeSensorMeterReadings`).
 * After every reading, the plans counting that meter are looked at at once: a reading that crosses a plan's
 * threshold raises its ticket (server/domain/service/maintenance-tickets.ts).
 */
import { METER_KINDS, type MachineMeters, type MeterBody, type MeterKind, type MeterReadingBody, type MeterReadingReply, type MeterReadingRow, type MeterRow, type PlanAwaitingReading } from '../../../src/contract/maintenanceShapes';
import { awaitsFirstReading } from '../../../src/contract/maintenanceOccurrences';
import { preventiveMaintenance } from '../../../src/contract/modules/service';
import { repo } from '../../db/repository';
import { svcMachineInstance } from '../../../src/contract/modules/machines';
import type { SessionUser } from '../../auth/sessions';
import { sensorInstance, SENSOR_PARAMETERS } from '../../../src/contract/modules/sensors';
import { planIdsOnMeter } from '../../db/maintenance-plan-store';
import { ensureMeter, insertReading, latestReadings, lockMeter, meterOfMachine, metersOfMachine, metersOfSensor, toMeterRow, upsertMeter, type NewReading } from '../../db/meter-store';
import { inTransaction, type Db, type Queryable } from '../../db/pool';
import type { RealtimeHub } from '../../realtime/hub';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { validation } from '../../../src/contract/validationMessages';
import type { CallContext } from '../call-context';
import { repoOf, requireBody, todayInIndia } from '../records';
import { occurrencePlanOf, RAISING_STATES, raisePlanTickets } from '../service/maintenance-tickets';

const DAY_MS = 86_400_000;
/** Readings shown per meter, and read to work out its usage per day. */
const READINGS_KEPT = 10;

/**
 * Units per day from a meter's readings (newest first) since its last reset: what dates a meter occurrence ahead.
 * Null with fewer than two readings or less than an hour between them (no rate can be told yet).
 */
export function dailyUsage(readings: readonly MeterReadingRow[]): number | null {
  const since: MeterReadingRow[] = [];
  for (const reading of readings) {
    since.push(reading);
    if (reading.reset) break;
  }
  const newest = since[0];
  const oldest = since[since.length - 1];
  if (!newest || !oldest || newest === oldest) return null;
  const days = (Date.parse(newest.readAt) - Date.parse(oldest.readAt)) / DAY_MS;
  if (days < 1 / 24) return null;
  return Math.max(0, (newest.reading - oldest.reading) / days);
}

/**
 * The machine's live plans counting a meter of it that has no reading yet: they wait for the first one (the card asks
 * for it). A plan whose meter has been read counts from its first reading, and waits no more.
 */
async function plansAwaitingReading(db: Db, tenantId: string, machineId: string, meters: ReadonlyArray<Pick<MeterRow, 'kind' | 'lastReading'>>): Promise<PlanAwaitingReading[]> {
  const plans = await repo(db, preventiveMaintenance, tenantId).list({ filters: { machineInstanceId: machineId, status: [...RAISING_STATES] }, project: ['alternateId', 'title', 'status', 'trigger', 'meterKind', 'meterInterval', 'meterBaseline'] });
  const read = new Set(meters.filter((m) => m.lastReading !== null).map((m) => m.kind));
  return plans.data.flatMap((plan) => {
    const kind = METER_KINDS.find((k) => k === plan.meterKind);
    const counted = occurrencePlanOf(plan);
    if (!kind || read.has(kind) || !awaitsFirstReading(counted)) return [];
    return [{ _id: plan._id, ...(typeof plan.alternateId === 'string' ? { alternateId: plan.alternateId } : {}), ...(typeof plan.title === 'string' ? { title: plan.title } : {}), kind, interval: counted.meterInterval ?? 0 }];
  });
}

/**
 * A machine's meters, each with its last readings and its usage per day, and the plans waiting for a first reading
 * (the caller has checked the machine is his to see).
 */
export async function machineMeters(db: Db, tenantId: string, machineId: string): Promise<MachineMeters> {
  const meters = await metersOfMachine(db, tenantId, machineId);
  const readings = await latestReadings(db, tenantId, meters.map((m) => m.id), READINGS_KEPT);
  const data = meters.map((meter) => {
    const own = readings.get(meter.id) ?? [];
    return { ...toMeterRow(meter, dailyUsage(own)), readings: own };
  });
  return { data, total: data.length, awaitingReading: await plansAwaitingReading(db, tenantId, machineId, data) };
}

/** A machine's meter as the plan page shows it, with its usage per day. */
export async function meterWithUsage(db: Queryable, tenantId: string, machineId: string, kind: string): Promise<{ row: MeterRow; lifetime: number | undefined } | undefined> {
  const meter = await meterOfMachine(db, tenantId, machineId, kind);
  if (!meter) return undefined;
  const readings = (await latestReadings(db, tenantId, [meter.id], READINGS_KEPT)).get(meter.id) ?? [];
  return { row: toMeterRow(meter, dailyUsage(readings)), lifetime: meter.last_reading === null ? undefined : meter.last_reading + meter.reset_offset };
}

async function getMeters(ctx: CallContext) {
  const { id } = ctx.req.params as { id: string };
  await requireBody(ctx.repo, id);
  return machineMeters(ctx.db, ctx.user.tenantId, id);
}

async function addMeter(ctx: CallContext) {
  const { id } = ctx.req.params as { id: string };
  await requireBody(ctx.repo, id);
  const body = ctx.req.body as MeterBody;
  const sensorId = body.sensorInstanceId ?? null;
  const parameter = body.sensorParameter ?? null;
  if (sensorId && !parameter) throw invalid('sensorParameter', refusal('chooseSensorParameter'));
  if (parameter && !sensorId) throw invalid('sensorInstanceId', refusal('chooseCountingSensor'));
  if (parameter && !(SENSOR_PARAMETERS as readonly string[]).includes(parameter)) throw invalid('sensorParameter', validation('oneOf', { label: 'Sensor parameter', choices: SENSOR_PARAMETERS }));
  if (sensorId && !(await repoOf(ctx, sensorInstance).getBody(sensorId))) throw invalid('sensorInstanceId', refusal('noSuchSensor'));
  await upsertMeter(ctx.db, ctx.user.tenantId, id, body.kind, { instanceId: sensorId, parameter });
  ctx.notify('update', id);
  return machineMeters(ctx.db, ctx.user.tenantId, id);
}

/** A reading as the store writes it (meter-store.ts), with the meter it is for. */
interface Reading extends NewReading {
  kind: MeterKind;
}

/**
 * Writes one reading under the meter's lock, refusing one lower than the last unless it is a reset; a reset adds
 * what it took off the counter to the meter's offset, so its lifetime count carries on.
 */
async function recordReading(db: Db, tenantId: string, machineId: string, reading: Reading): Promise<void> {
  await inTransaction(db, async (tx) => {
    await ensureMeter(tx, tenantId, machineId, reading.kind);
    const meter = await lockMeter(tx, tenantId, machineId, reading.kind);
    if (!meter) throw invalid('kind', refusal('machineHasNoMeter', { choice: reading.kind }));
    const last = meter.last_reading;
    if (reading.reset && !reading.resetReason) throw invalid('resetReason', refusal('sayWhyMeterReset'));
    if (!reading.reset && last !== null && reading.reading < last) {
      throw invalid('reading', refusal('readingBelowLast', { last }));
    }
    const offsetAdded = reading.reset && last !== null ? last - reading.reading : 0;
    await insertReading(tx, tenantId, meter.id, reading, offsetAdded);
  });
}

/** The plans on this machine's meter of `kind` whose tickets the reading may have made owed: raised now. */
async function raiseForMeter(db: Db, hub: RealtimeHub, tenantId: string, machineId: string, kind: string): Promise<string[]> {
  const planIds = await planIdsOnMeter(db, tenantId, machineId, kind, RAISING_STATES);
  if (planIds.length === 0) return [];
  const raised = await raisePlanTickets(db, hub, todayInIndia(), { tenantId, planIds });
  return raised.map((r) => r.alternateId ?? r.ticketId);
}

/**
 * A person's reading of the machine's meter (the caller has checked the machine is his to read): written, then the
 * plans counting that meter raise what it made owed. Answers the meter with its usage and the tickets raised.
 */
export async function takePersonReading(db: Db, hub: RealtimeHub, user: SessionUser, machineId: string, body: MeterReadingBody): Promise<MeterReadingReply> {
  const readAt = body.readAt ? new Date(body.readAt) : new Date();
  if (readAt.getTime() > Date.now() + 5 * 60_000) throw invalid('readAt', refusal('readingInFuture'));
  await recordReading(db, user.tenantId, machineId, {
    kind: body.kind,
    reading: body.reading,
    readAt: readAt.toISOString(),
    source: 'person',
    reset: body.reset === true,
    resetReason: body.resetReason?.trim() || null,
    by: { id: user._id, name: user.name },
  });
  const raisedTickets = await raiseForMeter(db, hub, user.tenantId, machineId, body.kind);
  hub.recordChanged(user.tenantId, { module: svcMachineInstance.name, op: 'update', _id: machineId });
  const meter = await meterWithUsage(db, user.tenantId, machineId, body.kind);
  if (!meter) throw invalid('kind', refusal('machineHasNoMeter', { choice: body.kind }));
  return { data: meter.row, raisedTickets };
}

async function addMeterReading(ctx: CallContext) {
  const { id } = ctx.req.params as { id: string };
  await requireBody(ctx.repo, id);
  return takePersonReading(ctx.db, ctx.hub, ctx.user, id, ctx.req.body as MeterReadingBody);
}

/**
 * A sensor's reading feeds the meters mapped to its parameters. A counter lower than the meter's last reading is a
 * sensor that restarted counting: taken as a reset (the lifetime count carries on), never refused, since nobody is
 * there to be told. Returns the tickets raised.
 */
export async function takeSensorMeterReadings(db: Db, hub: RealtimeHub, tenantId: string, sensorInstanceId: string, values: Readonly<Record<string, unknown>>, recordedAt: string, sensorName: string): Promise<string[]> {
  const meters = await metersOfSensor(db, tenantId, sensorInstanceId);
  const raised: string[] = [];
  for (const meter of meters) {
    const value = meter.sensor_parameter ? values[meter.sensor_parameter] : undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || !(METER_KINDS as readonly string[]).includes(meter.kind)) continue;
    const restarted = meter.last_reading !== null && value < meter.last_reading;
    await recordReading(db, tenantId, meter.machine_id, {
      kind: meter.kind,
      reading: value,
      readAt: recordedAt,
      source: 'sensor',
      reset: restarted,
      resetReason: restarted ? 'The sensor restarted counting' : null,
      by: { id: sensorInstanceId, name: `Sensor ${sensorName}` },
    });
    raised.push(...(await raiseForMeter(db, hub, tenantId, meter.machine_id, meter.kind)));
  }
  return raised;
}

export const meterCalls = {
  getMeters: { handler: getMeters },
  addMeter: { handler: addMeter },
  addMeterReading: { handler: addMeterReading },
};
