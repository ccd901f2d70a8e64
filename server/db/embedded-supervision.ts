/**
 * Keeps the embedded PostgreSQL running under a live server. When the postmaster exits without being
 * asked (kill -9, a crash, the OOM killer), the database is marked down (the API answers 503 at once), and
 * the postmaster is started again after a growing pause, with a log line for every step. PostgreSQL
 * replays its WAL on start, so every acknowledged write is there again. The first pause is short because
 * the commonest cause, a killed postmaster, only needs its orphaned backends to notice and exit.
 *
 * The attempts are bounded: when the database cannot be brought back (a full disk, a damaged cluster,
 * another process on the port), the server gives up and exits non-zero, so that an outer supervisor
 * (systemd, Docker, Kubernetes) restarts it or tells a person. A postmaster that dies again soon after a
 * restart counts against the same budget, so a crash loop ends too.
 */
import type { DatabaseHealth } from './database-health';
import type { EmbeddedPg } from './embedded';

export interface SupervisionLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface SupervisionOptions {
  embedded: Pick<EmbeddedPg, 'pid' | 'onUnexpectedExit' | 'restart'>;
  health: DatabaseHealth;
  log: SupervisionLog;
  /** The pause before each restart attempt; its length is the number of attempts. */
  backoffMs?: readonly number[];
  /** A postmaster that stayed up this long since its restart gets a fresh budget of attempts when it dies. */
  stableAfterMs?: number;
  /** After a successful restart (the monitor probes at once, so service resumes without waiting a tick). */
  onRestarted?: () => void;
  /** The attempts are spent: the server must exit non-zero. */
  onGiveUp: (reason: string) => void;
}

export interface Supervision {
  /** No more restarts: the server is stopping PostgreSQL on purpose. */
  stop(): void;
}

export const DEFAULT_RESTART_BACKOFF_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 8_000];

export function superviseEmbedded(options: SupervisionOptions): Supervision {
  const { embedded, health, log } = options;
  const backoff = options.backoffMs ?? DEFAULT_RESTART_BACKOFF_MS;
  const stableAfterMs = options.stableAfterMs ?? 60_000;
  let attempts = 0;
  let restartedAt = 0;
  let stopped = false;
  let recovering = false;
  let wake: (() => void) | undefined;

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const recover = async (): Promise<void> => {
    recovering = true;
    try {
      while (!stopped) {
        if (attempts >= backoff.length) {
          const reason = `embedded PostgreSQL could not be brought back after ${attempts} restart attempts`;
          log.error(`${reason}; exiting so that an outer supervisor takes over`);
          options.onGiveUp(reason);
          return;
        }
        const delay = backoff[attempts] ?? 0;
        attempts += 1;
        log.warn(`embedded PostgreSQL: restart attempt ${attempts} of ${backoff.length} in ${delay} ms`);
        await pause(delay);
        if (stopped) return;
        const began = Date.now();
        try {
          await embedded.restart();
          restartedAt = Date.now();
          log.info(`embedded PostgreSQL restarted as process ${embedded.pid} (attempt ${attempts}, ${restartedAt - began} ms)`);
          options.onRestarted?.();
          return;
        } catch (error) {
          log.error(`embedded PostgreSQL: restart attempt ${attempts} of ${backoff.length} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      recovering = false;
    }
  };

  embedded.onUnexpectedExit((how) => {
    if (stopped) return;
    const pid = embedded.pid;
    health.markDown(`embedded PostgreSQL ${pid} exited (${how})`);
    log.error(`embedded PostgreSQL ${pid} exited unexpectedly (${how}); restarting it`);
    if (restartedAt > 0 && Date.now() - restartedAt >= stableAfterMs) attempts = 0;
    if (!recovering) void recover();
  });

  return {
    stop() {
      stopped = true;
      wake?.();
    },
  };
}
