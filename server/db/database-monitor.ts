/**
 * Watches the database with one connection of its own: `select 1` every few seconds while the database
 * is up, twice a second while it is down, and at once on a suspicion. It decides when the database is up
 * again, in both modes: with DATABASE_URL that is the only way to know the server came back; with the
 * embedded PostgreSQL it confirms that the restarted postmaster takes connections.
 *
 * The probe has its own client (not the pool's): a pool full of requests waiting on a dead server must not
 * delay the answer, and the probe's short timeouts must not apply to real queries.
 */
import pg from 'pg';
import type { DatabaseHealth } from './database-health';

export interface MonitorOptions {
  url: string;
  health: DatabaseHealth;
  /** Between probes while the database is up. */
  upIntervalMs?: number;
  /** Between probes while it is down: how soon service resumes after it comes back. */
  downIntervalMs?: number;
  /** Connect and query timeout of one probe: an unreachable host must not hold it for long. */
  timeoutMs?: number;
}

export interface DatabaseMonitor {
  /** Probes now (joins a probe in flight); answers whether the database answered. */
  probeNow(): Promise<boolean>;
  stop(): Promise<void>;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message || error.name : String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

export function monitorDatabase(options: MonitorOptions): DatabaseMonitor {
  const { url, health } = options;
  const upIntervalMs = options.upIntervalMs ?? 5_000;
  const downIntervalMs = options.downIntervalMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 2_000;
  let client: pg.Client | undefined;
  let inFlight: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const drop = (): void => {
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined); // its socket is already broken; nothing to report twice
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, application_name: 'fieldops-health' });
    // Its server went away while idle (restart, pg_terminate_backend): look again at once.
    fresh.on('error', (error) => {
      if (client === fresh) drop();
      if (!stopped) health.suspect(`health connection lost: ${describe(error)}`);
    });
    await fresh.connect();
    return fresh;
  };

  const schedule = (): void => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void probeNow(), health.state === 'up' ? upIntervalMs : downIntervalMs);
    timer.unref();
  };

  const probe = async (): Promise<boolean> => {
    try {
      client ??= await connect();
      await client.query('select 1');
      health.markUp();
      return true;
    } catch (error) {
      drop();
      if (!stopped) health.markDown(describe(error));
      return false;
    }
  };

  function probeNow(): Promise<boolean> {
    inFlight ??= probe().finally(() => {
      inFlight = undefined;
      schedule();
    });
    return inFlight;
  }

  health.onSuspicion(() => {
    if (!stopped) void probeNow();
  });
  schedule();

  return {
    probeNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}
