/**
 * What every dashboard shares around its figures (the layout above already shows the route's title): the
 * period choice (where there is one), a refresh button, and the states of its actor: skeleton tiles while the first load runs, the failure
 * with the server's message and a retry, and a warning when a refresh failed while older figures stay.
 */
import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n';
import { useSay } from '../../kit/sayings';
import { routeTitle } from '../../shell/titles';
import type { DashboardView } from './useDashboard';
import './dashboardWords';

export interface DashboardFrameProps<T> {
  /** The route segment: names the dashboard's region for assistive technology. */
  segment: string;
  view: DashboardView<T>;
  /** Periods to choose from, in days; none for dashboards about "now". */
  periods?: readonly number[];
  /** The figures, once there are some. */
  children: (data: T) => ReactNode;
}

function LoadingTiles({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-label={label}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={92} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Skeleton h={260} radius="md" />
        <Skeleton h={260} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

export function DashboardFrame<T>({ segment, view, periods, children }: DashboardFrameProps<T>) {
  const t = useT();
  const say = useSay();
  const busy = view.status === 'loading' || view.status === 'refreshing';
  return (
    <Stack gap="lg" component="section" aria-label={routeTitle(segment, t)}>
      <Group justify="flex-end" wrap="wrap">
        <Group gap="sm">
          {periods && view.days !== null && (
            <SegmentedControl
              aria-label={t('dash.period')}
              size="xs"
              value={String(view.days)}
              onChange={(value) => view.setPeriod(Number(value))}
              data={periods.map((days) => ({ value: String(days), label: t('dash.lastDays', { days }) }))}
            />
          )}
          <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={busy} disabled={view.status !== 'ready'} onClick={view.refresh}>
            {t('dash.refresh')}
          </Button>
        </Group>
      </Group>
      {view.refreshError && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('dash.refreshFailed', { message: say(view.refreshError) ?? '' })}
        </Alert>
      )}
      {view.status === 'failed' ? (
        <Paper withBorder radius="md" p="lg">
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('dash.failedTitle')} role="alert">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{say(view.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={view.retry}>
                {t('dash.retry')}
              </Button>
            </Stack>
          </Alert>
        </Paper>
      ) : view.data === null ? (
        <LoadingTiles label={t('dash.loading')} />
      ) : (
        children(view.data)
      )}
    </Stack>
  );
}
