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
import { Drawer, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBriefcase, IconCirclePlus, IconMenu2, IconScan, type Icon as TablerIcon } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { moduleNamed, moduleOps } from '../../contract/modules';
import { OPERATOR_USER_TYPE } from '../../contract/modules/admin';
import { hasPermission, type PermissionEntry } from '../../contract/permissions';
import { useT } from '../../i18n';
import { selectPermissions, selectUser, usePreferences, useSession } from '../../machines/SessionProvider';
import { modulesForRoute, newRecordHref } from '../../routes/routeModules';
import { GUARDED_ROUTES, TICKET_CALL_VIEW_ROUTES } from '../../contract/routes';
import { isActive, leaves, routeSegment, type NavEntry } from './menuModel';
import { menuIcon } from './menuIcons';
import { useNavLabel } from './NavLabel';
import { SideNav } from './SideNav';

export const HOME_HREF = '/app/home';
/** The own-call views "My work" opens, the first the menu holds. */
export const MY_WORK_ROUTES: readonly string[] = ['my-open-tickets', 'my-urgent-tickets'];
export const SCAN_ROUTE = 'machine-scanning';
/** What a person in the field makes, first in the New sheet, in this order; the rest follow in the menu's order. */
export const FIELD_NEW_ROUTES: readonly string[] = [
  'request-spareparts',
  ...TICKET_CALL_VIEW_ROUTES,
  'ticket',
  'genericTicket',
  'breakdownMaintenence',
  'preventive-maintenance',
  'installation-commissioning',
  'preSaleMaintenance',
  'actionTicket',
];
/** Guarded routes whose screen is not a module list that answers ?new (see SPECIAL_SCREENS in AppRoutes). */
const NO_NEW_FORM: ReadonlySet<string> = new Set(['salespipeline', 'subscription-request-list', 'qa-paths', 'serve-dashboard']);

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

export interface NewChoice {
  entry: NavEntry;
  /** The list with its New form opened. */
  href: string;
  /** What is made (the module's label), said under the menu entry's name. */
  makes: string;
}

const ticketDef = moduleNamed('ticket');

/** What a menu entry's list lets the person create, with the key of the thing made; null when nothing. */
function creates(entry: NavEntry, permissions: readonly PermissionEntry[] | null | undefined, userType: string | undefined): { key: string; makes: string } | null {
  if (!entry.href) return null;
  const segment = routeSegment(entry.href);
  const route = GUARDED_ROUTES.find((r) => r.path === segment);
  if (!route || NO_NEW_FORM.has(segment)) return null;
  const may = (code: string) => hasPermission(permissions, code, 'CREATE');
  if (TICKET_CALL_VIEW_ROUTES.includes(segment)) {
    // TicketCallListScreen's "New ticket": the generic ticket form.
    return may(ticketDef.feature) || may(route.code) ? { key: ticketDef.name, makes: ticketDef.label } : null;
  }
  // The module the route shows first (its only one, or its first tab): the one a ?new opens.
  const first = modulesForRoute(route.path, route.code)[0];
  if (!first || !moduleOps(first.def).includes('create')) return null;
  const viewCode = first.code !== first.def.feature ? first.code : undefined;
  const allowed = (may(first.def.feature) || (viewCode !== undefined && may(viewCode))) && (!first.def.crossTenant || userType === OPERATOR_USER_TYPE);
  return allowed ? { key: `${first.def.name} ${JSON.stringify(first.filter ?? null)}`, makes: first.label } : null;
}

/** The New sheet's choices: the list on screen first, field work next, then the menu's order; one per thing made. */
export function newChoices(all: readonly NavEntry[], permissions: readonly PermissionEntry[] | null | undefined, userType: string | undefined, location: string): NewChoice[] {
  const rank = (entry: NavEntry) => {
    if (isActive(entry, location)) return -1;
    const field = FIELD_NEW_ROUTES.indexOf(routeSegment(entry.href ?? ''));
    return field === -1 ? FIELD_NEW_ROUTES.length : field;
  };
  const made = all.flatMap((entry) => {
    const what = creates(entry, permissions, userType);
    return what ? [{ entry, ...what }] : [];
  });
  const seen = new Set<string>();
  return made
    .map((choice, index) => ({ choice, index }))
    .sort((a, b) => rank(a.choice.entry) - rank(b.choice.entry) || a.index - b.index)
    .filter(({ choice }) => !seen.has(choice.key) && Boolean(seen.add(choice.key)))
    .map(({ choice }) => ({ entry: choice.entry, href: newRecordHref(choice.entry.href!), makes: choice.makes }));
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
  const label = useNavLabel();
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
  const choices = newChoices(all, permissions, userType, location);

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
        {choices.length > 0 && (
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
      {/* As tall as its choices, at most three quarters of the screen: a long list (an administrator's) scrolls inside it. */}
      <Drawer
        opened={open === 'new'}
        onClose={close}
        position="bottom"
        title={t('shell.newTitle')}
        radius="md"
        padding="sm"
        styles={{ content: { height: 'auto', maxHeight: '75dvh' } }}
      >
        <Stack gap={2} onClick={closeOnLink} pb="sm">
          {choices.map((choice) => {
            const Icon = menuIcon(choice.entry.icon);
            return (
              <NavLink
                key={choice.entry.key}
                component={Link}
                href={choice.href}
                label={label(choice.entry)}
                description={choice.makes !== label(choice.entry) ? choice.makes : undefined}
                leftSection={<Icon size={20} stroke={1.6} />}
                rightSection={<IconCirclePlus size={18} stroke={1.6} />}
                style={{ minHeight: TOUCH, borderRadius: 6 }}
              />
            );
          })}
        </Stack>
      </Drawer>
      <Drawer
        opened={open === 'menu'}
        onClose={close}
        // The start side: Mantine's Drawer mirrors 'left' to the right under the RTL DirectionProvider (seen at 390 px).
        position="left"
        size={300}
        padding="xs"
        title={t('shell.menu')}
        styles={dark ? { content: { backgroundColor: 'var(--mantine-color-dark-8)' }, header: { backgroundColor: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-gray-3)' } } : undefined}
      >
        <div onClick={closeOnLink}>
          <SideNav entries={entries} collapsed={false} />
        </div>
      </Drawer>
    </>
  );
}
