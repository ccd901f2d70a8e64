/**
 * The header's button for the signed-in person (spec document 1 §1): initials and, from sm up, name and roles (or
 * N/A). The same button before the user menu is there (./UserMenuButton.tsx) and as the menu's target, which gives
 * it its ref and handlers (./UserMenu.tsx).
 */
import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useT } from '../../i18n';
import { selectRoleNames, selectUser, useSession } from '../../machines/SessionProvider';
import { initials } from '../kit/initials';

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export const UserButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function UserButton(props, ref) {
  const t = useT();
  const user = useSession(selectUser);
  const roles = useSession(selectRoleNames, sameList);
  const name = user?.name || t('shell.notAvailable');
  const roleText = roles.length ? roles.join(', ') : t('shell.notAvailable');
  return (
    <UnstyledButton ref={ref} aria-label={`${t('shell.userMenu')}: ${name}`} data-tour="user-menu" style={{ color: 'inherit' }} {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar color="blue" radius="xl" size={34}>
          {initials(user?.name) || '?'}
        </Avatar>
        <Stack gap={0} visibleFrom="sm" style={{ lineHeight: 1.1 }}>
          <Text size="sm" fw={600} truncate maw={180} c="inherit">
            {name}
          </Text>
          <Text size="xs" c="inherit" opacity={0.85} truncate maw={180} data-testid="user-roles">
            {roleText}
          </Text>
        </Stack>
        <IconChevronDown size={14} />
      </Group>
    </UnstyledButton>
  );
});
