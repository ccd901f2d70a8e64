/**
 * The header (spec document 1 §1-§2): the menu button (a collapse toggle when navigation shows, else a
 * link home), the subscriber's logo, the top navigation when chosen, theme settings, language and the
 * user menu. Its background is the chosen navigation colour, with text dark or light by contrast.
 */
import { ActionIcon, Burger, Group, Image, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconHome, IconPalette } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useT } from '../../i18n';
import { DEFAULT_LOGO, headerLogoMachine } from '../../machines/flows/headerLogo';
import { usePreferences } from '../../machines/SessionProvider';
import { useScreenActor } from '../../machines/useScreenActor';
import { contrastTextColor } from '../kit/colorContrast';
import { LanguagePicker } from './LanguagePicker';
import type { NavEntry } from './menuModel';
import { Hint } from './popovers';
import { UserMenuButton } from './UserMenuButton';
// The approvals inbox's button is light (its count comes from the server, issue 18) and goes with the header; its
// drawer, which brings the lists and the lifecycle machines, loads when first opened (./WaitingForMe.tsx).
import WaitingForMe from './WaitingForMe';

export interface HeaderProps {
  subscriberId: string;
  showNavigation: boolean;
  entries: readonly NavEntry[];
  onOpenTheme: () => void;
  /** The top navigation's component once its code is in (./useNavParts.ts); not drawn until then, nor below lg. */
  TopNav?: typeof import('./TopNav').TopNav;
}

export function Header({ subscriberId, showNavigation, entries, onOpenTheme, TopNav }: HeaderProps) {
  const t = useT();
  const prefs = usePreferences();
  const logo = useScreenActor('headerLogo', headerLogoMachine, { subscriberId });
  const logoUrl = useSelector(logo, (snapshot) => snapshot?.context.url ?? DEFAULT_LOGO);
  const text = contrastTextColor(prefs.navColor);
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between" style={{ backgroundColor: prefs.navColor, color: text }}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {showNavigation ? (
          <Burger
            opened={!prefs.collapsed}
            onClick={prefs.toggleCollapsed}
            color={text}
            size="sm"
            aria-label={t('shell.toggleNavigation')}
            visibleFrom="lg"
            data-tour="nav-toggle"
          />
        ) : (
          <Hint label={t('shell.goHome')}>
            <ActionIcon component={Link} href="/app/home" variant="subtle" color={text} size="lg" aria-label={t('shell.goHome')} data-tour="nav-toggle">
              <IconHome size={20} />
            </ActionIcon>
          </Hint>
        )}
        <UnstyledButton component={Link} href="/app/home" aria-label={t('shell.goHome')} data-tour="header-logo" style={{ display: 'flex', background: '#fff', borderRadius: 6, padding: '2px 6px' }}>
          <Image src={logoUrl} alt={t('app.name')} h={32} w="auto" fit="contain" fallbackSrc="/logo.svg" />
        </UnstyledButton>
        {showNavigation && prefs.navigation === 'TOP' && TopNav && (
          <Group visibleFrom="lg" style={{ minWidth: 0 }}>
            <TopNav entries={entries} color={text === '#ffffff' ? 'gray.0' : 'dark'} />
          </Group>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Hint label={t('shell.themeSettings')}>
          <ActionIcon variant="subtle" color={text} size="lg" aria-label={t('shell.themeSettings')} onClick={onOpenTheme} data-tour="theme-settings">
            <IconPalette size={20} />
          </ActionIcon>
        </Hint>
        <WaitingForMe color={text} />
        <LanguagePicker color={text} />
        <UserMenuButton />
      </Group>
    </Group>
  );
}
