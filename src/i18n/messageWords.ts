/**
 * A message's words in the person's language (issue 34): the key of a validation message or a server's refusal
 * (src/contract/validationMessages.ts, src/contract/refusalMessages.ts), with its values put in the person's language
 * by their names (src/contract/messageWords.ts says which are words): a field's label, a stored status or choice, a
 * lifecycle's noun and step names, a module's title, a part of a sentence (`…Phrase`). It reads the dictionaries by key only (a text the dictionary
 * does not hold stays as sent), so it carries none of their tables: the first pages can word a notice too.
 */
import type { WordValue, WordValues, Words } from '../contract/messageWords';
import { wordKey } from '../contract/words';
import { DEFAULT_TIME_ZONE, formatDateTime } from '../contract/zonedTime';
import type { Locale, TKey, Translate } from './dictionaries';

/** What the dictionary says for a key, or undefined when it holds no such key. */
function known(t: Translate, key: string, params?: Record<string, string | number>): string | undefined {
  const said = t(key as TKey, params);
  return said === key ? undefined : said;
}

/** Where a message was met, which its values do not say: the form field it is shown beside, the module it is about. */
export interface MessagePlace {
  /** The label of the form field the message is shown beside, already in the person's language. */
  fieldLabel?: string;
  /** The catalogue module the message is about (its fields' own labels win). */
  module?: string;
  /** The subscriber's time zone, for an instant a message names (`at`); India's when not known. */
  timeZone?: string;
}

function list(locale: Locale, items: readonly string[], type: 'conjunction' | 'disjunction'): string {
  try {
    return new Intl.ListFormat(locale, { type }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** A field's label by its name (a line's cell by its path: items.0.quantity is the quantity's). */
function fieldLabel(t: Translate, name: string, module: string | undefined): string | undefined {
  const last = name.split('.').pop() ?? name;
  return (module ? known(t, `catalogue.fieldOf.${module}.${last}`) : undefined) ?? known(t, `catalogue.field.${last}`);
}

const choice = (t: Translate, value: string) => known(t, `catalogue.choice.${wordKey(value)}`) ?? value;
const stepName = (t: Translate, label: string) => (label.includes('.') ? label : (known(t, `steps.${label}`) ?? label));

function noun(t: Translate, value: string, module: string | undefined): string {
  return known(t, `wording.nouns.${wordKey(value)}`) ?? (module ? known(t, `catalogue.module.${module}`) : undefined) ?? value;
}

const items = (value: WordValue): readonly string[] => (Array.isArray(value) ? value : [String(value)]);

/** The values of a message in the person's language, ready for its template. */
export function wordValues(t: Translate, locale: Locale, values: WordValues = {}, place: MessagePlace = {}): Record<string, string | number> {
  const module = typeof values.module === 'string' ? values.module : place.module;
  const field = typeof values.field === 'string' ? values.field : undefined;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    switch (name) {
      case 'label':
        out.label = place.fieldLabel ?? (field ? fieldLabel(t, field, module) : undefined) ?? String(value);
        break;
      case 'field':
        out.field = fieldLabel(t, String(value), module) ?? String(value);
        break;
      case 'fields':
        out.fields = list(locale, items(value).map((f) => fieldLabel(t, f, module) ?? f), 'conjunction');
        break;
      case 'choices':
      case 'either':
        out[name] = list(locale, items(value).map((v) => choice(t, v)), 'disjunction');
        break;
      case 'status':
      case 'choice':
        out[name] = choice(t, String(value));
        break;
      case 'steps':
        out.steps = list(locale, items(value).map((label) => t('wording.quoted', { text: stepName(t, label) })), 'disjunction');
        break;
      case 'step':
        out.step = stepName(t, String(value));
        break;
      case 'stepLower':
        out.stepLower = stepName(t, String(value)).toLocaleLowerCase(locale);
        break;
      case 'noun':
        out.noun = noun(t, String(value), module);
        break;
      case 'nounLower':
        out.nounLower = noun(t, String(value), module).toLocaleLowerCase(locale);
        break;
      case 'module':
        out.module = known(t, `catalogue.module.${String(value)}`) ?? String(value);
        break;
      case 'at':
        // An instant (who changed a record, and when): DD/MM/YYYY HH:mm on the subscriber's wall clock.
        out.at = formatDateTime(String(value), place.timeZone ?? DEFAULT_TIME_ZONE);
        break;
      default:
        // A part of a sentence by its key (src/contract/messageWords.ts): said in the person's language too.
        if (name.endsWith('Phrase')) out[name] = known(t, `refusal.${String(value)}`) ?? String(value);
        else out[name] = typeof value === 'number' ? value : items(value).join(', ');
    }
  }
  return out;
}

/** The message in the person's language, or undefined when the dictionaries do not hold its key. */
export function wordMessage(t: Translate, locale: Locale, words: Words, place: MessagePlace = {}): string | undefined {
  return known(t, words.key, wordValues(t, locale, words.values, place));
}
