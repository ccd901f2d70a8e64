/**
 * The sign-in an earlier visit kept, made ready before the first render (issue 18, main.tsx): its values are read
 * from the store and the signed-in session's code is brought (it rides in the shell's chunk, which the HTML of a
 * signed-in page already asked for). The session then starts authenticated in its first snapshot
 * (sessionMachine.ts, `starting`), and React's first render is the signed-in page, not a loader replaced a render
 * later: on a slow phone that loader's render and paint cost home about 150 ms.
 */
import { isStored, readStoredOrThrow } from '../api/storage';
import { loadSignedInLogic } from './sessionLogic';
import { readStoredSession, type StoredSession } from './sessionMachine';

/**
 * The kept session, or undefined when none was kept or it cannot be taken now: a value that does not decrypt, or
 * the session's code that did not load. The session then restores as it always did (`restoring`), which clears
 * such a store and asks the person to sign in again once the notices can show it.
 */
export async function prepareKeptSession(): Promise<StoredSession | undefined> {
  if (!isStored('loggedIN')) return undefined;
  try {
    const kept = readStoredSession(readStoredOrThrow);
    if (!kept) return undefined;
    await loadSignedInLogic();
    return kept;
  } catch {
    return undefined;
  }
}
