/**
 * A reference field as a picker over the referenced module's list (one record, or several for a list of
 * references): used by the record forms and by the lifecycle's step dialogs (the engineer a ticket is assigned to).
 */
import { MultiSelect, Select } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { moduleNamed } from '../../../contract/modules';
import { useT } from '../../../i18n';
import { selectUser, useSession } from '../../../machines/SessionProvider';
import { usePeopleToPick } from '../../data/people';
import { useReferenceOptions } from '../../data/resources';
import { useCatalogueWords } from './catalogueWords';
import type { FieldSpec } from './fieldModel';

/**
 * Choices a screen gets from a call of its own instead of the referenced module's list (a client's machines, scoped
 * by the server: he may not list the tenant's machines, and must not).
 */
export interface OfferedChoices {
  /**
   * `fields`: what a picker narrowed to another field's record (FieldSpec `within`) reads of each choice (a machine's
   * client). `description`: how the choice reads in the open list when that says more than the chosen value does (a
   * person with their load today: "Ravi Patil · open tickets: 2 · visits today: 1"; chosen, "Ravi Patil").
   */
  options: ReadonlyArray<{ value: string; label: string; description?: string; fields?: Readonly<Record<string, string | undefined>> }>;
  loading: boolean;
  /** Why the choices could not be read. */
  error?: string | null;
}

/** The form's other field a reference's records belong to (FieldSpec `within`): its label, the module it picks from, and its value now. */
export interface WithinField {
  label: string;
  reference: string;
  value: string;
}

/**
 * `recordId`: the record the choice is made for (a ticket being assigned), so that a person field (FieldSpec
 * `peopleOf`) offers those who may do the work on that record. `within`: the field whose record the choices belong to
 * (a ticket's client, for its machine): only that record's are offered, and none before it is chosen.
 * `startAsMe`: a new record's person field starts as the signed-in person once the choices offer them (FieldSpec
 * `startsAsCreator`), once: a person who clears it keeps it cleared.
 */
export function ReferenceInput({ field, value, onChange, error, touched, offered: given, recordId, within, startAsMe }: { field: FieldSpec; value: string | string[]; onChange: (v: string | string[]) => void; error?: string; touched: boolean; offered?: OfferedChoices; recordId?: string; within?: WithinField; startAsMe?: boolean }) {
  const t = useT();
  const words = useCatalogueWords();
  // A person field offers who may do the work (the server's answer), never the whole staff (issue 39).
  const people = usePeopleToPick(given ? '' : (field.peopleOf ?? ''), field.name, recordId);
  const offered: OfferedChoices | undefined = given ?? (field.peopleOf ? people : undefined);
  // Narrowed only for someone who may pick the owner (a coordinator who may not list the clients picks among all).
  const owners = useReferenceOptions(field.within && within ? within.reference : '');
  const source = field.within && within && owners.mayList ? field.within.source : undefined;
  const withinValue = within?.value ?? '';
  const narrowed = source !== undefined ? { source, value: withinValue } : undefined;
  const where = useMemo(() => (source !== undefined ? { ...field.pickFrom, [source]: [withinValue] } : field.pickFrom), [field.pickFrom, source, withinValue]);
  const fromList = useReferenceOptions(offered ? '' : (field.reference ?? ''), true, where);
  const { options: listed, loading, mayList } = offered
    ? { options: offered.options.filter((o) => !narrowed || (o.fields?.[narrowed.source] ?? '') === narrowed.value), loading: offered.loading, mayList: true }
    : fromList;
  // Whose records they are, to say so when there are none ("Kalyani Forge Components has no machine on record").
  const ownerName = owners.options.find((o) => o.value === narrowed?.value)?.label ?? '';
  // A person who may not list the referenced module (a clerk and the invoices) still keeps what the record
  // holds: its current choices stay choosable, so editing other fields never drops them.
  const held = (Array.isArray(value) ? value : [value]).filter((v) => v && !listed.some((o) => o.value === v));
  // A choice held but narrowed out (a machine given before its client) is still named, from the whole list.
  const all = useReferenceOptions(narrowed && !offered ? (field.reference ?? '') : '');
  const heldName = (v: string): string => (offered ?? all).options.find((o) => o.value === v)?.label ?? v;
  const options = held.length === 0 ? listed : [...listed, ...held.map((v) => ({ value: v, label: heldName(v) }))];
  const me = useSession(selectUser)?._id;
  const myself = startAsMe && me && listed.some((o) => o.value === me) ? me : undefined;
  const startedAsMe = useRef(false);
  useEffect(() => {
    if (!myself || startedAsMe.current) return;
    startedAsMe.current = true;
    if (value === '') onChange(myself);
  }, [myself, value, onChange]);
  // A module no privilege of theirs opens (asset types, checklists, sensor instances have no route of the spec's):
  // the picker says why it offers nothing, instead of opening on an empty list.
  const closed = !mayList && held.length === 0 && Boolean(field.reference);
  // Narrowed to another field's record: until it is chosen, only what belongs to none (the tenant's own machines) is
  // offered, and the picker says to choose it first; once chosen, it says so when that record has none.
  const waiting = narrowed !== undefined && narrowed.value === '';
  const noneWithin = narrowed !== undefined && !waiting && !loading && listed.length === 0;
  const described = new Map(listed.flatMap((o) => ('description' in o && typeof o.description === 'string' ? [[o.value, o.description] as const] : [])));
  const common = {
    label: field.label,
    withAsterisk: field.required && field.kind === 'reference',
    data: options,
    searchable: true,
    clearable: true,
    ...(described.size > 0 ? { renderOption: ({ option }: { option: { value: string; label: string } }) => described.get(option.value) ?? option.label } : {}),
    placeholder: loading ? t('form.loadingOptions') : t('form.pick'),
    nothingFoundMessage: loading ? t('form.loadingOptions') : field.peopleOf ? t('form.noOneCanDoIt') : t('form.noOptions'),
    error: touched && error ? error : (offered?.error ?? undefined),
    disabled: closed || (waiting && !loading && options.length === 0),
    description: closed
      ? t('form.notListable', { what: words.module(moduleNamed(field.reference ?? '')) })
      : waiting
        ? t('form.pickWithinFirst', { label: within?.label.toLowerCase() ?? '' })
        : noneWithin
          ? t('form.noneWithin', { name: ownerName, what: field.label.toLowerCase() })
          : undefined,
  };
  if (field.kind === 'references') {
    return <MultiSelect {...common} value={Array.isArray(value) ? value : []} onChange={(v) => onChange(v)} />;
  }
  return <Select {...common} value={typeof value === 'string' && value ? value : null} onChange={(v) => onChange(v ?? '')} />;
}

