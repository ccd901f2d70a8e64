/**
 * Sessions: an opaque random token goes to the client; only its SHA-256 is stored, so a database leak
 * yields no usable tokens, logout revokes by hash, and a password change revokes the others.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isPlatformFeature } from '../../src/contract/modules/index';
import { feature, privilege } from '../../src/contract/modules/admin';
import { codesById, readRoleBodies } from '../db/permission-store';
import type { Queryable } from '../db/pool';
import { findLiveSession, insertSession, revokeLiveSessionsOfUser, revokeSessionByHash, touchSession, type LiveSessionRow } from '../db/session-store';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Queryable,
  input: { userId: string; tenantId: string; ttlMs: number; ip?: string; userAgent?: string },
): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    tokenHash: tokenHash(token),
    userId: input.userId,
    tenantId: input.tenantId,
    ttlMs: input.ttlMs,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export async function revokeSession(db: Queryable, hash: string): Promise<void> {
  await revokeSessionByHash(db, hash);
}

/** Revokes every live session of the user except `keepHash`; returns the revoked hashes (to close their sockets). */
export async function revokeUserSessions(db: Queryable, userId: string, keepHash?: string): Promise<string[]> {
  return revokeLiveSessionsOfUser(db, userId, keepHash ?? null);
}

/** Screen code → privilege codes held (union over the user's roles). */
export type PermissionMap = Map<string, Set<string>>;

export interface PermissionEntry {
  screenCode: string;
  privileges: Array<{ code: string }>;
}

export interface SessionUser {
  _id: string;
  tenantId: string;
  name: string;
  email: string;
  userType: string;
  roleIds: string[];
  clientId?: string;
  /** The platform operator: the only actor allowed across tenants (/api/saas). */
  isOperator: boolean;
  tokenHash: string;
  permissions: PermissionMap;
}

/**
 * Roles hold features by code (the seed's and the client's way); an entry holding a feature record's
 * _id, or privilege records' _ids, is resolved to codes too, so either style grants the same rights.
 */
export async function loadPermissions(db: Queryable, tenantId: string, roleRefs: readonly string[], tenant: { platform: boolean }): Promise<PermissionMap> {
  const permissions: PermissionMap = new Map();
  if (roleRefs.length === 0) return permissions;
  const roles = await readRoleBodies(db, tenantId, roleRefs);
  const grants: Array<{ feature: string; privileges: string[] }> = [];
  for (const body of roles) {
    for (const entry of body.features ?? []) {
      if (typeof entry.feature !== 'string') continue;
      const privileges = Array.isArray(entry.privileges) ? entry.privileges.filter((p): p is string => typeof p === 'string') : [];
      grants.push({ feature: entry.feature, privileges });
    }
  }
  const refs = [...new Set(grants.flatMap((g) => [g.feature, ...g.privileges]))];
  const [featureIds, privilegeIds] = await Promise.all([
    codesById(db, feature, tenantId, refs),
    codesById(db, privilege, tenantId, refs),
  ]);
  const featureCode = new Map(featureIds.map((r) => [r._id, r.code]));
  const privilegeCode = new Map(privilegeIds.map((r) => [r._id, r.code]));
  for (const grant of grants) {
    const code = featureCode.get(grant.feature) ?? grant.feature;
    // Platform-only features (the catalogue's platformFeatures) hold only in the platform operator's tenant,
    // whatever a customer tenant's roles say.
    if (!tenant.platform && isPlatformFeature(code)) continue;
    const held = permissions.get(code) ?? new Set<string>();
    for (const p of grant.privileges) held.add(privilegeCode.get(p) ?? p);
    permissions.set(code, held);
  }
  return permissions;
}

export function permissionEntries(permissions: PermissionMap): PermissionEntry[] {
  return [...permissions.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([screenCode, privileges]) => ({ screenCode, privileges: [...privileges].sort().map((code) => ({ code })) }));
}

export function hasPrivilege(user: Pick<SessionUser, 'permissions'>, screenCode: string, privilegeCode: string): boolean {
  return user.permissions.get(screenCode)?.has(privilegeCode) ?? false;
}

export type SessionLookup =
  | { ok: true; user: SessionUser; /** When the session expires (epoch ms). */ expiresAt: number }
  | { ok: false; reason: 'unknown' | 'inactive' | 'suspended' };

/** Resolves a token to its signed-in user, or says why not. */
export async function findSession(db: Queryable, token: string): Promise<SessionLookup> {
  return (await findSessionByHash(db, tokenHash(token))).lookup;
}

/**
 * The session of a token's hash, and its user's record as stored: what the server renders a signed-in page from
 * (server/http/signed-in-page.ts), where the page cookie carries the hash, never the token.
 */
export async function findSessionByHash(db: Queryable, hash: string): Promise<{ lookup: SessionLookup; body?: Record<string, unknown> }> {
  const row = await findLiveSession(db, hash);
  return { lookup: await sessionOfRow(db, hash, row), body: row?.body };
}

async function sessionOfRow(db: Queryable, hash: string, row: LiveSessionRow | undefined): Promise<SessionLookup> {
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.body.status === 'Inactive') return { ok: false, reason: 'inactive' };
  if (row.tenant_status === 'Suspended') return { ok: false, reason: 'suspended' };
  if (row.stale) await touchSession(db, hash);
  const roleIds = Array.isArray(row.body.roles) ? row.body.roles.filter((r): r is string => typeof r === 'string') : [];
  const userType = typeof row.body.userType === 'string' ? row.body.userType : 'Subscriber-User';
  return {
    ok: true,
    expiresAt: row.expires_at.getTime(),
    user: {
      _id: row.user_id,
      tenantId: row.subscriber_id,
      name: String(row.body.name ?? ''),
      email: String(row.body.email ?? ''),
      userType,
      roleIds,
      clientId: typeof row.body.clientId === 'string' ? row.body.clientId : undefined,
      isOperator: row.platform_operator && userType === 'Operator',
      tokenHash: hash,
      permissions: await loadPermissions(db, row.subscriber_id, roleIds, { platform: row.platform_tenant }),
    },
  };
}
