/**
 * A machine's diagram (states and transitions, the initial and final states marked), with one path
 * highlighted and the step QA is looking at filled. Event names show on the highlighted path, and on every
 * edge of a small machine; on a large one the others name their event on hover.
 */
import { useMemo } from 'react';
import { useT } from '../../../i18n';
import type { MachineGraph } from '../../../machines/paths/graph';
import type { TestPath } from '../../../machines/paths/paths';
import { layoutDiagram, NODE } from './diagramLayout';
import type { MachineWords } from './machineWords';

const LABEL_ALL_UP_TO = 24;

function shortName(state: string): string {
  const last = state.split('.').pop() ?? state;
  return last.length > 22 ? `${last.slice(0, 21)}…` : last;
}

/** States and events as the explorer names them (a lifecycle's in the product's words, a workflow's by their ids). */
export function PathDiagram({ graph, path, step, say }: { graph: MachineGraph; path: TestPath | null; step: number; say: MachineWords }) {
  const t = useT();
  const layout = useMemo(() => layoutDiagram(graph), [graph]);
  const onPath = new Set<string>();
  const taken = new Set<string>();
  path?.steps.forEach((s, i) => {
    const key = `${s.state}\u0000${s.event}`;
    onPath.add(key);
    if (i < step) taken.add(key);
  });
  const current = path ? (path.steps[step]?.state ?? path.target) : null;
  const finals = new Set(graph.finals);
  const labelAll = graph.transitions.length <= LABEL_ALL_UP_TO;

  return (
    <svg role="img" aria-label={t('qa.diagram', { machine: graph.id })} width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} style={{ maxWidth: 'none' }}>
      <defs>
        <marker id="qa-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--mantine-color-gray-6)" />
        </marker>
        <marker id="qa-arrow-on" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--mantine-color-blue-7)" />
        </marker>
      </defs>
      {layout.edges.map(({ transition, d, labelX, labelY }) => {
        const key = `${transition.from}\u0000${transition.event}`;
        const highlighted = onPath.has(key);
        return (
          <g key={`${key}\u0000${transition.to}`} data-edge={`${transition.from} -${transition.event}-> ${transition.to}`} data-on-path={highlighted || undefined}>
            <title>{`${say.state(transition.from)} —${say.event(transition.event)}→ ${say.state(transition.to)}`}</title>
            <path d={d} fill="none" stroke={highlighted ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-5)'} strokeWidth={highlighted ? 2.5 : 1} strokeDasharray={highlighted && !taken.has(key) ? '5 3' : undefined} markerEnd={highlighted ? 'url(#qa-arrow-on)' : 'url(#qa-arrow)'} />
            {(labelAll || highlighted) && (
              <text x={labelX} y={labelY} textAnchor="middle" fontSize={10} fill={highlighted ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-dimmed)'}>
                {say.event(transition.event)}
              </text>
            )}
          </g>
        );
      })}
      {[...layout.states.values()].map((state) => {
        const isCurrent = state.name === current;
        const isInitial = state.name === graph.initial;
        return (
          <g key={state.name} data-state={state.name} data-current={isCurrent || undefined}>
            <title>{say.state(state.name)}</title>
            <rect
              x={state.x}
              y={state.y}
              width={NODE.width}
              height={NODE.height}
              rx={8}
              fill={isCurrent ? 'var(--mantine-color-blue-1)' : 'var(--mantine-color-body)'}
              stroke={isCurrent ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-gray-6)'}
              strokeWidth={finals.has(state.name) ? 3 : isCurrent ? 2 : 1}
            />
            {finals.has(state.name) && <rect x={state.x + 3} y={state.y + 3} width={NODE.width - 6} height={NODE.height - 6} rx={6} fill="none" stroke="var(--mantine-color-gray-6)" />}
            <text x={state.x + NODE.width / 2} y={state.y + NODE.height / 2 + 4} textAnchor="middle" fontSize={12} fill="var(--mantine-color-text)">
              {shortName(say.state(state.name))}
            </text>
            {isInitial && (
              <text x={state.x} y={state.y - 6} fontSize={10} fill="var(--mantine-color-dimmed)">
                ▶ {t('qa.initial')}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
