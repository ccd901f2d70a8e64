/**
 * The locale reaches components through a context that the app root fills from the preferences actor
 * (so screens and tests need no actor to translate), and `useT()` returns the bound translate function.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, dictionaryStatus, loadDictionary, subscribeDictionaries, translator, type Locale, type Translate } from './dictionaries';

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * Provides the chosen locale once its dictionary is there (see dictionaries.ts). While a new language
 * loads, the page stays in the one it shows; on the first render nothing shows until then, so a person who
 * chose French never sees the page in English first. A dictionary that fails to load leaves English.
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const state = useDictionaryStatus(locale);
  // Keyed on the locale only: a failed load is tried again when the person picks a language, not in a loop.
  useEffect(() => {
    void loadDictionary(locale);
  }, [locale]);
  const shown = useRef<Locale | null>(null);
  if (state === 'loaded') shown.current = locale;
  else if (state === 'failed') shown.current ??= DEFAULT_LOCALE;
  if (shown.current === null) return null;
  return <LocaleContext.Provider value={shown.current}>{children}</LocaleContext.Provider>;
}

/**
 * Where a language's dictionary is (loading, loaded, failed), kept current. The same answer on the server: the first
 * pages are rendered at build time (src/prerender/firstPages.tsx) and hydrated with it.
 */
export function useDictionaryStatus(locale: Locale): ReturnType<typeof dictionaryStatus> {
  const status = () => dictionaryStatus(locale);
  return useSyncExternalStore(subscribeDictionaries, status, status);
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  const locale = useContext(LocaleContext);
  return useMemo(() => translator(locale), [locale]);
}
