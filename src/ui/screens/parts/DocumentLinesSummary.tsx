/**
 * A requisition's and a spare-part request's lines on their record views (issue 32): each part by name, its quantity,
 * and for a requisition the estimated price and amount in ₹ (people are named by the record view's fields).
 */
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import { recordHref } from '../../routeModules';
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

/**
 * Every purchase order sending the requisition to purchase made (one per supplier, issue 39 item 5), each by its
 * number as a link to its view; an order the person may not read is named without a link.
 */
function PurchaseOrders({ record }: { record: Row }) {
  const t = useT();
  const ids = Array.isArray(record.purchaseOrderIds) ? record.purchaseOrderIds.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  if (ids.length === 0) return null;
  const names = (record.names && typeof record.names === 'object' ? record.names : {}) as Record<string, unknown>;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('stock.purchaseOrders')}</Text>
      <Group gap="md" data-testid="requisition-orders">
        {ids.map((id, i) => {
          const name = typeof names[`purchaseOrderIds.${i}`] === 'string' ? String(names[`purchaseOrderIds.${i}`]) : '—';
          const href = recordHref('purchase-order', id);
          return href && name !== '—' ? (
            <Anchor key={id} component={Link} href={href} fw={600}>
              {name}
            </Anchor>
          ) : (
            <Text key={id} title={id}>
              {name}
            </Text>
          );
        })}
      </Group>
    </Stack>
  );
}

export function RequisitionSummary({ record }: { record: Row }) {
  return (
    <Stack gap="sm">
      <LinesTable record={record} field="lines" priced />
      <PurchaseOrders record={record} />
    </Stack>
  );
}

export function SpareRequestSummary({ record }: { record: Row }) {
  return <LinesTable record={record} field="items" priced={false} />;
}
