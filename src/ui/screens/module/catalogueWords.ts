/**
 * The catalogue's words in the person's language (issue 34 item 1): module and view titles, field labels and enum
 * choices. Their English is generated here from the catalogue (what the screens showed before, word for word) and
 * merged into the dictionary when the signed-in screens load, so the first pages carry none of it; fr, zh and ja
 * carry theirs in src/i18n/catalogue/. Choices stay the stored values: only what a person reads is translated.
 */
import { useMemo } from 'react';
import { catalogue, moduleViews, type ModuleDef } from '../../../contract/modules';
import { addEnglish, useT, type TKey, type Translate } from '../../../i18n';
import { choiceKey, type CatalogueTexts } from '../../../i18n/catalogue/en';
import { describeFields, type FieldSpec } from './fieldModel';

/** Walks a module's fields and its lines' cells. */
function eachField(fields: readonly FieldSpec[], visit: (field: FieldSpec) => void): void {
  for (const field of fields) {
    visit(field);
    if (field.columns) eachField(field.columns, visit);
  }
}

/**
 * The catalogue's English: a field name's shared label is the one most of its modules give it; a module labelling
 * it otherwise (a ticket's machine instance is its "Machine") keeps its own under `fieldOf`. Number choices (a GST
 * rate) are numbers, not words.
 */
export function catalogueEnglish(defs: readonly ModuleDef[] = catalogue): CatalogueTexts {
  const texts: CatalogueTexts = { module: {}, view: {}, field: {}, fieldOf: {}, choice: {}, message: {} };
  const labelled: Array<{ module: string; field: FieldSpec }> = [];
  const counts = new Map<string, Map<string, number>>();
  for (const def of defs) {
    texts.module[def.name] = def.label;
    for (const message of [...Object.values(def.messages), ...(def.calls ?? []).map((call) => call.message)]) if (message) texts.message[choiceKey(message)] = message;
    eachField(describeFields(def), (field) => {
      labelled.push({ module: def.name, field });
      const byLabel = counts.get(field.name) ?? new Map<string, number>();
      byLabel.set(field.label, (byLabel.get(field.label) ?? 0) + 1);
      counts.set(field.name, byLabel);
      if (field.kind === 'enum') for (const option of field.options ?? []) texts.choice[choiceKey(option)] = option;
    });
  }
  for (const [name, byLabel] of counts) texts.field[name] = [...byLabel].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  for (const { module, field } of labelled) if (texts.field[field.name] !== field.label) (texts.fieldOf[module] ??= {})[field.name] = field.label;
  for (const view of moduleViews) texts.view[view.route] = view.label;
  return texts;
}

const english = catalogueEnglish();
addEnglish({ catalogue: english });

/** The catalogue's words bound to a translate function (usable outside React, e.g. in a list's cell formatter). */
export function catalogueWords(t: Translate) {
  const choice = (value: string): string => {
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
  const view = (route: string, fallback: string): string => (english.view[route] === fallback ? t(`catalogue.view.${route}` as TKey) : fallback);
  return {
    choice,
    fields,
    /** A field's label by its name (a step's field the module does not declare reads as its humanised name). */
    fieldName: (module: string, name: string, fallback: string): string =>
      english.fieldOf[module]?.[name] !== undefined ? t(`catalogue.fieldOf.${module}.${name}` as TKey) : english.field[name] !== undefined ? t(`catalogue.field.${name}` as TKey) : fallback,
    module,
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
