/**
 * The bottom bar's Menu (BottomNav.tsx): a drawer from the start side with the whole navigation, drawn by SideNav
 * itself so its entries and groups are the side menu's. Loaded when first opened.
 */
import { Drawer } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useT } from '../../i18n';
import type { NavEntry } from './menuModel';
import { SideNav } from './SideNav';

export interface MenuSheetProps {
  entries: readonly NavEntry[];
  dark: boolean;
  onClose: () => void;
  onLinkClick: (event: MouseEvent) => void;
}

export default function MenuSheet({ entries, dark, onClose, onLinkClick }: MenuSheetProps) {
  const t = useT();
  return (
    <Drawer
      opened
      onClose={onClose}
      // The start side: Mantine's Drawer mirrors 'left' to the right under the RTL DirectionProvider (seen at 390 px).
      position="left"
      size={300}
      padding="xs"
      title={t('shell.menu')}
      styles={dark ? { content: { backgroundColor: 'var(--mantine-color-dark-8)' }, header: { backgroundColor: 'var(--mantine-color-dark-8)', color: 'var(--mantine-color-gray-3)' } } : undefined}
    >
      <div onClick={onLinkClick}>
        <SideNav entries={entries} collapsed={false} />
      </div>
    </Drawer>
  );
}
