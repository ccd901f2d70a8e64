/**
 * /api/auth: sign-in, sign-out, change password and the subscriber's header images (document 2 §7).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { role, subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { tableName } from '../../src/contract/modules/define';
import { authEndpoints as endpoints } from '../../src/contract/authShapes';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import type { Config } from '../config';
import { LoginLimiter } from '../auth/login-limiter';
import { decoyHash, hashPassword, PASSWORD_RULE_MESSAGE, passwordFollowsRule, verifyPassword } from '../auth/passwords';
import { createSession, revokeSession, revokeUserSessions } from '../auth/sessions';
import type { Db, Queryable } from '../db/pool';
import type { RealtimeHub } from '../realtime/hub';
import { currentUser } from './access';
import { plainJson } from './plain-json';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from './errors';

export interface AuthDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
}

/** What the handler of a session call answers: its reply schema's input (src/contract/authShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;

interface LoginRow {
  user_id: string;
  subscriber_id: string;
  password_hash: string;
  body: Record<string, unknown>;
  subscriber: Record<string, unknown> | null;
}

/** The `user` object of the sign-in answer. */
export async function sessionProfile(db: Queryable, userId: string, tenantId: string, body: Record<string, unknown>): Promise<EndpointAnswer<typeof endpoints.login>['user']> {
  const roleIds = Array.isArray(body.roles) ? body.roles : [];
  const roles = await db.query<{ _id: string; name: string }>(`select _id, body->>'name' as name from ${tableName(role)} where subscriber_id = $1 and _id = any($2::text[])`, [tenantId, roleIds]);
  // The user record was written through its module's schema (src/contract/modules/admin.ts): name and email are
  // strings there, and userType a string when set.
  const profile: EndpointAnswer<typeof endpoints.login>['user'] = {
    _id: userId,
    name: body.name as string,
    email: body.email as string,
    roles: roles.rows.map((r) => ({ _id: r._id, name: r.name })),
    userType: (body.userType as string | undefined) ?? 'Subscriber-User',
    subscriberId: tenantId,
  };
  if (typeof body.clientId === 'string') {
    const table = await db.query<{ found: string | null }>("select to_regclass('m_client') as found");
    if (table.rows[0]?.found) {
      // A client's companyName is required by its module's schema.
      const client = await db.query<{ company: string }>(`select body->>'companyName' as company from m_client where _id = $1 and subscriber_id = $2`, [body.clientId, tenantId]);
      if (client.rows[0]) profile.client = { _id: body.clientId, companyName: client.rows[0].company };
    }
  }
  if (typeof body.eSign === 'string') profile.eSign = body.eSign;
  return profile;
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, hub } = deps;
  const limiter = new LoginLimiter(config.loginLimits);

  api.post(endpoints.login.path, { config: { access: { kind: 'public' } }, serializerCompiler: plainJson, schema: { body: endpoints.login.body, response: { '2xx': endpoints.login.reply }, tags: ['auth'], summary: 'Sign in' } }, async (request): Answer<'login'> => {
    const { email, password } = request.body;
    const verdict = limiter.check(email, request.ip);
    if (verdict.limited) {
      const minutes = Math.ceil((verdict.retryAfterSeconds ?? 60) / 60);
      const who = verdict.reason === 'account' ? 'for this account' : 'from your network address';
      throw new HttpError(429, `Too many failed sign-in attempts ${who}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {}, {
        'retry-after': String(verdict.retryAfterSeconds ?? 60),
      });
    }
    const { rows } = await db.query<LoginRow>(
      `select c.user_id, c.subscriber_id, c.password_hash, u.body, s.body as subscriber
       from credentials c
       join ${tableName(subscriberUser)} u on u._id = c.user_id and u.subscriber_id = c.subscriber_id
       left join ${tableName(subscriber)} s on s._id = c.subscriber_id
       where lower(c.email) = $1`,
      [email],
    );
    const row = rows[0];
    const valid = await verifyPassword(row?.password_hash ?? (await decoyHash()), password);
    if (!row || !valid) {
      limiter.recordFailure(email, request.ip);
      throw unauthorized('Invalid email or password');
    }
    limiter.recordSuccess(email);
    if (row.body.status === 'Inactive') throw forbidden('Your account is inactive. Please contact your administrator.');
    if (row.subscriber?.status === 'Suspended') throw forbidden("Your organisation's subscription is suspended. Please contact support.");
    const token = await createSession(db, {
      userId: row.user_id,
      tenantId: row.subscriber_id,
      ttlMs: config.sessionTtlMs,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return {
      token,
      user: await sessionProfile(db, row.user_id, row.subscriber_id, row.body),
      timezone: typeof row.subscriber?.timezone === 'string' ? row.subscriber.timezone : 'Asia/Kolkata',
    };
  });

  api.post(endpoints.logout.path, { config: { access: { kind: 'signed-in' } }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.logout.reply }, tags: ['auth'], summary: 'Sign out (revokes the token)' } }, async (request): Answer<'logout'> => {
    const user = currentUser(request);
    await revokeSession(db, user.tokenHash);
    hub.sessionsRevoked([user.tokenHash]);
    return { message: 'Signed out' };
  });

  api.put(
    endpoints.changePassword.path,
    { config: { access: { kind: 'signed-in' } }, serializerCompiler: plainJson, schema: { body: endpoints.changePassword.body, response: { '2xx': endpoints.changePassword.reply }, tags: ['auth'], summary: 'Change own password (revokes other sessions)' } },
    async (request): Answer<'changePassword'> => {
      const user = currentUser(request);
      const { oldPassword, newPassword, _id } = request.body;
      if (_id !== undefined && _id !== user._id) throw badRequest('_id', 'You can only change your own password');
      if (!passwordFollowsRule(newPassword)) throw badRequest('newPassword', PASSWORD_RULE_MESSAGE);
      const { rows } = await db.query<{ password_hash: string }>('select password_hash from credentials where user_id = $1', [user._id]);
      // 400, not 401: a wrong current password must not sign the person out. The body is well formed, so
      // the message names no field: the form shows it as it comes.
      if (!rows[0] || !(await verifyPassword(rows[0].password_hash, oldPassword))) throw badRequest(undefined, 'Current password is incorrect');
      if (oldPassword === newPassword) throw badRequest('newPassword', 'New password must be different from the current password');
      await db.query('update credentials set password_hash = $2, password_changed_at = now() where user_id = $1', [user._id, await hashPassword(newPassword)]);
      hub.sessionsRevoked(await revokeUserSessions(db, user._id, user.tokenHash));
      return { message: 'Password changed successfully' };
    },
  );

  api.get(
    endpoints.headerImages.path,
    { config: { access: { kind: 'public' } }, serializerCompiler: plainJson, schema: { params: endpoints.headerImages.params, response: { '2xx': endpoints.headerImages.reply }, tags: ['auth'], summary: "A subscriber's header images (logo)" } },
    async (request): Answer<'headerImages'> => {
      const { rows } = await db.query<{ body: Record<string, unknown> }>(`select body from ${tableName(subscriber)} where _id = $1`, [request.params.id]);
      const found = rows[0];
      if (!found) throw notFound(`No subscriber with id ${request.params.id}`);
      // The subscriber record was written through its module's schema: companyName is a string there, and
      // headerImages a list of { url, name }.
      const headerImages = found.body.headerImages as EndpointAnswer<typeof endpoints.headerImages>['headerImages'] | undefined;
      return { _id: request.params.id, companyName: found.body.companyName as string, headerImages: Array.isArray(headerImages) ? headerImages : [] };
    },
  );
}
