/**
 * graphURLDashboard (document 1 §2, open to any signed-in user): one sensor chart whose selection lives in
 * the page address (?sensors=…&parameter=…&range=… or &from=…&to=…), so a chart is shared by sharing the
 * link. Each change the person makes replaces the address (no history entry per click); sensors of the
 * link the person may not see are left out with a note (sensorSeries).
 */
import './machineWords';
import { Button, CopyButton, Paper, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../../i18n';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { selectionFromQuery, selectionToQuery } from '../../../machines/flows/sensorSelection';
import { sensorSeriesMachine } from '../../../machines/flows/sensorSeries';
import { useScreenActor } from '../../../machines/useScreenActor';
import { NoAccessPanel } from './machineSensorParts';
import { SensorChartPanel } from './SensorChartPanel';

function CopyLink() {
  const t = useT();
  return (
    <CopyButton value={typeof window === 'undefined' ? '' : window.location.href}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('md.linkCopied') : t('md.copyLink')}>
          <Button size="xs" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
            {copied ? t('md.linkCopied') : t('md.copyLink')}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function LinkedChart({ search }: { search: string }) {
  const [, navigate] = useLocation();
  // The navigate function may change identity between renders; the machine keeps the one from its start.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const logic = useMemo(
    () =>
      sensorSeriesMachine.provide({
        actions: { announceSelection: ({ context }) => navigateRef.current(`/app/graphURLDashboard?${selectionToQuery(context.selection)}`, { replace: true }) },
      }),
    [],
  );
  const actor = useScreenActor('graphUrlSeries', logic, { selection: selectionFromQuery(search) });
  if (!actor) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <SensorChartPanel actor={actor} actions={<CopyLink />} height={380} />
    </Paper>
  );
}

export function GraphUrlDashboardScreen() {
  const allowed = useMayOpenScreen('graphURLDashboard');
  const search = useSearch();
  // The address is read once when the screen opens; later changes come from the chart itself.
  const initial = useRef(search).current;
  return allowed ? <LinkedChart search={initial} /> : <NoAccessPanel feature="SENSOR_ANALYTICS" />;
}
