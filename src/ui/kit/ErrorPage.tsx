/** The generic error page of spec document 1 §2, with its texts exactly as the spec writes them. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export const ERROR_PAGE_TITLE = "We're sorry...";
export const ERROR_PAGE_TEXT = 'An error occured while processing data.';

export function ErrorPage({ onRetry, retryLabel = 'Reload' }: { onRetry?: () => void; retryLabel?: string }) {
  return (
    <Center mih="60vh" p="xl" role="alert">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <IconAlertTriangle size={56} stroke={1.5} color="var(--mantine-color-orange-6)" aria-hidden />
        <Title order={2}>{ERROR_PAGE_TITLE}</Title>
        <Text c="dimmed">{ERROR_PAGE_TEXT}</Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            {retryLabel}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
