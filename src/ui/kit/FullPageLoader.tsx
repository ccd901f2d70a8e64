/** A full-page progress indicator: while the session is restored, and while a screen's code loads. */
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n';

export function FullPageLoader({ fullHeight = true }: { fullHeight?: boolean }) {
  const t = useT();
  return (
    <Center mih={fullHeight ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
