/**
 * dashboard-machine (document 1 §2, open to any signed-in user): the fleet at a glance: machines by
 * status, type and location, preventive maintenance falling due, and the machines that break down most.
 * Every chart has its figures written beside it (readable without hovering, and by screen readers).
 * The data and its states are the `machineSummary` machine's; the due window and the breakdown period are
 * events to it.
 */
import './machineWords';
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Badge, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { MACHINE_MESSAGES, type CountBy, type MachineSummary } from '../../../machines/flows/machineDashboardCalls';
import { BREAKDOWN_PERIODS, DUE_WINDOWS, machineSummaryMachine, type MachineSummaryActorRef } from '../../../machines/flows/machineSummary';
import { useScreenActor } from '../../../machines/useScreenActor';
import { MACHINE_STATUS_COLOR } from './MachineCardView';
import { useCatalogueWords } from '../module/catalogueWords';
import { EmptyPanel, FailurePanel, LoadingPanel, NoAccessPanel } from './machineSensorParts';
import { formatCount, formatDate } from './readingFormat';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { todayIn } from '../../../contract/zonedTime';

function useSummaryEvents(actor: MachineSummaryActorRef) {
  return useMemo(
    () => ({
      refresh: () => actor.send({ type: 'summary.refresh' }),
      retry: () => actor.send({ type: 'summary.retry' }),
      setDueWindow: (dueWithinDays: number) => actor.send({ type: 'summary.setWindow', dueWithinDays }),
      setMonths: (months: number) => actor.send({ type: 'summary.setWindow', months }),
    }),
    [actor],
  );
}

function Tile({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={tone}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>{title}</Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** The figures of a chart as a list, beside it. */
function Figures({ rows }: { rows: Array<{ name: string; count: number; color?: string }> }) {
  return (
    <Stack gap={4}>
      {rows.map((row) => (
        <Group key={row.name} justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            {row.color && <span style={{ width: 10, height: 10, borderRadius: 5, background: `var(--mantine-color-${row.color}-6)` }} />}
            <Text size="sm">{row.name}</Text>
          </Group>
          <Text size="sm" fw={600}>
            {formatCount(row.count)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

const named = (rows: CountBy[], none: string) => rows.map((r) => ({ name: r.label ?? none, count: r.count }));

function FleetFigures({ summary, actor }: { summary: MachineSummary; actor: MachineSummaryActorRef }) {
  const t = useT();
  const words = useCatalogueWords();
  const zone = useSession(selectTimezone);
  const events = useSummaryEvents(actor);
  // A status is a stored choice: its colour follows the value, its name the person's language.
  const statuses = summary.byStatus.map((s) => ({ name: words.choice(s.key ?? ''), count: s.count, color: MACHINE_STATUS_COLOR[s.key ?? ''] ?? 'gray' }));
  const types = named(summary.byType, t('md.unknownType'));
  const locations = named(summary.byLocation, t('md.notPlaced'));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Tile label={t('md.totalMachines')} value={summary.totals.machines} />
        <Tile label={t('md.overduePlans')} value={summary.totals.overdue} tone={summary.totals.overdue > 0 ? 'red' : undefined} />
        <Tile label={t('md.openBreakdowns')} value={summary.totals.openBreakdowns} tone={summary.totals.openBreakdowns > 0 ? 'orange' : undefined} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Section title={t('md.byStatus')}>
          <Group align="center" wrap="nowrap">
            <DonutChart data={statuses.map((s) => ({ name: s.name, value: s.count, color: `${s.color}.6` }))} size={140} thickness={22} withTooltip />
            <Figures rows={statuses} />
          </Group>
        </Section>
        <Section title={t('md.byType')}>
          <BarChart h={160} data={types} dataKey="name" orientation="vertical" series={[{ name: 'count', label: t('md.machines'), color: 'blue.6' }]} withYAxis={false} gridAxis="none" xAxisProps={{ allowDecimals: false }} />
          <Figures rows={types} />
        </Section>
        <Section title={t('md.byLocation')}>
          <BarChart h={160} data={locations} dataKey="name" orientation="vertical" series={[{ name: 'count', label: t('md.machines'), color: 'teal.6' }]} withYAxis={false} gridAxis="none" xAxisProps={{ allowDecimals: false }} />
          <Figures rows={locations} />
        </Section>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section
          title={t('md.maintenanceDue')}
          action={<SegmentedControl size="xs" aria-label={t('md.dueWindow')} value={String(summary.dueWithinDays)} onChange={(v) => events.setDueWindow(Number(v))} data={DUE_WINDOWS.map((d) => ({ value: String(d), label: t('md.nextDays', { days: d }) }))} />}
        >
          {summary.maintenanceDue.length === 0 ? (
            <Text c="dimmed" size="sm">{t('md.nothingDue', { days: summary.dueWithinDays })}</Text>
          ) : (
            <Table striped aria-label={t('md.maintenanceDue')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('md.machine')}</Table.Th>
                  <Table.Th>{t('md.plan')}</Table.Th>
                  <Table.Th>{t('md.dueOn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.maintenanceDue.map((p) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>{p.machineName ?? '—'}</Table.Td>
                    <Table.Td>{p.title}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        {formatDate(p.nextDueDate, zone)}
                        <Badge size="sm" style={{ flexShrink: 0, overflow: 'visible' }} color={p.daysLeft < 0 ? 'red' : p.daysLeft <= 3 ? 'orange' : 'blue'} variant="light">
                          {p.daysLeft < 0 ? t('md.overdueBy', { days: -p.daysLeft }) : p.daysLeft === 0 ? t('md.dueToday') : t('md.dueIn', { days: p.daysLeft })}
                        </Badge>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
        <Section
          title={t('md.topBreakdowns')}
          action={<SegmentedControl size="xs" aria-label={t('md.breakdownPeriod')} value={String(summary.months)} onChange={(v) => events.setMonths(Number(v))} data={BREAKDOWN_PERIODS.map((m) => ({ value: String(m), label: t('md.lastMonths', { months: m }) }))} />}
        >
          {summary.topBreakdowns.length === 0 ? (
            <Text c="dimmed" size="sm">{t('md.noBreakdowns', { months: summary.months })}</Text>
          ) : (
            <>
              <BarChart
                h={180}
                data={summary.topBreakdowns.map((b) => ({ name: b.machineName ?? b.alternateId ?? '', tickets: b.tickets, open: b.open }))}
                dataKey="name"
                series={[{ name: 'tickets', label: t('md.breakdownTickets'), color: 'red.6' }, { name: 'open', label: t('md.stillOpen'), color: 'orange.4' }]}
                withLegend
                yAxisProps={{ allowDecimals: false }}
              />
              <Figures rows={summary.topBreakdowns.map((b) => ({ name: b.machineName ?? b.alternateId ?? '', count: b.tickets }))} />
            </>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function Summary() {
  const zone = useSession(selectTimezone);
  const actor = useScreenActor('machineSummary', machineSummaryMachine, { today: todayIn(zone) });
  return actor ? <SummaryOf actor={actor} /> : null;
}

function SummaryOf({ actor }: { actor: MachineSummaryActorRef }) {
  const t = useT();
  const events = useSummaryEvents(actor);
  const summary = useSelector(actor, (s) => s.context.summary);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={loading && summary !== null} disabled={loading} onClick={events.refresh}>
          {t('md.refresh')}
        </Button>
      </Group>
      {failed && <FailurePanel title={t('md.summaryFailedTitle')} error={error} fallback={MACHINE_MESSAGES.list} onRetry={events.retry} />}
      {!failed && summary === null && <LoadingPanel label={t('md.summaryLoading')} />}
      {!failed && summary !== null && summary.totals.machines === 0 && <EmptyPanel title={t('md.noMachinesTitle')} description={t('md.noMachines')} />}
      {!failed && summary !== null && summary.totals.machines > 0 && (
        <div style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={loading}>
          <FleetFigures summary={summary} actor={actor} />
        </div>
      )}
    </Stack>
  );
}

export function MachineDashboardScreen() {
  const allowed = useMayOpenScreen('dashboard-machine');
  return allowed ? <Summary /> : <NoAccessPanel feature="SVC_MACHINE_INSTANCE" />;
}
