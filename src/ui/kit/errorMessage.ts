/**
 * The text to show for a failure payload kept in a module's error slot: the server's `message` when it
 * sent one, otherwise the caller's default (the module's message from spec document 2 §8).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!error) return fallback;
  if (typeof error === 'string') return error || fallback;
  if (typeof error === 'object') {
    const e = error as { message?: unknown; data?: { message?: unknown } };
    if (e.data && typeof e.data.message === 'string' && e.data.message) return e.data.message;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return fallback;
}
