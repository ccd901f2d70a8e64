/**
 * Theme and language (document 1 §1-§2, §9): side or top navigation, light or dark side navigation,
 * collapse, dark theme, direction, navigation colour from a default list of five; locale en, zh, fr or ja.
 * Device settings, so they live for the whole app (signed in or not) and persist in clear in localStorage.
 */
import { assign, setup } from 'xstate';
import { readPreferencesText, writePreferencesText } from '../../api/storage';

export const NAVIGATION_LAYOUTS = ['SIDE', 'TOP'] as const;
export const SIDE_NAV_STYLES = ['SIDE_NAV_LIGHT', 'SIDE_NAV_DARK'] as const;
export const COLOR_SCHEMES = ['light', 'dark'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export const LOCALES = ['en', 'zh', 'fr', 'ja'] as const;
/** The default list of five navigation colours; the first is the default. */
export const NAV_COLORS = ['#17bcff', '#0ca678', '#7048e8', '#f76707', '#e64980'] as const;

export type NavigationLayout = (typeof NAVIGATION_LAYOUTS)[number];
export type SideNavStyle = (typeof SIDE_NAV_STYLES)[number];
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type Locale = (typeof LOCALES)[number];

export interface Preferences {
  navigation: NavigationLayout;
  sideNav: SideNavStyle;
  collapsed: boolean;
  colorScheme: ColorScheme;
  direction: Direction;
  navColor: string;
  locale: Locale;
}

export const DEFAULT_PREFERENCES: Preferences = {
  navigation: 'SIDE',
  sideNav: 'SIDE_NAV_LIGHT',
  collapsed: false,
  colorScheme: 'light',
  direction: 'ltr',
  navColor: NAV_COLORS[0],
  locale: 'en',
};

/** The stored value when it is one of the allowed ones, else the default. */
function oneOf<T extends string | boolean>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * The language of a visit with no language chosen (issue 34): the browser's, when it is one of the four, else en (the
 * spec's default, document 1 §2). `languages` is the browser's list in its order of preference (navigator.languages,
 * e.g. ['ja-JP', 'ja', 'en-US']); the first whose language (the part before the region: zh-TW and zh-CN are both zh,
 * the one Chinese the dictionaries hold) is offered wins, so a customer on a Japanese phone opening a proposal link
 * reads it in Japanese from the first page, and one who lists German, then English, then French reads English.
 * A language chosen with the picker is stored and always wins over this. Browsers and test runners reporting
 * en-US (jsdom, the end-to-end Chromium) get en, as before.
 */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if ((LOCALES as readonly string[]).includes(language ?? '')) return language as Locale;
  }
  return DEFAULT_PREFERENCES.locale;
}

/** The browser's languages in its order of preference; none outside a browser. */
function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * Each field falls back to its default on its own, so one bad value never resets the others; the locale, when none is
 * stored, to `firstLocale` (the browser's: readPreferences). Checked by hand rather than with zod: this runs on every
 * page, the sign-in and public pages included, which do not load zod.
 */
export function parsePreferences(text: string | null, firstLocale: Locale = DEFAULT_PREFERENCES.locale): Preferences {
  const defaults: Preferences = { ...DEFAULT_PREFERENCES, locale: firstLocale };
  let stored: unknown;
  try {
    stored = text ? JSON.parse(text) : null;
  } catch {
    return defaults;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return defaults;
  const value = stored as Partial<Record<keyof Preferences, unknown>>;
  return {
    navigation: oneOf(NAVIGATION_LAYOUTS, value.navigation, DEFAULT_PREFERENCES.navigation),
    sideNav: oneOf(SIDE_NAV_STYLES, value.sideNav, DEFAULT_PREFERENCES.sideNav),
    collapsed: oneOf([true, false], value.collapsed, DEFAULT_PREFERENCES.collapsed),
    colorScheme: oneOf(COLOR_SCHEMES, value.colorScheme, DEFAULT_PREFERENCES.colorScheme),
    direction: oneOf(DIRECTIONS, value.direction, DEFAULT_PREFERENCES.direction),
    navColor: oneOf<string>(NAV_COLORS, value.navColor, NAV_COLORS[0]),
    locale: oneOf(LOCALES, value.locale, firstLocale),
  };
}

/** The stored preferences; with no language stored, the browser's language (browserLocale). */
export function readPreferences(): Preferences {
  return parsePreferences(readPreferencesText(), browserLocale(navigatorLanguages()));
}

export type PreferencesEvent =
  | { type: 'preferences.setNavigation'; navigation: NavigationLayout }
  | { type: 'preferences.setSideNav'; sideNav: SideNavStyle }
  | { type: 'preferences.toggleCollapsed' }
  | { type: 'preferences.setColorScheme'; colorScheme: ColorScheme }
  | { type: 'preferences.setDirection'; direction: Direction }
  | { type: 'preferences.setNavColor'; navColor: string }
  | { type: 'preferences.setLocale'; locale: Locale }
  | { type: 'preferences.reset' };

export const preferencesMachine = setup({
  types: {
    context: {} as Preferences,
    events: {} as PreferencesEvent,
    input: {} as { initial?: Preferences } | undefined,
  },
  guards: {
    isListedNavColor: ({ event }) =>
      event.type === 'preferences.setNavColor' && (NAV_COLORS as readonly string[]).includes(event.navColor),
  },
  actions: {
    setNavigation: assign(({ event }) => (event.type === 'preferences.setNavigation' ? { navigation: event.navigation } : {})),
    setSideNav: assign(({ event }) => (event.type === 'preferences.setSideNav' ? { sideNav: event.sideNav } : {})),
    toggleCollapsed: assign(({ context }) => ({ collapsed: !context.collapsed })),
    setColorScheme: assign(({ event }) =>
      event.type === 'preferences.setColorScheme' ? { colorScheme: event.colorScheme } : {},
    ),
    setDirection: assign(({ event }) => (event.type === 'preferences.setDirection' ? { direction: event.direction } : {})),
    setNavColor: assign(({ event }) => (event.type === 'preferences.setNavColor' ? { navColor: event.navColor } : {})),
    setLocale: assign(({ event }) => (event.type === 'preferences.setLocale' ? { locale: event.locale } : {})),
    restoreDefaults: assign(() => ({ ...DEFAULT_PREFERENCES })),
    persist: ({ context }) => writePreferencesText(JSON.stringify(context)),
  },
}).createMachine({
  id: 'preferences',
  context: ({ input }) => input?.initial ?? readPreferences(),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'preferences.setNavigation': { actions: ['setNavigation', 'persist'] },
        'preferences.setSideNav': { actions: ['setSideNav', 'persist'] },
        'preferences.toggleCollapsed': { actions: ['toggleCollapsed', 'persist'] },
        'preferences.setColorScheme': { actions: ['setColorScheme', 'persist'] },
        'preferences.setDirection': { actions: ['setDirection', 'persist'] },
        'preferences.setNavColor': { guard: 'isListedNavColor', actions: ['setNavColor', 'persist'] },
        'preferences.setLocale': { actions: ['setLocale', 'persist'] },
        'preferences.reset': { actions: ['restoreDefaults', 'persist'] },
      },
    },
  },
});
