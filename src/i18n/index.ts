export { LOCALES, DEFAULT_LOCALE, translator, isLocale, type Locale, type TKey, type Translate } from './dictionaries';
export { LocaleProvider, useLocale, useT } from './useT';
export type { Dictionary } from './en';
