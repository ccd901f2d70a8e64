/**
 * bom-tree (document 1 §2, open to any signed-in user): a machine instance's bill of materials from
 * GET getBomFromMachine/{id}, as a tree: assemblies, then parts with part number, quantity per machine,
 * stock on hand and a "below reorder level" badge. ?machineId=… (from machine-scanning) opens a machine
 * at once. Branches open and close with Mantine's tree controller (presentation only); the data and its
 * states are the `bomTree` machine's.
 */
import './machineWords';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Tree, getTreeExpandedState, useTree, type RenderTreeNodePayload, type TreeNodeData } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { useT, type Translate } from '../../../i18n';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { bomTreeMachine, type BomTreeActorRef } from '../../../machines/flows/bomTree';
import { useScreenActor } from '../../../machines/useScreenActor';
import { MACHINE_MESSAGES, type Bom, type BomLine } from '../../../machines/flows/machineDashboardCalls';
import { EmptyPanel, FailurePanel, LoadingPanel, MachinePicker, NoAccessPanel } from './machineSensorParts';
import { formatCount, formatPaise } from './readingFormat';

function useBomEvents(actor: BomTreeActorRef) {
  return useMemo(() => ({ pick: (machineId: string) => actor.send({ type: 'bom.pick', machineId }), retry: () => actor.send({ type: 'bom.retry' }) }), [actor]);
}

/** The tree's nodes: the machine, its assemblies, their parts (values are unique paths). */
export function bomNodes(bom: Bom): TreeNodeData[] {
  return [
    {
      value: 'machine',
      label: bom.machine.name ?? bom.machine.serialNo ?? bom.machine._id,
      children: bom.assemblies.map((a) => ({
        value: `assembly/${a.assembly}`,
        label: a.assembly,
        nodeProps: { assembly: a },
        children: a.parts.map((p) => ({ value: `assembly/${a.assembly}/${p.associationId}`, label: p.partName ?? p.partNumber ?? p.partId, nodeProps: { part: p } })),
      })),
    },
  ];
}

function PartLine({ part, t }: { part: BomLine; t: Translate }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" ff="monospace">
        {part.partNumber ?? '—'}
      </Text>
      <Text size="sm">{part.partName}</Text>
      <Text size="sm" c="dimmed">
        {t('md.bomQuantity', { quantity: formatCount(part.quantity) })} · {t('md.bomStock', { stock: formatCount(part.stockQty), level: formatCount(part.reorderLevel) })} · {formatPaise(part.valuePaise)}
      </Text>
      {part.belowReorderLevel && <Badge color="red" variant="light">{t('md.belowReorder')}</Badge>}
      {!part.belowReorderLevel && part.shortage && <Badge color="orange" variant="light">{t('md.notEnoughStock')}</Badge>}
      {part.critical && <Badge color="grape" variant="outline">{t('md.critical')}</Badge>}
      {part.machineSpecific && <Badge color="gray" variant="outline">{t('md.machineSpecific')}</Badge>}
    </Group>
  );
}

function BomNode({ node, expanded, hasChildren, elementProps }: RenderTreeNodePayload) {
  const t = useT();
  const part = node.nodeProps?.part as BomLine | undefined;
  const assembly = node.nodeProps?.assembly as Bom['assemblies'][number] | undefined;
  return (
    <Group gap={6} wrap="nowrap" {...elementProps} style={{ ...elementProps.style, paddingBlock: 4, cursor: hasChildren ? 'pointer' : 'default' }}>
      {hasChildren ? expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} /> : <span style={{ width: 16 }} />}
      {part ? (
        <PartLine part={part} t={t} />
      ) : (
        <Group gap="xs">
          <Text fw={600} size="sm">
            {node.label}
          </Text>
          {assembly && (
            <Text size="sm" c="dimmed">
              {t('md.bomAssembly', { parts: assembly.parts.length, value: formatPaise(assembly.valuePaise) })}
            </Text>
          )}
        </Group>
      )}
    </Group>
  );
}

function BomView({ bom }: { bom: Bom }) {
  const t = useT();
  const data = useMemo(() => bomNodes(bom), [bom]);
  const tree = useTree({ initialExpandedState: getTreeExpandedState(data, '*') });
  if (bom.totalParts === 0) return <EmptyPanel title={t('md.bomEmptyTitle')} description={t('md.bomEmptyText', { type: bom.machineType.machineName ?? '' })} />;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('md.machineType')}</Text>
            <Text size="sm">{[bom.machineType.machineName, bom.machineType.manufacturer].filter(Boolean).join(' · ') || '—'}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('md.bomParts')}</Text>
            <Text size="sm">{t('md.bomPartsValue', { parts: bom.totalParts, value: formatPaise(bom.totalValuePaise) })}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t('md.criticalShortages')}</Text>
            <Text size="sm" c={bom.criticalShortages > 0 ? 'red' : undefined}>{formatCount(bom.criticalShortages)}</Text>
          </Stack>
        </SimpleGrid>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={() => tree.expandAllNodes()}>{t('md.expandAll')}</Button>
          <Button size="xs" variant="subtle" onClick={() => tree.collapseAllNodes()}>{t('md.collapseAll')}</Button>
        </Group>
        <Tree data={data} tree={tree} renderNode={(payload) => <BomNode {...payload} />} aria-label={t('md.bomTree')} />
      </Stack>
    </Paper>
  );
}

function BomScreenBody({ initialMachineId }: { initialMachineId?: string }) {
  const actor = useScreenActor('bomTree', bomTreeMachine, { allowed: true, initialMachineId });
  return actor ? <BomScreenOf actor={actor} /> : null;
}

function BomScreenOf({ actor }: { actor: BomTreeActorRef }) {
  const t = useT();
  const events = useBomEvents(actor);
  const snapshot = useSelector(actor, (s) => s);
  const { machines, machineId, bom, error } = snapshot.context;
  if (snapshot.matches('loadingMachines')) return <LoadingPanel label={t('md.loadingMachines')} />;
  if (snapshot.matches('machinesFailed')) return <FailurePanel title={t('md.machinesFailedTitle')} error={error} fallback={MACHINE_MESSAGES.list} onRetry={events.retry} />;
  if (machines.length === 0) return <EmptyPanel title={t('md.noMachinesTitle')} description={t('md.noMachines')} />;
  return (
    <Stack gap="lg">
      <MachinePicker machines={machines} value={machineId} onPick={events.pick} />
      {snapshot.matches({ ready: 'idle' }) && <Text c="dimmed">{t('md.bomPickHint')}</Text>}
      {snapshot.matches({ ready: 'loading' }) && <LoadingPanel label={t('md.bomLoading')} />}
      {snapshot.matches({ ready: 'failed' }) && <FailurePanel title={t('md.bomFailedTitle')} error={error} fallback={MACHINE_MESSAGES.details} onRetry={events.retry} />}
      {snapshot.matches({ ready: 'loaded' }) && bom && <BomView key={bom.machine._id} bom={bom} />}
    </Stack>
  );
}

export function BomTreeScreen() {
  const search = useSearch();
  const allowed = useMayOpenScreen('bom-tree');
  const initialMachineId = new URLSearchParams(search).get('machineId') ?? undefined;
  if (!allowed) return <NoAccessPanel feature="SVC_MACHINE_INSTANCE" />;
  return <BomScreenBody key={initialMachineId ?? ''} initialMachineId={initialMachineId} />;
}
