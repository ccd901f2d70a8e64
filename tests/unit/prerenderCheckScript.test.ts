/**
 * Issue 30: the inline script that keeps the prerendered sign-in page only for the visitors it fits
 * (src/contract/prerenderedPages.ts) must agree with the client's own reading of the preferences (parsePreferences,
 * browserLocale) and of the kept sign-in. It runs here as the browser runs it, against every combination of stored
 * preferences, browser languages and kept sign-in below. It may be more careful than the client (preferences that do
 * not parse: it hides the page, and the client renders afresh), never less: a page it keeps is one the client hydrates.
 */
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PREFERENCES_KEY, STORAGE_KEYS } from '../../src/api/storage';
import { COLOR_SCHEME_ATTRIBUTE, EARLY_SUBMIT_GLOBAL, PHONE_LAYOUT_QUERY, PRERENDER_CHECK_SCRIPT, PRERENDER_UNFIT_ATTRIBUTE, prerenderedPageFits, SIGNED_IN_PAGE_ATTRIBUTE, takeEarlySubmit } from '../../src/contract/prerenderedPages';
import { browserLocale, LOCALES, parsePreferences } from '../../src/machines/flows/preferences';

const STORED: ReadonlyArray<string | null> = [
  null,
  '{}',
  ...LOCALES.map((locale) => JSON.stringify({ locale })),
  '{"locale":"de"}',
  '{"locale":42}',
  '{"colorScheme":"dark"}',
  '{"colorScheme":"light","direction":"ltr"}',
  '{"colorScheme":"sepia"}',
  '{"direction":"rtl"}',
  '{"direction":"rtl","locale":"en"}',
  '{"locale":"ja","colorScheme":"dark","direction":"rtl"}',
  '{"navigation":"top","navColor":"teal","collapsed":true}',
  '[]',
  '"en"',
  'null',
];
const UNPARSED = ['not json', '{"locale":'];
const LANGUAGES: ReadonlyArray<readonly string[]> = [[], ['en-US'], ['en-GB', 'fr'], ['ja-JP', 'ja', 'en-US'], ['de-DE', 'fr-FR'], ['de-DE'], ['ZH_tw'], [' FR ']];

/** What the page is and who looks at it, besides the preferences. */
interface Seen {
  /** The page is a signed-in person's (the server's render of home). */
  signedInPage?: boolean;
  /** The screen matches PHONE_LAYOUT_QUERY. */
  phone?: boolean;
  storageThrows?: boolean;
}

/** Runs the script as a page would, and says whether it left the page shown. */
function scriptKeeps(...args: Parameters<typeof checkMarks>): boolean {
  return !checkMarks(...args).has(PRERENDER_UNFIT_ATTRIBUTE);
}

/** Runs the script as a page would; the attributes it set on `<html>`, with their values. */
function checkMarks(stored: string | null, languages: readonly string[], signInKept: boolean, { signedInPage = false, phone = true, storageThrows = false }: Seen = {}): Map<string, string> {
  const items = new Map<string, string>();
  if (stored !== null) items.set(PREFERENCES_KEY, stored);
  if (signInKept) items.set(STORAGE_KEYS.loggedIn, 'U2FsdGVkX1+kept');
  const marks = new Map<string, string>();
  const localStorage = { getItem: (key: string) => items.get(key) ?? null };
  const window = storageThrows
    ? Object.defineProperty({}, 'localStorage', {
        get() {
          throw new Error('storage is blocked');
        },
      })
    : { localStorage, matchMedia: (query: string) => ({ matches: query === PHONE_LAYOUT_QUERY && phone }) };
  vm.runInNewContext(PRERENDER_CHECK_SCRIPT, {
    window,
    navigator: { languages: [...languages], language: languages[0] },
    document: { documentElement: { setAttribute: (name: string, value: string) => void marks.set(name, value), hasAttribute: (name: string) => name === SIGNED_IN_PAGE_ATTRIBUTE && signedInPage }, addEventListener: () => undefined },
  });
  return marks;
}

const clientFits = (stored: string | null, languages: readonly string[], signInKept: boolean, { signedInPage = false, phone = true }: Seen = {}) =>
  prerenderedPageFits(parsePreferences(stored, browserLocale(languages)), { signInKept, phone }, signedInPage);

const cases = STORED.flatMap((stored) => LANGUAGES.flatMap((languages) => [false, true].map((kept) => ({ stored, languages, kept }))));
const signedInCases = cases.flatMap((c) => [false, true].map((phone) => ({ ...c, phone })));

describe('the prerendered page check (issue 30)', () => {
  it.each(cases)('agrees with the client for stored $stored, browser $languages, sign-in kept $kept', ({ stored, languages, kept }) => {
    expect(scriptKeeps(stored, languages, kept)).toBe(clientFits(stored, languages, kept));
  });

  it.each(signedInCases)("agrees with the client on a signed-in page for stored $stored, browser $languages, sign-in kept $kept, phone $phone", ({ stored, languages, kept, phone }) => {
    expect(scriptKeeps(stored, languages, kept, { signedInPage: true, phone })).toBe(clientFits(stored, languages, kept, { signedInPage: true, phone }));
  });

  it("keeps a signed-in page only for a sign-in kept on a phone's screen, and never watches its forms", () => {
    expect(scriptKeeps(null, ['en-IN'], true, { signedInPage: true })).toBe(true);
    expect(scriptKeeps(null, ['en-IN'], false, { signedInPage: true })).toBe(false);
    expect(scriptKeeps(null, ['en-IN'], true, { signedInPage: true, phone: false })).toBe(false);
    const listeners: unknown[] = [];
    vm.runInNewContext(PRERENDER_CHECK_SCRIPT, {
      window: { localStorage: { getItem: (key: string) => (key === STORAGE_KEYS.loggedIn ? 'U2FsdGVkX1+kept' : null) }, matchMedia: () => ({ matches: true }) },
      navigator: { languages: ['en-US'] },
      document: { documentElement: { setAttribute: () => undefined, hasAttribute: () => true }, addEventListener: (type: string) => listeners.push(type) },
    });
    expect(listeners).toEqual([]);
  });

  it('sets the light scheme the page was drawn in for a visitor it keeps the page for, and nothing else for one it hides it from', () => {
    expect(checkMarks(null, ['en-IN'], false)).toEqual(new Map([[COLOR_SCHEME_ATTRIBUTE, 'light']]));
    expect(checkMarks(null, ['en-IN'], true, { signedInPage: true })).toEqual(new Map([[COLOR_SCHEME_ATTRIBUTE, 'light']]));
    expect(checkMarks('{"colorScheme":"dark"}', ['en-IN'], false)).toEqual(new Map([[PRERENDER_UNFIT_ATTRIBUTE, '']]));
  });

  it('keeps the page for a first visit from an English browser, and for no other language', () => {
    expect(scriptKeeps(null, ['en-IN'], false)).toBe(true);
    for (const locale of LOCALES.filter((l) => l !== 'en')) expect(scriptKeeps(null, [locale], false), locale).toBe(false);
  });

  it('hides the page where it cannot read the preferences, which the client would render afresh', () => {
    for (const stored of UNPARSED) for (const languages of LANGUAGES) expect(scriptKeeps(stored, languages, false)).toBe(false);
    expect(scriptKeeps(null, ['en-US'], false, { storageThrows: true })).toBe(false);
  });

  it('holds back a submission before the form is taken over, notes it once, and lets later ones through', () => {
    const listeners: Array<(event: { preventDefault(): void }) => void> = [];
    const window: Record<string, unknown> = { localStorage: { getItem: () => null } };
    vm.runInNewContext(PRERENDER_CHECK_SCRIPT, {
      window,
      navigator: { languages: ['en-US'] },
      document: { documentElement: { setAttribute: () => undefined, hasAttribute: () => false }, addEventListener: (type: string, listener: (typeof listeners)[number], capture: boolean) => type === 'submit' && capture && listeners.push(listener) },
    });
    expect(listeners).toHaveLength(1);
    const submit = () => {
      let prevented = false;
      listeners[0]?.({ preventDefault: () => void (prevented = true) });
      return prevented;
    };
    expect(submit()).toBe(true);
    expect(window[EARLY_SUBMIT_GLOBAL]).toBe(true);
    // The form, hydrated, takes the note (here on this test's global, as the page's window).
    (globalThis as Record<string, unknown>)[EARLY_SUBMIT_GLOBAL] = window[EARLY_SUBMIT_GLOBAL];
    expect(takeEarlySubmit()).toBe(true);
    expect(takeEarlySubmit()).toBe(false);
    window[EARLY_SUBMIT_GLOBAL] = (globalThis as Record<string, unknown>)[EARLY_SUBMIT_GLOBAL];
    expect(submit()).toBe(false);
    delete (globalThis as Record<string, unknown>)[EARLY_SUBMIT_GLOBAL];
  });
});
