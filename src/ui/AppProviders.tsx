/**
 * Everything around the routes: Mantine (theme, colour scheme and direction from the preferences
 * actor), notifications bound to the notifier port, dates and translations in the chosen locale, and the
 * top-level error boundary. The session provider sits above, so these read its actors.
 */
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications, notifications } from '@mantine/notifications';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { bindNotifier } from '../api/notify';
import { LocaleProvider } from '../i18n';
import { usePreferences } from '../machines/SessionProvider';
import { ErrorBoundary } from './kit/ErrorBoundary';
import { theme } from './theme';

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

/** Binds the notifier port to Mantine notifications for as long as the app is mounted. */
function NotifierBinding() {
  useEffect(
    () =>
      bindNotifier({
        show: (notice) => {
          notifications.show({ title: notice.title, message: notice.message, color: notice.color, autoClose: notice.color === 'red' ? 8000 : 4000 });
        },
      }),
    [],
  );
  return null;
}

export function AppProviders({ children, env = 'default' }: { children: ReactNode; env?: 'default' | 'test' }) {
  const prefs = usePreferences();
  return (
    <DirectionProvider initialDirection={prefs.direction} detectDirection={false}>
      <MantineProvider theme={theme} forceColorScheme={prefs.colorScheme} env={env}>
        <DocumentSettings direction={prefs.direction} locale={prefs.locale} />
        <NotifierBinding />
        <Notifications position="top-right" zIndex={4000} />
        <DatesProvider settings={{ locale: DAYJS_LOCALE[prefs.locale], firstDayOfWeek: 1 }}>
          <LocaleProvider locale={prefs.locale}>
            <ErrorBoundary>{children}</ErrorBoundary>
          </LocaleProvider>
        </DatesProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
