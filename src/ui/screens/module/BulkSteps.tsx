/**
 * A lifecycle step taken for several records at once (issue 11): "Send to purchase" for every approved
 * requisition the list shows, through the module's spec call `updateList` { ids, status }, which the server
 * applies as that step for each record in one transaction. The index marks such a step `bulk`. The button counts
 * the rows whose state allows the step for this person (the same pure machine the server uses); a confirmation
 * names them before anything is sent, and the outcome is notified.
 */
import { Button, List, Modal, Stack, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ModuleDef } from '../../../contract/modules';
import { notify } from '../../../api/notify';
import { allowedEvents, lifecycleOf, nextState } from '../../../machines/lifecycles/index';
import { useLifecycleCaller } from '../../data/lifecycleCaller';
import { useT } from '../../../i18n';
import { useCallSlot, useResource } from '../../data/resources';
import { recordName, type Row } from './listView';
import { stepName } from './stepName';

/** How many names the confirmation lists before "and N more". */
const NAMED = 8;

export function BulkSteps({ def, rows }: { def: ModuleDef; rows: readonly Row[] }) {
  const t = useT();
  const caller = useLifecycleCaller();
  const lifecycle = lifecycleOf(def.name);
  const { intents } = useResource(def.name);
  const slot = useCallSlot(def.name, 'updateList');
  const [asking, setAsking] = useState<{ event: string; status: string; rows: Row[] } | null>(null);
  const sent = useRef<{ label: string; count: number } | null>(null);

  useEffect(() => {
    if (!sent.current || slot.loading) return;
    // A failure is notified by the module's actor; a success is said here, with the count.
    if (!slot.error) notify({ message: t('workflow.bulkDone', { step: sent.current.label, count: sent.current.count }), color: 'green' });
    sent.current = null;
  }, [slot.loading, slot.error, t]);

  if (!lifecycle || !caller || !def.calls?.some((c) => c.name === 'updateList')) return null;
  const bulk = Object.keys(lifecycle.events).filter((event) => lifecycle.events[event]?.bulk);
  const offers = bulk
    .map((event) => {
      const eligible = rows.filter((row) => allowedEvents(lifecycle, row, caller).includes(event));
      const status = eligible[0] ? nextState(lifecycle, eligible[0], event, caller) : undefined;
      return { event, status, rows: eligible };
    })
    .filter((offer): offer is { event: string; status: string; rows: Row[] } => offer.rows.length > 0 && offer.status !== undefined);
  const label = (event: string) => stepName(t, lifecycle, event);

  const send = () => {
    if (!asking) return;
    sent.current = { label: label(asking.event), count: asking.rows.length };
    intents.call('updateList', { body: { ids: asking.rows.map((r) => r._id), status: asking.status } });
    setAsking(null);
  };

  return (
    <>
      {offers.map((offer) => (
        <Button key={offer.event} variant="light" loading={slot.loading && sent.current !== null} onClick={() => setAsking(offer)}>
          {`${label(offer.event)} (${offer.rows.length})`}
        </Button>
      ))}
      {asking && (
        <Modal opened onClose={() => setAsking(null)} title={`${label(asking.event)}: ${asking.rows.length}`} centered>
          <Stack>
            <Text size="sm">{t('workflow.bulkWillBecome', { status: asking.status })}</Text>
            <List size="sm">
              {asking.rows.slice(0, NAMED).map((row) => (
                <List.Item key={row._id}>{recordName(row)}</List.Item>
              ))}
            </List>
            {asking.rows.length > NAMED && (
              <Text size="sm" c="dimmed">
                {t('workflow.andMore', { count: asking.rows.length - NAMED })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('workflow.cancel')}
              </Button>
              <Button onClick={send}>{label(asking.event)}</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
