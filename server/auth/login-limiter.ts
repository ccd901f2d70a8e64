/**
 * Failed sign-in counting per account and per client address, in a sliding window. While either is over
 * its limit, sign-in answers 429 even with the right password, so guessing cannot continue.
 * In memory per process: a restart forgives, which is acceptable for a brute-force brake; several app
 * processes each apply the limit (a shared store would be the next step).
 */
import type { LoginLimits } from '../config';

export interface LimitVerdict {
  limited: boolean;
  /** Which key is over its limit. */
  reason?: 'account' | 'address';
  retryAfterSeconds?: number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  check(account: string, address: string): LimitVerdict {
    const checks: Array<[LimitVerdict['reason'], string, number]> = [
      ['account', `a:${account}`, this.limits.perAccount],
      ['address', `i:${address}`, this.limits.perAddress],
    ];
    for (const [reason, key, limit] of checks) {
      const times = this.recent(key);
      if (times.length >= limit) {
        const oldest = times[times.length - limit] ?? this.now();
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + this.limits.windowMs - this.now()) / 1000));
        return { limited: true, reason, retryAfterSeconds };
      }
    }
    return { limited: false };
  }

  recordFailure(account: string, address: string): void {
    const at = this.now();
    for (const key of [`a:${account}`, `i:${address}`]) this.failures.set(key, [...this.recent(key), at]);
  }

  /** A successful sign-in clears the account's failures (not the address's: one good account must not unlock guessing at others). */
  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}
