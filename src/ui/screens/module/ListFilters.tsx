/**
 * The filters of a module's list: one choice per enum or yes/no column. On a wide screen they sit in the toolbar
 * beside the search. On a phone, where the list is cards, five of them would push the records below the fold: they
 * wait in a drawer behind a "Filters (n)" button that says how many are on, with the same inputs, "Clear filters"
 * and "Show results". The search stays on the page either way.
 */
import { Button, Drawer, Select, Stack } from '@mantine/core';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n';
import type { FieldSpec } from './fieldModel';

export interface ListFiltersProps {
  /** The filterable columns' fields (enum or boolean). */
  fields: readonly FieldSpec[];
  /** Column → chosen value ('' or absent: all). */
  filters: Readonly<Record<string, string>>;
  onChange: (filters: Record<string, string>) => void;
}

/** How many filters hold a value. */
export function activeFilterCount(filters: Readonly<Record<string, string>>): number {
  return Object.values(filters).filter(Boolean).length;
}

/** One choice per filterable column; `width` in the toolbar, the drawer's full width otherwise. */
export function FilterInputs({ fields, filters, onChange, width }: ListFiltersProps & { width?: number }) {
  const t = useT();
  return (
    <>
      {fields.map((f) => (
        <Select
          key={f.name}
          aria-label={`${t('list.filter')}: ${f.label}`}
          placeholder={`${f.label}: ${t('list.allValues')}`}
          data={f.kind === 'boolean' ? [{ value: 'true', label: `${f.label}: ${t('list.yes')}` }, { value: 'false', label: `${f.label}: ${t('list.no')}` }] : (f.options ?? []).map((o) => ({ value: o, label: f.choiceLabels?.[o] ?? o }))}
          value={filters[f.name] || null}
          onChange={(v) => onChange({ ...filters, [f.name]: v ?? '' })}
          clearable
          w={width}
        />
      ))}
    </>
  );
}

/** A phone's filters: the button that says how many are on, and the drawer that holds them. */
export function FiltersDrawer({ fields, filters, onChange }: ListFiltersProps) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const active = activeFilterCount(filters);
  return (
    <>
      <Button variant={active > 0 ? 'light' : 'default'} leftSection={<IconFilter size={16} />} onClick={() => setOpened(true)}>
        {active > 0 ? t('list.filtersCount', { count: active }) : t('list.filters')}
      </Button>
      {/* From the bottom, as tall as its inputs: the thumb reaches it, and the list stays in view above it. */}
      <Drawer opened={opened} onClose={() => setOpened(false)} position="bottom" size="auto" title={t('list.filters')}>
        <Stack gap="sm">
          <FilterInputs fields={fields} filters={filters} onChange={onChange} />
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({})} disabled={active === 0}>
            {t('list.clearFilters')}
          </Button>
          <Button onClick={() => setOpened(false)}>{t('list.showResults')}</Button>
        </Stack>
      </Drawer>
    </>
  );
}
