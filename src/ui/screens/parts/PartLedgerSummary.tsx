/** A part's record view opens with its stock ledger (issue 32): every movement, newest first, with its cause. */
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import { partLedgerMachine } from '../../../machines/flows/partLedger';
import { useScreenActor } from '../../../machines/useScreenActor';
import type { Row } from '../module/listView';
import { formatCount } from '../dashboards/format';
import { LedgerTable } from './LedgerTable';
import { useSay } from '../../kit/sayings';

export default function PartLedgerSummary({ record }: { record: Row }) {
  // One ledger per part: another part's record view opens its own.
  const actor = useScreenActor('partLedger', partLedgerMachine, { id: record._id }, record._id);
  return actor ? <PartLedger actor={actor} /> : null;
}

function PartLedger({ actor }: { actor: ActorRefFrom<typeof partLedgerMachine> }) {
  const t = useT();
  const say = useSay();
  const state = useSelector(actor, (s) => ({ status: String(s.value), ledger: s.context.ledger, error: s.context.error }));
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('stock.ledger')}</Text>
      {state.status === 'loading' && <Loader size="xs" />}
      {state.status === 'failed' && (
        <Alert color="red" title={t('stock.failed', { reason: say(state.error) ?? '' })}>
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
