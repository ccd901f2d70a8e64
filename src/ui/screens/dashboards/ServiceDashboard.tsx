/**
 * Route `serve-dashboard` (code SERVE_DASHBAORD, guarded): how well service was delivered on the tickets
 * reported in the period: SLA met and missed (and open tickets past or within their SLA), the mean and
 * median time to close, tickets per engineer, and the feedback ratings customers gave.
 */
import { Box, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { useT } from '../../../i18n';
import { createDashboardMachine } from '../../../machines/flows/dashboard';
import { cssColor } from './chartData';
import { loadServicePerformance } from './dashboardCalls';
import type { ServicePerformance } from './dashboardData';
import { ChartCard, NoAccess, StatTile } from './DashboardCards';
import { DashboardFrame } from './DashboardFrame';
import { formatCount, formatDate, formatHours, formatPercent } from './format';
import { ALL_TICKET_ROUTES, useRouteChooser, PAST_SLA_ROUTES } from './routeLinks';
import { pastSlaHref } from '../tickets/pastSla';
import { useDashboard } from './useDashboard';
import './dashboardWords';

const serviceMachine = createDashboardMachine(loadServicePerformance);
export const SERVICE_PERIODS = [30, 90, 365] as const;

function Tickets({ tickets, from }: { tickets: NonNullable<ServicePerformance['tickets']>; from: string }) {
  const t = useT();
  const choose = useRouteChooser();
  const { sla } = tickets;
  const empty = tickets.total === 0 ? t('dash.noTickets') : undefined;
  const slaSegments = [
    { name: t('dash.slaMet'), value: sla.met, color: 'teal.6' },
    { name: t('dash.slaMissed'), value: sla.missed, color: 'red.6' },
    { name: t('dash.slaBreached'), value: sla.breached, color: 'orange.6' },
    { name: t('dash.slaOnTrack'), value: sla.onTrack, color: 'blue.5' },
  ];
  const assigned = t('dash.assigned');
  const done = t('dash.done');
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('dash.servicePopulation', { date: formatDate(from) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatTile label={t('dash.slaMetPercent')} value={formatPercent(sla.metPercent)} hint={`${t('dash.slaMet')}: ${formatCount(sla.met)} · ${t('dash.slaMissed')}: ${formatCount(sla.missed)}`} color={sla.metPercent !== null && sla.metPercent < 80 ? 'red' : 'teal'} />
        <StatTile label={t('dash.meanClose')} value={formatHours(tickets.meanHoursToClose)} hint={`${t('dash.medianClose')}: ${formatHours(tickets.medianHoursToClose)}`} />
        <StatTile label={t('dash.slaBreached')} value={formatCount(sla.breached)} color={sla.breached > 0 ? 'orange' : undefined} href={pastSlaHref(choose(PAST_SLA_ROUTES))} />
        <StatTile label={t('dash.inView')} value={formatCount(tickets.total)} hint={`${t('dash.done')}: ${formatCount(tickets.done)}`} href={choose(ALL_TICKET_ROUTES)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={t('dash.slaTitle')} empty={empty} figures={slaSegments.map((s) => ({ label: s.name, value: formatCount(s.value), color: cssColor(s.color) }))}>
          <DonutChart mx="auto" size={180} thickness={26} withTooltip chartLabel={formatPercent(sla.metPercent)} data={slaSegments.filter((s) => s.value > 0)} />
        </ChartCard>
        <ChartCard title={t('dash.ticketsPerEngineer')} empty={empty}>
          <BarChart
            h={Math.max(160, tickets.byEngineer.length * 40)}
            data={tickets.byEngineer.map((e) => ({ engineer: e.name ?? t('dash.unassigned'), [assigned]: e.assigned, [done]: e.done }))}
            dataKey="engineer"
            orientation="vertical"
            yAxisProps={{ width: 120 }}
            xAxisProps={{ allowDecimals: false }}
            series={[
              { name: assigned, color: 'blue.6' },
              { name: done, color: 'teal.6' },
            ]}
            withLegend
          />
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dash.engineer')}</Table.Th>
                <Table.Th ta="right">{assigned}</Table.Th>
                <Table.Th ta="right">{done}</Table.Th>
                <Table.Th ta="right">{t('dash.slaMissed')}</Table.Th>
                <Table.Th ta="right">{t('dash.meanClose')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tickets.byEngineer.map((e) => (
                <Table.Tr key={e.engineerId ?? 'unassigned'}>
                  <Table.Td>{e.name ?? t('dash.unassigned')}</Table.Td>
                  <Table.Td ta="right">{formatCount(e.assigned)}</Table.Td>
                  <Table.Td ta="right">{formatCount(e.done)}</Table.Td>
                  <Table.Td ta="right">{formatCount(e.slaMissed)}</Table.Td>
                  <Table.Td ta="right">{formatHours(e.meanHoursToClose)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

function Feedback({ feedback }: { feedback: NonNullable<ServicePerformance['feedback']> }) {
  const t = useT();
  return (
    <ChartCard title={t('dash.feedback')} empty={feedback.count === 0 ? t('dash.noFeedback') : undefined}>
      <StatTile label={t('dash.averageRating')} value={feedback.average === null ? '—' : `${feedback.average.toFixed(2)} / 5`} hint={t('dash.ratingsCount', { count: feedback.count })} />
      <Stack gap={6}>
        {[...feedback.byRating].reverse().map((r) => (
          <Box key={r.rating} style={{ display: 'grid', gridTemplateColumns: '3rem 1fr 3rem', gap: 8, alignItems: 'center' }}>
            <Text size="sm">{t('dash.stars', { rating: r.rating })}</Text>
            <Progress value={feedback.count === 0 ? 0 : (r.count / feedback.count) * 100} color={r.rating >= 4 ? 'teal' : r.rating === 3 ? 'yellow' : 'red'} aria-label={t('dash.stars', { rating: r.rating })} />
            <Text size="sm" ta="right" fw={600}>
              {formatCount(r.count)}
            </Text>
          </Box>
        ))}
      </Stack>
    </ChartCard>
  );
}

function ServiceBody({ data }: { data: ServicePerformance }) {
  const t = useT();
  if (!data.tickets && !data.feedback) return <NoAccess title={t('dash.noTicketModules')} text={t('dash.nothingForRoleText')} />;
  return (
    <Stack gap="lg">
      {data.tickets && <Tickets tickets={data.tickets} from={data.from} />}
      {data.feedback && <Feedback feedback={data.feedback} />}
    </Stack>
  );
}

export function ServiceDashboard({ segment }: { segment: string }) {
  const view = useDashboard('serviceDashboard', serviceMachine, { days: 90 });
  return (
    <DashboardFrame segment={segment} view={view} periods={SERVICE_PERIODS}>
      {(data) => <ServiceBody data={data} />}
    </DashboardFrame>
  );
}
