/** An /app path the route table does not know. */
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../i18n';

export function NotFound() {
  const t = useT();
  const [location] = useLocation();
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconMapOff size={28} />} withIndicatorBackground title={t('shell.notFoundTitle')} description={t('shell.notFoundText', { path: location })}>
        <EmptyState.Actions>
          <Button component={Link} href="/app/home" variant="light">
            {t('shell.goHome')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
