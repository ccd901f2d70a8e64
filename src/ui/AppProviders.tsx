/**
 * Everything around the routes: Mantine (theme, colour scheme and direction from the preferences
 * actor), notifications bound to the notifier port, dates and translations in the chosen locale, and the
 * top-level error boundary. The session provider sits above, so these read its actors.
 */
import { Anchor, DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { bindNotifier } from '../api/notify';
import { DEFAULT_LOCALE, LocaleProvider, translator, useDictionaryStatus, type Locale } from '../i18n';
import { wordMessage } from '../i18n/messageWords';
import { selectTimezone, usePreferences, useSession } from '../machines/SessionProvider';
import { ErrorBoundary } from './kit/ErrorBoundary';
import { rateLimitWords } from './kit/rateLimitWords';
import { productTheme } from './theme';

const DAYJS_LOCALE = { en: 'en', zh: 'zh-cn', fr: 'fr', ja: 'ja' } as const;

/** Mantine's direction and the document's `dir`/`lang` follow the preferences (a DOM sync, not state). */
function DocumentSettings({ direction, locale }: { direction: 'ltr' | 'rtl'; locale: string }) {
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(direction);
    document.documentElement.setAttribute('dir', direction);
  }, [direction, setDirection]);
  useEffect(() => {
    document.documentElement.setAttribute('lang', locale);
  }, [locale]);
  return null;
}

// @mantine/notifications (its container, transitions and scroll handling) loads with the first notice, not
// with every page: most visits to the sign-in and public pages never show one. A notice shown before the
// container mounts waits in the notifications store and appears when it does.
const loadNotifications = () => import('@mantine/notifications');
const Notifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

/** Binds the notifier port to Mantine notifications for as long as the app is mounted. */
function NotifierBinding({ locale }: { locale: Locale }) {
  const [noticeShown, setNoticeShown] = useState(false);
  // The binding lives as long as the app; the words of a notice follow the language chosen at the time it shows.
  const words = useRef(translator(locale));
  const shownLocale = useRef(locale);
  // An instant a notice names (who changed a record, and when) reads on the subscriber's clock.
  const timeZone = useSession(selectTimezone);
  const zone = useRef(timeZone);
  useEffect(() => {
    words.current = translator(locale);
    shownLocale.current = locale;
    zone.current = timeZone;
  }, [locale, timeZone]);
  useEffect(
    () =>
      bindNotifier({
        show: (notice) => {
          void loadNotifications().then(({ notifications }) => {
            // A call refused by a limit: what and how long to wait, in the person's language.
            // A message the dictionary does not hold (the server's own words) shows as sent.
            const worded = notice.words ? wordMessage(words.current, shownLocale.current, notice.words, { timeZone: zone.current }) : undefined;
            const text = notice.limit ? rateLimitWords(words.current, notice.limit) : (worded ?? notice.message);
            const titled = notice.titleWords ? wordMessage(words.current, shownLocale.current, notice.titleWords) : undefined;
            const title = notice.limit ? words.current('limits.title') : (titled ?? notice.title);
            const message = notice.href ? (
              <>
                {text}{' '}
                <Anchor
                  href={notice.href}
                  size="sm"
                  onClick={(e) => {
                    // In-app: the router follows the history, no reload.
                    e.preventDefault();
                    navigate(notice.href as string);
                  }}
                >
                  {(notice.hrefWords ? wordMessage(words.current, shownLocale.current, notice.hrefWords) : undefined) ?? notice.hrefLabel ?? notice.href}
                </Anchor>
              </>
            ) : (
              text
            );
            // A notice that leads somewhere stays until it is read or closed.
            notifications.show({ title, message, color: notice.color, position: 'top-right', autoClose: notice.href ? false : notice.color === 'red' ? 8000 : 4000 });
          });
          setNoticeShown(true);
        },
      }),
    [],
  );
  if (!noticeShown) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={4000} />
    </Suspense>
  );
}

export function AppProviders({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  const prefs = usePreferences();
  // The close buttons' words are the theme's: made again when the chosen language's dictionary has loaded.
  const loaded = useDictionaryStatus(prefs.locale) === 'loaded';
  const wordsIn: Locale = loaded ? prefs.locale : DEFAULT_LOCALE;
  const theme = useMemo(() => productTheme(translator(wordsIn)), [wordsIn]);
  return (
    <DirectionProvider initialDirection={prefs.direction} detectDirection={false}>
      <MantineProvider theme={theme} forceColorScheme={prefs.colorScheme} env={env}>
        <DocumentSettings direction={prefs.direction} locale={prefs.locale} />
        <NotifierBinding locale={prefs.locale} />
        <DatesProvider settings={{ locale: DAYJS_LOCALE[prefs.locale], firstDayOfWeek: 1 }}>
          <LocaleProvider locale={prefs.locale}>
            <ErrorBoundary>{children}</ErrorBoundary>
          </LocaleProvider>
        </DatesProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
