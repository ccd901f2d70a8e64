/**
 * Rows of the stock ledger (issue 32): when, what, how many (signed), the balance after, the value moved, why, who.
 * On a phone each movement is a card of labelled values, as the module lists are (eight columns do not fit 390 px:
 * the table ran off the side of the part's view); wider, a table that scrolls inside its card when its pane is narrow.
 */
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { LedgerRowShape } from '../../../contract/modules/parts';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { formatCount, formatDateTime } from '../dashboards/format';
import './stockWords';
import { useCatalogueWords } from '../module/catalogueWords';

const CAUSE_NOUNS: Record<string, string> = { 'purchase-order': 'PO', 'request-spare': 'Request' };

/** The same query as the module lists' cards (ModuleListScreen). */
const PHONE_QUERY = '(max-width: 48em)';

type LedgerRow = LedgerRowShape & { byName?: string };

/** One movement's cells as text, in the table's column order. */
interface MovementCells {
  when: string;
  part?: string;
  kind: string;
  change: string;
  balance: string;
  unitPrice: string;
  cause: string;
  by: string;
}

function cause(row: LedgerRow): string {
  return row.causeName ? `${CAUSE_NOUNS[row.causeModule ?? ''] ?? ''} ${row.causeName}${row.causeLine !== null ? ` · line ${row.causeLine + 1}` : ''}`.trim() : (row.reason ?? '—');
}

export function LedgerTable({ rows, partName, testId }: { rows: readonly LedgerRow[]; partName?: (partId: string) => string; testId?: string }) {
  const t = useT();
  const words = useCatalogueWords();
  const zone = useSession(selectTimezone);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t('stock.noLedger')}</Text>;
  const cells = (row: LedgerRow): MovementCells => ({
    when: formatDateTime(row.at, zone),
    ...(partName ? { part: partName(row.partId) } : {}),
    kind: words.choice(row.kind),
    change: row.quantity > 0 ? `+${formatCount(row.quantity)}` : formatCount(row.quantity),
    balance: formatCount(row.balanceAfter),
    unitPrice: formatPaise(row.unitCostPaise),
    cause: cause(row),
    by: row.byName ?? '—',
  });
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label={t('stock.ledger')} data-testid={testId}>
        {rows.map((row) => (
          <MovementCard key={row.id} cells={cells(row)} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={partName ? 820 : 680}>
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
          {rows.map((row) => {
            const c = cells(row);
            return (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.when}</Table.Td>
                {partName && <Table.Td>{c.part}</Table.Td>}
                <Table.Td>{c.kind}</Table.Td>
                <Table.Td ta="right">{c.change}</Table.Td>
                <Table.Td ta="right">{c.balance}</Table.Td>
                <Table.Td ta="right">{c.unitPrice}</Table.Td>
                <Table.Td>{c.cause}</Table.Td>
                <Table.Td>{c.by}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A movement on a phone: what moved and the balance on top (what the stores look for), then the rest, labelled. */
function MovementCard({ cells }: { cells: MovementCells }) {
  const t = useT();
  const labelled: Array<[string, string]> = [
    ...(cells.part !== undefined ? ([[t('stock.part'), cells.part]] as Array<[string, string]>) : []),
    [t('stock.when'), cells.when],
    [t('stock.unitPrice'), cells.unitPrice],
    [t('stock.cause'), cells.cause],
    [t('stock.by'), cells.by],
  ];
  return (
    <Paper withBorder p="sm" role="listitem">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">{cells.kind} {cells.change}</Text>
        <Text size="sm">{t('stock.balance')}: <b>{cells.balance}</b></Text>
      </Group>
      {labelled.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="baseline">
          <Text size="xs" c="dimmed" miw={90}>{label}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{value}</Text>
        </Group>
      ))}
    </Paper>
  );
}
