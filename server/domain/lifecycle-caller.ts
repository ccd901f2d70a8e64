/** The signed-in person as the lifecycle machines see them (src/machines/lifecycles/caller.ts). */
import { todayInIndia } from '../../src/contract/dates';
import type { LifecycleCaller } from '../../src/machines/lifecycles/index';
import type { SessionUser } from '../auth/sessions';

/** The signed-in person as the lifecycle machines see them, on today's date in India. */
export function callerOf(user: SessionUser): LifecycleCaller {
  const permissions: Record<string, string[]> = {};
  for (const [feature, privileges] of user.permissions) permissions[feature] = [...privileges];
  return { kind: 'staff', id: user._id, name: user.name, permissions, today: todayInIndia() };
}
