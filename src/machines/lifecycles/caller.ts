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
  /** Feature (screen code) → privilege codes held (none for a customer or the scheduler). */
  permissions: Readonly<Record<string, readonly string[]>>;
  /**
   * The day the step is taken (YYYY-MM-DD, India), for guards on the record's own dates (a proposal's validity,
   * a plan's due date). The server always gives it; without it, no date is taken to have passed.
   */
  today?: string;
}

/** A member of staff holding `privilege` in `feature`. */
export function holds(caller: LifecycleCaller, feature: string, privilege: string): boolean {
  return caller.kind === 'staff' && (caller.permissions[feature]?.includes(privilege) ?? false);
}

/** The customer on a public link (a proposal's, a subscription request's). */
export function isCustomer(caller: LifecycleCaller): boolean {
  return caller.kind === 'customer';
}

/** The server's own clock work (plans falling due). */
export function isScheduler(caller: LifecycleCaller): boolean {
  return caller.kind === 'scheduler';
}

/** Whether `date` (YYYY-MM-DD) is before the caller's day; false when either is unknown. */
export function hasPassed(caller: LifecycleCaller, date: unknown): boolean {
  return typeof date === 'string' && date !== '' && caller.today !== undefined && date.slice(0, 10) < caller.today;
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
