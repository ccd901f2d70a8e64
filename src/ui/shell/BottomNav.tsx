/**
 * The phone's bottom bar (issue 12 item 9). Below the lg breakpoint the side navigation is hidden and "a bottom
 * menu is used" (spec document 1 §2); the spec leaves its content open, and the design is built here:
 *
 * - **My work**: the person's own work, the first of their menu's own-call views (My Open Calls, then My Urgent
 *   Calls: MY_WORK_ROUTES), else Home. An engineer's calls are one tap away; an administrator lands on Home.
 * - **Scan**: machine scanning, when the menu holds it; otherwise left out (the bar then has three entries).
 * - **New**: a bottom sheet of what the person can create from their menu's routes: a route whose list (the
 *   module the route shows first, as RouteModulesScreen shows it) offers New by the same rule the list uses
 *   (useModulePermissions: the module's or the route's CREATE; a platform row for the operator only; ticket call
 *   views by TicketCallListScreen's rule). A choice opens the list with `?new` (NEW_RECORD_PARAM), which the list
 *   turns into its New form. Field work first (spare-part requests, then tickets), and the list on screen before
 *   all when the person can create there; one choice per thing made (My Open and My Urgent Calls both make a
 *   ticket). Nothing to create: no New.
 * - **Menu**: a drawer from the start side (left, or right in RTL: Mantine mirrors it) with the whole navigation, drawn by SideNav
 *   itself so its entries and groups are the side menu's; it closes when a link in it is followed (or the address
 *   changes otherwise, e.g. Back).
 *
 * Each entry is a 44 px touch target at least; the current page's entry carries aria-current.
 */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconBriefcase, IconCirclePlus, IconMenu2, IconScan, type Icon as TablerIcon } from '@tabler/icons-react';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useT } from '../../i18n';
import { selectPermissions, selectUser, usePreferences, useSession } from '../../machines/SessionProvider';
import { isActive, leaves, routeSegment, type NavEntry } from './menuModel';
import { mayCreateFromMenu } from './newRoutes';
import { afterWholeMantine } from '../styles/wholeMantine';

// The New sheet reads the module catalogue (zod and every module's schema) to know what each list makes: it loads
// when the sheet is first opened, not with every signed-in page (issue 18: home within 250 KB).
const NewSheet = lazy(afterWholeMantine(() => import('./NewSheet')));
// The Menu drawer, likewise loaded when first opened: a phone's tap away, and not part of every page's download.
const MenuSheet = lazy(afterWholeMantine(() => import('./MenuSheet')));

export const HOME_HREF = '/app/home';
/** The own-call views "My work" opens, the first the menu holds. */
export const MY_WORK_ROUTES: readonly string[] = ['my-open-tickets', 'my-urgent-tickets'];
export const SCAN_ROUTE = 'machine-scanning';

const onRoute = (entry: NavEntry, segment: string) => Boolean(entry.href && routeSegment(entry.href) === segment);

/** Where "My work" goes: the menu's first own-call view, else Home. */
export function myWorkEntry(all: readonly NavEntry[]): NavEntry | undefined {
  for (const segment of MY_WORK_ROUTES) {
    const found = all.find((entry) => onRoute(entry, segment));
    if (found) return found;
  }
  return undefined;
}

export function scanEntry(all: readonly NavEntry[]): NavEntry | undefined {
  return all.find((entry) => onRoute(entry, SCAN_ROUTE));
}

const TOUCH = 44;

function barItem(active: boolean, navColor: string) {
  return {
    flex: 1,
    minWidth: TOUCH,
    minHeight: TOUCH,
    display: 'flex',
    flexDirection: 'column' as const,
    alignItems: 'center',
    justifyContent: 'center',
    gap: 2,
    padding: '4px 2px',
    color: active ? navColor : 'var(--mantine-color-dimmed)',
  };
}

function BarLabel({ children }: { children: string }) {
  return (
    <Text size="11px" lh={1.2} truncate maw="100%">
      {children}
    </Text>
  );
}

function BarLink({ href, Icon, label, active, navColor }: { href: string; Icon: TablerIcon; label: string; active: boolean; navColor: string }) {
  return (
    <UnstyledButton component={Link} href={href} style={barItem(active, navColor)} aria-current={active ? 'page' : undefined}>
      <Icon size={22} stroke={1.7} />
      <BarLabel>{label}</BarLabel>
    </UnstyledButton>
  );
}

export function BottomNav({ entries, navColor }: { entries: readonly NavEntry[]; navColor: string }) {
  const t = useT();
  const [location] = useLocation();
  const search = useSearch();
  const { sideNav } = usePreferences();
  const permissions = useSession(selectPermissions);
  const userType = useSession(selectUser)?.userType;
  const all = leaves(entries);
  const work = myWorkEntry(all);
  const workHref = work?.href ?? HOME_HREF;
  const workActive = work ? isActive(work, location) : location === HOME_HREF;
  const scan = scanEntry(all);
  const mayCreate = mayCreateFromMenu(all, permissions);

  // Which sheet is open, and at which address: a sheet is open only while the address is the one it was opened
  // at, so following a link (or Back) closes it without an effect.
  const address = `${location}?${search}`;
  const [openAt, setOpenAt] = useState<{ sheet: 'new' | 'menu'; address: string } | null>(null);
  const open = openAt?.address === address ? openAt.sheet : null;
  const close = () => setOpenAt(null);
  // A link followed inside a sheet closes it, even a link to the page already shown.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a[href]')) close();
  };
  const dark = sideNav === 'SIDE_NAV_DARK';

  return (
    <>
      <Group component="nav" aria-label={t('shell.bottomBar')} gap={0} wrap="nowrap" h="100%" px={4} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <BarLink href={workHref} Icon={IconBriefcase} label={t('shell.myWork')} active={workActive} navColor={navColor} />
        {scan?.href && <BarLink href={scan.href} Icon={IconScan} label={t('shell.scan')} active={isActive(scan, location)} navColor={navColor} />}
        {mayCreate && (
          // Named "Create new", not "New": a list on the page has its own New button, and the two must not share a name.
          <UnstyledButton style={barItem(open === 'new', navColor)} aria-label={t('shell.newTitle')} aria-haspopup="dialog" aria-expanded={open === 'new'} onClick={() => setOpenAt({ sheet: 'new', address })}>
            <IconCirclePlus size={22} stroke={1.7} />
            <BarLabel>{t('shell.new')}</BarLabel>
          </UnstyledButton>
        )}
        <UnstyledButton style={barItem(open === 'menu', navColor)} aria-haspopup="dialog" aria-expanded={open === 'menu'} onClick={() => setOpenAt({ sheet: 'menu', address })}>
          <IconMenu2 size={22} stroke={1.7} />
          <BarLabel>{t('shell.menu')}</BarLabel>
        </UnstyledButton>
      </Group>
      {open === 'new' && (
        <Suspense fallback={null}>
          <NewSheet all={all} location={location} permissions={permissions} userType={userType} onClose={close} onLinkClick={closeOnLink} />
        </Suspense>
      )}
      {open === 'menu' && (
        <Suspense fallback={null}>
          <MenuSheet entries={entries} dark={dark} onClose={close} onLinkClick={closeOnLink} />
        </Suspense>
      )}
    </>
  );
}
