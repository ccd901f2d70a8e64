/**
 * Signed-in sessions kept in memory, so that a request does not pay for the session and permission queries
 * (four round trips) each time (issue 17). A cached session is dropped as soon as anything it was built from
 * changes:
 *
 * - in this process, synchronously, from the realtime hub that every write already announces to (a revoked
 *   session, a changed role, feature, privilege, user or subscriber: ./session-invalidation.ts);
 * - in every process sharing the database, from PostgreSQL's NOTIFY, sent by triggers on those tables
 *   (server/db/auth-change-triggers.ts), so a change made by another app process, or by hand in SQL, counts too.
 *
 * While the NOTIFY listener is not connected (at start, or while the database is being restarted), nothing is
 * cached: changes made meanwhile would be missed. Entries are also re-read after `maxAgeMs`, a bound on any
 * staleness a lost notification could cause, and that re-read keeps the session's last-seen time current.
 */
import { findSession, tokenHash, type SessionLookup, type SessionUser } from './sessions';
import type { Queryable } from '../db/pool';

export interface SessionCacheOptions {
  /** Re-read a cached session after this long even without a change (default 60 s). */
  maxAgeMs?: number;
  /** At most this many sessions are kept; the oldest go first (default 20,000). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  user: SessionUser;
  /** When the session itself expires (epoch ms). */
  expiresAt: number;
  readAt: number;
}

export interface SessionCache {
  /** The session of `token`, from memory when it is there and still valid, else from the database. */
  find(db: Queryable, token: string): Promise<SessionLookup>;
  forgetTokens(hashes: readonly string[]): void;
  forgetUser(userId: string): void;
  forgetTenant(tenantId: string): void;
  /** Drop everything and stop or resume caching (the change listener lost or regained its connection). */
  setLive(live: boolean): void;
  readonly size: number;
}

export function createSessionCache(options: SessionCacheOptions = {}): SessionCache {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<SessionLookup>>();
  /** token → its hash: a pure function of the token, so never stale; bounded like the entries. */
  const hashes = new Map<string, string>();
  let live = false;
  // Bumped by every forget: a read that started before a change must not put its stale answer back.
  let generation = 0;

  const dropWhere = (test: (entry: Entry) => boolean): void => {
    generation++;
    for (const [hash, entry] of entries) if (test(entry)) entries.delete(hash);
  };

  async function read(db: Queryable, token: string, hash: string): Promise<SessionLookup> {
    const startedAt = generation;
    const found = await findSession(db, token);
    if (found.ok && live && startedAt === generation) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(hash, { user: found.user, expiresAt: found.expiresAt, readAt: now() });
    }
    return found;
  }

  return {
    async find(db, token) {
      // The token's hash (sha256, a few microseconds) worked out once per token, not on every request of it.
      let hash = hashes.get(token);
      if (hash === undefined) {
        if (hashes.size >= maxEntries) hashes.clear();
        hash = tokenHash(token);
        hashes.set(token, hash);
      }
      const entry = entries.get(hash);
      const at = now();
      if (entry && at < entry.expiresAt && at - entry.readAt < maxAgeMs) return { ok: true, user: entry.user, expiresAt: entry.expiresAt };
      if (entry) entries.delete(hash);
      // Fifty requests of one person arriving together make one read, not fifty.
      const pending = inFlight.get(hash);
      if (pending) return pending;
      const reading = read(db, token, hash).finally(() => inFlight.delete(hash));
      inFlight.set(hash, reading);
      return reading;
    },
    forgetTokens(hashes) {
      generation++;
      for (const hash of hashes) entries.delete(hash);
    },
    forgetUser(userId) {
      dropWhere((entry) => entry.user._id === userId);
    },
    forgetTenant(tenantId) {
      dropWhere((entry) => entry.user.tenantId === tenantId);
    },
    setLive(next) {
      live = next;
      dropWhere(() => true);
    },
    get size() {
      return entries.size;
    },
  };
}
