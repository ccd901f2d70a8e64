/**
 * Route `dashboard`: the overview a manager opens first. Each tile appears only when the person may VIEW
 * the module behind it (the server leaves the others out of its answer) and leads to that module's list
 * when the person may open one. No tile at all means the role covers none of these modules.
 */
import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { IconAlertTriangle, IconClockExclamation, IconFileInvoice, IconTicket } from '@tabler/icons-react';
import { Link } from 'wouter';
import '../parts/stockWords';
import { useT } from '../../../i18n';
import { createDashboardMachine } from '../../../machines/flows/dashboard';
import { loadOverview } from './dashboardCalls';
import type { Overview } from './dashboardData';
import { barData, donutData, figuresOf } from './chartData';
import { ChartCard, NoAccess, StatTile } from './DashboardCards';
import { DashboardFrame } from './DashboardFrame';
import { formatCount, formatPaise } from './format';
import { ALL_TICKET_ROUTES, OPEN_TICKET_ROUTES, TICKET_TYPE_ROUTES, URGENT_TICKET_ROUTES, useRouteChooser, type RouteChooser, PAST_SLA_ROUTES } from './routeLinks';
import { pastSlaHref } from '../tickets/pastSla';
import { useDashboard } from './useDashboard';
import { useFigureWords } from './dashboardWords';

const overviewMachine = createDashboardMachine(loadOverview);

function TicketTiles({ tickets, choose }: { tickets: NonNullable<Overview['tickets']>; choose: RouteChooser }) {
  const t = useT();
  const words = useFigureWords();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatTile label={t('dash.openTickets')} value={formatCount(tickets.open)} href={choose(OPEN_TICKET_ROUTES)} icon={<IconTicket size={20} />} />
        <StatTile label={t('dash.urgent')} value={formatCount(tickets.urgent)} href={choose(URGENT_TICKET_ROUTES)} color="red" icon={<IconAlertTriangle size={20} />} />
        <StatTile label={t('dash.overdue')} value={formatCount(tickets.overdue)} href={pastSlaHref(choose(PAST_SLA_ROUTES))} color="orange" icon={<IconClockExclamation size={20} />} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={t('dash.ticketsByStatus')} href={choose(ALL_TICKET_ROUTES)} empty={tickets.total === 0 ? t('dash.noData') : undefined} figures={figuresOf(tickets.byStatus, words.choice)}>
          <BarChart h={220} yAxisProps={{ allowDecimals: false }} data={barData(tickets.byStatus, words.choice, 'status', t('dash.tickets'))} dataKey="status" series={[{ name: t('dash.tickets'), color: 'blue.6' }]} tickLine="y" />
        </ChartCard>
        <ChartCard
          title={t('dash.ticketsByType')}
          empty={tickets.total === 0 ? t('dash.noData') : undefined}
          figures={figuresOf(tickets.byType, words.ticketKind, { hrefOf: (type) => choose(TICKET_TYPE_ROUTES[type] ?? []), swatches: true })}
        >
          <DonutChart mx="auto" size={180} thickness={26} withTooltip data={donutData(tickets.byType, words.ticketKind)} />
        </ChartCard>
      </SimpleGrid>
    </>
  );
}

function AssetTiles({ overview, choose }: { overview: Overview; choose: RouteChooser }) {
  const t = useT();
  const words = useFigureWords();
  const { machines, spareParts } = overview;
  if (!machines && !spareParts) return null;
  const partsHref = choose(['manage-spare-part']);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {machines && (
        <ChartCard title={t('dash.machinesByStatus')} href={choose(['svc-machine-instance'])} empty={machines.total === 0 ? t('dash.noData') : undefined} figures={figuresOf(machines.byStatus, words.choice, { swatches: true })}>
          <DonutChart mx="auto" size={180} thickness={26} withTooltip chartLabel={formatCount(machines.total)} data={donutData(machines.byStatus, words.choice)} />
        </ChartCard>
      )}
      {spareParts && (
        <ChartCard title={t('dash.spareParts')} href={partsHref} empty={spareParts.total === 0 ? t('dash.noData') : undefined}>
          {/* The number opens the low-stock view, where a requisition starts from these parts (issue 32). */}
          <StatTile label={t('dash.belowReorder')} value={formatCount(spareParts.belowReorder)} href={partsHref ? `${partsHref}?tab=low-stock` : undefined} color={spareParts.belowReorder > 0 ? 'orange' : undefined} />
          <StatTile label={t('stock.stockValue')} value={formatPaise(spareParts.stockValuePaise)} href={partsHref} />
          {spareParts.parts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('dash.allStocked')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {spareParts.parts.map((p) => (
                <li key={p._id}>
                  <Text size="sm" fw={500}>
                    {partsHref ? (
                      <Anchor component={Link} href={partsHref} size="sm">
                        {p.partNumber}
                      </Anchor>
                    ) : (
                      p.partNumber
                    )}{' '}
                    · {p.partName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('dash.stockLine', { stock: formatCount(p.stockQty), level: formatCount(p.reorderLevel) })}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </ChartCard>
      )}
    </SimpleGrid>
  );
}

function MoneyTiles({ overview, choose }: { overview: Overview; choose: RouteChooser }) {
  const t = useT();
  const { proposals, invoices } = overview;
  if (!proposals && !invoices) return null;
  const salesHref = choose(['salespipeline']);
  const invoiceHref = choose(['final-invoice-list', 'generate-invoice']);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      {proposals && (
        <>
          <StatTile label={t('dash.pipeline')} value={formatCount(proposals.pipelineCount)} hint={`${t('dash.pipelineValue')}: ${formatPaise(proposals.pipelineMonthlyRentalPaise)}`} href={salesHref} />
          <StatTile label={t('dash.wonValue')} value={formatPaise(proposals.wonMonthlyRentalPaise)} hint={`${t('dash.won')}: ${formatCount(proposals.wonCount)}`} href={salesHref} color="green" />
        </>
      )}
      {invoices && (
        <>
          <StatTile label={t('dash.outstandingAmount')} value={formatPaise(invoices.outstandingPaise)} hint={`${t('dash.outstanding')}: ${formatCount(invoices.outstandingCount)}`} href={invoiceHref} icon={<IconFileInvoice size={20} />} />
          <StatTile label={t('dash.pastDueAmount')} value={formatPaise(invoices.overduePaise)} hint={`${t('dash.pastDue')}: ${formatCount(invoices.overdueCount)}`} href={invoiceHref} color={invoices.overdueCount > 0 ? 'red' : undefined} />
        </>
      )}
    </SimpleGrid>
  );
}

function OverviewBody({ overview }: { overview: Overview }) {
  const t = useT();
  const choose = useRouteChooser();
  const none = !overview.tickets && !overview.machines && !overview.spareParts && !overview.proposals && !overview.invoices;
  if (none) return <NoAccess title={t('dash.nothingForRole')} text={t('dash.nothingForRoleText')} />;
  return (
    <Stack gap="lg">
      {overview.tickets && <TicketTiles tickets={overview.tickets} choose={choose} />}
      <MoneyTiles overview={overview} choose={choose} />
      <AssetTiles overview={overview} choose={choose} />
    </Stack>
  );
}

export function OverviewDashboard({ segment }: { segment: string }) {
  const view = useDashboard('overviewDashboard', overviewMachine);
  return (
    <DashboardFrame segment={segment} view={view}>
      {(overview) => <OverviewBody overview={overview} />}
    </DashboardFrame>
  );
}
