/**
 * Route `sales-dashboard`: the spec's three KPI calls (GET lead/getKpi, proposal/getKpi,
 * agreement/agreementKpi) and the agreements ending next: the lead funnel by stage, proposals by status,
 * what was won in ₹, and renewals due. All of it is the sales pipeline (SALES-PIPELINE); a person without
 * it sees why the screen is empty, and no call is made (a 403 would end the session).
 */
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Link } from 'wouter';
import { useT } from '../../../i18n';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { createDashboardMachine } from '../../../machines/flows/dashboard';
import { LEAD_STAGES, PROPOSAL_STATUSES } from '../../../contract/modules/sales';
import { barData, countsOf, donutData, figuresOf } from './chartData';
import { loadSalesDashboard } from './dashboardCalls';
import type { AgreementRenewals, SalesDashboardData } from './dashboardData';
import { ChartCard, NoAccess, StatTile } from './DashboardCards';
import { DashboardFrame } from './DashboardFrame';
import { formatCount, formatDate, formatPaise, formatPercent, rupeesToPaise } from './format';
import { useRouteChooser } from './routeLinks';
import { useDashboard } from './useDashboard';
import { useFigureWords } from './dashboardWords';

const salesMachine = createDashboardMachine(loadSalesDashboard);
export const RENEWAL_PERIODS = [30, 90] as const;

function Renewals({ renewals, href }: { renewals: AgreementRenewals; href?: string }) {
  const t = useT();
  return (
    <ChartCard title={t('dash.renewals')} href={href} empty={renewals.items.length === 0 ? t('dash.noActiveAgreements') : undefined}>
      <Group gap="xs">
        <Badge color={renewals.expiring > 0 ? 'orange' : 'gray'} variant="light">
          {t('dash.expiring', { days: renewals.days })}: {formatCount(renewals.expiring)}
        </Badge>
      </Group>
      <Table verticalSpacing={4} fz="sm">
        <Table.Tbody>
          {renewals.items.map((a) => (
            <Table.Tr key={a._id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {href ? (
                    <Anchor component={Link} href={href} size="sm">
                      {a.alternateId ?? a.clientName}
                    </Anchor>
                  ) : (
                    (a.alternateId ?? a.clientName)
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {a.clientName}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(a.endDate)}</Table.Td>
              <Table.Td c={a.daysLeft <= renewals.days ? 'orange' : 'dimmed'}>
                {a.daysLeft < 0 ? t('dash.endedAgo', { days: -a.daysLeft }) : t('dash.daysLeft', { days: a.daysLeft })}
              </Table.Td>
              <Table.Td ta="right">{formatPaise(a.monthlyRentalPaise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ChartCard>
  );
}

function SalesBody({ data }: { data: SalesDashboardData }) {
  const t = useT();
  const words = useFigureWords();
  const choose = useRouteChooser();
  const salesHref = choose(['salespipeline']);
  const { leads, proposals, agreements, renewals } = data;
  const stages = countsOf(leads.byStage, LEAD_STAGES);
  const statuses = countsOf(proposals.byStatus, PROPOSAL_STATUSES);
  const leadsLabel = t('dash.openLeads');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatTile label={t('dash.openLeads')} value={formatCount(leads.open)} hint={`${t('dash.leadPipelineValue')}: ${formatPaise(leads.pipelineValuePaise)}`} href={salesHref} />
        <StatTile label={t('dash.wonLeadValue')} value={formatPaise(leads.wonValuePaise)} hint={`${t('dash.conversion')}: ${formatPercent(leads.conversionRate)}`} href={salesHref} color="green" />
        <StatTile label={t('dash.wonValue')} value={formatPaise(rupeesToPaise(proposals.wonMonthlyRental))} hint={`${t('dash.acceptance')}: ${formatPercent(proposals.acceptanceRate)}`} href={salesHref} color="green" />
        <StatTile label={t('dash.activeRental')} value={formatPaise(agreements.activeMonthlyRentalPaise)} hint={`${t('dash.machinesOnRent')}: ${formatCount(agreements.machinesOnRent)}`} href={salesHref} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={t('dash.leadFunnel')} href={salesHref} empty={leads.total === 0 ? t('dash.noData') : undefined} figures={figuresOf(stages, words.choice)}>
          <BarChart h={240} data={barData(stages, words.choice, 'stage', leadsLabel)} dataKey="stage" orientation="vertical" yAxisProps={{ width: 110 }} xAxisProps={{ allowDecimals: false }} series={[{ name: leadsLabel, color: 'blue.6' }]} />
        </ChartCard>
        <ChartCard title={t('dash.proposalsByStatus')} href={salesHref} empty={proposals.total === 0 ? t('dash.noData') : undefined} figures={figuresOf(statuses, words.choice, { swatches: true })}>
          <DonutChart mx="auto" size={190} thickness={28} withTooltip chartLabel={formatCount(proposals.total)} data={donutData(statuses, words.choice)} />
        </ChartCard>
      </SimpleGrid>
      <Renewals renewals={renewals} href={salesHref} />
    </Stack>
  );
}

function SalesDashboardScreen({ segment }: { segment: string }) {
  const view = useDashboard('salesDashboard', salesMachine, { days: 30 });
  return (
    <DashboardFrame segment={segment} view={view} periods={RENEWAL_PERIODS}>
      {(data) => <SalesBody data={data} />}
    </DashboardFrame>
  );
}

export function SalesDashboard({ segment }: { segment: string }) {
  const t = useT();
  const mayView = useMayOpenScreen('sales-dashboard');
  if (!mayView) return <NoAccess title={t('dash.noSalesAccess')} text={t('dash.nothingForRoleText')} />;
  return <SalesDashboardScreen segment={segment} />;
}
