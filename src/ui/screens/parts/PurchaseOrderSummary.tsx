/**
 * A purchase order as the purchase manager reads it (issue 32), at the top of its record view: its lines by part name
 * with ordered, received and still-due quantities and prices in ₹; a delivery counted line by line (each quantity
 * defaults to what is still due) where the order may be received now; and its receipts, the ledger rows each delivery
 * wrote. The delivery is the record's workflow step (`receive` call): the server chooses "Record part delivery" or
 * "Receive everything" from the quantities and refuses an over-receipt naming the line.
 */
import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useState } from 'react';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import { poReceiptsMachine } from '../../../machines/flows/poReceipts';
import { useScreenActor } from '../../../machines/useScreenActor';
import type { RecordWorkflowView } from '../../data/resources';
import type { Row } from '../module/listView';
import { formatCount } from '../dashboards/format';
import { LedgerTable } from './LedgerTable';
import { linesOf, num, partLabel } from './stockWords';
import { useSay } from '../../kit/sayings';

function Receipts({ order }: { order: Row }) {
  const actor = useScreenActor('poReceipts', poReceiptsMachine, { id: order._id }, order._id);
  return actor ? <ReceiptsOf order={order} actor={actor} /> : null;
}

function ReceiptsOf({ order, actor }: { order: Row; actor: ActorRefFrom<typeof poReceiptsMachine> }) {
  const t = useT();
  const say = useSay();
  const state = useSelector(actor, (s) => ({ status: String(s.value), receipts: s.context.receipts, error: s.context.error }));
  const lines = linesOf(order.lines);
  const partName = (partId: string) => {
    const line = lines.find((l) => String(l.partId) === partId);
    return line ? partLabel(order, line) : partId;
  };
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('stock.receipts')}</Text>
      {state.status === 'loading' && <Loader size="xs" />}
      {state.status === 'failed' && (
        <Alert color="red" title={t('stock.failed', { reason: say(state.error) ?? '' })}>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'receipts.retry' })}>{t('stock.retry')}</Button>
        </Alert>
      )}
      {state.receipts && (state.receipts.data.length === 0 ? <Text size="sm" c="dimmed">{t('stock.noReceipts')}</Text> : <LedgerTable rows={state.receipts.data} partName={partName} testId="po-receipts" />)}
    </Stack>
  );
}

function ReceiveForm({ order, workflow }: { order: Row; workflow: RecordWorkflowView }) {
  const t = useT();
  const lines = linesOf(order.lines);
  const due = lines.map((l) => Math.max(0, num(l.quantity) - num(l.receivedQty)));
  const [quantities, setQuantities] = useState<number[]>(due);
  const [remarks, setRemarks] = useState('');
  const busy = workflow.status === 'stepping' || workflow.status === 'loading' || workflow.status === 'refreshing';
  const completes = lines.every((_l, i) => (quantities[i] ?? 0) >= (due[i] ?? 0));
  const receive = () => {
    const chosen = quantities.map((quantity, line) => ({ line, quantity })).filter((l) => l.quantity > 0);
    workflow.step(completes ? 'receiveAll' : 'receivePart', { lines: chosen, ...(remarks.trim() ? { receiptRemarks: remarks.trim() } : {}) }, undefined, 'receive');
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="po-receive">
      <Stack gap="xs">
        <Text fw={600}>{t('stock.receiveTitle')}</Text>
        <Text size="xs" c="dimmed">{t('stock.receiveHint')}</Text>
        {lines.map((line, i) =>
          (due[i] ?? 0) > 0 ? (
            <NumberInput
              key={i}
              label={`${i + 1}. ${partLabel(order, line)} · ${t('stock.due')}: ${formatCount(due[i] ?? 0)}`}
              min={0}
              max={due[i]}
              value={quantities[i] ?? 0}
              onChange={(v) => setQuantities((q) => q.map((x, j) => (j === i ? (typeof v === 'number' ? v : Number(v) || 0) : x)))}
            />
          ) : null,
        )}
        <TextInput label={t('stock.receiveRemarks')} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button onClick={receive} loading={workflow.pending === 'receivePart' || workflow.pending === 'receiveAll'} disabled={busy || quantities.every((q) => !(q > 0))}>
            {t('stock.receive')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function PurchaseOrderSummary({ record, workflow }: { record: Row; workflow?: RecordWorkflowView }) {
  const t = useT();
  const lines = linesOf(record.lines);
  const allowed = (workflow?.record?.allowedEvents ?? []) as string[];
  const mayReceive = allowed.includes('receivePart') || allowed.includes('receiveAll');
  // Read again after every step: the version changes with each delivery.
  const version = String(workflow?.record?.version ?? record.version ?? '');
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('stock.lines')}</Text>
      <Table withTableBorder fz="sm" data-testid="po-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.part')}</Table.Th>
            <Table.Th ta="right">{t('stock.ordered')}</Table.Th>
            <Table.Th ta="right">{t('stock.received')}</Table.Th>
            <Table.Th ta="right">{t('stock.due')}</Table.Th>
            <Table.Th ta="right">{t('stock.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('stock.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, i) => (
            <Table.Tr key={i}>
              <Table.Td>{partLabel(record, line)}</Table.Td>
              <Table.Td ta="right">{formatCount(num(line.quantity))}</Table.Td>
              <Table.Td ta="right">{formatCount(num(line.receivedQty))}</Table.Td>
              <Table.Td ta="right">{formatCount(Math.max(0, num(line.quantity) - num(line.receivedQty)))}</Table.Td>
              <Table.Td ta="right">{formatPaise(num(line.unitPricePaise))}</Table.Td>
              <Table.Td ta="right">{formatPaise(num(line.amountPaise))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" gap="lg">
        <Text size="sm">{t('stock.amount')}: {formatPaise(num(record.subTotalPaise))} + GST {formatPaise(num(record.taxPaise))} = <b>{formatPaise(num(record.totalPaise))}</b></Text>
      </Group>
      {mayReceive && workflow && <ReceiveForm key={`receive-${version}`} order={workflow.record ? { ...record, ...workflow.record } : record} workflow={workflow} />}
      <Receipts key={`receipts-${version}`} order={record} />
    </Stack>
  );
}
