/**
 * Subscriber users: the record lives in the module table, the password in `credentials` (never in the
 * record). Create, update and delete keep both in one transaction; e-mails are the sign-in identity.
 */
import { subscriberUser } from '../../../src/contract/modules/admin';
import { hashPassword, passwordFollowsRule } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import { deleteCredentials, insertCredentials, writeCredentialEmail, writePasswordHash } from '../../db/credential-store';
import { rolesByRef } from '../../db/permission-store';
import { inTransaction, isPgError, type Queryable } from '../../db/pool';
import { repo, type ApiRecord } from '../../db/repository';
import { usersHoldingAnyRole } from '../../db/user-store';
import { duplicate, invalid, missingRecord } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { validation } from '../../../src/contract/validationMessages';
import { checkReferences, duplicateMessage, withDuplicateMapping } from '../records';
import type { CallContext, HandlersOf } from '../call-context';

/** A duplicate e-mail in `credentials` (another tenant) reads like one in the tenant: 409 / 11000. */
async function credentialWrite<T>(email: unknown, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isPgError(error) && error.code === '23505' && error.constraint === 'credentials_email_key') {
      throw duplicate(duplicateMessage(subscriberUser, 'email'), { email });
    }
    throw error;
  }
}

function checkPassword(password: string, person: Record<string, unknown>): void {
  if (!passwordFollowsRule(password, person)) throw invalid('password', refusal('passwordRule'));
}

function checkUserType(body: Record<string, unknown>, current?: Record<string, unknown>): void {
  // Operator accounts belong to the platform; a tenant cannot mint one.
  if (body.userType === 'Operator' && current?.userType !== 'Operator') {
    throw invalid('userType', refusal('operatorUsersByPlatform'));
  }
  const userType = body.userType ?? current?.userType;
  const clientId = 'clientId' in body ? body.clientId : current?.clientId;
  if (userType === 'Client-User' && !clientId) throw invalid('clientId', refusal('clientUserNeedsClient'));
}

async function createUser(ctx: CallContext): Promise<ApiRecord> {
  const { password, ...body } = ctx.req.body as Record<string, unknown>;
  if (typeof password !== 'string' || password === '') throw invalid('password', validation('required', { label: 'Password' }));
  checkPassword(password, body);
  checkUserType(body);
  await checkReferences(ctx.db, subscriberUser, ctx.user.tenantId, body);
  const passwordHash = await hashPassword(password);
  const record = await inTransaction(ctx.db, async (tx) => {
    const created = await withDuplicateMapping(subscriberUser, body, () => repo(tx, subscriberUser, ctx.user.tenantId).create(body));
    await credentialWrite(body.email, () => insertCredentials(tx, created._id, ctx.user.tenantId, body.email, passwordHash));
    return created;
  });
  ctx.notify('create', record._id);
  ctx.reply.code(201);
  return record;
}

/** PUT /{id} and POST /update-user/{id}: a partial user; a password in it is an administrator's reset. */
async function updateUser(ctx: CallContext): Promise<ApiRecord> {
  const { id } = ctx.req.params as { id: string };
  const { password, ...patch } = ctx.req.body as Record<string, unknown>;
  const users = repo(ctx.db, subscriberUser, ctx.user.tenantId);
  const current = await users.getBody(id);
  if (!current) throw missingRecord('subscriber-user', id);
  checkUserType(patch, current);
  if (typeof password === 'string' && password !== '') checkPassword(password, { ...current, ...patch });
  await checkReferences(ctx.db, subscriberUser, ctx.user.tenantId, patch);
  const passwordHash = typeof password === 'string' && password !== '' ? await hashPassword(password) : undefined;
  let revoked: string[] = [];
  const record = await inTransaction(ctx.db, async (tx) => {
    const updated = await withDuplicateMapping(subscriberUser, patch, () => repo(tx, subscriberUser, ctx.user.tenantId).update(id, patch));
    if (!updated) throw missingRecord('subscriber-user', id);
    if (typeof patch.email === 'string') {
      const email = patch.email;
      await credentialWrite(email, () => writeCredentialEmail(tx, id, email));
    }
    if (passwordHash) {
      await writePasswordHash(tx, id, passwordHash);
      // A reset ends the user's sessions, except the one making the change when users reset themselves.
      revoked = await revokeUserSessions(tx, id, id === ctx.user._id ? ctx.user.tokenHash : undefined);
    }
    return updated;
  });
  ctx.hub.sessionsRevoked(revoked);
  ctx.notify('update', record._id);
  return record;
}

async function removeUser(ctx: CallContext): Promise<unknown> {
  const { id } = ctx.req.params as { id: string };
  if (id === ctx.user._id) throw invalid(undefined, refusal('notOwnAccount'));
  let revoked: string[] = [];
  const record = await inTransaction(ctx.db, async (tx) => {
    const removed = await repo(tx, subscriberUser, ctx.user.tenantId).remove(id);
    if (!removed) throw missingRecord('subscriber-user', id);
    revoked = await revokeUserSessions(tx, id);
    await deleteCredentials(tx, id);
    return removed;
  });
  ctx.hub.sessionsRevoked(revoked);
  ctx.notify('remove', record._id);
  return { message: 'Manage User: record deleted', _id: record._id, data: { _id: record._id } };
}

/** Users holding any of the roles, given by _id or by name. */
export async function usersWithRoles(db: Queryable, tenantId: string, roleRefs: readonly string[]): Promise<{ data: ApiRecord[]; total: number }> {
  const rows = await rolesByRef(db, tenantId, roleRefs);
  const wanted = [...new Set([...rows.map((r) => r._id), ...roleRefs])];
  const users = await usersHoldingAnyRole(db, tenantId, wanted);
  const data = users.map((row) => {
    const body = { ...row.body };
    for (const field of subscriberUser.hidden ?? []) delete body[field];
    return { _id: row._id, ...body, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
  });
  return { data, total: data.length };
}

export const subscriberUserHandlers = {
  ops: { create: createUser, update: updateUser, remove: removeUser },
  calls: {
    updateUser: { handler: updateUser },
    getUsersByRole: {
      handler: async (ctx) => {
        const { role } = ctx.req.query as { role: string | string[] };
        return usersWithRoles(ctx.db, ctx.user.tenantId, typeof role === 'string' ? [role] : role);
      },
    },
    getUsersForMultiRole: {
      handler: async (ctx) => usersWithRoles(ctx.db, ctx.user.tenantId, (ctx.req.body as { roles: string[] }).roles),
    },
  },
} satisfies HandlersOf<'subscriber-user'>;
