/**
 * dashboard-ui (document 1 §2, open to any signed-in user): sensor analytics: choose sensors, a parameter
 * and a time range; a line chart of the readings with min / avg / max. "Share as link" opens the same chart
 * on graphURLDashboard, whose address carries the selection.
 */
import './machineWords';
import { Button, Paper } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useT } from '../../../i18n';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { isChartable, selectionToQuery } from '../../../machines/flows/sensorSelection';
import { sensorSeriesMachine, type SensorSeriesActorRef } from '../../../machines/flows/sensorSeries';
import { useScreenActor } from '../../../machines/useScreenActor';
import { NoAccessPanel } from './machineSensorParts';
import { SensorChartPanel } from './SensorChartPanel';

export function ShareLinkButton({ actor }: { actor: SensorSeriesActorRef }) {
  const t = useT();
  const selection = useSelector(actor, (s) => s.context.selection);
  if (!isChartable(selection)) return null;
  return (
    <Button component={Link} href={`/app/graphURLDashboard?${selectionToQuery(selection)}`} size="xs" variant="light" leftSection={<IconLink size={14} />}>
      {t('md.shareLink')}
    </Button>
  );
}

function Analytics() {
  const actor = useScreenActor('sensorAnalytics', sensorSeriesMachine, {});
  if (!actor) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <SensorChartPanel actor={actor} actions={<ShareLinkButton actor={actor} />} height={360} />
    </Paper>
  );
}

export function SensorAnalyticsScreen() {
  const allowed = useMayOpenScreen('dashboard-ui');
  return allowed ? <Analytics /> : <NoAccessPanel feature="SENSOR_ANALYTICS" />;
}
