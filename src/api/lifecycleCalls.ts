/**
 * The lifecycle calls of a module whose records have a lifecycle (src/machines/lifecycles): read a record with
 * its version and the steps the person may take, take a step, read the history. Every step goes through
 * `PATCH {module path}/transition/{id}`: the server applies it with the same helper and the same effects as
 * the step's spec call (which stays for API clients), and one request shape serves every lifecycle, so a new
 * lifecycle needs no client code. The spec calls (approve-reject, update/list…) are still what list actions
 * taking several records at once use. A step the transition route does not take (the index's `onlyByCall`: a
 * purchase order's delivery, counted by quantities) goes to its own call with `{ id, version, ...data }`.
 */
import { moduleCalls, runCall } from './calls';
import { apiRequest } from './http';
import type { EndpointArgs, EndpointReply } from '../contract/endpoints';
import type { HistoryEntry, LifecycleEndpoints, LifecycleRecord } from '../contract/lifecycleShapes';
import type { ModuleDef } from '../contract/modules/define';

export type { HistoryEntry, LifecycleRecord };

/** What a step's request carries: its schema's input (src/contract/lifecycleShapes.ts). */
type TransitionBody = EndpointArgs<LifecycleEndpoints['transition']>['body'];

/** A step as the workflow sends it: the body's event, version and note, and the step's data kept apart from them. */
export type StepInput = Pick<TransitionBody, 'event' | 'version' | 'note'> & {
  /** The step's data: remarks, reasons (the index's `requires` and `keeps`). */
  data?: Record<string, unknown>;
  /** The module's call that takes this step, when the transition route does not (a delivery's `receive`). */
  call?: string;
};

export interface LifecycleCalls {
  read(id: string): Promise<LifecycleRecord>;
  step(id: string, input: StepInput): Promise<LifecycleRecord>;
  history(id: string): Promise<EndpointReply<LifecycleEndpoints['history']>>;
}

export function lifecycleCalls(def: ModuleDef): LifecycleCalls {
  return {
    // A module read as data answers getById as a plain record; the server answers a lifecycle module's with its
    // version, allowed steps and names (server/http/catalogue-routes.ts withLifecycle), the step's reply shape.
    read: (id) => moduleCalls(def).getById(id) as Promise<LifecycleRecord>,
    step: (id, { event, version, note, data, call }) => {
      if (call) return runCall(def, call, { body: { ...data, id, ...(version !== undefined ? { version } : {}) } }) as Promise<LifecycleRecord>;
      const body: TransitionBody = { ...data, event, ...(version !== undefined ? { version } : {}), ...(note ? { note } : {}) };
      return apiRequest<EndpointReply<LifecycleEndpoints['transition']>>(`${def.path}/transition/${encodeURIComponent(id)}`, { method: 'PATCH', body });
    },
    history: (id) => apiRequest<EndpointReply<LifecycleEndpoints['history']>>(`${def.path}/history/${encodeURIComponent(id)}`),
  };
}
