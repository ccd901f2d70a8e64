/** The signed-in person as the lifecycle machines see them (src/machines/lifecycles/caller.ts). */
import { todayInIndia } from '../../src/contract/dates';
import type { LifecycleCaller } from '../../src/machines/lifecycles/index';
import type { SessionUser } from '../auth/sessions';

/**
 * The caller's privileges as the machines read them, built once per session user (the session cache keeps the user,
 * and a changed role gives a new one): the allowed-events table keys its verdicts by this object's contents, and
 * keeps that key per object (src/machines/lifecycles/engine.ts).
 */
const permissionsOf = new WeakMap<SessionUser, Record<string, string[]>>();

/** The signed-in person as the lifecycle machines see them, on today's date in India. */
export function callerOf(user: SessionUser): LifecycleCaller {
  let permissions = permissionsOf.get(user);
  if (!permissions) {
    permissions = {};
    for (const [feature, privileges] of user.permissions) permissions[feature] = [...privileges];
    permissionsOf.set(user, permissions);
  }
  return { kind: 'staff', id: user._id, name: user.name, permissions, today: todayInIndia() };
}
