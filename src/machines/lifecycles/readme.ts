/**
 * The README's lifecycle section, written from the machines themselves (never by hand): one table per
 * lifecycle of the index with each transition, the person who may take it and the data it needs.
 * `npm run readme:lifecycles` writes it between the README's markers; a test fails when they differ.
 */
import type { Lifecycle } from './definition';
import { LIFECYCLES } from './index';

export const README_BEGIN = '<!-- lifecycles:begin (npm run readme:lifecycles writes this part) -->';
export const README_END = '<!-- lifecycles:end -->';

interface TransitionConfig {
  target: string;
  guard?: string;
}

function section(lifecycle: Lifecycle): string {
  const states = lifecycle.machine.config.states ?? {};
  const initial = String(lifecycle.machine.config.initial);
  const rows: string[] = [];
  for (const [from, node] of Object.entries(states)) {
    for (const [event, config] of Object.entries((node as { on?: Record<string, TransitionConfig> }).on ?? {})) {
      const spec = lifecycle.events[event];
      const needs = Object.keys(spec?.requires ?? {}).join(', ') || '—';
      const who = config.guard ? (lifecycle.guards[config.guard] ?? config.guard) : 'anyone who may view it';
      rows.push(`| ${from} | ${spec?.label ?? event} (\`${event}\`) | ${config.target} | ${who} | ${needs} |`);
    }
  }
  const finals = Object.entries(states)
    .filter(([, node]) => (node as { type?: string }).type === 'final')
    .map(([name]) => name);
  return [
    `### ${lifecycle.noun} (\`${lifecycle.module}\`)`,
    '',
    `New records start **${(lifecycle.startStates ?? [initial]).join('** or **')}**; ${finals.length ? `**${finals.join('**, **')}** ${finals.length > 1 ? 'are' : 'is'} final` : 'no state is final'}.`,
    '',
    '| From | Step | To | Who | Needs |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function lifecyclesReadme(): string {
  return [README_BEGIN, '', ...LIFECYCLES.flatMap((l) => [section(l), '']), README_END].join('\n');
}
