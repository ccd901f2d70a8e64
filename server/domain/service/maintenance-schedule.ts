/**
 * The clock's part in the preventive-maintenance plans (src/machines/lifecycles/maintenancePlan.ts): a plan whose
 * next due date has come falls Due, and one whose date has passed becomes Overdue. The scheduler takes those steps
 * as itself (the history names it), through the same helper as every other step, so a person's step taken at the
 * same moment simply wins and the scheduler's is refused and skipped.
 *
 * It runs in one app process at a time, the one holding the scheduler's advisory lock (server/db/leader-lock.ts):
 * when that process takes the lock (at start, or when it takes over from one that died) and then every hour, and
 * each run also raises the tickets plans owe (./maintenance-tickets.ts: a lead time ahead, or once a meter crossed a
 * threshold). Each run is idempotent all the same, so that a run cut short, a run after a takeover, or a plan's own
 * pass at its save never does anything twice: the step locks the plan and the machine refuses a second one, and a
 * ticket's occurrence is claimed under a unique key, so one occurrence raises one ticket, ever.
 */
import { preventiveMaintenance } from '../../../src/contract/modules/serviceScheduling';
import { allowedEvents, declaredEvents } from '../../../src/machines/lifecycles/index';
import { contendForLeadership } from '../../db/leader-lock';
import { plansDueBy } from '../../db/maintenance-plan-store';
import type { Db } from '../../db/pool';
import type { RealtimeHub } from '../../realtime/hub';
import { DomainError } from '../errors';
import { applyTransition, requireLifecycle } from '../lifecycle';
import { todayInIndia } from '../records';
import { partyContext, schedulerCaller } from '../step-context';
import { raisePlanTickets } from './maintenance-tickets';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';

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
  /** Whether this process runs the scheduled work now. */
  readonly leading: boolean;
  stop(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;
/** The scheduler's advisory lock (every numbered key: server/db/advisory-locks.ts). */
export const SCHEDULER_LOCK = ADVISORY_LOCKS.scheduler;

export interface ScheduleOptions {
  /** A connection of its own holds the lock (server/db/leader-lock.ts). */
  databaseUrl: string;
  /** How often a waiting process tries to take over (and the leader checks its connection): 15 s by default. */
  takeoverMs: number;
}

type Log = { info(message: string): void; warn(message: string): void };

/**
 * Runs the clock's steps and the plans' ticket pass in the process that holds the scheduler lock: at once when it
 * takes the lock, then every hour until it stops or loses it. A failed run is logged and the next one tries again.
 */
export function startMaintenanceSchedule(db: Db, hub: RealtimeHub, log: Log, options: ScheduleOptions): MaintenanceSchedule {
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
  let timer: NodeJS.Timeout | undefined;
  const lock = contendForLeadership({
    databaseUrl: options.databaseUrl,
    key: SCHEDULER_LOCK,
    retryMs: options.takeoverMs,
    onLead() {
      log.info('scheduled work: this process holds the scheduler lock and runs the preventive-maintenance passes');
      void run();
      timer = setInterval(() => void run(), HOUR_MS);
      timer.unref();
    },
    onLose(reason) {
      clearInterval(timer);
      log.warn(`scheduled work: this process lost the scheduler lock (${reason}); whichever process takes it next runs the passes`);
    },
    onFollow() {
      log.info(`scheduled work: another process holds the scheduler lock; this one takes over within ${Math.round(options.takeoverMs / 1000)} s if that one stops`);
    },
  });
  return {
    get leading() {
      return lock.leading;
    },
    async stop() {
      clearInterval(timer);
      await lock.stop();
    },
  };
}
