/**
 * A reference field as a picker over the referenced module's list (one record, or several for a list of
 * references): used by the record forms and by the lifecycle's step dialogs (the engineer a ticket is assigned to).
 */
import { MultiSelect, Select } from '@mantine/core';
import { moduleNamed } from '../../../contract/modules';
import { useT } from '../../../i18n';
import { usePeopleToPick } from '../../data/people';
import { useReferenceOptions } from '../../data/resources';
import type { FieldSpec } from './fieldModel';

/**
 * Choices a screen gets from a call of its own instead of the referenced module's list (a client's machines, scoped
 * by the server: he may not list the tenant's machines, and must not).
 */
export interface OfferedChoices {
  options: ReadonlyArray<{ value: string; label: string }>;
  loading: boolean;
  /** Why the choices could not be read. */
  error?: string | null;
}

/**
 * `recordId`: the record the choice is made for (a ticket being assigned), so that a person field (FieldSpec
 * `peopleOf`) offers those who may do the work on that record.
 */
export function ReferenceInput({ field, value, onChange, error, touched, offered: given, recordId }: { field: FieldSpec; value: string | string[]; onChange: (v: string | string[]) => void; error?: string; touched: boolean; offered?: OfferedChoices; recordId?: string }) {
  const t = useT();
  // A person field offers who may do the work (the server's answer), never the whole staff (issue 39).
  const people = usePeopleToPick(given ? '' : (field.peopleOf ?? ''), field.name, recordId);
  const offered = given ?? (field.peopleOf ? people : undefined);
  const fromList = useReferenceOptions(offered ? '' : (field.reference ?? ''), true, field.pickFrom);
  const { options: listed, loading, mayList } = offered ? { options: [...offered.options], loading: offered.loading, mayList: true } : fromList;
  // A person who may not list the referenced module (a clerk and the invoices) still keeps what the record
  // holds: its current choices stay choosable, so editing other fields never drops them.
  const held = (Array.isArray(value) ? value : [value]).filter((v) => v && !listed.some((o) => o.value === v));
  const options = held.length === 0 ? listed : [...listed, ...held.map((v) => ({ value: v, label: v }))];
  // A module no privilege of theirs opens (asset types, checklists, sensor instances have no route of the spec's):
  // the picker says why it offers nothing, instead of opening on an empty list.
  const closed = !mayList && held.length === 0 && Boolean(field.reference);
  const common = {
    label: field.label,
    withAsterisk: field.required && field.kind === 'reference',
    data: options,
    searchable: true,
    clearable: true,
    placeholder: loading ? t('form.loadingOptions') : t('form.pick'),
    nothingFoundMessage: loading ? t('form.loadingOptions') : field.peopleOf ? t('form.noOneCanDoIt') : t('form.noOptions'),
    error: touched && error ? error : (offered?.error ?? undefined),
    disabled: closed,
    description: closed ? t('form.notListable', { what: moduleNamed(field.reference ?? '').label }) : undefined,
  };
  if (field.kind === 'references') {
    return <MultiSelect {...common} value={Array.isArray(value) ? value : []} onChange={(v) => onChange(v)} />;
  }
  return <Select {...common} value={typeof value === 'string' && value ? value : null} onChange={(v) => onChange(v ?? '')} />;
}

