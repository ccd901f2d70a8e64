/**
 * The bottom bar's New sheet (BottomNav.tsx): the choices of newChoices.ts as links that open each list with its
 * New form (`?new`). Loaded when first opened, with the catalogue the choices need. Where the person's privileges
 * make nothing after all (a CREATE on a route whose list cannot make records), it says so rather than showing
 * an empty sheet.
 */
import { Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconCirclePlus } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import type { PermissionEntry } from '../../contract/permissions';
import { useT } from '../../i18n';
import { menuIcon } from './menuIcons';
import type { NavEntry } from './menuModel';
import { useNavLabel } from './useNavigation';
import { newChoices } from './newChoices';

const TOUCH = 44;

export interface NewSheetProps {
  all: readonly NavEntry[];
  location: string;
  permissions: readonly PermissionEntry[] | null | undefined;
  userType: string | undefined;
  onClose: () => void;
  onLinkClick: (event: MouseEvent) => void;
}

export default function NewSheet({ all, location, permissions, userType, onClose, onLinkClick }: NewSheetProps) {
  const t = useT();
  const label = useNavLabel();
  const choices = newChoices(all, permissions, userType, location);
  // As tall as its choices, at most three quarters of the screen: a long list (an administrator's) scrolls inside it.
  return (
    <Drawer
      opened
      onClose={onClose}
      position="bottom"
      title={t('shell.newTitle')}
      radius="md"
      padding="sm"
      styles={{ content: { height: 'auto', maxHeight: '75dvh' } }}
    >
      <Stack gap={2} onClick={onLinkClick} pb="sm">
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
        {choices.length === 0 && (
          <Text size="sm" c="dimmed" px="sm">
            {t('shell.nothingToCreate')}
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}
