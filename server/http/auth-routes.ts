/**
 * /api/auth: sign-in, sign-out, change password and the subscriber's header images (document 2 §7).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authEndpoints as endpoints } from '../../src/contract/authShapes';
import type { EndpointAnswer } from '../../src/contract/endpoints';
import type { Config } from '../config';
import { SignInLimits } from '../auth/sign-in-limits';
import { decoyHash, hashPassword, passwordFollowsRule, verifyPassword } from '../auth/passwords';
import { createSession, revokeSession, revokeUserSessions, tokenHash } from '../auth/sessions';
import { clientCompanyName, readSubscriberBody } from '../db/account-store';
import { findLogin, readPasswordHash, writePasswordHash } from '../db/credential-store';
import { roleNames } from '../db/permission-store';
import type { Db, Queryable } from '../db/pool';
import { tableExists } from '../db/schema-lookup';
import type { RealtimeHub } from '../realtime/hub';
import { currentUser } from './access';
import { clearedPageCookie, pageCookie } from './page-cookie';
import { plainJson } from './plain-json';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from './errors';
import { unworded } from '../../src/contract/messageWords';
import { refusal } from '../../src/contract/refusalMessages';

export interface AuthDeps {
  db: Db;
  config: Config;
  hub: RealtimeHub;
}

/** What the handler of a session call answers: its reply schema's input (src/contract/authShapes.ts). */
type Answer<K extends keyof typeof endpoints> = Promise<EndpointAnswer<(typeof endpoints)[K]>>;

/** The `user` object of the sign-in answer. */
export async function sessionProfile(db: Queryable, userId: string, tenantId: string, body: Record<string, unknown>): Promise<EndpointAnswer<typeof endpoints.login>['user']> {
  const roleIds = Array.isArray(body.roles) ? body.roles : [];
  const roles = await roleNames(db, tenantId, roleIds);
  // The user record was written through its module's schema (src/contract/modules/admin.ts): name and email are
  // strings there, and userType a string when set.
  const profile: EndpointAnswer<typeof endpoints.login>['user'] = {
    _id: userId,
    name: body.name as string,
    email: body.email as string,
    roles: roles.map((r) => ({ _id: r._id, name: r.name })),
    userType: (body.userType as string | undefined) ?? 'Subscriber-User',
    subscriberId: tenantId,
  };
  if (typeof body.clientId === 'string') {
    // m_client is read only once the client module's table has been created, as it always was.
    if (await tableExists(db, 'm_client')) {
      // A client's companyName is required by its module's schema.
      const company = await clientCompanyName(db, tenantId, body.clientId);
      if (company !== undefined) profile.client = { _id: body.clientId, companyName: company };
    }
  }
  if (typeof body.eSign === 'string') profile.eSign = body.eSign;
  return profile;
}

/** The subscriber's time zone, which the client shows times in; India's where the subscriber names none. */
export function subscriberTimezone(subscriber: Record<string, unknown> | null | undefined): string {
  return typeof subscriber?.timezone === 'string' ? subscriber.timezone : 'Asia/Kolkata';
}

/** How long to wait, in words: "30 seconds", "4 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 of a sign-in while its account and address wait, or its address is over its limit; the client words it by `code`. */
function signInRefused(reason: 'pair' | 'address', retryAfterSeconds: number): HttpError {
  const message =
    reason === 'pair'
      ? `Too many wrong passwords for this account from your network address. Please wait ${waitInWords(retryAfterSeconds)} before trying again.`
      : `Too many failed sign-in attempts from your network address. Please wait ${waitInWords(retryAfterSeconds)} before trying again.`;
  const limit = { kind: 'signIn', scope: reason === 'pair' ? 'account-address' : 'address', retryAfterSeconds } as const;
  return new HttpError(429, unworded(message, 'the client words a limit from its `limit`'), { code: 'RATE_LIMITED', limit }, { 'retry-after': String(retryAfterSeconds) });
}

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, hub } = deps;
  const limits = new SignInLimits(db, config.loginLimits);

  api.post(endpoints.login.path, { config: { access: { kind: 'public' } }, serializerCompiler: plainJson, schema: { body: endpoints.login.body, response: { '2xx': endpoints.login.reply }, tags: ['auth'], summary: 'Sign in' } }, async (request, reply): Answer<'login'> => {
    const { email, password } = request.body;
    const verdict = await limits.check(email, request.ip);
    if (verdict.limited) throw signInRefused(verdict.reason, verdict.retryAfterSeconds);
    const row = await findLogin(db, email);
    const valid = await verifyPassword(row?.password_hash ?? (await decoyHash()), password);
    if (!row || !valid) {
      await limits.recordFailure(email, request.ip);
      throw unauthorized(refusal('wrongPassword'));
    }
    await limits.recordSuccess(email, request.ip);
    if (row.body.status === 'Inactive') throw forbidden(refusal('accountInactive'));
    if (row.subscriber?.status === 'Suspended') throw forbidden(refusal('subscriptionSuspended'));
    const token = await createSession(db, {
      userId: row.user_id,
      tenantId: row.subscriber_id,
      ttlMs: config.sessionTtlMs,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    // The page cookie: home's HTML comes rendered for this person (./signed-in-page.ts). It carries the token's hash.
    void reply.header('set-cookie', pageCookie(request, tokenHash(token), config.sessionTtlMs));
    return {
      token,
      user: await sessionProfile(db, row.user_id, row.subscriber_id, row.body),
      timezone: subscriberTimezone(row.subscriber),
    };
  });

  api.post(endpoints.logout.path, { config: { access: { kind: 'signed-in' } }, serializerCompiler: plainJson, schema: { response: { '2xx': endpoints.logout.reply }, tags: ['auth'], summary: 'Sign out (revokes the token)' } }, async (request, reply): Answer<'logout'> => {
    const user = currentUser(request);
    await revokeSession(db, user.tokenHash);
    void reply.header('set-cookie', clearedPageCookie(request));
    hub.sessionsRevoked([user.tokenHash]);
    return { message: 'Signed out' };
  });

  api.put(
    endpoints.changePassword.path,
    { config: { access: { kind: 'signed-in' } }, serializerCompiler: plainJson, schema: { body: endpoints.changePassword.body, response: { '2xx': endpoints.changePassword.reply }, tags: ['auth'], summary: 'Change own password (revokes other sessions)' } },
    async (request): Answer<'changePassword'> => {
      const user = currentUser(request);
      const { oldPassword, newPassword, _id } = request.body;
      if (_id !== undefined && _id !== user._id) throw badRequest('_id', refusal('ownPasswordOnly'));
      if (!passwordFollowsRule(newPassword, user)) throw badRequest('newPassword', refusal('passwordRule'));
      const passwordHash = await readPasswordHash(db, user._id);
      // 400, not 401: a wrong current password must not sign the person out. The body is well formed, so
      // the message names no field: the form shows it as it comes.
      if (passwordHash === undefined || !(await verifyPassword(passwordHash, oldPassword))) throw badRequest(undefined, refusal('currentPasswordWrong'));
      if (oldPassword === newPassword) throw badRequest('newPassword', refusal('samePassword'));
      await writePasswordHash(db, user._id, await hashPassword(newPassword));
      hub.sessionsRevoked(await revokeUserSessions(db, user._id, user.tokenHash));
      return { message: 'Password changed successfully' };
    },
  );

  api.get(
    endpoints.headerImages.path,
    { config: { access: { kind: 'public' } }, serializerCompiler: plainJson, schema: { params: endpoints.headerImages.params, response: { '2xx': endpoints.headerImages.reply }, tags: ['auth'], summary: "A subscriber's header images (logo)" } },
    async (request): Answer<'headerImages'> => {
      const found = await readSubscriberBody(db, request.params.id);
      if (!found) throw notFound(refusal('noSubscriber', { id: request.params.id }));
      // The subscriber record was written through its module's schema: companyName is a string there, and
      // headerImages a list of { url, name }.
      const headerImages = found.headerImages as EndpointAnswer<typeof endpoints.headerImages>['headerImages'] | undefined;
      return { _id: request.params.id, companyName: found.companyName as string, headerImages: Array.isArray(headerImages) ? headerImages : [] };
    },
  );
}
