/**
 * Preventive-maintenance plans, saved and shown:
 * - a save (create or update) is checked as a whole: a plan by time needs a rhythm (a frequency, every N days /
 *   weeks / months, or fixed dates), a plan by meter its meter and interval, each refused with a 400 naming the
 *   field; the next due date defaults to the first fixed date or the start date; the meter baseline to the machine's
 *   count now ("every 500 hours from today"), or, on a machine without a reading of that meter, to nothing: the plan
 *   waits for the first reading and counts from it (its schedule and the machine's card say so);
 * - right after the save commits, the plan's own ticket pass runs (./maintenance-tickets.ts), so an occurrence already
 *   inside its lead time raises its ticket at once rather than at the next hourly pass;
 * - GET schedule/{id}: the plan's next five occurrences (src/contract/maintenanceOccurrences.ts, from today in India,
 *   a meter occurrence dated by the meter's usage per day) and the tickets it has raised.
 */
import { awaitsFirstReading, nextOccurrences } from '../../../src/contract/maintenanceOccurrences';
import { METER_UNITS, type MeterKind, type PlanSchedule } from '../../../src/contract/maintenanceShapes';
import { raisedTickets } from '../../db/maintenance-occurrence-store';
import { firstReadingCount, lifetimeCount, meterOfMachine } from '../../db/meter-store';
import type { ApiRecord } from '../../db/repository';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, asString, createRecord, patchRecord, requireBody, todayInIndia } from '../records';
import { meterWithUsage } from '../machines/meters';
import { occurrencePlanOf, raisePlanTickets, withCountStarted } from './maintenance-tickets';
import { peopleCalls } from '../people';

type Body = Record<string, unknown>;

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * The fields the server fills and the rules across fields, for the plan as it will be stored (`merged`: the stored
 * plan with the patch over it). Returns what to add to the write.
 */
async function checkedPlan(ctx: CallContext, merged: Readonly<Body>, saved?: Readonly<Body>): Promise<Body> {
  const trigger = asString(merged.trigger) ?? 'Time';
  const fixedDates = [...new Set(asArray<string>(merged.fixedDates))].sort();
  const filled: Body = {};
  if (fixedDates.length > 0) filled.fixedDates = fixedDates;
  if (given(merged.intervalCount) !== given(merged.intervalUnit)) {
    throw given(merged.intervalCount) ? invalid('intervalUnit', refusal('chooseIntervalUnit')) : invalid('intervalCount', refusal('sayIntervalCount'));
  }
  if (trigger !== 'Meter') {
    if (!given(merged.frequency) && !given(merged.intervalCount) && fixedDates.length === 0) {
      throw invalid('frequency', refusal('chooseFrequency'));
    }
    if (!given(merged.nextDueDate)) filled.nextDueDate = fixedDates.find((d) => d >= String(merged.startDate)) ?? fixedDates[0] ?? merged.startDate;
  }
  if (trigger !== 'Time') {
    if (!given(merged.meterKind)) throw invalid('meterKind', refusal('chooseMeterKind'));
    if (!given(merged.meterInterval)) throw invalid('meterInterval', refusal('sayMeterInterval'));
    if (!given(merged.meterBaseline)) {
      // From the machine's count now; a plan that was waiting counts from the meter's first reading, as it was shown
      // and scheduled meanwhile. Without any reading there is nowhere to count from: the plan waits (no baseline).
      const machineId = asString(merged.machineInstanceId);
      const meter = machineId ? await meterOfMachine(ctx.db, ctx.user.tenantId, machineId, String(merged.meterKind)) : undefined;
      const baseline = saved && meter ? await firstReadingCount(ctx.db, ctx.user.tenantId, meter.id) : lifetimeCount(meter);
      if (baseline !== undefined) filled.meterBaseline = baseline;
    }
  }
  return filled;
}

/** The plan's own ticket pass after its save: a failure here is logged and left to the hourly pass, never the save's. */
async function scheduleNow(ctx: CallContext, planId: string): Promise<void> {
  try {
    await raisePlanTickets(ctx.db, ctx.hub, todayInIndia(), { tenantId: ctx.user.tenantId, planIds: [planId] });
  } catch (error) {
    ctx.req.log.warn({ err: error, planId }, 'a saved plan was not scheduled at once; the hourly pass will');
  }
}

/** The occurrence a plan is on is the server's (it keys the plan's tickets): a body's copy is not taken. */
function withoutServerCount(body: Body): Body {
  const { occurrenceNo: _ignored, ...rest } = body;
  return rest;
}

async function createPlan(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...withoutServerCount(ctx.req.body as Body), occurrenceNo: 1 };
  const created = await createRecord(ctx, { ...body, ...(await checkedPlan(ctx, body)) });
  await scheduleNow(ctx, created._id);
  return created;
}

async function updatePlan(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const current = await requireBody(ctx.repo, id);
  const patch = withoutServerCount(ctx.req.body as Body);
  const saved = await patchRecord(ctx, id, { ...patch, ...(await checkedPlan(ctx, { ...current, ...patch }, current)) });
  await scheduleNow(ctx, id);
  return saved;
}

async function schedule(ctx: CallContext): Promise<{ data: PlanSchedule }> {
  const { id } = ctx.req.params as { id: string };
  const plan = await requireBody(ctx.repo, id);
  const tenantId = ctx.user.tenantId;
  const machineId = asString(plan.machineInstanceId);
  const meterKind = asString(plan.meterKind);
  const meter = machineId && meterKind && plan.trigger !== 'Time' ? await meterWithUsage(ctx.db, tenantId, machineId, meterKind) : undefined;
  const forecast = meter?.lifetime === undefined ? undefined : { reading: meter.lifetime, ...(meter.row.dailyUsage !== null ? { dailyUsage: meter.row.dailyUsage } : {}) };
  const counted = occurrencePlanOf(await withCountStarted(ctx.db, tenantId, plan, meter ? { id: meter.row._id } : undefined));
  const occurrences = nextOccurrences(counted, todayInIndia(), 5, forecast);
  const tickets = await raisedTickets(ctx.db, tenantId, id);
  // A meter count with nowhere to start yet: the plan says what it waits for, and where to give it.
  const waitsForReading = machineId && awaitsFirstReading(counted) ? { machineId, kind: meterKind as MeterKind, unit: METER_UNITS[meterKind as MeterKind] ?? '', interval: counted.meterInterval ?? 0 } : null;
  return { data: { occurrences, tickets, meter: meter?.row ?? null, waitsForReading } };
}

export const maintenancePlanHandlers = {
  ops: { create: createPlan, update: updatePlan },
  calls: { schedule: { handler: schedule }, ...peopleCalls },
} satisfies HandlersOf<'preventive-maintenance'>;
