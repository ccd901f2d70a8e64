/**
 * Who may call what. Every route declares `config.access`; one onRequest hook enforces it before the
 * body is even parsed, so an anonymous or unprivileged caller gets 401/403, never a validation answer.
 * Routes under /api/app and /api/saas that forget to declare access still require a signed-in user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { moduleGrant, type RecordScope } from '../auth/module-grants';
import type { SessionCache } from '../auth/session-cache';
import { hasPrivilege, type SessionUser } from '../auth/sessions';
import type { Db } from '../db/pool';
import { forbidden, unauthorized } from './errors';
import { refusal } from '../../src/contract/refusalMessages';
import { mayPickThrough } from '../../src/contract/pickerReads';

export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  /**
   * Holds privilege `privilege` inside feature (screen code) `feature`. With `module`, the module's views
   * (moduleViews) may grant it too, restricted to the view's records (request.accessScopes).
   */
  | { kind: 'privilege'; feature: string; privilege: string; module?: string; pickerFor?: readonly PickingModule[] };

/** A module whose forms pick through a picker read (src/contract/pickerReads.ts), with the feature that guards it. */
export interface PickingModule {
  module: string;
  feature: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    sessionUser?: SessionUser;
    /** Set when access comes through module views only: the records the caller may touch. */
    accessScopes?: readonly RecordScope[];
  }
}

/** The token: header `token` (the spec's), or a standard `Authorization: Bearer`. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  return undefined;
}

export function privilegeDenied(feature: string, privilege: string): Error {
  return forbidden(refusal('noPrivilege', { feature, privilege }));
}

/** The signed-in user of a request whose route required one. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

function defaultAccess(request: FastifyRequest): Access {
  if (request.is404) return { kind: 'public' };
  const path = request.url;
  return path.startsWith('/api/app/') || path.startsWith('/api/saas/') ? { kind: 'signed-in' } : { kind: 'public' };
}

export async function authenticate(db: Db, sessions: SessionCache, request: FastifyRequest): Promise<SessionUser> {
  const token = requestToken(request);
  if (!token) throw unauthorized(refusal('tokenHeaderMissing'));
  const found = await sessions.find(db, token);
  if (!found.ok) {
    const reasons = { inactive: 'sessionInactive', suspended: 'sessionSuspended', unknown: 'sessionEnded' } as const;
    throw unauthorized(refusal(reasons[found.reason]));
  }
  return found.user;
}

/**
 * A person reads their own user record whatever their privileges: the shell reloads it by id after a signature
 * is saved (spec document 2 §7, addSignature), and a 403 there would sign a field engineer out.
 */
const OWN_USER_ROUTE = '/api/app/subscriber-user/getById/:id';
function readsOwnUser(request: FastifyRequest, user: SessionUser, access: Access): boolean {
  return access.kind === 'privilege' && access.privilege === 'VIEW' && request.routeOptions.url === OWN_USER_ROUTE && (request.params as { id?: string }).id === user._id;
}

/**
 * Whether the user may make a picker read for one of the modules that pick through it: they may make or edit such a
 * module's record (by its feature or a view of it). The call's projection is all they see of the module.
 */
function picksThrough(user: SessionUser, pickers: readonly PickingModule[] | undefined): boolean {
  const features = new Map((pickers ?? []).map((p) => [p.module, p.feature]));
  return mayPickThrough([...features.keys()], (module, privilege) => moduleGrant(user, module, features.get(module) ?? '', privilege).allowed);
}

export function registerAccessHook(app: FastifyInstance, db: Db, sessions: SessionCache): void {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? defaultAccess(request);
    if (access.kind === 'public') return;
    const user = await authenticate(db, sessions, request);
    request.sessionUser = user;
    if (access.kind !== 'privilege' || readsOwnUser(request, user, access)) return;
    if (access.module) {
      const grant = moduleGrant(user, access.module, access.feature, access.privilege);
      if (grant.allowed) request.accessScopes = grant.scopes;
      else if (!picksThrough(user, access.pickerFor)) throw privilegeDenied(access.feature, access.privilege);
    } else if (!hasPrivilege(user, access.feature, access.privilege)) {
      throw privilegeDenied(access.feature, access.privilege);
    }
  });
}
