/**
 * One process of many leads: the one holding a PostgreSQL session advisory lock (issue 36: scheduled work runs in
 * exactly one app process at a time).
 *
 * Every process keeps a connection of its own (not one of the pool's) and asks `pg_try_advisory_lock` every
 * `retryMs`; the one that gets it holds it for as long as its connection lives and checks that connection at the
 * same rhythm. When the leading process dies, however it dies (a crash, kill -9, its machine gone), PostgreSQL ends
 * its session and the lock goes with it; another process gets it at its next try, within `retryMs`. When the
 * leader's own connection breaks (a database restart), it stops leading at once and tries again like the others.
 *
 * The connection is named `fieldops scheduler (pid N on HOST)` (application_name), so an operator can see who leads:
 *   select a.application_name from pg_locks l join pg_stat_activity a using (pid)
 *   where l.locktype = 'advisory' and l.granted and a.application_name like 'fieldops scheduler%';
 */
import os from 'node:os';
import pg from 'pg';

export interface LeaderLockOptions {
  databaseUrl: string;
  /** The advisory lock's key: one per kind of leadership. */
  key: number;
  /** How often a follower tries, and a leader checks its connection. */
  retryMs: number;
  onLead(): void;
  /** The leader's connection broke: it leads no more (another process may already). */
  onLose(reason: string): void;
  /** The first try found another process leading. */
  onFollow?(): void;
}

export interface LeaderLock {
  readonly leading: boolean;
  /** Stops trying, and gives the lock up if held. */
  stop(): Promise<void>;
}

export const APPLICATION_NAME_PREFIX = 'fieldops scheduler';

export function contendForLeadership(options: LeaderLockOptions): LeaderLock {
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let followed = false;
  let timer: NodeJS.Timeout | undefined;

  /** Forget a broken connection; a leader stops leading. */
  const drop = (broken: pg.Client, reason: string): void => {
    if (client !== broken) return;
    client = undefined;
    broken.end().catch(() => undefined);
    if (leading) {
      leading = false;
      options.onLose(reason);
    }
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({ connectionString: options.databaseUrl, application_name: `${APPLICATION_NAME_PREFIX} (pid ${process.pid} on ${os.hostname()})`, keepAlive: true });
    // Without a listener, a lost connection's 'error' would end the process (issue 29).
    fresh.on('error', (error) => drop(fresh, error.message));
    fresh.on('end', () => drop(fresh, 'its connection ended'));
    client = fresh;
    await fresh.connect();
    // Stopped while it was connecting: a session left open would keep a stopping PostgreSQL waiting.
    if (stopped) {
      await fresh.end().catch(() => undefined);
      throw new Error('stopped');
    }
    return fresh;
  };

  const attempt = async (): Promise<void> => {
    let current = client;
    try {
      current ??= await connect();
      if (leading) {
        await current.query('select 1');
      } else {
        const { rows } = await current.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [options.key]);
        if (stopped) return;
        if (rows[0]?.got) {
          leading = true;
          options.onLead();
        } else if (!followed) {
          followed = true;
          options.onFollow?.();
        }
      }
    } catch (error) {
      // A failed connect leaves its client in `client` only.
      const broken = current ?? client;
      if (broken) drop(broken, error instanceof Error ? error.message : String(error));
    }
  };

  const loop = (): void => {
    if (stopped) return;
    void attempt().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, options.retryMs);
      timer.unref();
    });
  };
  loop();

  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      leading = false;
      // Ending the session releases the lock; the others take over at their next try.
      await last?.end().catch(() => undefined);
    },
  };
}
