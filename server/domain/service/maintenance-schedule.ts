/**
 * The clock's part in the preventive-maintenance plans (src/machines/lifecycles/maintenancePlan.ts): a plan whose
 * next due date has come falls Due, and one whose date has passed becomes Overdue. The scheduler takes those steps
 * as itself (the history names it), through the same helper as every other step, so a person's step taken at the
 * same moment simply wins and the scheduler's is refused and skipped.
 *
 * It runs when the server starts and then every hour (server/main.ts), and each run also raises the tickets plans
 * owe (./maintenance-tickets.ts: a lead time ahead, or once a meter crossed a threshold). Several app processes on
 * one database may each run it: the step locks the plan and the machine refuses the second one, and a ticket's
 * occurrence is claimed under a unique key, so the second process raises nothing.
 */
import { preventiveMaintenance } from '../../../src/contract/modules/serviceScheduling';
import { allowedEvents, declaredEvents } from '../../../src/machines/lifecycles/index';
import { plansDueBy } from '../../db/maintenance-plan-store';
import type { Db } from '../../db/pool';
import type { RealtimeHub } from '../../realtime/hub';
import { DomainError } from '../errors';
import { applyTransition, requireLifecycle } from '../lifecycle';
import { todayInIndia } from '../records';
import { partyContext, schedulerCaller } from '../step-context';
import { raisePlanTickets } from './maintenance-tickets';

/** The clock's steps, the later one first: a plan the server did not see on its due date goes straight to Overdue. */
const CLOCK_STEPS = ['becomeOverdue', 'fallDue'];

export interface ScheduleRun {
  /** Plans moved, by the step taken. */
  moved: Record<string, number>;
}

/** Takes every clock step due on `today` (YYYY-MM-DD, India), across tenants. */
export async function advanceMaintenancePlans(db: Db, hub: RealtimeHub, today: string = todayInIndia()): Promise<ScheduleRun> {
  const lifecycle = requireLifecycle(preventiveMaintenance.name);
  const caller = schedulerCaller(today);
  // The states the machine has a clock step from (Scheduled, Due): read from it, not written here again.
  const waiting = Object.keys(lifecycle.machine.config.states ?? {}).filter((state) => declaredEvents(lifecycle, state).some((event) => CLOCK_STEPS.includes(event)));
  const rows = await plansDueBy(db, today, waiting);
  const moved: Record<string, number> = {};
  for (const plan of rows) {
    const event = CLOCK_STEPS.find((step) => allowedEvents(lifecycle, plan.body, caller).includes(step));
    if (!event) continue;
    try {
      await applyTransition(partyContext({ db, hub, def: preventiveMaintenance, tenantId: plan.subscriber_id, caller }), plan._id, { event });
      moved[event] = (moved[event] ?? 0) + 1;
    } catch (error) {
      // Someone moved the plan since it was read (started, paused, done): their step stands.
      if (error instanceof DomainError && error.kind === 'transition-not-allowed') continue;
      throw error;
    }
  }
  return { moved };
}

export interface MaintenanceSchedule {
  stop(): void;
}

const HOUR_MS = 60 * 60 * 1000;

/** Runs the clock's steps now and every hour until stopped; a failed run is logged and the next one tries again. */
export function startMaintenanceSchedule(db: Db, hub: RealtimeHub, log: { info(message: string): void; warn(message: string): void }): MaintenanceSchedule {
  const run = async (): Promise<void> => {
    try {
      const { moved } = await advanceMaintenancePlans(db, hub);
      const raised = await raisePlanTickets(db, hub);
      const words = Object.entries(moved).map(([event, count]) => `${count} ${event === 'fallDue' ? 'fell due' : 'became overdue'}`);
      if (raised.length > 0) words.push(`${raised.length} preventive ticket${raised.length === 1 ? '' : 's'} raised (${raised.map((r) => r.alternateId ?? r.ticketId).join(', ')})`);
      if (words.length > 0) log.info(`maintenance plans: ${words.join(', ')}`);
    } catch (error) {
      log.warn(`maintenance plans were not advanced: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  void run();
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
