/** Footer with the current year (spec document 1 §2). */
import { Group, Text } from '@mantine/core';
import { useT } from '../../i18n';

export function Footer() {
  const t = useT();
  return (
    <Group h="100%" px="md" justify="center">
      <Text size="xs" c="dimmed">
        {t('shell.footer', { year: new Date().getFullYear() })}
      </Text>
    </Group>
  );
}
