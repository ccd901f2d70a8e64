/** Selectors over a module actor's snapshot: what list, form and detail screens read. */
import type { Op } from '../contract/modules/define';
import type { CallSlot, ListSlot, ResourceSnapshot, Slot } from './resource';
import type { ModuleRecord } from '../api/calls';

export const selectList = (snapshot: ResourceSnapshot): ListSlot => snapshot.context.list;
export const selectRecords = (snapshot: ResourceSnapshot): ModuleRecord[] => snapshot.context.list.data;
export const selectTotal = (snapshot: ResourceSnapshot): number => snapshot.context.list.total;
export const selectCreate = (snapshot: ResourceSnapshot): Slot<ModuleRecord> => snapshot.context.create;
export const selectUpdate = (snapshot: ResourceSnapshot): Slot<ModuleRecord> => snapshot.context.update;
export const selectRemove = (snapshot: ResourceSnapshot): Slot<unknown> => snapshot.context.remove;
export const selectGetById = (snapshot: ResourceSnapshot): Slot<ModuleRecord> => snapshot.context.getById;

/** Whether an operation is in flight. */
export function selectIsLoading(op: Op) {
  return (snapshot: ResourceSnapshot): boolean => snapshot.context[op].loading;
}

/** Whether the latest request of an operation succeeded (until `resource.reset`): forms close on it. */
export function selectSucceeded(op: Exclude<Op, 'list'>) {
  return (snapshot: ResourceSnapshot): boolean => snapshot.matches({ [op]: 'succeeded' });
}

export function selectCall(name: string) {
  return (snapshot: ResourceSnapshot): CallSlot | undefined => snapshot.context.calls[name];
}
