/**
 * A message as words (issue 34): the key of its text in the dictionaries and the values put into it. The contract's
 * tables hold each message's English (./validationMessages.ts, ./refusalMessages.ts); the server answers that English,
 * which API clients and the spec read, with the words beside it (`ErrorBody.words`), and the client words the key in
 * the person's language. Pure: no zod, no DOM.
 *
 * Values are data or words. By their name the client knows which are words to put in the person's language:
 * `label` (a field's label), `choices` and `either` (stored values: a list, "a, b, c" and "a, b or c" in English),
 * `noun` and `nounLower` (a record's kind: a lifecycle's noun or a module's title), `status` (a stored status),
 * `steps`, `step` and `stepLower` (a lifecycle's step labels; `steps` reads '"Approve" or "Reject"'), `module` (a
 * catalogue module's name), `field` and `fields` (field names, as `module` labels them), `at` (an instant, shown on
 * the subscriber's clock), `choice` (one stored value: a movement's type, a meter's kind). A value whose name ends in
 * `Phrase` holds the key of a part of a sentence in the refusal table (`phraseUploadSvg`): the English puts the part's
 * English in, the client its words. Every other value is shown as it is (names, numbers, amounts, an outside service's
 * own text).
 */

export type WordValue = string | number | readonly string[];
export type WordValues = Readonly<Record<string, WordValue>>;

export interface Words {
  /** The dictionary key: `validation.required`, `refusal.staleVersion`. */
  key: string;
  values?: WordValues;
}

/** A message as the server says it (`message`, English) and as the client words it (`words`). */
export interface Said {
  message: string;
  words: Words;
}

/**
 * A message no dictionary words, said as it is: the escape hatch, by name, for text that is not the product's sentence
 * to translate (a call refused by a limit, which the client words from its `limit`; a message of the contract that no
 * key writes, which a test holds to none). `because` says why in the code, for whoever reads it next.
 */
export interface Unworded {
  readonly message: string;
  readonly words?: undefined;
  readonly unworded: string;
}

export function unworded(message: string, because: string): Unworded {
  return { message, unworded: because };
}

/**
 * What a refusal says: its English with its words (`refusal(key, values)`, `validation(key, values)`), or, named as
 * such, text said as it is (`unworded`). Never a bare string: a sentence written in English only would reach a French
 * or Japanese person in English (the type makes it not compile).
 */
export type Saying = Said | Unworded;

/** The placeholders whose values are lists, and how English joins them. */
const orList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);
const LISTS: Readonly<Record<string, (items: readonly string[]) => string>> = {
  choices: (items) => items.join(', '),
  either: orList,
  steps: (items) => orList(items.map((step) => `"${step}"`)),
  fields: (items) => items.join(', '),
};

/** The text of a template with its values: "{{label}} is required" with { label: 'Name' } → "Name is required". */
export function fill(template: string, values: WordValues = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return (LISTS[name] ?? LISTS.choices!)(value);
  });
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * What each placeholder may hold when a text is read back: a label has no colon, a number is digits, an either-list
 * has its "or". A server's own sentence that merely looks like a template ("The signature must be a PNG image drawn
 * on the pad") is then not taken for one.
 */
const PLACEHOLDER: Readonly<Record<string, string>> = {
  label: '[^:]+?',
  min: '-?\\d+(?:\\.\\d+)?',
  max: '-?\\d+(?:\\.\\d+)?',
  count: '\\d+',
  days: '\\d+',
  either: '.+? or .+?',
};

interface Pattern {
  key: string;
  names: string[];
  re: RegExp;
  /** Characters of the template that are not placeholders: the more, the more specific the template. */
  weight: number;
}

/**
 * Reads a text back into the key and values of the template that writes it: the exact texts first, then the
 * templates, the most specific first ("HSN/SAC must be 4 to 8 digits" is "{{label}} must be {{min}} to {{max}}
 * digits", not "{{label}} must be {{min}} to {{max}}"). A text no template writes is undefined (a server's own words).
 */
export function textReader(section: string, table: Readonly<Record<string, string>>): (text: string) => Words | undefined {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, template] of Object.entries(table)) {
    const names = [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!exact.has(template)) exact.set(template, key);
      continue;
    }
    const source = template
      .split(/\{\{\s*\w+\s*\}\}/)
      .map(escaped)
      .reduce((re, part, i) => (i === 0 ? part : `${re}(${PLACEHOLDER[names[i - 1]!] ?? '.+?'})${part}`), '');
    patterns.push({ key, names, re: new RegExp(`^${source}$`), weight: template.replace(/\{\{\s*\w+\s*\}\}/g, '').length });
  }
  patterns.sort((a, b) => b.weight - a.weight);
  return (text) => {
    const key = exact.get(text);
    if (key !== undefined) return { key: `${section}.${key}` };
    for (const pattern of patterns) {
      const match = pattern.re.exec(text);
      if (!match) continue;
      const values: Record<string, WordValue> = {};
      pattern.names.forEach((name, i) => {
        const value = match[i + 1] ?? '';
        values[name] = name === 'choices' ? value.split(', ') : name === 'either' ? value.split(/, | or /) : value;
      });
      return { key: `${section}.${pattern.key}`, values };
    }
    return undefined;
  };
}

/** "items.0.quantity: Quantity must be a number" → the field's path and the message (a 400 names its field first). */
export function splitFieldPrefix(text: string): { field?: string; message: string } {
  const match = /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*): (.+)$/s.exec(text);
  return match ? { field: match[1], message: match[2]! } : { message: text };
}
