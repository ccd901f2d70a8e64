/**
 * Below the lg breakpoint the side navigation is hidden and this bottom menu takes its place (spec
 * document 1 §2): four entries as icons with labels, the rest behind "More". The four are the field tools the
 * person's menu holds (their calls, scanning a machine, asking for spare parts), then the menu's first entries:
 * on a phone, an engineer's work is one tap away, not Home and two dashboards.
 */
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../i18n';
import { contrastTextColor } from '../kit/colorContrast';
import { isActive, leaves, routeSegment, type NavEntry } from './menuModel';
import { menuIcon } from './menuIcons';
import { useNavLabel } from './NavLabel';

const DIRECT = 4;

/** Route segments a person in the field reaches for, in the order the bar shows them. */
export const FIELD_TOOLS: readonly string[] = ['my-open-tickets', 'my-urgent-tickets', 'machine-scanning', 'request-spareparts'];

/** The bar's four: the field tools among the entries, then the entries in the menu's order. */
export function directEntries(all: readonly NavEntry[]): NavEntry[] {
  const tools = FIELD_TOOLS.flatMap((segment) => all.filter((entry) => entry.href && routeSegment(entry.href) === segment));
  return [...tools, ...all.filter((entry) => !tools.includes(entry))].slice(0, DIRECT);
}

export function BottomNav({ entries, navColor }: { entries: readonly NavEntry[]; navColor: string }) {
  const t = useT();
  const label = useNavLabel();
  const [location, navigate] = useLocation();
  const all = leaves(entries);
  const direct = directEntries(all);
  const rest = all.filter((entry) => !direct.includes(entry));
  const item = (active: boolean) => ({
    flex: 1,
    display: 'flex',
    flexDirection: 'column' as const,
    alignItems: 'center',
    gap: 2,
    padding: '6px 2px',
    color: active ? navColor : 'var(--mantine-color-dimmed)',
  });
  return (
    <Group component="nav" aria-label={t('shell.mainMenu')} gap={0} wrap="nowrap" h="100%" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {direct.map((entry) => {
        const Icon = menuIcon(entry.icon);
        const active = isActive(entry, location);
        return (
          <UnstyledButton key={entry.key} component={Link} href={entry.href ?? '/app/home'} style={item(active)} aria-current={active ? 'page' : undefined}>
            <Icon size={20} />
            <Text size="10px" truncate maw={80}>
              {label(entry)}
            </Text>
          </UnstyledButton>
        );
      })}
      {rest.length > 0 && (
        <Menu position="top-end" withinPortal>
          <Menu.Target>
            <UnstyledButton style={item(rest.some((e) => isActive(e, location)))} aria-label={t('shell.more')}>
              <IconDots size={20} />
              <Text size="10px">{t('shell.more')}</Text>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {rest.map((entry) => {
              const Icon = menuIcon(entry.icon);
              const active = isActive(entry, location);
              return (
                <Menu.Item
                  key={entry.key}
                  leftSection={<Icon size={16} />}
                  onClick={() => entry.href && navigate(entry.href)}
                  style={active ? { backgroundColor: navColor, color: contrastTextColor(navColor) } : undefined}
                >
                  {label(entry)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
