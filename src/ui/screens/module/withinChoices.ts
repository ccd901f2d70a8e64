/**
 * Reference fields whose records belong to the record picked in another field of the same form (catalogue
 * `pickWithin`: a ticket's machine and site are its client's). The form tells each such picker the other field's
 * value (ReferenceInput narrows its choices to it), and clears a pick that no longer belongs when that value changes.
 */
import type { FieldSpec, FormValues } from './fieldModel';
import type { OfferedChoices, WithinField } from './ReferenceInput';
import { useReferenceList } from '../../data/resources';

/** The form's field a narrowed reference's records belong to (FieldSpec `within`), when the form asks for it. */
function ownerField(field: FieldSpec, fields: readonly FieldSpec[], fixed: Readonly<Record<string, string>>): FieldSpec | undefined {
  const name = field.within?.field;
  return name && !(name in fixed) ? fields.find((f) => f.name === name && f.reference) : undefined;
}

/** What a narrowed reference's picker is told of the field its records belong to: its label, module and value now. */
export function withinField(field: FieldSpec, fields: readonly FieldSpec[], fixed: Readonly<Record<string, string>>, values: FormValues): WithinField | undefined {
  const owner = ownerField(field, fields, fixed);
  if (!owner) return undefined;
  const value = values[owner.name];
  return { label: owner.label, reference: owner.reference ?? '', value: typeof value === 'string' ? value : '' };
}

/**
 * For each narrowed reference the form asks for, which record each of its choices belongs to (choice id → the owner's
 * id): from the screen's own choices, else the referenced module's list (the picker's own). Stable hooks: a form's
 * fields do not change while it is open.
 */
export function useWithinOwners(fields: readonly FieldSpec[], fixed: Readonly<Record<string, string>>, offered: Readonly<Record<string, OfferedChoices>> | undefined): Record<string, ReadonlyMap<string, string | undefined>> {
  const narrowed = fields.filter((f) => f.within && ownerField(f, fields, fixed));
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const lists = narrowed.map((f) => [f, useReferenceList(offered?.[f.name] ? '' : (f.reference ?? '')).slots.list.data] as const);
  return Object.fromEntries(
    lists.map(([f, rows]) => {
      const source = f.within!.source;
      const given = offered?.[f.name]?.options;
      const owners = given ? given.map((o) => [o.value, o.fields?.[source]] as const) : rows.map((r) => [r._id, typeof r[source] === 'string' ? (r[source] as string) : undefined] as const);
      return [f.name, new Map(owners)];
    }),
  );
}
