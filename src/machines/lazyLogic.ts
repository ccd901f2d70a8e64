/**
 * Actor logic the session names in `setup({ actors })` whose code loads only when a page needs it (issue 18).
 *
 * The session spawns its children by name, and tests swap them by name with `provide`. Naming the machines
 * themselves put every one of them (the cached lists, the record workflow, both public pages' flows…) into the
 * entry chunk that the sign-in page and a customer's proposal link load. A `lazyLogic` stands in under the same
 * name and type: it forwards every call XState makes of actor logic to the machine once `load()` has brought it.
 * The session loads it in the asynchronous step before each spawn (signing in, restoring a session, opening a
 * public page); spawning before that is a programming error and says so.
 */
import type { AnyActorLogic } from 'xstate';

export interface LazyLogic<T extends AnyActorLogic> {
  /** The logic itself: the stand-in's type, so the session's children keep their machines' types. */
  readonly logic: T;
  /** Brings the code (once) and answers the logic. */
  load(): Promise<T>;
}

export function lazyLogic<T extends AnyActorLogic>(name: string, importLogic: () => Promise<T>): LazyLogic<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const real = (): T => {
    if (!loaded) throw new Error(`The ${name} actor was spawned before its code was loaded (lazyLogic.load)`);
    return loaded;
  };
  // The actor logic interface (xstate's ActorLogic): what an actor calls of its logic, forwarded with `this`
  // bound to the machine, whose methods use it.
  const standIn: AnyActorLogic = {
    get config() {
      return real().config;
    },
    transition: (...args: Parameters<AnyActorLogic['transition']>) => real().transition(...args),
    getInitialSnapshot: (...args: Parameters<AnyActorLogic['getInitialSnapshot']>) => real().getInitialSnapshot(...args),
    getPersistedSnapshot: (...args: Parameters<AnyActorLogic['getPersistedSnapshot']>) => real().getPersistedSnapshot(...args),
    // Logic without these would be used as if they were absent: a persisted snapshot as it is, no start step.
    restoreSnapshot: (...args: Parameters<NonNullable<AnyActorLogic['restoreSnapshot']>>) => {
      const logic = real();
      return logic.restoreSnapshot ? logic.restoreSnapshot(...args) : args[0];
    },
    start: (...args: Parameters<NonNullable<AnyActorLogic['start']>>) => real().start?.(...args),
  };
  return {
    logic: standIn as T,
    load: () => {
      loading ??= importLogic().then((logic) => (loaded = logic));
      return loading;
    },
  };
}
