/**
 * Where the session finds a module's definition when a screen opens its actor (`module.open` by name).
 *
 * The catalogue (every module's zod fields) is the largest part of the client, and the sign-in and public
 * pages never open a module, so the session machine does not import it: whoever opens module actors
 * registers it first. In the client that is the signed-in area's data layer (ui/data/resources.ts, which
 * every module screen reads through); `machines/session.ts` registers it for code outside the browser
 * (tests, benchmarks) that drives the session directly.
 */
import type { ModuleDef } from '../contract/modules/define';

const registered = new Map<string, ModuleDef>();

/** Adds the modules the session may open; registering the same catalogue again changes nothing. */
export function registerModules(defs: readonly ModuleDef[]): void {
  for (const def of defs) registered.set(def.name, def);
}

/** The registered module of that name, or undefined (unknown, or its catalogue not loaded yet). */
export function registeredModule(name: string): ModuleDef | undefined {
  return registered.get(name);
}
