/**
 * A requisition's and a spare-part request's lines on their record views (issue 32): each part by name, its quantity,
 * and for a requisition the estimated price and amount in ₹ (people are named by the record view's fields).
 */
import { Stack, Table, Text } from '@mantine/core';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import type { Row } from '../module/listView';
import { formatCount } from '../dashboards/format';
import { linesOf, num, partLabel } from './stockWords';

function LinesTable({ record, field, priced }: { record: Row; field: 'lines' | 'items'; priced: boolean }) {
  const t = useT();
  const lines = linesOf(record[field]);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('stock.lines')}</Text>
      <Table withTableBorder fz="sm" data-testid="document-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.part')}</Table.Th>
            <Table.Th ta="right">{t('stock.quantity')}</Table.Th>
            {priced ? (
              <>
                <Table.Th ta="right">{t('stock.estimate')}</Table.Th>
                <Table.Th ta="right">{t('stock.amount')}</Table.Th>
              </>
            ) : (
              <Table.Th>{t('stock.remarks')}</Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => (
            <Table.Tr key={i}>
              <Table.Td>{partLabel(record, line)}</Table.Td>
              <Table.Td ta="right">{formatCount(num(line.quantity))}</Table.Td>
              {priced ? (
                <>
                  <Table.Td ta="right">{line.estimatedUnitPricePaise === undefined ? '—' : formatPaise(num(line.estimatedUnitPricePaise))}</Table.Td>
                  <Table.Td ta="right">{line.estimatedUnitPricePaise === undefined ? '—' : formatPaise(Math.round(num(line.quantity) * num(line.estimatedUnitPricePaise)))}</Table.Td>
                </>
              ) : (
                <Table.Td>{typeof line.remarks === 'string' ? line.remarks : ''}</Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function RequisitionSummary({ record }: { record: Row }) {
  return <LinesTable record={record} field="lines" priced />;
}

export function SpareRequestSummary({ record }: { record: Row }) {
  return <LinesTable record={record} field="items" priced={false} />;
}
