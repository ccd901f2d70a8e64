/**
 * Counters that every app process on the database enforces together (issue 36): sign-in failures and the limits
 * on heavy calls. rate-limiter-flexible's PostgreSQL store keeps each counter as one row of `shared_counters`
 * (migration 011), changed by one atomic upsert per step, so two processes counting the same key count one total:
 * five wrong passwords spread over two processes are five, not twice five.
 *
 * The table is created by the migration (tableCreated), never at run time. Expired rows are deleted by the library
 * (an hour after they expire, every five minutes, on a timer that does not keep the process alive).
 */
import { RateLimiterPostgres, type IRateLimiterStoreOptions } from 'rate-limiter-flexible';
import type { Db } from './pool';

export const SHARED_COUNTERS_TABLE = 'shared_counters';

export interface CounterOptions {
  /** Names the counter's keys (`<prefix>:<key>`), so that counters share the table without meeting. */
  prefix: string;
  /** Points a key may consume in `durationSeconds` before it is over. */
  points: number;
  /** Life of a key's count from its first point (0: for ever, until deleted). */
  durationSeconds: number;
  /**
   * Once a key is over, this process refuses it from memory for the rest of the window, without asking the
   * database: a loop that keeps calling after its 429 costs this process almost nothing and the database nothing.
   */
  blockInMemory?: boolean;
}

export function sharedCounter(db: Db, options: CounterOptions): RateLimiterPostgres {
  const settings: IRateLimiterStoreOptions = {
    storeClient: db,
    storeType: 'pool',
    tableName: SHARED_COUNTERS_TABLE,
    tableCreated: true,
    keyPrefix: options.prefix,
    points: options.points,
    duration: options.durationSeconds,
    ...(options.blockInMemory ? { inMemoryBlockOnConsumed: options.points + 1 } : {}),
  };
  return new RateLimiterPostgres(settings);
}
