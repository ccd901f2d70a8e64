/**
 * The notices of the two pages with the subscriber form (the public subscriber details page and the sign-up page): a
 * failure says the server's message, with the server's words when it sent them, else the page's own text from
 * src/contract/subscriberTexts.ts with its dictionary key, so the notifier says it in the person's language.
 */
import { toErrorPayload } from '../../api/http';
import { failureNotice, type Notice } from '../../api/notify';
import { PUBLIC_SUBSCRIBER_ENGLISH } from '../../contract/subscriberTexts';

export type SubscriberNotice = keyof typeof PUBLIC_SUBSCRIBER_ENGLISH.notices;

/** A notice of the page's own, in English with its dictionary key. */
export function subscriberNotice(notice: SubscriberNotice, color: Notice['color']): Notice {
  return { message: PUBLIC_SUBSCRIBER_ENGLISH.notices[notice], words: { key: `publicSubscriber.notices.${notice}` }, color };
}

/** A failed call's notice (api/notify.ts failureNotice), whose fallback is the page's own text with its key. */
export function subscriberFailure(error: unknown, fallback: SubscriberNotice): Notice {
  const payload = toErrorPayload(error);
  return payload.message ? failureNotice(payload, PUBLIC_SUBSCRIBER_ENGLISH.notices[fallback]) : subscriberNotice(fallback, 'red');
}
