/**
 * The lifecycle calls of a module whose records have a lifecycle (src/machines/lifecycles): read a record with
 * its version and the steps the person may take, take a step, read the history. Every step goes through
 * `PATCH {module path}/transition/{id}`: the server applies it with the same helper and the same effects as
 * the step's spec call (which stays for API clients), and one request shape serves every lifecycle, so a new
 * lifecycle needs no client code. The spec calls (approve-reject, update/list…) are still what list actions
 * taking several records at once use.
 */
import { moduleCalls, type ModuleRecord } from './calls';
import { apiRequest } from './http';
import type { EndpointReply } from '../contract/endpoints';
import type { HistoryEntry, LifecycleEndpoints } from '../contract/lifecycleShapes';
import type { ModuleDef } from '../contract/modules/define';

export interface LifecycleRecord extends ModuleRecord {
  version: number;
  allowedEvents: string[];
  /** The names of the records it refers to (field → name): the person may not be allowed to list them. */
  names?: Record<string, string>;
}

export type { HistoryEntry };

export interface StepInput {
  event: string;
  version?: number;
  note?: string;
  /** The step's data: remarks, reasons (the index's `requires` and `keeps`). */
  data?: Record<string, unknown>;
}

export interface LifecycleCalls {
  read(id: string): Promise<LifecycleRecord>;
  step(id: string, input: StepInput): Promise<LifecycleRecord>;
  history(id: string): Promise<EndpointReply<LifecycleEndpoints['history']>>;
}

export function lifecycleCalls(def: ModuleDef): LifecycleCalls {
  return {
    // getById answers a lifecycle record with its version and allowed steps.
    read: (id) => moduleCalls(def).getById(id) as Promise<LifecycleRecord>,
    step: (id, { event, version, note, data }) =>
      apiRequest<LifecycleRecord>(`${def.path}/transition/${encodeURIComponent(id)}`, { method: 'PATCH', body: { ...data, event, ...(version !== undefined ? { version } : {}), ...(note ? { note } : {}) } }),
    history: (id) => apiRequest<EndpointReply<LifecycleEndpoints['history']>>(`${def.path}/history/${encodeURIComponent(id)}`),
  };
}
