/**
 * The language picker's button. The menu behind it (Mantine's Menu and Tooltip, with floating-ui and a
 * focus trap) is a chunk of its own: it starts loading when the pointer reaches the button and is shown,
 * opened, on the first press. The sign-in and public pages show the button; most visitors never open it.
 */
import { ActionIcon } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n';

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

export function LanguagePicker({ color = 'gray' }: { color?: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color={color}
      size="lg"
      aria-label={t('shell.language')}
      data-tour="language"
      // Hovering starts the download; the button itself stays until the click, so nothing under the
      // pointer is swapped while the person aims at it.
      onPointerEnter={() => void loadMenu()}
      onClick={() => setOpened(true)}
    >
      <IconLanguage size={20} />
    </ActionIcon>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu color={color} defaultOpened />
    </Suspense>
  );
}
