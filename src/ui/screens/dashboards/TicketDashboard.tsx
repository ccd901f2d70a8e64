/**
 * Route `ticket-dashbaord` (the spec's spelling): ticket KPIs over a chosen period (7, 30 or 90 days):
 * open, urgent, past SLA; by status, priority, type, engineer and age; reported and done per day. The
 * platform's system tickets (the spec's POST dashboard-charts/systemTicketKpi) join when the person holds
 * SYSTEM_TICKET; without it that call is never made (a 403 would end the session).
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { IconAlertTriangle, IconClockExclamation, IconTicket } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useT } from '../../../i18n';
import { useHasPermission } from '../../../machines/SessionProvider';
import { createDashboardMachine } from '../../../machines/flows/dashboard';
import { barData, countsOf, donutData, figuresOf } from './chartData';
import { loadTicketDashboard } from './dashboardCalls';
import type { SystemTicketKpi, TicketDashboardData, TicketKpi } from './dashboardData';
import { ChartCard, NoAccess, StatTile } from './DashboardCards';
import { DashboardFrame } from './DashboardFrame';
import { formatCount, formatDate, formatDayShort } from './format';
import { ALL_TICKET_ROUTES, OPEN_TICKET_ROUTES, TICKET_TYPE_ROUTES, URGENT_TICKET_ROUTES, useRouteChooser, PAST_SLA_ROUTES } from './routeLinks';
import { pastSlaHref } from '../tickets/pastSla';
import { useDashboard } from './useDashboard';
import { useFigureWords } from './dashboardWords';

export const TICKET_PERIODS = [7, 30, 90] as const;

function TicketFigures({ kpi }: { kpi: TicketKpi }) {
  const t = useT();
  const words = useFigureWords();
  const choose = useRouteChooser();
  const empty = kpi.total === 0 ? t('dash.noTickets') : undefined;
  const opened = t('dash.opened');
  const done = t('dash.done');
  const openLabel = t('dash.openTickets');
  const engineers = kpi.byEngineer.map((e) => ({ engineer: e.name ?? t('dash.unassigned'), [openLabel]: e.open, [done]: e.done }));
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('dash.population', { from: formatDate(kpi.from), to: formatDate(kpi.to) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatTile label={t('dash.inView')} value={formatCount(kpi.total)} href={choose(ALL_TICKET_ROUTES)} />
        <StatTile label={t('dash.openTickets')} value={formatCount(kpi.open)} href={choose(OPEN_TICKET_ROUTES)} icon={<IconTicket size={20} />} />
        <StatTile label={t('dash.urgent')} value={formatCount(kpi.urgent)} href={choose(URGENT_TICKET_ROUTES)} color="red" icon={<IconAlertTriangle size={20} />} />
        <StatTile label={t('dash.overdue')} value={formatCount(kpi.overdue)} href={pastSlaHref(choose(PAST_SLA_ROUTES))} color="orange" icon={<IconClockExclamation size={20} />} />
      </SimpleGrid>
      <ChartCard title={t('dash.openedVsClosed')} empty={empty}>
        <LineChart
          h={240}
          data={kpi.daily.map((d) => ({ day: formatDayShort(d.date), [opened]: d.opened, [done]: d.closed }))}
          dataKey="day"
          series={[
            { name: opened, color: 'blue.6' },
            { name: done, color: 'teal.6' },
          ]}
          curveType="linear"
          withLegend
          withDots={false}
          yAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={t('dash.ticketsByStatus')} empty={empty} figures={figuresOf(kpi.byStatus, words.choice)}>
          <BarChart h={220} yAxisProps={{ allowDecimals: false }} data={barData(kpi.byStatus, words.choice, 'key', t('dash.tickets'))} dataKey="key" series={[{ name: t('dash.tickets'), color: 'blue.6' }]} />
        </ChartCard>
        <ChartCard title={t('dash.byPriority')} empty={empty} figures={figuresOf(kpi.byPriority, words.choice, { swatches: true })}>
          <DonutChart mx="auto" size={180} thickness={26} withTooltip data={donutData(kpi.byPriority, words.choice)} />
        </ChartCard>
        <ChartCard title={t('dash.ticketsByType')} empty={empty} figures={figuresOf(kpi.byType, words.ticketKind, { hrefOf: (type) => choose(TICKET_TYPE_ROUTES[type] ?? []) })}>
          <BarChart h={220} yAxisProps={{ allowDecimals: false }} data={barData(kpi.byType, words.ticketKind, 'key', t('dash.tickets'))} dataKey="key" series={[{ name: t('dash.tickets'), color: 'indigo.6' }]} />
        </ChartCard>
        <ChartCard title={t('dash.ageing')} empty={kpi.open === 0 ? t('dash.noOpen') : undefined} figures={figuresOf(kpi.ageing, words.age)}>
          <BarChart h={220} yAxisProps={{ allowDecimals: false }} data={barData(kpi.ageing, words.age, 'key', openLabel)} dataKey="key" series={[{ name: openLabel, color: 'orange.6' }]} />
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        title={t('dash.byEngineer')}
        empty={empty}
        figures={kpi.byEngineer.map((e) => ({ label: e.name ?? t('dash.unassigned'), value: t('dash.openOfTotal', { open: formatCount(e.open), total: formatCount(e.total) }) }))}
      >
        <BarChart h={Math.max(160, engineers.length * 36)} data={engineers} dataKey="engineer" orientation="vertical" yAxisProps={{ width: 120 }} xAxisProps={{ allowDecimals: false }} type="stacked" series={[{ name: openLabel, color: 'orange.6' }, { name: done, color: 'teal.6' }]} withLegend />
      </ChartCard>
    </Stack>
  );
}

function SystemTicketFigures({ kpi }: { kpi: SystemTicketKpi }) {
  const t = useT();
  const words = useFigureWords();
  const minutes = (value: number | null) => (value === null ? '—' : t('dash.minutes', { value: value.toFixed(1) }));
  const severities = countsOf(kpi.bySeverity, ['Info', 'Warning', 'Critical']);
  return (
    <Stack gap="sm">
      <Text fw={600} size="lg">
        {t('dash.systemTickets')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatTile label={t('dash.systemTickets')} value={formatCount(kpi.total)} />
        <StatTile label={t('dash.openCritical')} value={formatCount(kpi.openCritical)} color={kpi.openCritical > 0 ? 'red' : undefined} />
        <StatTile label={t('dash.meanAck')} value={minutes(kpi.meanMinutesToAcknowledge)} />
        <StatTile label={t('dash.meanClose')} value={minutes(kpi.meanMinutesToClose)} />
      </SimpleGrid>
      <ChartCard title={t('dash.bySeverity')} empty={kpi.total === 0 ? t('dash.noData') : undefined} figures={figuresOf(severities, words.choice, { swatches: true })}>
        <DonutChart mx="auto" size={160} thickness={24} withTooltip data={donutData(severities, words.choice)} />
      </ChartCard>
    </Stack>
  );
}

function TicketDashboardBody({ data }: { data: TicketDashboardData }) {
  const t = useT();
  if (!data.tickets && !data.systemTickets) return <NoAccess title={t('dash.noTicketModules')} text={t('dash.nothingForRoleText')} />;
  return (
    <Stack gap="xl">
      {data.tickets && <TicketFigures kpi={data.tickets} />}
      {data.systemTickets && <SystemTicketFigures kpi={data.systemTickets} />}
    </Stack>
  );
}

function TicketDashboardScreen({ segment, systemTickets }: { segment: string; systemTickets: boolean }) {
  const machine = useMemo(() => createDashboardMachine((input) => loadTicketDashboard(input, { systemTickets })), [systemTickets]);
  const view = useDashboard('ticketDashboard', machine, { days: 30 });
  return (
    <DashboardFrame segment={segment} view={view} periods={TICKET_PERIODS}>
      {(data) => <TicketDashboardBody data={data} />}
    </DashboardFrame>
  );
}

export function TicketDashboard({ segment }: { segment: string }) {
  const systemTickets = useHasPermission('SYSTEM_TICKET', 'VIEW');
  // A change of access starts a new actor with the matching loader.
  return <TicketDashboardScreen key={String(systemTickets)} segment={segment} systemTickets={systemTickets} />;
}
