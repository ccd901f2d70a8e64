/**
 * One request, run as a state: its I/O actor is spawned on entry and stopped on exit, the way `invoke`
 * would run it, but with actions, because the test models of `xstate/graph` refuse `invoke` (see
 * resource.ts). The answer comes back as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`.
 *
 * The session and the workflow machines write every request state with `requestState`, and declare the
 * one `stopRequest` action in their setup, so no machine repeats a stop action per request.
 */

interface RequestParams {
  id: string;
}

/**
 * The id of the request child a state stops: each machine declares its one stop action in setup as
 * `stopRequest: stopChild(requestChildId)`. Its params are typed `unknown` on purpose: a typed parameter
 * next to `enqueueActions` in the same setup defeats TypeScript's inference of the setup's action
 * types, and `requestState` is what writes these params.
 */
export const requestChildId = (_: unknown, params: unknown): string => (params as RequestParams).id;

type Answers<TId extends string, TDone, TError> = { [K in `xstate.done.actor.${TId}`]: TDone } & { [K in `xstate.error.actor.${TId}`]: TError };

/**
 * The state config of a request: `spawn` (the machine's action that spawns the actor with `id`) on entry,
 * `stopRequest` on exit, `done` and `error` for its answer, and `on` for the state's other events.
 */
export function requestState<const TId extends string, const TSpawn, const TDone, const TError, const TOn extends object = Record<never, never>>(
  id: TId,
  spawn: TSpawn,
  answers: { done: TDone; error: TError; on?: TOn },
) {
  const on = {
    ...answers.on,
    [`xstate.done.actor.${id}`]: answers.done,
    [`xstate.error.actor.${id}`]: answers.error,
  } as TOn & Answers<TId, TDone, TError>;
  const params: RequestParams = { id };
  return { entry: spawn, exit: { type: 'stopRequest' as const, params }, on };
}
