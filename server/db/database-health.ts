/**
 * Is the database usable right now? One small in-memory state that GET /api/health reads and the 503 gate
 * checks on every request, so neither touches PostgreSQL. It is set by those who know: the monitor's probe
 * (./database-monitor.ts) and the embedded supervisor (./embedded-supervision.ts), and it is told of
 * suspicions (a request or an idle pool client lost its connection) so the monitor checks at once.
 *
 * It also says whether the session-change listener (./auth-changes.ts) is connected: while it is not, the
 * server still serves, with its session cache off, and the health check says so.
 */

export type DbState = 'up' | 'down';

export interface HealthLog {
  info(message: string): void;
  warn(message: string): void;
}

export class DatabaseHealth {
  private current: DbState = 'up';
  private why: string | undefined;
  private changedAt = Date.now();
  private readonly suspicionListeners: Array<(reason: string) => void> = [];
  private listening = false;

  /** `log` hears every change of state, once (not every failed probe). */
  constructor(private readonly log?: HealthLog) {}

  get state(): DbState {
    return this.current;
  }

  /** Why the database is down (undefined while up). */
  get reason(): string | undefined {
    return this.why;
  }

  /** Whether LISTEN for session changes is in place. */
  get listener(): DbState {
    return this.listening ? 'up' : 'down';
  }

  setListening(listening: boolean): void {
    this.listening = listening;
  }

  markDown(reason: string): void {
    if (this.current === 'down') {
      this.why = reason;
      return;
    }
    this.current = 'down';
    this.why = reason;
    this.changedAt = Date.now();
    this.log?.warn(`database unavailable: ${reason}; API calls answer 503 until it is back`);
  }

  markUp(): void {
    if (this.current === 'up') return;
    const seconds = ((Date.now() - this.changedAt) / 1_000).toFixed(1);
    this.current = 'up';
    this.why = undefined;
    this.changedAt = Date.now();
    this.log?.info(`database available again after ${seconds} s; serving`);
  }

  /** A connection was lost somewhere: whoever probes the database should probe now. */
  suspect(reason: string): void {
    for (const listener of this.suspicionListeners) listener(reason);
  }

  onSuspicion(listener: (reason: string) => void): void {
    this.suspicionListeners.push(listener);
  }
}
