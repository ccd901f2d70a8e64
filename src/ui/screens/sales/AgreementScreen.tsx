/**
 * One agreement's page (/app/agreement/{id}, issue 33): where "Make agreement" on a won proposal leads. What was
 * agreed (client and its number, machines, period, rental and deposit in ₹), its PDF, its steps and history, and the
 * proposal it came from.
 */
import { Alert, Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { agreement } from '../../../contract/modules/sales';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import { useRecordById, useRecordWorkflow } from '../../data/resources';
import { dayText } from '../../kit/dateText';
import { usePageCrumb } from '../../kit/pageCrumb';
import { LifecyclePanel } from '../module/LifecyclePanel';
import { PdfDownloadButton } from '../module/PdfDownloadButton';
import type { Row } from '../module/listView';
import './salesWords';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

/** A reference the server sends with its names (`names`), else nothing readable. */
function named(record: Row, field: string): string {
  const names = record.names && typeof record.names === 'object' ? (record.names as Record<string, unknown>) : {};
  return typeof names[field] === 'string' ? (names[field] as string) : '';
}

/**
 * The client as a person knows it: the client record's company name once it is made, else the company the agreement
 * names; nothing when neither (the page then says there is no client yet, never the proposal's name in its place).
 */
function clientOf(row: Row): string {
  return named(row, 'clientId') || (typeof row.clientName === 'string' ? row.clientName.trim() : '');
}

export function AgreementScreen({ id }: { id: string }) {
  const t = useT();
  const { record, loading, error } = useRecordById(agreement, id);
  const workflow = useRecordWorkflow(agreement, id);
  const row = (record && record._id === id ? record : null) as Row | null;
  // The breadcrumb names the agreement by its number, not by the id in the path.
  usePageCrumb(`/app/agreement/${id}`, row ? String(row.alternateId ?? '') || undefined : undefined);
  if (!row) {
    if (loading) return <Loader aria-label={t('app.loading')} />;
    return (
      <Alert color="red" role="alert" maw={960}>
        {error ?? t('sales.agreementMissing')}
      </Alert>
    );
  }
  const number = String(row.alternateId ?? id);
  const machines = Array.isArray(row.machineInstanceIds) ? row.machineInstanceIds.length : 0;
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} href="/app/salespipeline?tab=agreement" size="sm">
        {t('sales.backToPipeline')}
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2}>{t('sales.agreementTitle', { number })}</Title>
          <Badge size="lg">{String(row.status ?? 'Draft')}</Badge>
        </Group>
        <PdfDownloadButton def={agreement} row={row} />
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Fact label={t('sales.agreementClient')} value={clientOf(row) || t('sales.agreementNoClient')} />
          <Fact label={t('sales.agreementPeriod')} value={`${dayText(String(row.startDate ?? ''))} – ${dayText(String(row.endDate ?? ''))}`} />
          <Fact label={t('sales.agreementMachines')} value={String(machines)} />
          <Fact label={t('sales.agreementRental')} value={typeof row.monthlyRentalPaise === 'number' ? formatPaise(row.monthlyRentalPaise) : ''} />
          <Fact label={t('sales.agreementDeposit')} value={typeof row.securityDepositPaise === 'number' ? formatPaise(row.securityDepositPaise) : ''} />
          <Fact label={t('sales.agreementFromProposal')} value={named(row, 'proposalId')} />
        </SimpleGrid>
      </Paper>
      <LifecyclePanel def={agreement} id={id} workflow={workflow} />
    </Stack>
  );
}
