/**
 * The main layout (spec document 1 §2): header, side navigation (left or right by direction, collapsible,
 * 190 / 70px, hidden below lg where the bottom menu is used), optional top navigation, breadcrumb, a
 * title per route, the content, and the footer. Navigation shows only when the site configuration says so.
 */
// Mantine's styles for the shell and home beyond the first pages' (the entry has those, ui/styles/mantineFirstPages.css);
// the other screens, and what a click opens, bring the whole stylesheet with them (ui/styles/wholeMantine.ts, issue 18).
import '../styles/mantineHome.css';
import { AppShell, Box, em, Group, px, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../i18n';
import { selectUser, usePreferences, useSession } from '../../machines/SessionProvider';
import { MACHINE_PAGE, routeTitle, TICKET_PAGE } from './titles';
import { ErrorBoundary } from '../kit/ErrorBoundary';
import { BottomNav } from './BottomNav';
import { Breadcrumb } from './Breadcrumb';
import { Footer } from './Footer';
import { Header } from './Header';
import { routeSegment } from './menuModel';
import { useNavEntries, useShowsNavigation } from './useNavigation';
import { useNavParts } from './useNavParts';
import { PhoneLayoutOnServer } from './phoneLayoutOnServer';
import { afterWholeMantine } from '../styles/wholeMantine';

// What the layout draws apart from the shell's chunk starts loading with it (routes/screens.ts): the first render
// waits for it on a wide screen only (./useNavParts.ts).
export { prepareNavParts as prepareLayout } from './useNavParts';

// The theme settings (a drawer with switches and a segmented control) load when first opened, not with every page.
const ThemeDrawer = lazy(afterWholeMantine(() => import('./ThemeDrawer').then((m) => ({ default: m.ThemeDrawer }))));

/** The side navigation's width, open and collapsed (./SideNav.tsx). */
const SIDE_NAV_WIDTH = 190;
const SIDE_NAV_COLLAPSED_WIDTH = 70;

const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 36;
const BOTTOM_NAV_HEIGHT = 58;

/** Below the lg breakpoint: the query the server's phone render stands for (contract/prerenderedPages.ts, PHONE_LAYOUT_QUERY). */
export function belowLgQuery(lg: string): string {
  return `(max-width: ${em(Number(px(lg)) - 0.1)})`;
}

export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const user = useSession(selectUser);
  const prefs = usePreferences();
  const showNavigation = useShowsNavigation();
  const entries = useNavEntries();
  // The side navigation's code loads apart from the shell's; on a wide screen it is in before the first render.
  const nav = useNavParts();
  const [themeOpen, setThemeOpen] = useState(false);
  const t = useT();
  // Below lg the side navigation is off the screen (the bottom bar and its Menu sheet stand for it there), so it is
  // not rendered: on a phone, an administrator's seventy entries cost home's first render for nothing (issue 18).
  // Read at once, not in an effect, so that a wide screen's first render has it. The server, with no screen to ask,
  // draws a signed-in page for a phone (./phoneLayoutOnServer.ts).
  const theme = useMantineTheme();
  const phoneOnServer = useContext(PhoneLayoutOnServer);
  const belowLg = useMediaQuery(belowLgQuery(theme.breakpoints.lg), false, { getInitialValueInEffect: false }) || phoneOnServer;
  const title = TICKET_PAGE.test(location) ? t('routes.ticketPage') : MACHINE_PAGE.test(location) ? t('routes.machinePage') : routeTitle(routeSegment(location) || 'home', t);
  const side = showNavigation && prefs.navigation === 'SIDE';
  const dark = prefs.sideNav === 'SIDE_NAV_DARK';

  // The browser tab follows the page title: a DOM write, not React state.
  useEffect(() => {
    document.title = `${title} · FieldOps`;
  }, [title]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: prefs.collapsed ? SIDE_NAV_COLLAPSED_WIDTH : SIDE_NAV_WIDTH,
        breakpoint: 'lg',
        collapsed: { mobile: true, desktop: !side },
      }}
      footer={{ height: { base: showNavigation ? FOOTER_HEIGHT + BOTTOM_NAV_HEIGHT : FOOTER_HEIGHT, lg: FOOTER_HEIGHT } }}
      padding="md"
    >
      <AppShell.Header withBorder={false} style={{ boxShadow: 'var(--mantine-shadow-xs)' }}>
        <Header
          subscriberId={user?.subscriberId ?? ''}
          showNavigation={showNavigation}
          entries={entries}
          onOpenTheme={() => setThemeOpen(true)}
          TopNav={belowLg ? undefined : nav?.TopNav}
        />
      </AppShell.Header>
      {side && !belowLg && (
        <AppShell.Navbar
          data-side-nav={prefs.sideNav}
          style={dark ? { backgroundColor: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-gray-3)' } : undefined}
        >
          {nav && <nav.SideNav entries={entries} collapsed={prefs.collapsed} />}
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Box maw={1600} mx="auto">
          <Group justify="space-between" mb={4}>
            <Breadcrumb />
          </Group>
          <Title order={2} mb="md">
            {title}
          </Title>
          <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
        </Box>
      </AppShell.Main>
      <AppShell.Footer>
        <Box h={FOOTER_HEIGHT}>
          <Footer />
        </Box>
        {/* The phone's bar last, flush with the bottom edge where a thumb finds it (the copyright line above it). */}
        {showNavigation && (
          <Box hiddenFrom="lg" h={BOTTOM_NAV_HEIGHT}>
            <BottomNav entries={entries} navColor={prefs.navColor} />
          </Box>
        )}
      </AppShell.Footer>
      {themeOpen && (
        <Suspense fallback={null}>
          <ThemeDrawer opened onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
    </AppShell>
  );
}
