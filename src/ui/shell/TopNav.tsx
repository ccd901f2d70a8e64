/** Top navigation (preference TOP): the same entries across the header, groups as dropdown menus. */
import { Button, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../i18n';
import { isActive, leaves, type NavEntry } from './menuModel';
import { menuIcon } from './menuIcons';
import { useNavLabel } from './useNavigation';
import { usePopovers } from './popovers';

export function TopNav({ entries, color }: { entries: readonly NavEntry[]; color: string }) {
  const t = useT();
  const label = useNavLabel();
  const [location, navigate] = useLocation();
  // A group's dropdown comes with the shell's popovers, a moment after the first render (./popovers.tsx).
  const popovers = usePopovers();
  return (
    <Group component="nav" gap={2} wrap="nowrap" aria-label={t('shell.mainMenu')} style={{ overflowX: 'auto' }}>
      {entries.map((entry) => {
        const Icon = menuIcon(entry.icon);
        const active = isActive(entry, location);
        if (entry.children.length) {
          const button = (
            <Button key={entry.key} variant={active ? 'white' : 'subtle'} color={active ? 'dark' : color} size="compact-sm" leftSection={<Icon size={16} />} rightSection={<IconChevronDown size={12} />}>
              {label(entry)}
            </Button>
          );
          if (!popovers) return button;
          const { Menu } = popovers;
          return (
            <Menu key={entry.key} trigger="click-hover" withinPortal position="bottom-start">
              <Menu.Target>{button}</Menu.Target>
              <Menu.Dropdown>
                {leaves(entry.children).map((child) => (
                  <Menu.Item key={child.key} onClick={() => child.href && navigate(child.href)} leftSection={(() => { const C = menuIcon(child.icon); return <C size={14} />; })()}>
                    {label(child)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          );
        }
        return (
          <Button
            key={entry.key}
            component={Link}
            href={entry.href ?? '/app/home'}
            variant={active ? 'white' : 'subtle'}
            color={active ? 'dark' : color}
            size="compact-sm"
            leftSection={<Icon size={16} />}
            aria-current={active ? 'page' : undefined}
          >
            {label(entry)}
          </Button>
        );
      })}
    </Group>
  );
}
