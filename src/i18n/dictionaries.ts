/**
 * The four locales of spec document 1 §2 (default en) and their rosetta dictionaries.
 *
 * English is built in: it is the default, the fallback for a missing text and the source of the route
 * titles' keys. zh, fr and ja are each loaded (with their dayjs locale) when a person picks the language,
 * or comes back with it chosen, so a page carries only the dictionary it shows.
 */
import rosetta from 'rosetta';
import { en, type Dictionary } from './en';

export type Locale = 'en' | 'zh' | 'fr' | 'ja';
export const LOCALES: readonly Locale[] = ['en', 'zh', 'fr', 'ja'];
export const DEFAULT_LOCALE: Locale = 'en';

/** Dotted paths to every text of the dictionary ('shell.logout', 'list.total', …). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TKey = Leaves<Dictionary>;
export type TParams = Record<string, string | number>;
export type Translate = (key: TKey, params?: TParams) => string;

// Each language brings dayjs's names of its months and days along (the date pickers' locale).
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Dictionary>> = {
  zh: () => Promise.all([import('./zh'), import('dayjs/locale/zh-cn')]).then(([m]) => m.zh),
  fr: () => Promise.all([import('./fr'), import('dayjs/locale/fr')]).then(([m]) => m.fr),
  ja: () => Promise.all([import('./ja'), import('dayjs/locale/ja')]).then(([m]) => m.ja),
};

export type DictionaryStatus = 'loaded' | 'loading' | 'failed';

// English without the words later screens add (addEnglish): they are not on the first pages.
const i18n = rosetta<Dictionary>({ en: en as Dictionary });
i18n.locale(DEFAULT_LOCALE);

const status = new Map<Locale, DictionaryStatus>([['en', 'loaded']]);
const listeners = new Set<() => void>();

function setStatus(locale: Locale, next: DictionaryStatus): void {
  status.set(locale, next);
  for (const listener of listeners) listener();
}

/** Whether a locale's texts are there ('loaded'), on their way, or failed to arrive (English shows then). */
export function dictionaryStatus(locale: Locale): DictionaryStatus | undefined {
  return status.get(locale);
}

/** Called whenever a dictionary starts loading, arrives or fails (for useSyncExternalStore). */
export function subscribeDictionaries(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A lazily loaded screen's English words, merged into the built-in dictionary when its module loads. */
export function addEnglish(part: Partial<Dictionary>): void {
  // rosetta merges a table into the language's (its typing asks for a whole dictionary).
  i18n.set('en', part as Dictionary);
}

/** Loads a locale's dictionary once; a failed load is tried again on the next call. Never rejects. */
export async function loadDictionary(locale: Locale): Promise<void> {
  const current = status.get(locale);
  if (locale === 'en' || current === 'loaded' || current === 'loading') return;
  setStatus(locale, 'loading');
  try {
    i18n.set(locale, await LOADERS[locale]());
    setStatus(locale, 'loaded');
  } catch {
    // Offline, or a deploy replaced the chunk: the page stays in the language it shows.
    setStatus(locale, 'failed');
  }
}

/** A translate function bound to one locale; falls back to English for a missing (or not yet loaded) text. */
export function translator(locale: Locale): Translate {
  return (key, params) => i18n.t(key, params, locale) || i18n.t(key, params, 'en') || key;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
