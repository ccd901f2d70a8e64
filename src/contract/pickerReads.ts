/**
 * Picker reads: how a person picks a record of a module they may not list (an engineer asking the stores for a part
 * picks from the parts master, which is the stores' to keep). The module declares one projected list call with
 * `pickerFor` (src/contract/modules/define.ts ListCall): whoever may CREATE or UPDATE a record of one of those
 * modules may make that call, and nothing else of the module. The server's access hook and the client's pickers both
 * ask this file, so the picker offers exactly what the server will answer.
 */
import type { ExtraCall, ListCall, ModuleDef, PrivilegeCode } from './modules/define';

/** The privileges on a picking module that open its picker reads: making or editing the record the choice goes in. */
export const PICKING_PRIVILEGES: readonly PrivilegeCode[] = ['CREATE', 'UPDATE'];

/** A module's picker read, if it declares one. */
export function pickerCall(def: Pick<ModuleDef, 'calls'> | undefined): (ListCall & { pickerFor: readonly string[] }) | undefined {
  const calls: readonly ExtraCall[] = def?.calls ?? [];
  return calls.find((c): c is ListCall & { pickerFor: readonly string[] } => c.kind === 'list' && (c.pickerFor?.length ?? 0) > 0);
}

/**
 * Whether someone may make a picker read: `may(module, privilege)` says whether they hold a privilege on a module
 * (by its feature or a view that shows it: the caller's own rule, the server's or the client's).
 */
export function mayPickThrough(pickerFor: readonly string[] | undefined, may: (module: string, privilege: PrivilegeCode) => boolean): boolean {
  return (pickerFor ?? []).some((module) => PICKING_PRIVILEGES.some((privilege) => may(module, privilege)));
}
