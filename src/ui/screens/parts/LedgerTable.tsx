/** Rows of the stock ledger (issue 32): when, what, how many (signed), the balance after, the value moved, why, who. */
import { Table, Text } from '@mantine/core';
import type { LedgerRowShape } from '../../../contract/modules/parts';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { formatCount, formatDateTime } from '../dashboards/format';
import './stockWords';
import { useCatalogueWords } from '../module/catalogueWords';

const CAUSE_NOUNS: Record<string, string> = { 'purchase-order': 'PO', 'request-spare': 'Request' };

export function LedgerTable({ rows, partName, testId }: { rows: readonly (LedgerRowShape & { byName?: string })[]; partName?: (partId: string) => string; testId?: string }) {
  const t = useT();
  const words = useCatalogueWords();
  const zone = useSession(selectTimezone);
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('stock.noLedger')}</Text>;
  return (
    <Table striped withTableBorder fz="sm" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stock.when')}</Table.Th>
          {partName && <Table.Th>{t('stock.part')}</Table.Th>}
          <Table.Th>{t('stock.kind')}</Table.Th>
          <Table.Th ta="right">{t('stock.change')}</Table.Th>
          <Table.Th ta="right">{t('stock.balance')}</Table.Th>
          <Table.Th ta="right">{t('stock.unitPrice')}</Table.Th>
          <Table.Th>{t('stock.cause')}</Table.Th>
          <Table.Th>{t('stock.by')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at, zone)}</Table.Td>
            {partName && <Table.Td>{partName(row.partId)}</Table.Td>}
            <Table.Td>{words.choice(row.kind)}</Table.Td>
            <Table.Td ta="right">{row.quantity > 0 ? `+${formatCount(row.quantity)}` : formatCount(row.quantity)}</Table.Td>
            <Table.Td ta="right">{formatCount(row.balanceAfter)}</Table.Td>
            <Table.Td ta="right">{formatPaise(row.unitCostPaise)}</Table.Td>
            <Table.Td>
              {row.causeName ? `${CAUSE_NOUNS[row.causeModule ?? ''] ?? ''} ${row.causeName}${row.causeLine !== null ? ` · line ${row.causeLine + 1}` : ''}`.trim() : (row.reason ?? '—')}
            </Table.Td>
            <Table.Td>{row.byName ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
