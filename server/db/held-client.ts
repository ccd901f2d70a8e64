/**
 * A client taken out of the pool for more than one query (a transaction, a list's cursor, an advisory lock,
 * the LISTEN connection), with an 'error' listener for the whole time it is held.
 *
 * Why: node-postgres emits 'error' on a client whose server goes away (a killed postmaster, a restart,
 * pg_terminate_backend), also when a query of it already failed with that error, and the pool listens only
 * on the clients it holds idle. A held client without a listener turns a lost connection into an uncaught
 * 'error' event that ends the process (issue 29). Here the error is recorded instead: the query in flight,
 * or the next one, fails with a connection error (503 to the caller), and `release` discards the client so
 * the pool opens a fresh connection next time.
 */
import type pg from 'pg';

export interface HeldClient {
  readonly client: pg.PoolClient;
  /** Why its connection broke while held; undefined while it is sound. */
  readonly lost: Error | undefined;
  /** Settles with that error when it happens (never, for a sound client). */
  readonly whenLost: Promise<Error>;
  /**
   * `work`, or its connection's loss, whichever comes first. For waits on the server that node-postgres may
   * leave unsettled when the connection breaks: pg-cursor ignores an error that arrives after the portal's last
   * row and before its ReadyForQuery, so that read (or a close) would wait for ever.
   */
  untilLost<T>(work: Promise<T>): Promise<T>;
  /**
   * Back to the pool, or discarded when its connection broke or `doubt` says its state is unknown (a query
   * failed with the server's FATAL before the socket closed). Once; later calls do nothing.
   */
  release(doubt?: Error): void;
}

type LostListener = (error: Error) => void;

/** Who hears of a held client's lost connection, per pool (server/db/pool.ts registers the server's). */
const lostListeners = new WeakMap<pg.Pool, LostListener>();

export function onHeldClientLost(pool: pg.Pool, listener: LostListener): void {
  lostListeners.set(pool, listener);
}

/**
 * Takes a client and listens for its errors until it is released. `onLost` hears the first error only:
 * the server's FATAL message and the socket closing after it are one event for the holder.
 */
export async function holdClient(pool: pg.Pool, onLost?: LostListener): Promise<HeldClient> {
  let lost: Error | undefined;
  let settleLost: (error: Error) => void = () => undefined;
  const whenLost = new Promise<Error>((resolve) => (settleLost = resolve));
  // The waits in flight (untilLost), each until its work settles. Not `whenLost.then(reject)` per wait: a reaction
  // on a promise that never settles keeps its wait's promise, and the rows it was resolved with, for as long as the
  // client is held. A 100,000-record list's cursor holds one client for 100 reads, and kept every batch (issue 30:
  // the server grew 190 MB serving it, where the bare stream grew 22 MB).
  const waits = new Set<(error: Error) => void>();
  const onError = (error: Error): void => {
    if (lost) return;
    lost = error;
    settleLost(error);
    for (const fail of waits) fail(error);
    waits.clear();
    lostListeners.get(pool)?.(error);
    onLost?.(error);
  };
  // The callback form, so that the listener goes on inside the pool's callback. After `await pool.connect()`
  // it would go on a microtask later, and the server's FATAL may be parsed in between, from the very chunk
  // that ended a new connection's handshake (seen in tests/server/held-clients.test.ts): an unheard 'error'.
  const client = await new Promise<pg.PoolClient>((resolve, reject) => {
    pool.connect((error, taken) => {
      if (error || !taken) return reject(error ?? new Error('The pool gave no client'));
      taken.on('error', onError);
      resolve(taken);
    });
  });
  let released = false;
  return {
    client,
    get lost() {
      return lost;
    },
    whenLost,
    untilLost<T>(work: Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (lost) reject(lost);
        else waits.add(reject);
        work.then(
          (value) => {
            waits.delete(reject);
            resolve(value);
          },
          (error: unknown) => {
            waits.delete(reject);
            reject(error);
          },
        );
      });
    },
    release(doubt) {
      if (released) return;
      released = true;
      // The pool puts its own idle listener on the client in the same synchronous call, so there is no gap.
      client.removeListener('error', onError);
      client.release(lost ?? doubt);
    },
  };
}
