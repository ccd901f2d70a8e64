/**
 * Sign-in limits that stop guessing without handing anyone a lockout (issue 35 §3, issue 36; README "Sign-in limits").
 *
 * - **Per account and address together**: the first `freeFailures` wrong passwords for one e-mail from one network
 *   address cost nothing; from then on each further failure makes that pair wait, `firstDelaySeconds` after the
 *   first and twice as long after each next one, up to `maxDelaySeconds`. While it waits, even the right password
 *   answers 429 from that address (else the guessing would simply go on). A success clears the pair.
 * - **Per address**: `perAddress` failures within `perAddressWindowSeconds`, on any accounts, and that address is
 *   refused for every account until the window ends: the hard limit on one source trying many accounts.
 * - **Never per account alone**: a stranger who knows an e-mail address slows only their own address; the owner
 *   signing in from anywhere else is not affected.
 *
 * The counts live in PostgreSQL (./../db/shared-counters.ts), so every app process on the database enforces one
 * limit: five failures spread over two processes are five.
 */
import type { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { SignInLimits as Limits } from '../config';
import type { Db } from '../db/pool';
import { sharedCounter } from '../db/shared-counters';

export type SignInVerdict =
  | { limited: false }
  /** `pair`: this account from this address must wait; `address`: this address is over its hard limit. */
  | { limited: true; reason: 'pair' | 'address'; retryAfterSeconds: number };

/** The store's rejection when a key is over (any other rejection is the database's error). */
function isOver(caught: unknown): caught is RateLimiterRes {
  return typeof caught === 'object' && caught !== null && 'msBeforeNext' in caught && !(caught instanceof Error);
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

export class SignInLimits {
  /** Failures of one account from one address, forgotten `forgetAfterSeconds` after the first. */
  private readonly pairFailures: RateLimiterPostgres;
  /** The pair's current wait: a key blocked for the delay after each failure past the free ones. */
  private readonly pairWait: RateLimiterPostgres;
  private readonly addressFailures: RateLimiterPostgres;

  constructor(
    db: Db,
    private readonly limits: Limits,
  ) {
    // Counted without a ceiling here (the points are the failures so far): the delay is worked out from the count.
    this.pairFailures = sharedCounter(db, { prefix: 'signin-pair', points: 1_000_000, durationSeconds: limits.forgetAfterSeconds });
    this.pairWait = sharedCounter(db, { prefix: 'signin-wait', points: 0, durationSeconds: 1 });
    this.addressFailures = sharedCounter(db, { prefix: 'signin-address', points: limits.perAddress, durationSeconds: limits.perAddressWindowSeconds });
  }

  /** The wait after the `failures`-th failure of a pair: none within the free ones, then doubling from the first delay. */
  delayAfter(failures: number): number {
    const beyond = failures - this.limits.freeFailures;
    if (beyond < 0) return 0;
    return Math.min(this.limits.maxDelaySeconds, this.limits.firstDelaySeconds * 2 ** beyond);
  }

  async check(account: string, address: string): Promise<SignInVerdict> {
    const [addressCount, wait] = await Promise.all([this.addressFailures.get(address), this.pairWait.get(pairKey(account, address))]);
    if (addressCount && addressCount.consumedPoints >= this.limits.perAddress) {
      return { limited: true, reason: 'address', retryAfterSeconds: seconds(addressCount.msBeforeNext) };
    }
    if (wait && wait.consumedPoints > 0 && wait.msBeforeNext > 0) return { limited: true, reason: 'pair', retryAfterSeconds: seconds(wait.msBeforeNext) };
    return { limited: false };
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const pair = pairKey(account, address);
    const [failures] = await Promise.all([
      this.pairFailures.penalty(pair, 1),
      this.addressFailures.penalty(address, 1).catch((caught: unknown) => {
        if (!isOver(caught)) throw caught;
      }),
    ]);
    const delay = this.delayAfter(failures.consumedPoints);
    if (delay > 0) await this.pairWait.block(pair, delay);
  }

  /** The right password from this address: the pair starts afresh (the address's count stays: one good account must not unlock guessing at others). */
  async recordSuccess(account: string, address: string): Promise<void> {
    const pair = pairKey(account, address);
    await Promise.all([this.pairFailures.delete(pair), this.pairWait.delete(pair)]);
  }
}

/** E-mail addresses are matched without regard to case at sign-in, so they are counted that way too. */
function pairKey(account: string, address: string): string {
  return `${account.trim().toLowerCase()}|${address}`;
}
