/**
 * The drawer of the header's "Waiting for me" inbox (./WaitingForMe.tsx), loaded the first time the person opens it
 * (issue 18): the records waiting for their approval, by module, with Approve and Reject inline (../screens/module/
 * RowSteps, the same buttons as the lists).
 *
 * It reads the modules' cached lists through their actors, so it is kept current by the realtime events that keep
 * those lists current, and it decides with the same pure machines the server uses. It lists the modules the server
 * counted for the person (those they may view and approve in: server/domain/approvals.ts) and tells the header when
 * a step is taken here, so the header's count is asked again (a change made elsewhere reaches the header by the socket).
 */
import { Badge, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { moduleNamed } from '../../contract/modules';
import { formatPaise } from '../../contract/money';
import { useT } from '../../i18n';
import { APPROVALS, APPROVE } from '../../machines/lifecycles/approvals';
import { allowedEvents, type Lifecycle, type LifecycleCaller } from '../../machines/lifecycles/index';
import { useLifecycleCaller } from '../data/lifecycleCaller';
import { useResource } from '../data/resources';
import { recordName, type Row } from '../screens/module/listView';
import { RowSteps } from '../screens/module/RowSteps';
import { statusColor } from '../screens/module/statusColor';

export interface WaitingDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The modules the server counted for the person (GET /api/app/approvals/waiting-count). */
  modules: readonly string[];
  /** Called after a step taken here (approve, reject): what waits has changed. */
  onWaitingChanged: () => void;
}

export default function WaitingDrawer({ opened, onClose, modules, onWaitingChanged }: WaitingDrawerProps) {
  const t = useT();
  const caller = useLifecycleCaller();
  const watched = useMemo(() => APPROVALS.filter((l) => modules.includes(l.module)), [modules]);
  const [waiting, setWaiting] = useState<Readonly<Record<string, readonly Row[]>>>({});
  const report = useCallback((module: string, rows: readonly Row[]) => setWaiting((current) => (current[module] === rows ? current : { ...current, [module]: rows })), []);
  const total = watched.reduce((sum, l) => sum + (waiting[l.module]?.length ?? 0), 0);
  const read = watched.every((l) => waiting[l.module] !== undefined);
  if (!caller) return null;
  return (
    <>
      {/* The lists are read (and kept current) from here, not from inside the drawer: they stay current while it is closed. */}
      {watched.map((lifecycle) => (
        <WaitingRows key={lifecycle.module} lifecycle={lifecycle} caller={caller} onRows={report} />
      ))}
      <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={<Title order={4}>{t('workflow.waitingForMe')}</Title>}>
        <Stack gap="lg">
          {watched.map((lifecycle) => (
            <Waiting key={lifecycle.module} lifecycle={lifecycle} rows={waiting[lifecycle.module] ?? []} onStepTaken={onWaitingChanged} />
          ))}
          {read && total === 0 && (
            <Text size="sm" c="dimmed">
              {t('workflow.nothingWaiting')}
            </Text>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
/** The amount a record is about, when it has one (a payment's, a note's total). */
function amountOf(row: Row): string | null {
  for (const field of ['amountPaise', 'grandTotalPaise', 'totalPaise']) if (typeof row[field] === 'number') return formatPaise(row[field] as number);
  return null;
}

/** Reads one module's list through its actor and reports the rows the person may approve now; draws nothing. */
function WaitingRows({ lifecycle, caller, onRows }: { lifecycle: Lifecycle; caller: LifecycleCaller; onRows: (module: string, rows: readonly Row[]) => void }) {
  const { slots } = useResource(lifecycle.module, { loadOnMount: true });
  const rows = useMemo(() => (slots.list.data as Row[]).filter((row) => allowedEvents(lifecycle, row, caller).includes(APPROVE)), [slots.list.data, lifecycle, caller]);
  // Reported once the list was read (or could not be): an empty list before that says nothing yet.
  const read = slots.list.status === 'loaded' || slots.list.status === 'failed';
  useEffect(() => {
    if (read) onRows(lifecycle.module, rows);
  }, [read, rows, lifecycle.module, onRows]);
  return null;
}

function Waiting({ lifecycle, rows, onStepTaken }: { lifecycle: Lifecycle; rows: readonly Row[]; onStepTaken: () => void }) {
  const def = moduleNamed(lifecycle.module);
  if (rows.length === 0) return null;
  // The lifecycle's noun, not the screen's name ("Generate Credit Note"): what is waiting is credit notes.
  const title = `${lifecycle.noun}s`;
  return (
    <Stack gap="xs" aria-label={title} role="region">
      <Group gap="xs">
        <Text fw={600}>{title}</Text>
        <Badge variant="light">{rows.length}</Badge>
      </Group>
      {rows.map((row) => (
        <Group key={row._id} justify="space-between" wrap="wrap" gap="xs" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {typeof row.alternateId === 'string' ? row.alternateId : recordName(row)}
            </Text>
            <Group gap={6}>
              <Badge size="xs" variant="light" color={statusColor(String(row[lifecycle.statusField] ?? ''))}>
                {String(row[lifecycle.statusField] ?? '')}
              </Badge>
              {amountOf(row) && <Text size="xs">{amountOf(row)}</Text>}
            </Group>
          </Stack>
          <Group gap={4}>
            <RowSteps def={def} row={row} onStepTaken={onStepTaken} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
