/**
 * The locale reaches components through a context that the app root fills from the preferences actor
 * (so screens and tests need no actor to translate), and `useT()` returns the bound translate function.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LOCALE, translator, type Locale, type Translate } from './dictionaries';

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

export function useT(): Translate {
  const locale = useContext(LocaleContext);
  return useMemo(() => translator(locale), [locale]);
}
