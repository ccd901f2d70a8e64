export { LOCALES, DEFAULT_LOCALE, addEnglish, translator, isLocale, loadDictionary, type Locale, type TKey, type Translate } from './dictionaries';
export { LocaleProvider, useDictionaryStatus, useLocale, useT } from './useT';
export type { Dictionary } from './en';
