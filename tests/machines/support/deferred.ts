/**
 * Request actors whose promises the test settles by hand: a model step "the list call answered" becomes
 * `requests.resolve('list', output)`. Each key holds the latest request; a superseded one stays pending
 * forever, as its actor was stopped.
 */
import { fromPromise } from 'xstate';

interface Pending {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface DeferredRequests {
  /** A promise actor registering each request under the key computed from its input. */
  actor<TOutput, TInput>(key: string | ((input: TInput) => string)): ReturnType<typeof fromPromise<TOutput, TInput>>;
  resolve(key: string, output: unknown): Promise<void>;
  reject(key: string, error: unknown): Promise<void>;
  has(key: string): boolean;
  inputOf(key: string): unknown;
  /** How many requests were started per key, superseded ones included. */
  started(key: string): number;
}

/** Lets promise reactions and the actors' event processing run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createDeferredRequests(): DeferredRequests {
  const pending = new Map<string, Pending>();
  const counts = new Map<string, number>();
  const take = (key: string): Pending => {
    const request = pending.get(key);
    if (!request) throw new Error(`No pending request ${key}`);
    pending.delete(key);
    return request;
  };
  return {
    actor<TOutput, TInput>(key: string | ((input: TInput) => string)) {
      return fromPromise<TOutput, TInput>(
        ({ input }) =>
          new Promise<TOutput>((resolve, reject) => {
            const resolved = typeof key === 'function' ? key(input) : key;
            counts.set(resolved, (counts.get(resolved) ?? 0) + 1);
            pending.set(resolved, { input, resolve: (output) => resolve(output as TOutput), reject });
          }),
      );
    },
    async resolve(key, output) {
      take(key).resolve(output);
      await settle();
    },
    async reject(key, error) {
      take(key).reject(error);
      await settle();
    },
    has: (key) => pending.has(key),
    inputOf: (key) => pending.get(key)?.input,
    started: (key) => counts.get(key) ?? 0,
  };
}
