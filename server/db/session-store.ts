/**
 * The sessions table (only a token's SHA-256 is stored) and the read that resolves a token to its user: the SQL
 * behind server/auth/sessions.ts, kept in the data layer. Hashing and the rules (inactive, suspended) stay there.
 */
import { subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import type { Queryable } from './pool';

export interface NewSession {
  tokenHash: string;
  userId: string;
  tenantId: string;
  ttlMs: number;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Queryable, session: NewSession): Promise<void> {
  await db.query(
    `insert into sessions (token_hash, user_id, subscriber_id, expires_at, ip, user_agent)
     values ($1, $2, $3, now() + ($4::bigint * interval '1 millisecond'), $5, $6)`,
    [session.tokenHash, session.userId, session.tenantId, session.ttlMs, session.ip, session.userAgent],
  );
}

/** Revokes one session by hash (a revoked one keeps its first revocation time). */
export async function revokeSessionByHash(db: Queryable, hash: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null', [hash]);
}

/** Revokes every live session of the user except `keepHash` (null: all); answers the revoked hashes. */
export async function revokeLiveSessionsOfUser(db: Queryable, userId: string, keepHash: string | null): Promise<string[]> {
  const { rows } = await db.query<{ token_hash: string }>(
    `update sessions set revoked_at = now()
     where user_id = $1 and revoked_at is null and ($2::text is null or token_hash <> $2)
     returning token_hash`,
    [userId, keepHash],
  );
  return rows.map((r) => r.token_hash);
}

/** A live session with what the signed-in user is made of. */
export interface LiveSessionRow {
  user_id: string;
  subscriber_id: string;
  platform_operator: boolean;
  platform_tenant: boolean;
  /** last_seen_at is more than five minutes old: the caller refreshes it. */
  stale: boolean;
  body: Record<string, unknown>;
  tenant_status: string | null;
  expires_at: Date;
}

/** The unrevoked, unexpired session with this token hash, or undefined. */
export async function findLiveSession(db: Queryable, hash: string): Promise<LiveSessionRow | undefined> {
  const { rows } = await db.query<LiveSessionRow>(
    `select s.user_id, s.subscriber_id, c.platform_operator, coalesce(tc.platform, false) as platform_tenant, u.body, t.body->>'status' as tenant_status,
            s.last_seen_at < now() - interval '5 minutes' as stale, s.expires_at
     from sessions s
     join credentials c on c.user_id = s.user_id
     join ${tableName(subscriberUser)} u on u._id = s.user_id and u.subscriber_id = s.subscriber_id
     left join ${tableName(subscriber)} t on t._id = s.subscriber_id
     left join tenant_catalogue tc on tc.subscriber_id = s.subscriber_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
    [hash],
  );
  return rows[0];
}

/** Records that the session was used now (the caller does it only when stale, to spare a write per request). */
export async function touchSession(db: Queryable, hash: string): Promise<void> {
  await db.query('update sessions set last_seen_at = now() where token_hash = $1', [hash]);
}
