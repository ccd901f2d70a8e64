/**
 * dashboard-realtime (document 1 §2, open to any signed-in user): every sensor the person may see, with
 * its newest values, a sparkline per parameter and how fresh it is; new readings arrive through the
 * socket. A value outside its alarm band is shown in red; a sensor that went quiet gets a "stale" badge.
 * The data, the socket and the clock are the `liveReadings` machine's; this screen only renders them.
 */
import './machineWords';
import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAccessPoint } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { readStored } from '../../../api/storage';
import { useT, type Translate } from '../../../i18n';
import { selectTimezone, selectUser, useSession } from '../../../machines/SessionProvider';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { freshnessOf, liveReadingsMachine, type Freshness, type LiveReadingsActorRef } from '../../../machines/flows/liveReadings';
import { SENSOR_MESSAGES, type LiveSensor, type ParameterBand } from '../../../machines/flows/sensorDashboardCalls';
import { useScreenActor } from '../../../machines/useScreenActor';
import { EmptyPanel, FailurePanel, LoadingPanel, NoAccessPanel } from './machineSensorParts';
import { useCatalogueWords } from '../module/catalogueWords';
import { formatDateTime, formatReading } from './readingFormat';

const FRESHNESS_COLOR: Record<Freshness, string> = { fresh: 'green', stale: 'orange', none: 'gray' };

const outOfBand = (value: number, band: ParameterBand): boolean => (band.max !== undefined && value > band.max) || (band.min !== undefined && value < band.min);

/** "just now", "12 min ago", "3 h ago", or the date beyond a day. */
export function agoText(t: Translate, iso: string, now: number, zone: string): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return t('md.justNow');
  if (minutes < 60) return t('md.minutesAgo', { minutes });
  if (minutes < 24 * 60) return t('md.hoursAgo', { hours: Math.floor(minutes / 60) });
  return formatDateTime(iso, zone);
}

function SensorCard({ sensor, now }: { sensor: LiveSensor; now: number }) {
  const t = useT();
  const words = useCatalogueWords();
  const zone = useSession(selectTimezone);
  const freshness = freshnessOf(sensor, now);
  const latest = sensor.latest;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={sensor.name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          <Text fw={600}>{sensor.name}</Text>
          <Text size="xs" c="dimmed">
            {[sensor.unitName, sensor.machineName].filter(Boolean).join(' · ') || sensor.imeiNo}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {sensor.status !== 'Active' && <Badge color="gray" variant="outline">{words.choice(sensor.status)}</Badge>}
          {latest?.alarm && <Badge color="red">{t('md.alarm')}</Badge>}
          <Badge color={FRESHNESS_COLOR[freshness]} variant="light">{t(freshness === 'fresh' ? 'md.live' : freshness === 'stale' ? 'md.stale' : 'md.noReadingsYet')}</Badge>
        </Group>
      </Group>
      <Stack gap={6} mt="sm">
        {sensor.parameters.map((band) => {
          const value = latest?.values[band.name];
          const line = sensor.sparklines[band.name] ?? [];
          const alarm = value !== undefined && outOfBand(value, band);
          return (
            <Group key={band.name} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed" w={110}>
                {t(`md.param.${band.name}` as never)}
              </Text>
              {line.some((v) => v !== null) ? <Sparkline w={120} h={28} data={line} curveType="monotone" color={alarm ? 'red.6' : 'blue.6'} fillOpacity={0.25} strokeWidth={1.5} aria-hidden /> : <span style={{ width: 120 }} />}
              <Text size="sm" fw={600} c={alarm ? 'red' : undefined} ta="right" miw={90} aria-label={`${t(`md.param.${band.name}` as never)} ${formatReading(value, band.unit)}`}>
                {formatReading(value, band.unit)}
              </Text>
            </Group>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed" mt="sm">
        {latest ? t('md.lastReading', { when: agoText(t, latest.recordedAt, now, zone) }) : t('md.neverReported')}
      </Text>
    </Card>
  );
}

function Totals({ sensors, now, received }: { sensors: LiveSensor[]; now: number; received: number }) {
  const t = useT();
  const counts = useMemo(() => {
    const freshness = sensors.map((s) => freshnessOf(s, now));
    return { live: freshness.filter((f) => f === 'fresh').length, stale: freshness.filter((f) => f === 'stale').length, alarms: sensors.filter((s) => s.latest?.alarm).length };
  }, [sensors, now]);
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="xs">
        <IconAccessPoint size={18} color="var(--mantine-color-green-6)" />
        <Text size="sm">{t('md.liveSummary', { sensors: sensors.length, live: counts.live, stale: counts.stale, alarms: counts.alarms })}</Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('md.receivedSinceOpen', { count: received })}
      </Text>
    </Group>
  );
}

function LiveBoard({ actor }: { actor: LiveReadingsActorRef }) {
  const t = useT();
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const { sensors, now, received, error } = useSelector(actor, (s) => s.context);
  if (loading) return <LoadingPanel label={t('md.loadingSensors')} />;
  if (failed) return <FailurePanel title={t('md.liveFailedTitle')} error={error} fallback={SENSOR_MESSAGES.data} onRetry={() => actor.send({ type: 'live.retry' })} />;
  if (sensors.length === 0) return <EmptyPanel title={t('md.noSensorsTitle')} description={t('md.noSensorsText')} />;
  return (
    <Stack gap="md">
      <Totals sensors={sensors} now={now} received={received} />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
        {sensors.map((sensor) => (
          <SensorCard key={sensor._id} sensor={sensor} now={now} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Live({ subscriberId }: { subscriberId: string }) {
  const actor = useScreenActor('liveReadings', liveReadingsMachine, { socket: { token: readStored('tn_ah') ?? '', subscriberId } });
  return actor ? <LiveBoard actor={actor} /> : null;
}

export function RealtimeDashboardScreen() {
  const allowed = useMayOpenScreen('dashboard-realtime');
  const user = useSession(selectUser);
  if (!allowed) return <NoAccessPanel feature="SENSOR_DATA" />;
  return <Live subscriberId={user?.subscriberId ?? ''} />;
}
