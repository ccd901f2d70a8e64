/** A part's record view opens with its stock ledger (issue 32): every movement, newest first, with its cause. */
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import { partLedgerMachine } from '../../../machines/flows/partLedger';
import type { Row } from '../module/listView';
import { formatCount } from '../dashboards/format';
import { LedgerTable } from './LedgerTable';

export default function PartLedgerSummary({ record }: { record: Row }) {
  const t = useT();
  // Read again when the part's stock changes (the row follows the list's live updates).
  const actor = useActorRef(partLedgerMachine, { input: { id: record._id } });
  const state = useSelector(actor, (s) => ({ status: String(s.value), ledger: s.context.ledger, error: s.context.error }));
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('stock.ledger')}</Text>
      {state.status === 'loading' && <Loader size="xs" />}
      {state.status === 'failed' && (
        <Alert color="red" title={t('stock.failed', { reason: state.error?.message ?? '' })}>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'ledger.retry' })}>{t('stock.retry')}</Button>
        </Alert>
      )}
      {state.ledger && (
        <>
          <Text size="sm">
            {t('stock.onHand')}: <b>{formatCount(state.ledger.part.stockQty)}</b> · {t('stock.stockValue')}: <b>{formatPaise(state.ledger.part.stockValuePaise)}</b>
          </Text>
          <LedgerTable rows={state.ledger.data} testId="part-ledger" />
        </>
      )}
    </Stack>
  );
}
