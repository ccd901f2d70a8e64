/**
 * dynamic-dashboard (document 1 §2, open to any signed-in user): the person arranges several sensor
 * charts (add, remove, move, half or full width) and the arrangement is remembered for them in this
 * browser's local storage (see dashboardLayout.ts for why there). Each panel is its own `sensorSeries`
 * actor; a change of its choices is saved into the layout through its `announceSelection`.
 */
import './machineWords';
import { ActionIcon, Button, Grid, Group, Paper, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsHorizontal, IconCheck, IconLayoutGrid, IconPlus, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { selectUser, useSession } from '../../../machines/SessionProvider';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { dashboardLayoutMachine, MAX_PANELS, type ChartPanel, type DashboardLayoutActorRef } from '../../../machines/flows/dashboardLayout';
import { useScreenActor } from '../../../machines/useScreenActor';
import { sensorSeriesMachine } from '../../../machines/flows/sensorSeries';
import { EmptyPanel, NoAccessPanel } from './machineSensorParts';
import { SensorChartPanel } from './SensorChartPanel';

let panelCounter = 0;
/** A new panel's id: unique within the person's layout. */
const newPanelId = (): string => `chart-${Date.now().toString(36)}-${(panelCounter += 1)}`;

function useLayoutEvents(actor: DashboardLayoutActorRef) {
  return useMemo(
    () => ({
      arrange: () => actor.send({ type: 'layout.arrange' }),
      done: () => actor.send({ type: 'layout.done' }),
      add: () => actor.send({ type: 'layout.add', id: newPanelId() }),
      remove: (id: string) => actor.send({ type: 'layout.remove', id }),
      move: (id: string, direction: 'up' | 'down') => actor.send({ type: 'layout.move', id, direction }),
      resize: (id: string, size: ChartPanel['size']) => actor.send({ type: 'layout.resize', id, size }),
      reset: () => actor.send({ type: 'layout.reset' }),
    }),
    [actor],
  );
}

function PanelControls({ layout, panel, index, count }: { layout: DashboardLayoutActorRef; panel: ChartPanel; index: number; count: number }) {
  const t = useT();
  const events = useLayoutEvents(layout);
  return (
    <>
      <Tooltip label={t('md.moveUp')}>
        <ActionIcon variant="subtle" aria-label={t('md.moveUp')} disabled={index === 0} onClick={() => events.move(panel.id, 'up')}>
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('md.moveDown')}>
        <ActionIcon variant="subtle" aria-label={t('md.moveDown')} disabled={index === count - 1} onClick={() => events.move(panel.id, 'down')}>
          <IconArrowDown size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={panel.size === 'half' ? t('md.fullWidth') : t('md.halfWidth')}>
        <ActionIcon variant="subtle" aria-label={panel.size === 'half' ? t('md.fullWidth') : t('md.halfWidth')} onClick={() => events.resize(panel.id, panel.size === 'half' ? 'full' : 'half')}>
          <IconArrowsHorizontal size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('md.removeChart')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('md.removeChart')} onClick={() => events.remove(panel.id)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

function PanelChart({ layout, panel, controls }: { layout: DashboardLayoutActorRef; panel: ChartPanel; controls: ReactNode }) {
  const logic = useMemo(
    () => sensorSeriesMachine.provide({ actions: { announceSelection: ({ context }) => layout.send({ type: 'layout.update', id: panel.id, selection: context.selection }) } }),
    [layout, panel.id],
  );
  // One flow per panel, named by the panel's id in the session.
  const actor = useScreenActor('dynamicDashboardPanel', logic, { selection: panel.selection }, panel.id);
  if (!actor) return null;
  return <SensorChartPanel actor={actor} actions={controls} height={panel.size === 'full' ? 320 : 240} />;
}

function Board({ userId }: { userId: string }) {
  const layout = useScreenActor('dynamicDashboardLayout', dashboardLayoutMachine, { userId });
  return layout ? <BoardOf layout={layout} /> : null;
}

function BoardOf({ layout }: { layout: DashboardLayoutActorRef }) {
  const t = useT();
  const events = useLayoutEvents(layout);
  const panels = useSelector(layout, (s) => s.context.panels);
  const arranging = useSelector(layout, (s) => s.matches('arranging'));
  return (
    <>
      <Group justify="flex-end" gap="sm" mb="md">
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={events.add} disabled={panels.length >= MAX_PANELS}>
          {t('md.addChart')}
        </Button>
        {panels.length > 0 &&
          (arranging ? (
            <>
              <Button size="xs" variant="subtle" color="red" onClick={events.reset}>
                {t('md.removeAll')}
              </Button>
              <Button size="xs" variant="light" leftSection={<IconCheck size={14} />} onClick={events.done}>
                {t('md.doneArranging')}
              </Button>
            </>
          ) : (
            <Button size="xs" variant="light" leftSection={<IconLayoutGrid size={14} />} onClick={events.arrange}>
              {t('md.arrange')}
            </Button>
          ))}
      </Group>
      {panels.length === 0 ? (
        <EmptyPanel title={t('md.dashboardEmptyTitle')} description={t('md.dashboardEmptyText')}>
          <Button onClick={events.add} leftSection={<IconPlus size={16} />}>
            {t('md.addChart')}
          </Button>
        </EmptyPanel>
      ) : (
        <Grid>
          {panels.map((panel, index) => (
            <Grid.Col key={panel.id} span={{ base: 12, lg: panel.size === 'full' ? 12 : 6 }}>
              <Paper withBorder radius="md" p="md" component="section" aria-label={t('md.chartNumber', { number: index + 1 })}>
                <PanelChart layout={layout} panel={panel} controls={arranging ? <PanelControls layout={layout} panel={panel} index={index} count={panels.length} /> : null} />
              </Paper>
            </Grid.Col>
          ))}
        </Grid>
      )}
    </>
  );
}

export function DynamicDashboardScreen() {
  const allowed = useMayOpenScreen('dynamic-dashboard');
  const user = useSession(selectUser);
  if (!allowed || !user) return <NoAccessPanel feature="SENSOR_ANALYTICS" />;
  return <Board key={user._id} userId={user._id} />;
}
