/**
 * The one way a component gets its screen's flow (issue 38, screenActors.ts): the session spawns it while the
 * component is mounted, and the component reads it with `useSelector` and sends it events. Components never
 * start an actor themselves (eslint.config.js forbids it outside src/machines).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, InputFrom, SnapshotFrom } from 'xstate';
import { useSession, useSessionActor } from './SessionProvider';
import { screenActorId, type ScreenName } from './screenActors';
import type { SessionSnapshot } from './sessionMachine';

/** The running actor of a screen (by its id), or undefined while the session runs none. */
export function selectScreenActor<TLogic extends AnyActorLogic>(id: string) {
  return (snapshot: SessionSnapshot): ActorRefFrom<TLogic> | undefined =>
    (snapshot.children as Partial<Record<string, ActorRefFrom<TLogic>>>)[id];
}

/**
 * Opens the screen's flow in the session for as long as the component is mounted, and answers its actor:
 * undefined on the first render (the session spawns it just after) and after sign-out stopped it.
 *
 * As with an actor started in the component, the logic and input are those of the mount: later renders'
 * values are not looked at, unless the screen's `key` changes (then its actor is stopped and another opened).
 */
export function useScreenActor<TLogic extends AnyActorLogic>(
  screen: ScreenName,
  logic: TLogic,
  input: InputFrom<TLogic>,
  key?: string,
): ActorRefFrom<TLogic> | undefined {
  const session = useSessionActor();
  const id = screenActorId(screen, key);
  const opening = useRef({ logic, input });
  opening.current = { logic, input };
  useEffect(() => {
    session.send({ type: 'screen.open', id, logic: opening.current.logic, input: opening.current.input });
    return () => session.send({ type: 'screen.close', id });
  }, [session, id]);
  const selector = useCallback((snapshot: SessionSnapshot) => selectScreenActor<TLogic>(id)(snapshot), [id]);
  return useSession(selector);
}

/**
 * Calls `onDone` with the final snapshot when the screen's flow reaches its final state (a dialog closes, a form
 * reports what it made). The latest `onDone` of the component's renders is the one called.
 */
export function useActorDone<TActor extends AnyActorRef>(actor: TActor | undefined, onDone: (snapshot: SnapshotFrom<TActor>) => void): void {
  const latest = useRef(onDone);
  latest.current = onDone;
  useEffect(() => {
    const subscription = actor?.subscribe((snapshot: SnapshotFrom<TActor>) => {
      if ((snapshot as { status?: string }).status === 'done') latest.current(snapshot);
    });
    return () => subscription?.unsubscribe();
  }, [actor]);
}
