/**
 * The pipeline board (issue 33, JOBS.md "Sales" 1): one column per lead stage with its count and the value in ₹ of its
 * leads; a card dragged to another column is the lead's lifecycle step to that stage (PATCH change-stage/{id}, the
 * machine of src/machines/lifecycles/lead.ts decides). A drop the machine refuses leaves the card where it was, with
 * the server's reason; Won and Lost ask for the reason first. Cards move by keyboard too (@dnd-kit's keyboard sensor:
 * Space, the arrow keys, Space), with words announced at each step. Filters by owner and source.
 */
import { Badge, Button, Group, Modal, Paper, ScrollArea, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useEffect, useMemo, useState } from 'react';
import { notify } from '../../../api/notify';
import { lead as leadDef, LEAD_STAGES, type LeadStage } from '../../../contract/modules/sales';
import { formatPaise } from '../../../contract/money';
import { useT } from '../../../i18n';
import { useCallSlot, useModulePermissions, useReferenceOptions, useResource } from '../../data/resources';
import type { Row } from '../module/listView';
import './salesWords';
import { columnKeyboardCoordinates } from './columnKeyboard';
import { useSay } from '../../kit/sayings';
import { useCatalogueWords } from '../module/catalogueWords';

/** Stages that close a lead: the move asks why (leadStatusReason). */
const NEEDS_REASON: readonly LeadStage[] = ['Won', 'Lost'];
const SOURCES = (leadDef.fields.shape.source.unwrap() as unknown as { options: readonly string[] }).options;

type Lead = Row & { title?: string; leadStage?: string; expectedValuePaise?: number; owner?: string; source?: string; companyName?: string };

const stageOf = (lead: Lead): LeadStage => ((LEAD_STAGES as readonly string[]).includes(String(lead.leadStage)) ? (lead.leadStage as LeadStage) : 'New');

/** What a card shows: its title, company and expected value. */
function CardFace({ lead }: { lead: Lead }) {
  return (
    <>
      <Text size="sm" fw={600} lineClamp={2}>
        {lead.title ?? lead._id}
      </Text>
      <Text size="xs" c="dimmed">
        {lead.companyName ?? ''}
      </Text>
      {typeof lead.expectedValuePaise === 'number' && <Text size="xs">{formatPaise(lead.expectedValuePaise)}</Text>}
    </>
  );
}

/**
 * A lead's card in its column. While it is dragged it stays in place, faded, and its copy follows the pointer above
 * the page (the board's DragOverlay): a card moved inside the scrolling board widened what the board scrolls over
 * as it went, and the board's auto-scroll then ran after it past the last column.
 */
function LeadCard({ lead, movable }: { lead: Lead; movable: boolean }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: lead._id, disabled: !movable });
  const { choice } = useCatalogueWords();
  return (
    <Paper ref={setNodeRef} withBorder radius="sm" p="xs" style={{ opacity: isDragging ? 0.4 : undefined, cursor: movable ? 'grab' : undefined, touchAction: 'none' }}
      data-testid="lead-card" aria-label={`${lead.title ?? lead._id} (${choice(stageOf(lead))})`} {...attributes} {...listeners}>
      <CardFace lead={lead} />
    </Paper>
  );
}

function StageColumn({ stage, leads, movable }: { stage: LeadStage; leads: readonly Lead[]; movable: boolean }) {
  const t = useT();
  const { choice } = useCatalogueWords();
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const value = leads.reduce((sum, l) => sum + (typeof l.expectedValuePaise === 'number' ? l.expectedValuePaise : 0), 0);
  return (
    <Paper ref={setNodeRef} withBorder radius="md" p="xs" bg={isOver ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'} miw={220} w={220}
      role="region" aria-label={choice(stage)} data-testid={`stage-${stage}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Title order={5}>{choice(stage)}</Title>
          <Badge variant="light" aria-label={t('sales.columnSummary', { count: leads.length, value: formatPaise(value) })}>
            {leads.length}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" data-testid={`stage-value-${stage}`}>
          {formatPaise(value)}
        </Text>
        {leads.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('sales.noLeads')}
          </Text>
        )}
        {leads.map((l) => (
          <LeadCard key={l._id} lead={l} movable={movable} />
        ))}
      </Stack>
    </Paper>
  );
}

/** The reason asked for before a move to Won or Lost. */
function ReasonDialog({ move, onCancel, onConfirm }: { move: { lead: Lead; stage: LeadStage } | null; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const t = useT();
  const { choice } = useCatalogueWords();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setReason('');
    setTried(false);
  }, [move]);
  return (
    <Modal opened={move !== null} onClose={onCancel} title={move ? t('sales.reasonTitle', { title: move.lead.title ?? '', stage: choice(move.stage) }) : ''}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (reason.trim()) onConfirm(reason.trim());
        }}
      >
        <Stack>
          <Textarea label={move?.stage === 'Won' ? t('sales.reasonWon') : t('sales.reasonLost')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} data-autofocus
            error={tried && !reason.trim() ? t('sales.reasonRequired') : undefined} withAsterisk />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('sales.cancel')}
            </Button>
            <Button type="submit">{t('sales.confirmMove')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** `onNew`: where the board's New leads (the lead table's New form: ProposalsRouteScreen.tsx); shown to who may create leads. */
export function LeadBoard({ onNew }: { onNew?: () => void }) {
  const t = useT();
  const say = useSay();
  const { choice } = useCatalogueWords();
  const can = useModulePermissions(leadDef);
  const { slots, intents } = useResource(leadDef.name, { loadOnMount: can.view });
  const owners = useReferenceOptions('subscriber-user').options;
  const [owner, setOwner] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ lead: Lead; stage: LeadStage } | null>(null);
  const leads = slots.list.data as Lead[];
  const shown = useMemo(() => leads.filter((l) => (!owner || l.owner === owner) && (!source || l.source === source)), [leads, owner, source]);
  const byStage = useMemo(() => Object.fromEntries(LEAD_STAGES.map((s) => [s, shown.filter((l) => stageOf(l) === s)])) as Record<LeadStage, Lead[]>, [shown]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }));
  // The card being dragged, drawn above the page while it moves (LeadCard says why).
  const [dragged, setDragged] = useState<Lead | null>(null);

  // The move's answer: the card moves with the cached list (cache 'lead-stage'); a refusal leaves it and says why.
  const move = useCallSlot('lead', 'changeStage');
  useEffect(() => {
    if (move.loading || !move.args?.params?.id) return;
    const moved = leads.find((l) => l._id === move.args?.params?.id);
    const title = moved?.title ?? '';
    const stage = move.args.body?.leadStage ?? '';
    if (move.error) notify({ color: 'red', message: t('sales.refused', { title, stage: moved ? stageOf(moved) : '', reason: say(move.error) ?? leadDef.calls?.find((c) => c.name === 'changeStage')?.message ?? '' }) });
    else if (move.data) notify({ color: 'green', message: t('sales.moved', { title, stage }) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [move.loading, move.data, move.error]);

  const send = (lead: Lead, stage: LeadStage, reason?: string) =>
    intents.call('changeStage', { params: { id: lead._id }, body: { leadStage: stage, ...(reason ? { leadStatusReason: reason } : {}) } });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const lead = leads.find((l) => l._id === active.id);
    const stage = over?.id as LeadStage | undefined;
    if (!lead || !stage || stage === stageOf(lead)) return;
    if (NEEDS_REASON.includes(stage)) setAsking({ lead, stage });
    else send(lead, stage);
  };
  const title = (id: unknown) => leads.find((l) => l._id === id)?.title ?? '';
  const stageName = (id: unknown) => String(id ?? '');
  const cardStage = (id: unknown) => {
    const l = leads.find((x) => x._id === id);
    return l ? stageOf(l) : '';
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select label={t('sales.owner')} placeholder={t('sales.anyOwner')} data={owners} value={owner} onChange={setOwner} clearable searchable w={220} />
        <Select label={t('sales.source')} placeholder={t('sales.anySource')} data={SOURCES.map((value) => ({ value, label: choice(value) }))} value={source} onChange={setSource} clearable w={200} />
        {onNew && can.create && (
          <Button leftSection={<IconPlus size={16} />} onClick={onNew} ml="auto">
            {t('list.create')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" id="board-hint">
        {t('sales.dragHint')}
      </Text>
      <DndContext
        sensors={sensors}
        onDragStart={({ active }) => setDragged(leads.find((l) => l._id === active.id) ?? null)}
        onDragCancel={() => setDragged(null)}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('sales.dragHint') },
          announcements: {
            onDragStart: ({ active }) => t('sales.pickedUp', { title: title(active.id), stage: cardStage(active.id) }),
            onDragOver: ({ active, over }) => (over ? t('sales.overColumn', { title: title(active.id), stage: stageName(over.id) }) : undefined),
            onDragEnd: ({ active, over }) => (over ? t('sales.droppedOn', { title: title(active.id), stage: stageName(over.id) }) : t('sales.dropCancelled', { title: title(active.id), stage: cardStage(active.id) })),
            onDragCancel: ({ active }) => t('sales.dropCancelled', { title: title(active.id), stage: cardStage(active.id) }),
          },
        }}
      >
        <ScrollArea type="auto" offsetScrollbars aria-label={t('sales.boardLabel')}>
          <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm">
            {LEAD_STAGES.map((stage) => (
              <StageColumn key={stage} stage={stage} leads={byStage[stage]} movable={can.update} />
            ))}
          </Group>
        </ScrollArea>
        {/* No drop animation: the card's column changes with the server's answer, not with the drop. */}
        <DragOverlay dropAnimation={null}>
          {dragged && (
            <Paper withBorder radius="sm" p="xs" shadow="md" w={196} style={{ cursor: 'grabbing' }} aria-hidden data-testid="lead-card-overlay">
              <CardFace lead={dragged} />
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
      <ReasonDialog
        move={asking}
        onCancel={() => setAsking(null)}
        onConfirm={(reason) => {
          if (asking) send(asking.lead, asking.stage, reason);
          setAsking(null);
        }}
      />
    </Stack>
  );
}
