/**
 * The catalogue's English words, generated from the catalogue (issue 34 item 1): what the generic screens showed
 * before, word for word. `npm run words:catalogue` writes them to src/i18n/catalogue/en.generated.ts, which the
 * screens read (walking 59 modules' schemas on every first render cost a cold page seconds on a slow machine);
 * tests/unit/catalogueWords.test.ts fails when that file no longer says what the catalogue does.
 */
import { catalogue, moduleViews, type ModuleDef } from '../../../contract/modules';
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
  const texts: CatalogueTexts = { module: {}, newRecord: {}, editRecord: {}, view: {}, field: {}, fieldOf: {}, choice: {}, message: {} };
  const labelled: Array<{ module: string; field: FieldSpec }> = [];
  const counts = new Map<string, Map<string, number>>();
  for (const def of defs) {
    texts.module[def.name] = def.label;
    texts.newRecord[def.name] = `New ${def.record}`;
    texts.editRecord[def.name] = `Edit ${def.record}`;
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
