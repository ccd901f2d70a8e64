/**
 * The history note of an edit (issue 28): which fields changed, by the labels a person reads on the form, and for
 * the values people ask about afterwards ("who changed this amount, and when?") what they were and what they
 * became: money as ₹ with Indian grouping, dates, quantities and other numbers, references by the name of the
 * record they point to, and short words. Long text, lines and lists are named without their values: the note
 * says that they changed, the record shows what they are now.
 */
import type { ModuleDef } from '../../src/contract/modules/index';
import { formatPaise, isPaiseField, withoutPaiseSuffix } from '../../src/contract/money';
import { humanize } from '../../src/contract/words';

type Body = Readonly<Record<string, unknown>>;

/** The longest text shown with its value in a note; longer text is only named. */
const SHORT_TEXT = 60;

/** The field's label as the generic form shows it (its `.meta({ title })`, else its humanised name). */
export function fieldLabel(def: Pick<ModuleDef, 'fields'>, name: string): string {
  const schema = (def.fields.shape as Record<string, { meta?: () => { title?: string } | undefined } | undefined>)[name];
  return schema?.meta?.()?.title ?? humanize(withoutPaiseSuffix(name));
}

function shown(name: string, value: unknown, names: Readonly<Record<string, string>>): string | undefined {
  if (value === undefined || value === null || value === '') return '(none)';
  if (typeof value === 'number') return isPaiseField(name) ? formatPaise(value) : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const named = names[name];
    if (named !== undefined) return named;
    return value.length <= SHORT_TEXT && !value.includes('\n') ? value : undefined;
  }
  return undefined;
}

/**
 * "Amount: ₹1,000.00 → ₹1,500.00; Payment date: 2026-11-20 → 2026-11-21; Items changed". `before` and `after` hold
 * the names of the records the reference fields point to (field → name), read before and after the edit.
 */
export function describeEdit(
  def: Pick<ModuleDef, 'fields' | 'references'>,
  changed: readonly string[],
  stored: Body,
  patch: Body,
  names: { before: Readonly<Record<string, string>>; after: Readonly<Record<string, string>> },
): string {
  return changed
    .map((field) => {
      const label = fieldLabel(def, field);
      const from = shown(field, stored[field], names.before);
      const to = shown(field, patch[field], names.after);
      return from !== undefined && to !== undefined ? `${label}: ${from} → ${to}` : `${label} changed`;
    })
    .join('; ');
}

/** The fields of `patch` whose values differ from the stored ones (compared as JSON: lines and lists by content). */
export function changedFields(stored: Body, patch: Body): string[] {
  return Object.keys(patch).filter((field) => JSON.stringify(stored[field] ?? null) !== JSON.stringify(patch[field] ?? null));
}
