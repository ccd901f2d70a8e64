/**
 * A machine's diagram (issue 37 item 6): compound and parallel states as boxes holding their children (a
 * parallel state's regions in dashed boxes of their own), the start and each compound's entry as a dot, every
 * transition an edge with its event on it (shortened when long; the whole transition on hover). A picked path
 * lights one edge per step, the very transition the step took (source, event, target and guard index), solid
 * for the steps taken and dashed for those to come, and fills the state the walk stands in.
 */
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import { transitionId, type MachineGraph } from '../../../machines/paths/graph';
import type { TestPath } from '../../../machines/paths/paths';
import { DIAGRAM_FONT, readingOf, type DiagramLayout, type PlacedState } from './diagramGraph';
import { layoutDiagram } from './diagramLayout';
import type { MachineWords } from './machineWords';

type Laid = { graph: MachineGraph; reading: string; layout: DiagramLayout } | { graph: MachineGraph; reading: string; error: string };

/** The graph's layout in `say`'s words once ELK has made it; null meanwhile. */
function useLayout(graph: MachineGraph, say: MachineWords): Laid | null {
  const [laid, setLaid] = useState<Laid | null>(null);
  // The words as what they read: a new `say` object with the same words lays nothing out again.
  const reading = readingOf(graph, say);
  useEffect(() => {
    let shown = true;
    layoutDiagram(graph, say).then(
      (layout) => shown && setLaid({ graph, reading, layout }),
      (error: unknown) => shown && setLaid({ graph, reading, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      shown = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `say` is read through `reading`
  }, [graph, reading]);
  return laid?.graph === graph && laid.reading === reading ? laid : null;
}

const BLUE = 'var(--mantine-color-blue-7)';
const GRAY = 'var(--mantine-color-gray-6)';

/** States and events as the explorer names them (a lifecycle's in the product's words, a workflow's by their ids). */
export function PathDiagram({ graph, path, step, say }: { graph: MachineGraph; path: TestPath | null; step: number; say: MachineWords }) {
  const t = useT();
  const laid = useLayout(graph, say);
  if (!laid) {
    return (
      <Group gap="xs" p="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('qa.drawing')}
        </Text>
      </Group>
    );
  }
  if ('error' in laid) {
    return (
      <Alert color="red" role="alert">
        {t('qa.diagramFailed', { reason: laid.error })}
      </Alert>
    );
  }
  const { layout } = laid;

  // Which steps (numbered from 1) took each edge: a walk round a loop takes one edge twice.
  const stepsOf = new Map<string, number[]>();
  path?.steps.forEach((s, i) => {
    const id = transitionId({ from: s.state, event: s.event, to: s.to, guard: s.guard });
    stepsOf.set(id, [...(stepsOf.get(id) ?? []), i + 1]);
  });
  // Where the walk stands: where the last step taken led (a step may start from a state the walk is inside of).
  const current = path ? (step === 0 ? graph.initial : (path.steps[step - 1]?.to ?? path.target)) : null;
  const boxes = layout.states.filter((s) => s.kind === 'compound' || s.kind === 'parallel' || s.kind === 'region');
  const leaves = layout.states.filter((s) => s.kind === 'atomic' || s.kind === 'final');

  return (
    <svg role="img" aria-label={t('qa.diagram', { machine: graph.id })} width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} style={{ maxWidth: 'none' }}>
      <defs>
        <marker id="qa-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={GRAY} />
        </marker>
        <marker id="qa-arrow-on" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill={BLUE} />
        </marker>
      </defs>
      {boxes.map((state) => (
        <StateBox key={state.name} state={state} current={state.name === current} title={say.state(state.name)} />
      ))}
      {leaves.map((state) => (
        <StateBox key={state.name} state={state} current={state.name === current} title={say.state(state.name)} />
      ))}
      {layout.initials.map((dot) => (
        <g key={dot.of ?? ''} data-initial={dot.of ?? graph.id}>
          <title>{dot.of === null ? `${t('qa.initial')}: ${say.state(graph.initial)}` : `${say.state(dot.of)}: (enter)`}</title>
          {dot.d && <path d={dot.d} fill="none" stroke={GRAY} strokeWidth={1.5} markerEnd="url(#qa-arrow)" />}
          <circle cx={dot.cx} cy={dot.cy} r={5} fill="var(--mantine-color-text)" />
        </g>
      ))}
      {layout.edges.map(({ transition, id, d }) => {
        const steps = stepsOf.get(id);
        const taken = steps?.some((n) => n <= step);
        return (
          <g key={id} data-edge={`${transition.from} -${transition.event}-> ${transition.to}`} data-steps={steps?.join(' ')} data-on-path={steps ? true : undefined}>
            <title>{`${say.state(transition.from)} —${say.event(transition.event)}→ ${say.state(transition.to)}`}</title>
            <path d={d} fill="none" stroke={steps ? BLUE : 'var(--mantine-color-gray-5)'} strokeWidth={steps ? 2.5 : 1} strokeDasharray={steps && !taken ? '5 3' : undefined} markerEnd={steps ? 'url(#qa-arrow-on)' : 'url(#qa-arrow)'} />
          </g>
        );
      })}
      {layout.edges.map(({ transition, id, label }) => {
        const onPath = stepsOf.has(id);
        return (
          <g key={id} data-label={transition.event}>
            <title>{`${say.state(transition.from)} —${say.event(transition.event)}→ ${say.state(transition.to)}`}</title>
            <rect x={label.x - 1} y={label.y} width={label.width + 2} height={label.height} rx={3} fill="var(--mantine-color-body)" fillOpacity={0.85} />
            <text x={label.x + label.width / 2} y={label.y + label.height - 3.5} textAnchor="middle" fontSize={DIAGRAM_FONT.label} fontWeight={onPath ? 700 : undefined} fill={onPath ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-dimmed)'}>
              {label.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function StateBox({ state, current, title }: { state: PlacedState; current: boolean; title: string }) {
  const { name, label, kind, x, y, width, height } = state;
  const stroke = current ? BLUE : GRAY;
  const box = kind === 'compound' || kind === 'parallel' || kind === 'region';
  return (
    <g data-state={name} data-kind={kind} data-current={current || undefined}>
      <title>{title}</title>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={box ? 10 : 8}
        fill={current ? 'var(--mantine-color-blue-1)' : box ? (kind === 'region' ? 'none' : 'var(--mantine-color-gray-0)') : 'var(--mantine-color-body)'}
        fillOpacity={box && !current ? 0.6 : 1}
        stroke={stroke}
        strokeWidth={current ? 2 : kind === 'final' || kind === 'parallel' ? 2 : 1}
        strokeDasharray={kind === 'region' ? '6 4' : undefined}
      />
      {kind === 'final' && <rect x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={6} fill="none" stroke={stroke} />}
      {box ? (
        <text x={x + 10} y={y + 18} fontSize={DIAGRAM_FONT.state} fontWeight={600} fill="var(--mantine-color-text)">
          {label}
        </text>
      ) : (
        <text x={x + width / 2} y={y + height / 2 + 4} textAnchor="middle" fontSize={DIAGRAM_FONT.state} fill="var(--mantine-color-text)">
          {label}
        </text>
      )}
    </g>
  );
}
