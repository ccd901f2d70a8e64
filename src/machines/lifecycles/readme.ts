/**
 * The README's lifecycle section, written from the machines themselves (never by hand): one table per
 * lifecycle of the index with each transition, the person who may take it and the data it needs.
 * `npm run readme:lifecycles` writes it between the README's markers; a test fails when they differ.
 */
import type { Lifecycle } from './definition';
import { LIFECYCLES, stepsMachineOf } from './index';
import type { EditRule } from './recordRules';

export const README_BEGIN = '<!-- lifecycles:begin (npm run readme:lifecycles writes this part) -->';
export const README_END = '<!-- lifecycles:end -->';

interface TransitionConfig {
  target: string;
  guard?: string;
}

/** Who may edit or delete in a state, in words: the guard's words, narrowed to the maker where the rule says so. */
function editors(lifecycle: Lifecycle, rule: EditRule, privilege: string): string {
  const who = `${lifecycle.guards[rule.guard] ?? rule.guard}, holding ${privilege}`;
  const maker = rule.makerOnly && lifecycle.records.maker ? `; only whoever raised it (\`${lifecycle.records.maker}\`)` : '';
  const fields = rule.fields ? `; only ${rule.fields.map((f) => `\`${f}\``).join(', ')}` : '';
  const unless = rule.unlessSet ? `; not once ${rule.unlessSet.map((f) => `\`${f}\``).join(', ')} is set` : '';
  return `${who}${maker}${fields}${unless}`;
}

/** The lifecycle's edits and deletes (./recordRules.ts), state by state. */
function recordRows(lifecycle: Lifecycle): string[] {
  const { records } = lifecycle;
  const rows = Object.keys(lifecycle.machine.config.states ?? {}).map((state) => {
    const edit = records.edit[state];
    const remove = records.delete[state];
    const editWords = edit ? editors(lifecycle, edit, 'UPDATE') : (records.locked[state]?.message ?? 'nobody');
    return `| ${state} | ${editWords} | ${remove ? editors(lifecycle, remove, 'DELETE') : 'nobody'} |`;
  });
  const checker = records.checkerSteps?.length && records.maker
    ? [`Whoever raised a record (\`${records.maker}\`, stamped by the server) may not take: ${records.checkerSteps.map((e) => lifecycle.events[e]?.label ?? e).join(', ')}.`, '']
    : [];
  const annotations = records.annotations?.length ? [`Changed in any state: ${records.annotations.map((f) => `\`${f}\``).join(', ')}.`, ''] : [];
  return ['| State | Edited by | Deleted by |', '|---|---|---|', ...rows, '', ...checker, ...annotations];
}

function section(lifecycle: Lifecycle): string {
  // The steps between states; edits and deletes get their own table below.
  const states = stepsMachineOf(lifecycle.machine).config.states ?? {};
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
    '',
    ...recordRows(lifecycle),
  ].join('\n').trimEnd();
}

export function lifecyclesReadme(): string {
  return [README_BEGIN, '', ...LIFECYCLES.flatMap((l) => [section(l), '']), README_END].join('\n');
}
