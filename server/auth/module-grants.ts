/**
 * Whether a user may call a module with a privilege, and over which records.
 *
 * A module is guarded by its feature (def.feature). Some routes show a module through a filtered view
 * under another code (src/contract/modules `moduleViews`: "My Open Calls" is the ticket module filtered to the
 * user's open tickets). Holding the view's code grants the module's calls, but only over the records the
 * view shows: the server applies the view's filter itself, so a view never widens what a person sees. A view
 * showing further modules (`alsoModules`: the ticket call views show service tickets too) grants those the same way.
 */
import { moduleViews } from '../../src/contract/modules/index';
import { hasPrivilege, type SessionUser } from './sessions';

/** A conjunction of field conditions; a value list means "any of". */
export type RecordScope = Readonly<Record<string, string | readonly string[]>>;

export type ModuleGrant =
  | { allowed: false }
  /** `scopes` undefined: every record of the tenant; otherwise records matching at least one scope. */
  | { allowed: true; scopes?: readonly RecordScope[] };

/**
 * Filter placeholders: `$me` is the user's id, `$client` their client company. A person without a client company
 * matches no `$client` record: the value becomes the empty list ("any of nothing"). It used to be a text holding a
 * NUL character, which PostgreSQL refuses in a text parameter, so the admin's Client Tickets answered 400
 * "A value is out of range or malformed" (issue 34).
 */
/** Whoever a grant is asked for: the signed-in user, or a member of staff a picker weighs (server/domain/people.ts). */
export type Grantee = Pick<SessionUser, '_id' | 'clientId' | 'permissions'>;

function resolve(value: unknown, user: Grantee): string[] {
  if (value === '$me') return [user._id];
  if (value === '$client') return user.clientId ? [user.clientId] : [];
  return [String(value)];
}

/** A view's filter for this user; a field whose placeholder names nothing holds the empty list (matches nothing). */
export function scopeOf(filter: Readonly<Record<string, unknown>> | undefined, user: Grantee): RecordScope {
  const scope: Record<string, string | string[]> = {};
  for (const [field, value] of Object.entries(filter ?? {})) {
    const values = (Array.isArray(value) ? value : [value]).flatMap((v) => resolve(v, user));
    scope[field] = Array.isArray(value) || values.length !== 1 ? values : values[0];
  }
  return scope;
}

/** Whether a scope can match no record at all (a field wanting any of an empty list). */
export function matchesNothing(scope: RecordScope): boolean {
  return Object.values(scope).some((wanted) => typeof wanted !== 'string' && wanted.length === 0);
}

export function moduleGrant(user: Grantee, moduleName: string, feature: string, privilege: string): ModuleGrant {
  if (hasPrivilege(user, feature, privilege)) return { allowed: true };
  const views = moduleViews.filter((v) => (v.module === moduleName || v.alsoModules?.includes(moduleName)) && hasPrivilege(user, v.code, privilege));
  if (views.length === 0) return { allowed: false };
  const scopes = views.map((v) => scopeOf(v.filter, user));
  // A view without a filter shows the whole module.
  return scopes.some((s) => Object.keys(s).length === 0) ? { allowed: true } : { allowed: true, scopes };
}

/** Whether a record is one a scope shows: each field holds the value wanted, or one of the values (an array field: contains one). */
export function inScope(record: Readonly<Record<string, unknown>>, scope: RecordScope): boolean {
  return Object.entries(scope).every(([field, wanted]) => {
    const held = record[field];
    const values = typeof wanted === 'string' ? [wanted] : wanted;
    return Array.isArray(held) ? held.some((h) => values.includes(String(h))) : held !== undefined && held !== null && values.includes(String(held));
  });
}
