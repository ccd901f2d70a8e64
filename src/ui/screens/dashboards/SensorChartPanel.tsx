/**
 * One sensor chart with its choices, as dashboard-ui, each panel of dynamic-dashboard and graphURLDashboard
 * show it: sensors, a parameter and a time range; a line per sensor (bucket averages; with one sensor, its
 * bucket minimum and maximum too, and its alarm band); min / avg / max over the range per sensor. The
 * states are the `sensorSeries` actor's; this component renders them and sends the person's choices.
 */
import './machineWords';
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Group, MultiSelect, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { fromWallTime, toWallTime } from '../../../contract/zonedTime';
import { useMemo, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { SENSOR_MESSAGES, type SeriesResult } from '../../../machines/flows/sensorDashboardCalls';
import { MAX_CHART_SENSORS, RANGE_PRESETS, type SensorSelection } from '../../../machines/flows/sensorSelection';
import { latestOfChosen, type SensorSeriesActorRef, type SensorSeriesSnapshot } from '../../../machines/flows/sensorSeries';
import { EmptyPanel, FailurePanel, LoadingPanel } from './machineSensorParts';
import { formatDateTime, formatReading, formatTick } from './readingFormat';

const LINE_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6'];

export function useSeriesEvents(actor: SensorSeriesActorRef) {
  return useMemo(
    () => ({
      select: (selection: Partial<SensorSelection>) => actor.send({ type: 'series.select', selection }),
      jumpToLatest: () => actor.send({ type: 'series.jumpToLatest' }),
      refresh: () => actor.send({ type: 'series.refresh' }),
      retry: () => actor.send({ type: 'series.retry' }),
    }),
    [actor],
  );
}

type ChartStep = 'incomplete' | 'loading' | 'loaded' | 'failed';
const selectChartStep = (s: SensorSeriesSnapshot): ChartStep | null => {
  for (const step of ['incomplete', 'loading', 'loaded', 'failed'] as const) if (s.matches({ ready: step })) return step;
  return null;
};

/** Rows of the line chart: one per bucket time, a column per sensor (and min/max with one sensor). */
export function chartRows(result: SeriesResult): Array<Record<string, number | string>> {
  const rows = new Map<string, Record<string, number | string>>();
  const single = result.series.length === 1;
  for (const line of result.series) {
    for (const point of line.points) {
      const row = rows.get(point.t) ?? { t: point.t };
      row[line.sensorInstanceId] = point.avg;
      if (single) {
        row.min = point.min;
        row.max = point.max;
      }
      rows.set(point.t, row);
    }
  }
  return [...rows.values()].sort((a, b) => String(a.t).localeCompare(String(b.t)));
}

/** A datetime-local input's value for an ISO time, and back, on the subscriber's wall clock (`zone`). */
const toLocalInput = (iso: string | undefined, zone: string): string => (iso ? toWallTime(iso, zone).slice(0, 16).replace(' ', 'T') : '');
const fromLocalInput = (value: string, zone: string): string | undefined => {
  const instant = value ? fromWallTime(value, zone) : undefined;
  return instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : undefined;
};

function Choices({ actor }: { actor: SensorSeriesActorRef }) {
  const t = useT();
  const events = useSeriesEvents(actor);
  const sensors = useSelector(actor, (s) => s.context.sensors);
  const selection = useSelector(actor, (s) => s.context.selection);
  const zone = useSession(selectTimezone);
  const parameters = [...new Set(sensors.filter((s) => selection.sensorIds.includes(s._id)).flatMap((s) => s.parameters.map((p) => p.name)))];
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label={t('md.sensors')}
          placeholder={selection.sensorIds.length ? undefined : t('md.pickSensors')}
          searchable
          maxValues={MAX_CHART_SENSORS}
          data={sensors.map((s) => ({ value: s._id, label: [s.name, s.unitName].filter(Boolean).join(' · ') }))}
          value={selection.sensorIds}
          onChange={(sensorIds) => events.select({ sensorIds })}
          style={{ flex: '2 1 280px' }}
        />
        <Select
          label={t('md.parameter')}
          placeholder={t('md.pickParameter')}
          data={parameters.map((p) => ({ value: p, label: t(`md.param.${p}` as never) || p }))}
          value={selection.parameter}
          onChange={(parameter) => parameter && events.select({ parameter })}
          disabled={parameters.length === 0}
          style={{ flex: '1 1 160px' }}
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('md.rangeLabel')}
          size="xs"
          value={selection.range}
          onChange={(range) =>
            events.select(range === 'custom' ? { range: 'custom', from: selection.from ?? new Date(Date.now() - 86_400_000).toISOString(), to: selection.to ?? new Date().toISOString() } : { range: range as SensorSelection['range'] })
          }
          data={[...RANGE_PRESETS.map((r) => ({ value: r, label: t(`md.range.${r}` as never) })), { value: 'custom', label: t('md.range.custom') }]}
        />
        {selection.range === 'custom' && (
          <>
            <TextInput size="xs" type="datetime-local" label={t('md.from')} value={toLocalInput(selection.from, zone)} onChange={(e) => { const from = fromLocalInput(e.currentTarget.value, zone); if (from) events.select({ from }); }} />
            <TextInput size="xs" type="datetime-local" label={t('md.to')} value={toLocalInput(selection.to, zone)} onChange={(e) => { const to = fromLocalInput(e.currentTarget.value, zone); if (to) events.select({ to }); }} />
          </>
        )}
      </Group>
    </Stack>
  );
}

function SeriesChart({ result, height }: { result: SeriesResult; height: number }) {
  const t = useT();
  const zone = useSession(selectTimezone);
  const rows = useMemo(() => chartRows(result), [result]);
  const span = (Date.parse(result.to) - Date.parse(result.from)) / 3_600_000;
  const single = result.series.length === 1 ? result.series[0] : undefined;
  const unit = result.series.find((s) => s.unit)?.unit ?? '';
  const series = single
    ? [
        // The average last, so it is drawn over the dashed bucket extremes.
        { name: 'min', label: t('md.minimum'), color: 'gray.5', strokeDasharray: '4 4' },
        { name: 'max', label: t('md.maximum'), color: 'gray.5', strokeDasharray: '4 4' },
        { name: single.sensorInstanceId, label: t('md.average'), color: 'blue.6' },
      ]
    : result.series.map((line, index) => ({ name: line.sensorInstanceId, label: line.name, color: LINE_COLORS[index % LINE_COLORS.length] as string }));
  const band = single?.band ?? {};
  return (
    <LineChart
      h={height}
      data={rows}
      dataKey="t"
      series={series}
      withLegend
      withDots={rows.length < 60}
      curveType="monotone"
      unit={unit ? ` ${unit}` : undefined}
      xAxisProps={{ tickFormatter: (value: string) => formatTick(value, span, zone) }}
      tooltipProps={{ labelFormatter: (value: unknown) => formatDateTime(String(value), zone) }}
      referenceLines={[
        ...(band.max !== undefined ? [{ y: band.max, label: t('md.alarmAbove', { value: formatReading(band.max, unit) }), color: 'red.6' }] : []),
        ...(band.min !== undefined ? [{ y: band.min, label: t('md.alarmBelow', { value: formatReading(band.min, unit) }), color: 'red.6' }] : []),
      ]}
    />
  );
}

function StatsTable({ result }: { result: SeriesResult }) {
  const t = useT();
  return (
    <Table striped aria-label={t('md.rangeFigures')} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('md.sensor')}</Table.Th>
          <Table.Th>{t('md.minimum')}</Table.Th>
          <Table.Th>{t('md.average')}</Table.Th>
          <Table.Th>{t('md.maximum')}</Table.Th>
          <Table.Th>{t('md.readings')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.series.map((line) => (
          <Table.Tr key={line.sensorInstanceId}>
            <Table.Td>{line.name}</Table.Td>
            <Table.Td>{formatReading(line.stats?.min, line.unit)}</Table.Td>
            <Table.Td>{formatReading(line.stats?.avg, line.unit)}</Table.Td>
            <Table.Td>{formatReading(line.stats?.max, line.unit)}</Table.Td>
            <Table.Td>{line.stats?.count ?? 0}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export interface SensorChartPanelProps {
  actor: SensorSeriesActorRef;
  /** Buttons beside the choices (share link, panel arrangement). */
  actions?: ReactNode;
  height?: number;
}

export function SensorChartPanel({ actor, actions, height = 300 }: SensorChartPanelProps) {
  const t = useT();
  const events = useSeriesEvents(actor);
  const loadingSensors = useSelector(actor, (s) => s.matches('loadingSensors'));
  const sensorsFailed = useSelector(actor, (s) => s.matches('sensorsFailed'));
  const step = useSelector(actor, selectChartStep);
  const { sensors, result, error, droppedSensors } = useSelector(actor, (s) => s.context);
  const latest = useSelector(actor, (s) => latestOfChosen(s.context));
  const zone = useSession(selectTimezone);
  if (loadingSensors) return <LoadingPanel label={t('md.loadingSensors')} />;
  if (sensorsFailed) return <FailurePanel title={t('md.sensorsFailedTitle')} error={error} fallback={SENSOR_MESSAGES.sensors} onRetry={events.retry} />;
  if (sensors.length === 0) return <EmptyPanel title={t('md.noSensorsTitle')} description={t('md.noSensorsText')} />;
  const empty = result !== null && result.series.every((line) => line.points.length === 0);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Choices actor={actor} />
        {actions && <Group gap={4} wrap="nowrap">{actions}</Group>}
      </Group>
      {droppedSensors > 0 && <Alert color="yellow" icon={<IconInfoCircle size={18} />}>{t('md.droppedSensors', { count: droppedSensors })}</Alert>}
      {step === 'incomplete' && <Text c="dimmed" size="sm">{t('md.chartHint')}</Text>}
      {step === 'failed' && <FailurePanel title={t('md.seriesFailedTitle')} error={error} fallback={SENSOR_MESSAGES.graph} onRetry={events.retry} />}
      {step === 'loading' && result === null && <LoadingPanel label={t('md.seriesLoading')} />}
      {(step === 'loaded' || (step === 'loading' && result !== null)) && result && (
        <div style={{ opacity: step === 'loading' ? 0.5 : 1, transition: 'opacity 150ms' }} aria-busy={step === 'loading'}>
          {empty ? (
            <EmptyPanel title={t('md.noReadingsTitle')} description={latest ? t('md.noReadingsLatest', { when: formatDateTime(latest, zone) }) : t('md.noReadingsText')}>
              {latest && <Button variant="light" onClick={events.jumpToLatest}>{t('md.showLatest')}</Button>}
            </EmptyPanel>
          ) : (
            <Stack gap="sm">
              <SeriesChart result={result} height={height} />
              <StatsTable result={result} />
              <Text size="xs" c="dimmed">
                {t('md.seriesCaption', { from: formatDateTime(result.from, zone), to: formatDateTime(result.to, zone), interval: result.interval })}
              </Text>
            </Stack>
          )}
        </div>
      )}
    </Stack>
  );
}
