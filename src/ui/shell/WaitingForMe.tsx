/**
 * "Waiting for me" (issue 14): one inbox in the header with every record whose lifecycle lets the signed-in person
 * approve it now (credit notes, payments, requisitions, spare-part requests: the lifecycles whose `approve` step is
 * offered on list rows), with Approve and Reject inline (./module/RowSteps, the same buttons as the lists) and the
 * count on the header's button.
 *
 * It reads the modules' cached lists through their actors, so it is kept current by the realtime events that keep
 * those lists current, and it decides with the same pure machines the server uses. It only lists a module the
 * person may view (its screen code or a view of it), and shows nothing at all to someone who can approve nothing.
 * Loaded after the first paint (the header imports it lazily): the machines are not part of the first pages.
 */
import { ActionIcon, Badge, Drawer, Group, Indicator, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { moduleNamed } from '../../api/modules';
import { formatPaise } from '../../api/money';
import { addEnglish, useT } from '../../i18n';
import { workflowEn } from '../../i18n/workflow/en';
import { allowedEvents, LIFECYCLES, type Lifecycle, type LifecycleCaller } from '../../machines/lifecycles/index';
import { selectPermissions } from '../../machines/selectors';
import { useSession } from '../../machines/SessionProvider';
import { mayUseModule } from '../../routes/routeModules';
import { useLifecycleCaller } from '../data/lifecycleCaller';
import { useResource } from '../data/resources';
import { recordName, type Row } from '../screens/module/listView';
import { RowSteps } from '../screens/module/RowSteps';
import { statusColor } from '../screens/module/statusColor';

addEnglish({ workflow: workflowEn });

/** The step that makes a record wait for someone's approval. */
const APPROVE = 'approve';
const APPROVALS: readonly Lifecycle[] = LIFECYCLES.filter((l) => l.events[APPROVE]?.inList);

/** Whether the machine lets this person approve in any state (else the module is not theirs to watch). */
function mayApproveSomewhere(lifecycle: Lifecycle, caller: LifecycleCaller): boolean {
  return Object.keys(lifecycle.machine.config.states ?? {}).some((state) => allowedEvents(lifecycle, { [lifecycle.statusField]: state }, caller).includes(APPROVE));
}

export default function WaitingForMe({ color }: { color: string }) {
  const t = useT();
  const caller = useLifecycleCaller();
  const permissions = useSession(selectPermissions);
  const watched = useMemo(() => (caller ? APPROVALS.filter((l) => mayUseModule(permissions, l.module) && mayApproveSomewhere(l, caller)) : []), [caller, permissions]);
  const [waiting, setWaiting] = useState<Readonly<Record<string, readonly Row[]>>>({});
  const [opened, setOpened] = useState(false);
  const report = useCallback((module: string, rows: readonly Row[]) => setWaiting((current) => (current[module] === rows ? current : { ...current, [module]: rows })), []);
  if (!caller || watched.length === 0) return null;
  const total = watched.reduce((sum, l) => sum + (waiting[l.module]?.length ?? 0), 0);
  const label = t('workflow.waitingForMeCount', { count: total });
  return (
    <>
      {/* The lists are read (and kept current) from here, not from the drawer: the count shows while it is closed. */}
      {watched.map((lifecycle) => (
        <WaitingRows key={lifecycle.module} lifecycle={lifecycle} caller={caller} onRows={report} />
      ))}
      <Tooltip label={label}>
        <Indicator label={total} size={16} disabled={total === 0} color="red" offset={4}>
          <ActionIcon variant="subtle" color={color} size="lg" aria-label={label} onClick={() => setOpened(true)}>
            <IconInbox size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="lg" title={<Title order={4}>{t('workflow.waitingForMe')}</Title>}>
        <Stack gap="lg">
          {watched.map((lifecycle) => (
            <Waiting key={lifecycle.module} lifecycle={lifecycle} rows={waiting[lifecycle.module] ?? []} />
          ))}
          {total === 0 && (
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
  useEffect(() => onRows(lifecycle.module, rows), [rows, lifecycle.module, onRows]);
  return null;
}

function Waiting({ lifecycle, rows }: { lifecycle: Lifecycle; rows: readonly Row[] }) {
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
            <RowSteps def={def} row={row} />
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
