/**
 * Validation messages, refusals and failures in the person's language (issue 34). What the server answers (an error
 * body: its English `message` and, beside it, its `words`), what a machine says (a lifecycle's refusal), a schema's
 * message: each is worded from the dictionaries when its key is known there, and shown as sent otherwise (a server's
 * own words, a proxy's answer). A validation message that came without words (an older server, a flow's own check)
 * is read back into its key from its English (src/contract/validationMessages.ts).
 *
 * The validation and refusal English is the contract's, added to the dictionary here, with the signed-in screens.
 */
import { useCallback } from 'react';
import type { Words } from '../../contract/messageWords';
import { validationWords } from '../../contract/validationMessages';
import { wordKey } from '../../contract/words';
import { addEnglish, useLocale, useT, type Locale, type TKey, type Translate } from '../../i18n';
import { wordMessage, type MessagePlace } from '../../i18n/messageWords';
import { selectTimezone, useSession } from '../../machines/SessionProvider';
import { refusalEn } from '../../i18n/refusal/en';
import { validationEn } from '../../i18n/validation/en';

addEnglish({ validation: validationEn, refusal: refusalEn });

/** A message as it came: its English and, when known, its words. */
export interface Saying {
  message?: string;
  words?: Words;
}

/** The words of a saying: its own, else those of the validation message its English is. */
export function wordsOf(saying: Saying): Words | undefined {
  return saying.words ?? (saying.message ? validationWords(saying.message) : undefined);
}

/** A saying in the person's language; its English when the dictionaries do not hold its key; undefined when empty. */
export function sayingText(t: Translate, locale: Locale, saying: Saying | string | null | undefined, place?: MessagePlace): string | undefined {
  if (saying === null || saying === undefined || saying === '') return undefined;
  const said: Saying = typeof saying === 'string' ? { message: saying } : saying;
  const words = wordsOf(said);
  return (words ? wordMessage(t, locale, words, place) : undefined) ?? said.message;
}

/** An error kept in a slot (an ErrorPayload, or the server's body in its `data`), as a saying. */
function errorSaying(error: unknown): Saying | undefined {
  if (!error) return undefined;
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; words?: Words; data?: { message?: unknown; words?: Words } | null };
  const body = e.data && typeof e.data === 'object' ? e.data : undefined;
  const message = typeof body?.message === 'string' && body.message ? body.message : typeof e.message === 'string' && e.message ? e.message : undefined;
  const words = body?.words ?? e.words;
  return message === undefined && words === undefined ? undefined : { message, words };
}

/**
 * A failure in the person's language: the server's message (worded when its key is known), else the caller's
 * default, a module's failure message of the spec (document 2 §8), worded from the catalogue's messages.
 */
export function failureText(t: Translate, locale: Locale, error: unknown, fallback: string, place?: MessagePlace): string {
  const said = sayingText(t, locale, errorSaying(error) ?? null, place);
  if (said !== undefined) return said;
  const key = `catalogue.message.${wordKey(fallback)}`;
  const worded = t(key as TKey);
  return worded === key ? fallback : worded;
}

/** `say(saying, place?)`: a saying in the person's language (sayingText), bound to the screen's locale. */
export function useSay(): (saying: Saying | string | null | undefined, place?: MessagePlace) => string | undefined {
  const t = useT();
  const locale = useLocale();
  const timeZone = useSession(selectTimezone);
  return useCallback((saying, place) => sayingText(t, locale, saying, { timeZone, ...place }), [t, locale, timeZone]);
}

/** `failure(error, fallback, place?)`: a failure in the person's language (failureText), bound to the screen's locale. */
export function useFailureText(): (error: unknown, fallback: string, place?: MessagePlace) => string {
  const t = useT();
  const locale = useLocale();
  const timeZone = useSession(selectTimezone);
  return useCallback((error, fallback, place) => failureText(t, locale, error, fallback, { timeZone, ...place }), [t, locale, timeZone]);
}
