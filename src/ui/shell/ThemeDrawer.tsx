/**
 * Theme settings (spec document 1 §1): side or top navigation, light or dark side navigation, collapse,
 * dark theme, left-to-right or right-to-left, and the navigation colour from the default five. Every
 * change goes to the preferences actor, which persists it.
 */
import { CheckIcon, ColorSwatch, Drawer, Group, SegmentedControl, Stack, Switch, Text, Button } from '@mantine/core';
import { NAV_COLORS } from '../../machines/flows/preferences';
import { useT } from '../../i18n';
import { contrastTextColor } from '../kit/colorContrast';
import { usePreferences } from '../../machines/SessionProvider';

export function ThemeDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const prefs = usePreferences();
  const set = prefs;
  return (
    <Drawer opened={opened} onClose={onClose} title={t('theme.title')} position={prefs.direction === 'rtl' ? 'left' : 'right'} size="sm">
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" fw={600} id="theme-navigation">
            {t('theme.navigation')}
          </Text>
          <SegmentedControl
            aria-labelledby="theme-navigation"
            value={prefs.navigation}
            onChange={(v) => set.setNavigation(v === 'TOP' ? 'TOP' : 'SIDE')}
            data={[
              { value: 'SIDE', label: t('theme.side') },
              { value: 'TOP', label: t('theme.top') },
            ]}
          />
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600} id="theme-side-nav">
            {t('theme.sideNav')}
          </Text>
          <SegmentedControl
            aria-labelledby="theme-side-nav"
            value={prefs.sideNav}
            onChange={(v) => set.setSideNav(v === 'SIDE_NAV_DARK' ? 'SIDE_NAV_DARK' : 'SIDE_NAV_LIGHT')}
            data={[
              { value: 'SIDE_NAV_LIGHT', label: t('theme.sideNavLight') },
              { value: 'SIDE_NAV_DARK', label: t('theme.sideNavDark') },
            ]}
          />
        </Stack>
        <Switch label={t('theme.collapsed')} checked={prefs.collapsed} onChange={() => set.toggleCollapsed()} />
        <Switch label={t('theme.darkTheme')} checked={prefs.colorScheme === 'dark'} onChange={(e) => set.setColorScheme(e.currentTarget.checked ? 'dark' : 'light')} />
        <Stack gap={6}>
          <Text size="sm" fw={600} id="theme-direction">
            {t('theme.direction')}
          </Text>
          <SegmentedControl
            aria-labelledby="theme-direction"
            value={prefs.direction}
            onChange={(v) => set.setDirection(v === 'rtl' ? 'rtl' : 'ltr')}
            data={[
              { value: 'ltr', label: t('theme.ltr') },
              { value: 'rtl', label: t('theme.rtl') },
            ]}
          />
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('theme.navColor')}
          </Text>
          <Group gap="xs" role="radiogroup" aria-label={t('theme.navColor')}>
            {NAV_COLORS.map((color) => (
              <ColorSwatch
                key={color}
                component="button"
                type="button"
                color={color}
                role="radio"
                aria-checked={prefs.navColor === color}
                aria-label={t('theme.chooseColor', { color })}
                onClick={() => set.setNavColor(color)}
                style={{ color: contrastTextColor(color), cursor: 'pointer' }}
              >
                {prefs.navColor === color && <CheckIcon width={12} />}
              </ColorSwatch>
            ))}
          </Group>
        </Stack>
        <Button variant="subtle" onClick={() => set.reset()}>
          {t('theme.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
