/**
 * Low stock (issue 32), a tab of Manage Spare Parts (`?tab=low-stock`, where the dashboard's "below reorder" number
 * leads): the parts at or below their reorder level with what is on hand, on order and suggested; the person
 * chooses parts and quantities and "Start requisition" makes one Draft requisition of them. The states are the
 * `lowStock` machine's (src/machines/flows/lowStock.ts).
 */
import { Alert, Anchor, Button, Checkbox, Group, Loader, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import { purchaseOrderRequisition } from '../../../contract/modules/parts';
import { useT } from '../../../i18n';
import { lowStockMachine } from '../../../machines/flows/lowStock';
import { useScreenActor } from '../../../machines/useScreenActor';
import { useModulePermissions } from '../../data/resources';
import { formatCount } from '../dashboards/format';
import './stockWords';
import { useSay } from '../../kit/sayings';

export default function LowStockScreen() {
  const actor = useScreenActor('lowStock', lowStockMachine, undefined);
  return actor ? <LowStock actor={actor} /> : null;
}

function LowStock({ actor }: { actor: ActorRefFrom<typeof lowStockMachine> }) {
  const t = useT();
  const say = useSay();
  const state = useSelector(actor, (s) => ({ status: String(s.value), ...s.context }));
  const mayStart = useModulePermissions(purchaseOrderRequisition).create;
  const chosenCount = Object.values(state.chosen).filter((q) => q > 0).length;

  if (state.status === 'loading') return <Group gap="xs"><Loader size="xs" /><Text size="sm">{t('stock.loading')}</Text></Group>;
  if (state.status === 'failed') {
    return (
      <Alert color="red" title={t('stock.failed', { reason: say(state.error) ?? '' })}>
        <Button size="xs" variant="light" onClick={() => actor.send({ type: 'lowStock.retry' })}>{t('stock.retry')}</Button>
      </Alert>
    );
  }
  if (state.status === 'started') {
    return (
      <Alert color="green" title={t('stock.started', { number: state.started?.alternateId ?? '' })} data-testid="low-stock-started">
        <Group gap="md">
          <Anchor component={Link} href="/app/manage-requisition">{t('stock.openRequisitions')}</Anchor>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'lowStock.again' })}>{t('stock.again')}</Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t('stock.lowStockTitle')}</Text>
        {state.parts.length === 0 ? (
          <Text c="dimmed">{t('stock.none')}</Text>
        ) : (
          <Table striped withTableBorder data-testid="low-stock">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t('stock.part')}</Table.Th>
                <Table.Th ta="right">{t('stock.onHand')}</Table.Th>
                <Table.Th ta="right">{t('stock.reorderLevel')}</Table.Th>
                <Table.Th ta="right">{t('stock.onOrder')}</Table.Th>
                <Table.Th ta="right">{t('stock.suggested')}</Table.Th>
                <Table.Th>{t('stock.askFor')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.parts.map((p) => {
                const chosen = p._id in state.chosen;
                return (
                  <Table.Tr key={p._id}>
                    <Table.Td>
                      <Checkbox aria-label={t('stock.choose', { part: p.partName })} checked={chosen} onChange={() => actor.send({ type: 'lowStock.toggle', partId: p._id })} disabled={state.status !== 'ready'} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>{p.partName}</Text>
                      <Text size="xs" c="dimmed">{p.partNumber}</Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(p.stockQty)}</Table.Td>
                    <Table.Td ta="right">{formatCount(p.reorderLevel)}</Table.Td>
                    <Table.Td ta="right">{formatCount(p.onOrder)}</Table.Td>
                    <Table.Td ta="right">{formatCount(p.suggestedQty)}</Table.Td>
                    <Table.Td w={130}>
                      <NumberInput size="xs" min={0} aria-label={`${t('stock.askFor')} ${p.partName}`} disabled={!chosen || state.status !== 'ready'} value={state.chosen[p._id] ?? 0}
                        onChange={(v) => actor.send({ type: 'lowStock.quantity', partId: p._id, quantity: typeof v === 'number' ? v : Number(v) || 0 })} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {state.error && <Alert color="red">{say(state.error)}</Alert>}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">{mayStart ? t('stock.startHint') : t('stock.cannotStart')}</Text>
          {mayStart && (
            <Button onClick={() => actor.send({ type: 'lowStock.start', title: t('stock.requisitionTitle', { count: chosenCount }) })} disabled={chosenCount === 0} loading={state.status === 'starting'}>
              {t('stock.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
