/**
 * The state half of a model-based test: each check runs after the actor is compared with the model (same
 * value, same context as the model projects it), so every state's assertion also proves the actor and the
 * model agree. `project` drops what cannot be compared (actor refs, functions).
 */
import { expect } from 'vitest';
import type { AnyActorRef } from 'xstate';

export interface SnapshotLike<C> {
  value: unknown;
  context: C;
}

export function stateChecks<C>(
  actor: () => Pick<AnyActorRef, 'getSnapshot'>,
  checks: Record<string, (model: SnapshotLike<C>) => void>,
  project: (context: C) => unknown = (context) => context,
): Record<string, (model: SnapshotLike<C>) => void> {
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (model: SnapshotLike<C>) => {
        const snapshot = actor().getSnapshot() as SnapshotLike<C>;
        expect(snapshot.value).toEqual(model.value);
        expect(project(snapshot.context)).toEqual(project(model.context));
        check(model);
      },
    ]),
  );
}
