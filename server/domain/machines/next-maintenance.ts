/**
 * The plan whose work comes next on a machine, as its card says it (found walking: a plan by meter read "None
 * planned", having no date). Each live plan is looked at by what brings its work: its date, its meter's threshold
 * (dated ahead by the meter's use per day, when that can be told), or whichever comes first. The plan that falls
 * soonest is the one named; a plan by meter whose day cannot be told comes after every dated one, and one still
 * waiting for the machine's first reading of its meter last: it is planned all the same, and the card says what for.
 */
import { awaitsFirstReading, currentMeterThreshold, currentTimeOccurrence, meterDate } from '../../../src/contract/maintenanceOccurrences';
import { METER_KINDS, METER_UNITS, type MeterKind } from '../../../src/contract/maintenanceShapes';
import type { MachineCard } from '../../../src/contract/machineShapes';
import type { Queryable } from '../../db/pool';
import { asString, todayInIndia } from '../records';
import { occurrencePlanOf, withCountStarted } from '../service/maintenance-tickets';
import { meterWithUsage } from './meters';

type Body = Record<string, unknown> & { _id: string };
type NextMaintenance = NonNullable<MachineCard['nextMaintenance']>;

/** Plans that bring no more work. */
const ENDED = new Set(['Completed', 'Cancelled']);

interface Candidate {
  next: NextMaintenance;
  /** The day its work falls (the earlier of its date and its meter's forecast day), when one can be told. */
  day?: string;
  /** 0: by a date; 1: at a reading whose day cannot be told; 2: waiting for a first reading. */
  rank: number;
}

async function candidateOf(db: Queryable, tenantId: string, machineId: string, plan: Body, meterOf: (kind: MeterKind) => ReturnType<typeof meterWithUsage>, today: string): Promise<Candidate | undefined> {
  const kind = METER_KINDS.find((k) => k === plan.meterKind);
  const meter = kind && plan.trigger !== 'Time' ? await meterOf(kind) : undefined;
  const counted = occurrencePlanOf(await withCountStarted(db, tenantId, plan, meter ? { id: meter.row._id } : undefined));
  const date = currentTimeOccurrence(counted) === undefined ? undefined : asString(plan.nextDueDate);
  const threshold = currentMeterThreshold(counted);
  const waiting = awaitsFirstReading(counted);
  const forecast = meter?.lifetime === undefined ? undefined : { reading: meter.lifetime, ...(meter.row.dailyUsage !== null ? { dailyUsage: meter.row.dailyUsage } : {}) };
  const expectedDate = threshold === undefined ? undefined : meterDate(threshold, forecast, today);
  const byMeter = kind && (threshold !== undefined || waiting) ? { kind, unit: METER_UNITS[kind], ...(threshold !== undefined ? { threshold } : {}), ...(expectedDate ? { expectedDate } : {}) } : undefined;
  if (!date && !byMeter) return undefined;
  const next: NextMaintenance = {
    _id: plan._id,
    ...(asString(plan.title) ? { title: asString(plan.title) } : {}),
    ...(date ? { nextDueDate: date } : {}),
    ...(asString(plan.status) ? { status: asString(plan.status) } : {}),
    ...(byMeter ? { meter: byMeter } : {}),
  };
  const days = [date?.slice(0, 10), expectedDate].filter((d): d is string => Boolean(d)).sort();
  return { next, day: days[0], rank: days.length > 0 ? 0 : threshold !== undefined ? 1 : 2 };
}

/** The machine's next preventive maintenance among its plans (its preventive-maintenance records), or null. */
export async function nextMaintenanceOf(db: Queryable, tenantId: string, machineId: string, plans: readonly Body[]): Promise<NextMaintenance | null> {
  const meters = new Map<MeterKind, ReturnType<typeof meterWithUsage>>();
  const meterOf = (kind: MeterKind) => {
    const known = meters.get(kind) ?? meterWithUsage(db, tenantId, machineId, kind);
    meters.set(kind, known);
    return known;
  };
  const today = todayInIndia();
  const candidates = (await Promise.all(plans.filter((p) => !ENDED.has(String(p.status))).map((p) => candidateOf(db, tenantId, machineId, p, meterOf, today)))).filter((c): c is Candidate => c !== undefined);
  candidates.sort((a, b) => a.rank - b.rank || (a.day ?? '').localeCompare(b.day ?? '') || (a.next.meter?.threshold ?? 0) - (b.next.meter?.threshold ?? 0));
  return candidates[0]?.next ?? null;
}
