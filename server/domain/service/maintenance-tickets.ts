/**
 * Preventive plans raise their work: one Preventive Maintenance ticket (svc-ticket) per occurrence of a plan, a
 * lead time ahead of its date (the plan's leadDays, a week by default), or as soon as the machine's meter reaches
 * the plan's threshold; assigned to the plan's engineer, with the plan's checklist copied onto it.
 *
 * "Never twice for one occurrence" is held by the database, not by this process: the ticket is raised in the same
 * transaction that claims (tenant, plan, occurrence) in maintenance_occurrences (server/db/
 * maintenance-occurrence-store.ts). A second pass, another process, or a pass after a restart finds the claim and
 * raises nothing; two passes racing wait on the key and the loser's insert does nothing.
 *
 * Who runs it: the hourly pass with the clock steps (./maintenance-schedule.ts), a plan's save (its own pass right
 * after the commit, so an occurrence already inside the lead time raises its ticket at once), and a meter reading
 * (server/domain/machines/meters.ts) for the plans counting that meter.
 */
import { preventiveMaintenance, svcTicket } from '../../../src/contract/modules/service';
import { checklistView, questions, svcMachineInstance } from '../../../src/contract/modules/machines';
import {
  currentMeterThreshold,
  currentTimeOccurrence,
  addDays,
  type IntervalUnit,
  type NextFrom,
  type OccurrencePlan,
  type PlanTrigger,
} from '../../../src/contract/maintenanceOccurrences';
import { claimOccurrence, setOccurrenceTicket } from '../../db/maintenance-occurrence-store';
import { plansAwaitingTicket } from '../../db/maintenance-plan-store';
import { firstReadingCount, lifetimeCount, meterOfMachine, type MeterDbRow } from '../../db/meter-store';
import { inTransaction, type Db, type Queryable } from '../../db/pool';
import { repo } from '../../db/repository';
import type { RealtimeHub } from '../../realtime/hub';
import { asArray, asString, todayInIndia } from '../records';

type Body = Record<string, unknown>;

/** Plan states in which the next occurrence is still owed (a paused, ended or cancelled plan raises nothing). */
export const RAISING_STATES = ['Scheduled', 'Due', 'Overdue', 'In Progress'] as const;

const TRIGGERS: Record<string, PlanTrigger> = { Time: 'time', Meter: 'meter', 'Whichever first': 'either' };
const UNITS: Record<string, IntervalUnit> = { Days: 'days', Weeks: 'weeks', Months: 'months' };
const NEXT_FROM: Record<string, NextFrom> = { Schedule: 'schedule', Completion: 'completion' };

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** A stored plan as the occurrence arithmetic reads it (src/contract/maintenanceOccurrences.ts). */
export function occurrencePlanOf(body: Readonly<Body>): OccurrencePlan {
  return {
    status: asString(body.status),
    trigger: TRIGGERS[asString(body.trigger) ?? 'Time'] ?? 'time',
    frequency: asString(body.frequency),
    intervalCount: num(body.intervalCount),
    intervalUnit: UNITS[asString(body.intervalUnit) ?? ''],
    fixedDates: asArray<string>(body.fixedDates).filter((d) => typeof d === 'string'),
    startDate: asString(body.startDate),
    nextDueDate: asString(body.nextDueDate),
    meterInterval: num(body.meterInterval),
    meterBaseline: num(body.meterBaseline),
    nextFrom: NEXT_FROM[asString(body.nextFrom) ?? 'Schedule'] ?? 'schedule',
  };
}

/**
 * The plan as its meter count stands: a plan saved while the machine had no reading of its meter (no baseline: it
 * waits, src/contract/maintenanceOccurrences.ts `awaitsFirstReading`) counts from the meter's first reading once there
 * is one. Read, never written here: the plan's next save or its occurrence's step keeps it.
 */
export async function withCountStarted(db: Queryable, tenantId: string, plan: Readonly<Body>, meter: Pick<MeterDbRow, 'id'> | undefined): Promise<Body> {
  if (num(plan.meterBaseline) !== undefined || !meter) return plan;
  const first = await firstReadingCount(db, tenantId, meter.id);
  return first === undefined ? plan : { ...plan, meterBaseline: first };
}

export interface DueOccurrence {
  date: string;
  reason: 'time' | 'meter';
}

/**
 * The plan's current occurrence when its ticket is owed on `today`: by time once today is within the lead days of
 * its date; by meter once `reading` has reached the threshold (dated today, or the time date if that is earlier).
 * Whichever comes first wins; undefined while neither is there yet.
 */
export function owedOccurrence(body: Readonly<Body>, today: string, reading: number | undefined): DueOccurrence | undefined {
  const plan = occurrencePlanOf(body);
  const time = currentTimeOccurrence(plan);
  const threshold = currentMeterThreshold(plan);
  const lead = num(body.leadDays) ?? 7;
  const byMeter = threshold !== undefined && reading !== undefined && reading >= threshold;
  const byTime = time !== undefined && addDays(time, -lead) <= today;
  if (byMeter && !(time !== undefined && time <= today)) return { date: today, reason: 'meter' };
  if (byTime && time !== undefined) return { date: time, reason: 'time' };
  return undefined;
}

/** The checklist's questions, in order, as the ticket carries them (the engineer may not read checklists). */
async function checklistOf(tx: Queryable, tenantId: string, checklistId: string | undefined): Promise<Array<{ questionId: string; question: string }>> {
  if (!checklistId) return [];
  const checklist = await repo(tx, checklistView, tenantId).getBody(checklistId);
  const ids = asArray<string>(checklist?.questionIds).filter((id) => typeof id === 'string');
  if (ids.length === 0) return [];
  const { data } = await repo(tx, questions, tenantId).list({ filters: { _id: ids } });
  const text = new Map(data.map((q) => [q._id, asString(q.question) ?? '']));
  return ids.filter((id) => text.has(id)).map((id) => ({ questionId: id, question: text.get(id) ?? '' }));
}

/** The ticket body for the plan's occurrence. */
async function ticketFor(tx: Queryable, tenantId: string, planId: string, plan: Readonly<Body>, occurrenceNo: number, due: DueOccurrence): Promise<Body> {
  const machineId = asString(plan.machineInstanceId);
  const machine = machineId ? await repo(tx, svcMachineInstance, tenantId).getBody(machineId) : undefined;
  const engineer = asString(plan.assignedTo);
  const why = due.reason === 'meter' ? `${asString(plan.meterKind) ?? 'Meter'} reached ${String(currentMeterThreshold(occurrencePlanOf(plan)))}` : `due ${due.date}`;
  const planName = asString(plan.alternateId) ?? planId;
  return {
    ticketType: 'Preventive Maintenance',
    title: `PM: ${asString(plan.title) ?? planName}`.slice(0, 200),
    description: [`Occurrence ${occurrenceNo} of plan ${planName} (${why}).`, asString(plan.instructions)].filter(Boolean).join('\n\n').slice(0, 5000),
    priority: 'Medium',
    status: engineer ? 'Assigned' : 'Open',
    ...(machineId ? { machineInstanceId: machineId } : {}),
    ...(asString(machine?.clientId) ? { clientId: machine?.clientId } : {}),
    ...(asString(plan.assetId) ?? asString(machine?.assetId) ? { assetId: asString(plan.assetId) ?? asString(machine?.assetId) } : {}),
    ...(engineer ? { assignedTo: engineer } : {}),
    reportedBy: 'Preventive maintenance scheduler',
    reportedAt: new Date().toISOString(),
    // The work is promised for the occurrence's day, by the end of the working day in India.
    slaDueAt: `${due.date}T18:00:00+05:30`,
    planId,
    occurrenceNo,
    occurrenceDate: due.date,
    ...(asString(plan.checklistId) ? { checklistId: plan.checklistId } : {}),
    checklist: await checklistOf(tx, tenantId, asString(plan.checklistId)),
    attachments: [],
  };
}

export interface RaisedTicket {
  tenantId: string;
  planId: string;
  ticketId: string;
  alternateId?: string;
  assignedTo?: string;
  title?: string;
}

/**
 * Raises the ticket of one plan's current occurrence if it is owed on `today` and nobody has raised it: the plan's
 * row is locked (its occurrence cannot move meanwhile), the occurrence claimed, the ticket created, all in one
 * transaction. Undefined when nothing was owed or the occurrence was claimed already.
 */
async function raiseForPlan(db: Db, tenantId: string, planId: string, today: string): Promise<RaisedTicket | undefined> {
  return inTransaction(db, async (tx) => {
    const locked = await repo(tx, preventiveMaintenance, tenantId).lockForChange(planId);
    if (!locked || !(RAISING_STATES as readonly string[]).includes(String(locked.body.status))) return undefined;
    const machineId = asString(locked.body.machineInstanceId);
    const meterKind = asString(locked.body.meterKind);
    const meter = machineId && meterKind && locked.body.trigger !== 'Time' ? await meterOfMachine(tx, tenantId, machineId, meterKind) : undefined;
    const plan = await withCountStarted(tx, tenantId, locked.body, meter);
    const due = owedOccurrence(plan, today, lifetimeCount(meter));
    if (!due) return undefined;
    const occurrenceNo = num(plan.occurrenceNo) ?? 1;
    if (!(await claimOccurrence(tx, tenantId, planId, occurrenceNo, due.date, due.reason))) return undefined;
    const ticket = await repo(tx, svcTicket, tenantId).create(await ticketFor(tx, tenantId, planId, plan, occurrenceNo, due));
    await setOccurrenceTicket(tx, tenantId, planId, occurrenceNo, ticket._id);
    return { tenantId, planId, ticketId: ticket._id, alternateId: asString(ticket.alternateId), assignedTo: asString(ticket.assignedTo), title: asString(ticket.title) };
  });
}

/** Tells the tenant's screens about a raised ticket, and its engineer that it is his. */
function announce(hub: RealtimeHub, raised: RaisedTicket): void {
  hub.recordChanged(raised.tenantId, { module: svcTicket.name, op: 'create', _id: raised.ticketId });
  if (raised.assignedTo) {
    hub.ticketAssigned(raised.tenantId, {
      userId: raised.assignedTo,
      module: svcTicket.name,
      _id: raised.ticketId,
      ...(raised.alternateId ? { alternateId: raised.alternateId } : {}),
      ...(raised.title ? { title: raised.title } : {}),
    });
  }
}

/**
 * Raises every owed ticket on `today` (YYYY-MM-DD, India): across tenants, or for one tenant's plan(s) when `only`
 * says so. Returns what it raised.
 */
export async function raisePlanTickets(db: Db, hub: RealtimeHub, today: string = todayInIndia(), only: { tenantId?: string; planId?: string; planIds?: readonly string[] } = {}): Promise<RaisedTicket[]> {
  const candidates = only.planIds
    ? only.planIds.map((_id) => ({ _id, subscriber_id: only.tenantId as string }))
    : await plansAwaitingTicket(db, RAISING_STATES, only);
  const raised: RaisedTicket[] = [];
  for (const plan of candidates) {
    const ticket = await raiseForPlan(db, plan.subscriber_id, plan._id, today);
    if (!ticket) continue;
    announce(hub, ticket);
    raised.push(ticket);
  }
  return raised;
}
