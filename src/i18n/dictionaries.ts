/** The four locales of spec document 1 §2 (default en) and their rosetta dictionaries. */
import rosetta from 'rosetta';
import { en, type Dictionary } from './en';
import { fr } from './fr';
import { ja } from './ja';
import { zh } from './zh';

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

const i18n = rosetta<Dictionary>({ en, zh, fr, ja });
i18n.locale(DEFAULT_LOCALE);

/** A translate function bound to one locale; falls back to English for a missing text. */
export function translator(locale: Locale): Translate {
  return (key, params) => i18n.t(key, params, locale) || i18n.t(key, params, 'en') || key;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
