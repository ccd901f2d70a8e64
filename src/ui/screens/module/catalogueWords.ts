/**
 * The catalogue's words in the person's language (issue 34 item 1): module and view titles, field labels and enum
 * choices. Their English is generated from the catalogue (./catalogueEnglish.ts, written to
 * src/i18n/catalogue/en.generated.ts) and merged into the dictionary when the signed-in screens load, so the first
 * pages carry none of it; fr, zh and ja carry theirs in src/i18n/catalogue/. Choices stay the stored values: only what a person reads is translated.
 */
import { useMemo } from 'react';
import type { ModuleDef } from '../../../contract/modules';
import { addEnglish, useT, type TKey, type Translate } from '../../../i18n';
import { choiceKey, type CatalogueTexts } from '../../../i18n/catalogue/en';
import { catalogueEn } from '../../../i18n/catalogue/en.generated';
import { describeFields, type FieldSpec } from './fieldModel';

const english: CatalogueTexts = catalogueEn;
addEnglish({ catalogue: english });

/** The catalogue's words bound to a translate function (usable outside React, e.g. in a list's cell formatter). */
export function catalogueWords(t: Translate) {
  const choice = (value: string): string => {
    // A record read before it had the field (an older row, a view's partial row) shows nothing, never fails the list.
    if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
    const key = choiceKey(value);
    return key in english.choice ? t(`catalogue.choice.${key}` as TKey) : value;
  };
  const label = (module: string, field: FieldSpec): string => {
    if (english.fieldOf[module]?.[field.name] !== undefined) return t(`catalogue.fieldOf.${module}.${field.name}` as TKey);
    return english.field[field.name] === field.label ? t(`catalogue.field.${field.name}` as TKey) : field.label;
  };
  /** A module's fields with their labels and choices in the person's language (lines' cells too). */
  const fields = (module: string, specs: readonly FieldSpec[]): FieldSpec[] =>
    specs.map((spec) => ({
      ...spec,
      label: label(module, spec),
      ...(spec.kind === 'enum' && spec.options ? { choiceLabels: Object.fromEntries(spec.options.map((o) => [o, choice(o)])) } : {}),
      ...(spec.columns ? { columns: fields(module, spec.columns) } : {}),
    }));
  const module = (def: Pick<ModuleDef, 'name' | 'label'>): string => (english.module[def.name] === def.label ? t(`catalogue.module.${def.name}` as TKey) : def.label);
  /** A form's title, for a new record or one being changed ("New proposal"); a module outside the catalogue is worded by the form's pattern. */
  const formTitle = (mode: 'create' | 'update', def: Pick<ModuleDef, 'name' | 'record'>): string => {
    const section = mode === 'create' ? 'newRecord' : 'editRecord';
    return english[section][def.name] !== undefined ? t(`catalogue.${section}.${def.name}` as TKey) : t(mode === 'create' ? 'form.createTitle' : 'form.editTitle', { label: def.record });
  };
  const view = (route: string, fallback: string): string => (english.view[route] === fallback ? t(`catalogue.view.${route}` as TKey) : fallback);
  return {
    choice,
    fields,
    /** A field's label by its name (a step's field the module does not declare reads as its humanised name). */
    fieldName: (module: string, name: string, fallback: string): string =>
      english.fieldOf[module]?.[name] !== undefined ? t(`catalogue.fieldOf.${module}.${name}` as TKey) : english.field[name] !== undefined ? t(`catalogue.field.${name}` as TKey) : fallback,
    module,
    formTitle,
    view,
    /** A route's tab (routeModules.ts `modulesForRoute`): its view's title, or its module's. */
    tab: (entry: { def: Pick<ModuleDef, 'name' | 'label'>; label: string }, route: string | undefined): string => (entry.label === entry.def.label ? module(entry.def) : view(route ?? '', entry.label)),
  };
}

export type CatalogueWords = ReturnType<typeof catalogueWords>;

export function useCatalogueWords(): CatalogueWords {
  const t = useT();
  return useMemo(() => catalogueWords(t), [t]);
}

/** A module's fields (describeFields) in the person's language. */
export function useModuleFields(def: ModuleDef): FieldSpec[] {
  const words = useCatalogueWords();
  return useMemo(() => words.fields(def.name, describeFields(def)), [words, def]);
}
