/**
 * Who sends a lifecycle event, as the pure machines see it: a signed-in member of staff with their
 * privileges, a customer on a public link, or the scheduler. The server builds it from the verified session;
 * the client from the signed-in user's permissions. Guards read only this and the record.
 */
export type CallerKind = 'staff' | 'customer' | 'scheduler';

export interface LifecycleCaller {
  kind: CallerKind;
  id: string;
  name: string;
  /** Feature (screen code) → privilege codes held. */
  permissions: Readonly<Record<string, readonly string[]>>;
}

/** A member of staff holding `privilege` in `feature`. */
export function holds(caller: LifecycleCaller, feature: string, privilege: string): boolean {
  return caller.kind === 'staff' && (caller.permissions[feature]?.includes(privilege) ?? false);
}

/** What every lifecycle machine keeps: the record as stored (guards may read its fields). */
export interface LifecycleContext {
  record: Readonly<Record<string, unknown>>;
}

/** Every lifecycle event carries its sender; event data (remarks, reasons) is checked before the machine. */
export interface LifecycleEvent<Type extends string = string> {
  type: Type;
  caller: LifecycleCaller;
}
