/**
 * The invoice as its accountant reads it (issue 14), at the top of its record view: the lines with their GST, the
 * totals, what has been paid and credited and what is still owed, the e-invoice's IRN and acknowledgement, and
 * "Raise credit note" on a Final invoice for someone who may raise one. Loaded with the invoice's record view only.
 */
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import type { DocumentTotals } from '../../../contract/gst';
import { formatPaise } from '../../../contract/money';
import { outstandingOf } from '../../../contract/settlement';
import { creditNote } from '../../../contract/modules/billing';
import { useT } from '../../../i18n';
import { useModulePermissions } from '../../data/resources';
import { DocumentTotalsTable } from '../module/GstAmounts';
import { formatDateTime } from '../dashboards/format';
import { statusColor } from '../module/statusColor';
import { selectTimezone } from '../../../machines/selectors';
import { useSession } from '../../../machines/SessionProvider';
import { RaiseCreditNote } from './RaiseCreditNote';
import { amount, invoiceIsInterState, type InvoiceRecord } from './invoiceRecord';
import { EmailInvoiceButton } from './EmailInvoice';
import { mayUseModule } from '../../routeModules';
import { selectPermissions } from '../../../machines/selectors';

type Line = Record<string, unknown>;

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function totalsOf(invoice: InvoiceRecord): DocumentTotals {
  return {
    taxableValuePaise: amount(invoice.taxableValuePaise),
    cgstPaise: amount(invoice.cgstPaise),
    sgstPaise: amount(invoice.sgstPaise),
    igstPaise: amount(invoice.igstPaise),
    totalTaxPaise: amount(invoice.totalTaxPaise),
    roundOffPaise: amount(invoice.roundOffPaise),
    grandTotalPaise: amount(invoice.grandTotalPaise),
  };
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

export function InvoiceSummary({ record }: { record: InvoiceRecord }) {
  const t = useT();
  const [crediting, setCrediting] = useState(false);
  const mayCredit = useModulePermissions(creditNote).create;
  const timeZone = useSession(selectTimezone);
  // E-mailing records the dispatch on the invoice: the invoice's UPDATE, on any of its screens.
  const mayEmail = mayUseModule(useSession(selectPermissions), 'invoice', 'UPDATE');
  const emailLog = Array.isArray(record.emailLog) ? (record.emailLog as Array<{ to?: string; at?: string }>) : [];
  const lines = Array.isArray(record.items) ? (record.items as Line[]) : [];
  const eInvoice = record.eInvoice && typeof record.eInvoice === 'object' ? (record.eInvoice as Record<string, string | undefined>) : null;
  const paymentStatus = typeof record.paymentStatus === 'string' ? record.paymentStatus : '';
  return (
    <Stack gap="sm" data-testid="invoice-summary">
      <Table.ScrollContainer minWidth={520}>
        <Table fz="sm" verticalSpacing={4} aria-label={t('billing.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.description')}</Table.Th>
              <Table.Th>{t('billing.hsn')}</Table.Th>
              <Table.Th ta="right">{t('billing.quantity')}</Table.Th>
              <Table.Th ta="right">{t('billing.rate')}</Table.Th>
              <Table.Th ta="right">{t('billing.gstRate')}</Table.Th>
              <Table.Th ta="right">{t('billing.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{String(line.description ?? '')}</Table.Td>
                <Table.Td>{String(line.hsnSac ?? '')}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {String(line.quantity ?? '')} {String(line.unit ?? '')}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>{formatPaise(amount(line.ratePaise))}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>{String(line.gstRate ?? '')} %</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>{formatPaise(amount(line.totalPaise))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DocumentTotalsTable totals={totalsOf(record)} interState={invoiceIsInterState(record)} />
      <Paper withBorder radius="sm" p="xs">
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          <Figure label={t('billing.grandTotal')} value={formatPaise(amount(record.grandTotalPaise))} />
          <Figure label={t('billing.paid')} value={formatPaise(amount(record.paidPaise))} />
          <Figure label={t('billing.credited')} value={formatPaise(amount(record.creditedPaise))} />
          <Figure label={t('billing.balance')} value={formatPaise(Math.max(outstandingOf(record), 0))} strong />
        </SimpleGrid>
        {paymentStatus && (
          <Group mt="xs">
            <Badge color={statusColor(paymentStatus)} variant="light" data-testid="payment-status">
              {paymentStatus}
            </Badge>
          </Group>
        )}
      </Paper>
      {eInvoice?.irn && (
        <Paper withBorder radius="sm" p="xs" aria-label={t('billing.eInvoice')}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('billing.eInvoice')}
          </Text>
          <Text size="xs" style={{ wordBreak: 'break-all' }}>
            {t('billing.irn')}: {eInvoice.irn}
          </Text>
          <Text size="xs">
            {t('billing.ackNo')}: {eInvoice.ackNo} · {t('billing.ackDate')}: {eInvoice.ackDate ? formatDateTime(eInvoice.ackDate, timeZone) : '—'}
          </Text>
          {eInvoice.cancelledAt && (
            <Text size="xs" c="red">
              {t('billing.irnCancelled', { at: formatDateTime(eInvoice.cancelledAt, timeZone) })}
            </Text>
          )}
        </Paper>
      )}
      {emailLog.map((entry, index) => (
        <Text key={index} size="xs" c="dimmed">
          {t('billing.emailedTo', { to: entry.to ?? '', at: entry.at ? formatDateTime(entry.at, timeZone) : '' })}
        </Text>
      ))}
      {record.status === 'Final' && (mayCredit || mayEmail) && (
        <Group justify="flex-end">
          {mayEmail && <EmailInvoiceButton id={record._id} invoiceName={String(record.alternateId ?? record._id)} />}
          {mayCredit && (
            <Button variant="light" leftSection={<IconReceiptRefund size={16} />} onClick={() => setCrediting(true)}>
              {t('billing.raiseCreditNote')}
            </Button>
          )}
        </Group>
      )}
      {crediting && <RaiseCreditNote invoice={record} onClose={() => setCrediting(false)} />}
    </Stack>
  );
}

export default InvoiceSummary;
