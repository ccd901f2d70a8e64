/**
 * The language menu (en, zh, fr, ja) behind the picker's button (LanguagePicker.tsx loads it when wanted);
 * the choice persists through the preferences actor.
 */
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LOCALES } from '../../machines/flows/preferences';
import { useT } from '../../i18n';
import { usePreferences } from '../../machines/SessionProvider';

export function LanguageMenu({ color = 'gray', defaultOpened = false }: { color?: string; defaultOpened?: boolean }) {
  const t = useT();
  const { locale, setLocale } = usePreferences();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Tooltip label={t('shell.language')}>
          <ActionIcon variant="subtle" color={color} size="lg" aria-label={t('shell.language')} data-tour="language">
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((l) => (
          <Menu.Item key={l} onClick={() => setLocale(l)} rightSection={l === locale ? <IconCheck size={14} /> : null} aria-current={l === locale ? 'true' : undefined} lang={l}>
            {t(`locale.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
