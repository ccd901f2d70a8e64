/**
 * The notifier port. Machines and the HTTP layer report to the person through it; the UI binds it to
 * @mantine/notifications at startup, and tests bind a recorder to see what a person would have seen.
 */
import type { ErrorBody } from '../contract/errorShapes';
import type { Words } from '../contract/messageWords';

export type NoticeColor = 'red' | 'green' | 'yellow' | 'blue';

export interface Notice {
  title?: string;
  /** The title in the person's language (a dictionary key), which the UI words instead of `title` (English). */
  titleWords?: Words;
  message: string;
  color: NoticeColor;
  /** An in-app page the notice leads to (a ticket just assigned): the notice offers to open it. */
  href?: string;
  /** The words of that offer in English, and as a dictionary key the UI words in the person's language. */
  hrefLabel?: string;
  hrefWords?: Words;
  /**
   * The notice in the person's language: a dictionary key and its values (a step's confirmation, a catalogue module's
   * failure message, a server's refusal or validation message: src/contract/messageWords.ts), which the UI words
   * instead of `message` (English); `message` shows when the dictionary has no such key (the server's own words).
   */
  words?: Words;
  /** A call refused by a limit: the UI words it in the person's language instead of `message` (English). */
  limit?: NonNullable<ErrorBody['limit']>;
}

export interface Notifier {
  show(notice: Notice): void;
}

/** Until the UI binds a real notifier (and in Node), notices go to the console. */
const consoleNotifier: Notifier = {
  show(notice) {
    const text = notice.title ? `${notice.title}: ${notice.message}` : notice.message;
    if (notice.color === 'red') console.error(text);
    else console.info(text);
  },
};

let current: Notifier = consoleNotifier;

/** Binds the notifier; returns a function that restores the previous one. */
export function bindNotifier(next: Notifier): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

/**
 * A failed call's notice: the server's message with its words, which the UI says in the person's language, or the
 * caller's fallback when the server said nothing.
 */
export function failureNotice(error: { message?: string; words?: Words }, fallback: string): Notice {
  if (!error.message) return { message: fallback, color: 'red' };
  return { message: error.message, color: 'red', ...(error.words ? { words: error.words } : {}) };
}

export function notify(notice: Notice): void {
  current.show(notice);
}
