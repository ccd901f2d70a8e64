/**
 * Side navigation (spec document 1 §2): the entries with their icons, groups opening into sub-menus;
 * 190px wide, or 70px collapsed (icons with a tooltip, groups open as a flyout menu). Light or dark,
 * the active entry in the chosen navigation colour.
 */
import { Box, NavLink, Stack, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { usePreferences } from '../../machines/SessionProvider';
import { useT } from '../../i18n';
import { isActive, type NavEntry } from './menuModel';
import { menuIcon } from './menuIcons';
import { useNavLabel } from './useNavigation';
import { Hint, usePopovers } from './popovers';
import classes from './SideNav.module.css';
import { contrastTextColor } from '../kit/colorContrast';

function EntryLink({ entry, depth, location, dark, navColor }: { entry: NavEntry; depth: number; location: string; dark: boolean; navColor: string }) {
  const label = useNavLabel();
  const Icon = menuIcon(entry.icon);
  const active = isActive(entry, location);
  const exact = Boolean(entry.href && (location === entry.href || location.startsWith(entry.href + '/')));
  const style = {
    color: exact ? contrastTextColor(navColor) : dark ? 'var(--mantine-color-gray-3)' : undefined,
    backgroundColor: exact ? navColor : undefined,
    borderRadius: 6,
  };
  if (entry.children.length) {
    return (
      <NavLink
        // A group is a toggle: a button for keyboards and screen readers, not a link without href.
        component="button"
        type="button"
        label={label(entry)}
        leftSection={<Icon size={18} stroke={1.6} />}
        defaultOpened={active}
        childrenOffset={12}
        style={{ color: style.color, borderRadius: 6 }}
      >
        {entry.children.map((child) => (
          <EntryLink key={child.key} entry={child} depth={depth + 1} location={location} dark={dark} navColor={navColor} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      href={entry.href ?? '/app/home'}
      label={label(entry)}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={exact}
      aria-current={exact ? 'page' : undefined}
      style={style}
    />
  );
}

function CollapsedEntry({ entry, location, dark, navColor }: { entry: NavEntry; location: string; dark: boolean; navColor: string }) {
  const label = useNavLabel();
  const [, navigate] = useLocation();
  // The group's flyout comes with the shell's popovers, a moment after the first render (./popovers.tsx).
  const popovers = usePopovers();
  const Icon = menuIcon(entry.icon);
  const active = isActive(entry, location);
  const style = {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 46,
    height: 42,
    borderRadius: 8,
    color: active ? contrastTextColor(navColor) : dark ? 'var(--mantine-color-gray-3)' : 'var(--mantine-color-text)',
    backgroundColor: active ? navColor : undefined,
  };
  if (entry.children.length) {
    const button = (
      <UnstyledButton aria-label={label(entry)} style={style}>
        <Icon size={22} stroke={1.6} />
      </UnstyledButton>
    );
    if (!popovers) return button;
    const { Menu } = popovers;
    return (
      <Menu position="right-start" trigger="click-hover" withinPortal>
        <Menu.Target>{button}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{label(entry)}</Menu.Label>
          {entry.children.flatMap((c) => (c.children.length ? c.children : [c])).map((child) => (
            <Menu.Item key={child.key} onClick={() => child.href && navigate(child.href)}>
              {label(child)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <Hint label={label(entry)} position="right" withArrow>
      <UnstyledButton component={Link} href={entry.href ?? '/app/home'} aria-label={label(entry)} aria-current={active ? 'page' : undefined} style={style}>
        <Icon size={22} stroke={1.6} />
      </UnstyledButton>
    </Hint>
  );
}

export function SideNav({ entries, collapsed }: { entries: readonly NavEntry[]; collapsed: boolean }) {
  const t = useT();
  const [location] = useLocation();
  const { sideNav, navColor } = usePreferences();
  const dark = sideNav === 'SIDE_NAV_DARK';
  return (
    <Box className={classes.scroller} data-tour="side-nav">
      <nav aria-label={t('shell.mainMenu')}>
        {collapsed ? (
          <Stack gap={4} align="center" py="sm">
            {entries.map((entry) => (
              <CollapsedEntry key={entry.key} entry={entry} location={location} dark={dark} navColor={navColor} />
            ))}
          </Stack>
        ) : (
          <Stack gap={2} p="xs">
            {entries.map((entry) => (
              <EntryLink key={entry.key} entry={entry} depth={0} location={location} dark={dark} navColor={navColor} />
            ))}
          </Stack>
        )}
      </nav>
    </Box>
  );
}
