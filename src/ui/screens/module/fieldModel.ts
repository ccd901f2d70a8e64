/**
 * Reads a catalogue module's zod `fields` into what the generic form and list need: one FieldSpec per
 * field with its input kind, whether it is required, its choices, the module it references, and turns
 * form values into a request body validated by the same schema (so the form shows the schema's own
 * messages, and the server, which validates with the same schema, agrees).
 *
 * Supported kinds: string, email, number, enum, boolean, date, array of ids (picker over the referenced
 * module) or of strings (tags), single id reference. Arrays of objects (a role's features) have their own
 * screens and are shown read-only here.
 */
import type { z } from 'zod';
import type { ModuleDef, NumberUnit } from '../../../contract/modules';
import type { DocumentLines, PickWithin } from '../../../contract/modules/define';
import { humanize } from '../../../contract/words';
import { isPaiseField, paiseToRupeeText, readRupees, withoutPaiseSuffix } from '../../../contract/money';
import { DEFAULT_TIME_ZONE, toWallTime, wallTimeToIso } from '../../../contract/zonedTime';
import { lifecycleOf, stampedFields, stepDataFields } from '../../../machines/lifecycles/index';
import { priceLines, type LineValues } from './linePricing';
import type { Words } from '../../../contract/messageWords';
import { issueWords, validationWords, type IssueLike } from '../../../contract/validationMessages';

export type FieldKind = 'text' | 'email' | 'number' | 'money' | 'enum' | 'boolean' | 'date' | 'datetime' | 'reference' | 'references' | 'tags' | 'lines' | 'readonly';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Enum choices, or a number's choices (catalogue `choices`: a GST rate), as text. */
  options?: readonly string[];
  /** An enum's choices as the person reads them (value → words, catalogueWords.ts); the values stay what is stored. */
  choiceLabels?: Readonly<Record<string, string>>;
  /** The unit a number's choices are read in ("%"). */
  suffix?: string;
  /** What a typed number counts (catalogue `units`: months, per cent), said beside its input and after its value. */
  unit?: NumberUnit;
  /** Module name whose records a reference field holds. */
  reference?: string;
  /** For a reference: the referenced records its picker offers (the catalogue's `pickFrom`). */
  pickFrom?: Readonly<Record<string, readonly string[]>>;
  /**
   * For a reference: its records belong to the record picked in another field of the form (the catalogue's
   * `pickWithin`: a ticket's machine is its client's), named by their `source` field.
   */
  within?: PickWithin;
  /**
   * For a person field (catalogue `people`): the module whose `people` call answers who may be picked (those who may
   * do the work, with their load), instead of the whole staff.
   */
  peopleOf?: string;
  /** For a person field: a new record's form starts it as the person creating it, when offered (PersonPick `startsAsCreator`). */
  startsAsCreator?: boolean;
  /** Longer texts get a multi-line input. */
  multiline?: boolean;
  /** A write-only field (password): offered on create only, never shown in lists or details. */
  writeOnly?: boolean;
  /**
   * A lifecycle's status, a step's stamps or data (asked for in the step's dialog only) or a field the server
   * computes: shown and filtered on, never in a form.
   */
  stepped?: boolean;
  /** A field of the work after the record exists (lifecycle `later`): on the Edit form, never on the New one. */
  later?: boolean;
  defaultValue?: unknown;
  /** A document's lines: the sub-fields a person types on each line (catalogue `lines`). */
  columns?: FieldSpec[];
  /** GST lines: the amounts are shown live, and the form fields that decide the split (catalogue `lines.gst`). */
  gst?: DocumentLines['gst'];
  /** A line's cells filled from the record picked in one of its reference cells (catalogue `lines.fills`). */
  fills?: DocumentLines['fills'];
  /** Lines standing for the lines of the document picked in another field (catalogue `lines.linesOf`), with that field's module. */
  linesOf?: DocumentLines['linesOf'] & { reference: string };
  /**
   * A field the server copies from the record picked in another of the form's reference fields (catalogue
   * `derivedFrom`): `from` is that reference field, `source` the picked record's field. Filled on the pick, read-only.
   */
  derived?: { from: string; source: string };
  /** A money field that holds rupees, not paise (catalogue `rupees`: a proposal's monthly rental). */
  rupees?: boolean;
}

// LineValues is defined beside the pricing that reads it (linePricing.ts imports nothing from here, so no cycle).
export type { LineValues };
export type FormValue = string | number | boolean | string[] | LineValues[] | null;
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

type AnySchema = z.ZodType;

interface Unwrapped {
  schema: AnySchema;
  optional: boolean;
  defaultValue?: unknown;
}

/** Strips optional / nullable / default / pipe wrappers, remembering whether a value may be absent. */
function unwrap(schema: AnySchema): Unwrapped {
  let current: AnySchema = schema;
  let optional = false;
  let defaultValue: unknown;
  for (let i = 0; i < 10; i++) {
    const def = current.def as { type: string; innerType?: AnySchema; in?: AnySchema; defaultValue?: unknown };
    if (def.type === 'optional' || def.type === 'nullable') {
      optional = true;
      current = def.innerType as AnySchema;
    } else if (def.type === 'default' || def.type === 'prefault') {
      optional = true;
      defaultValue = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
      current = def.innerType as AnySchema;
    } else if (def.type === 'pipe') {
      current = def.in as AnySchema;
    } else {
      break;
    }
  }
  return { schema: current, optional, defaultValue };
}

export { humanize } from '../../../contract/words';

/** The label a field declares (zod `.describe()` / `.meta({ title })`), or its humanised name. */
function labelOf(name: string, schema: AnySchema): string {
  const meta = (schema as { meta?: () => { title?: string } | undefined }).meta?.();
  // Amounts are shown and typed in rupees: the label does not name the unit the API stores.
  return meta?.title ?? humanize(withoutPaiseSuffix(name));
}

/** Where a field's kind is looked up: the module's references and lines, or a line's own references. */
interface FieldContext {
  references?: Readonly<Record<string, string>>;
  pickFrom?: ModuleDef['pickFrom'];
  lines?: ModuleDef['lines'];
  choices?: ModuleDef['choices'];
  rupees?: ModuleDef['rupees'];
  units?: ModuleDef['units'];
}

function kindOf(name: string, schema: AnySchema, def: FieldContext): Pick<FieldSpec, 'kind' | 'options' | 'suffix' | 'unit' | 'reference' | 'pickFrom' | 'multiline' | 'columns' | 'gst' | 'fills' | 'rupees' | 'linesOf'> {
  const reference = def.references?.[name];
  const pickFrom = def.pickFrom?.[name];
  const d = schema.def as { type: string; entries?: Record<string, string>; element?: AnySchema; format?: string; checks?: unknown[] };
  switch (d.type) {
    case 'string': {
      if (reference) return { kind: 'reference', reference, ...(pickFrom ? { pickFrom } : {}) };
      const format = (schema as { format?: string | null }).format;
      if (format === 'email') return { kind: 'email' };
      if (format === 'date') return { kind: 'date' };
      if (format === 'datetime') return { kind: 'datetime' };
      const max = (schema as { maxLength?: number | null }).maxLength;
      return { kind: 'text', multiline: typeof max === 'number' && max > 200 };
    }
    case 'number':
    case 'int':
    case 'bigint': {
      const choice = def.choices?.[name];
      if (choice) return { kind: 'number', options: choice.values.map(String), ...(choice.suffix ? { suffix: choice.suffix } : {}) };
      if (def.rupees?.includes(name)) return { kind: 'money', rupees: true };
      if (isPaiseField(name)) return { kind: 'money' };
      const unit = def.units?.[name];
      return { kind: 'number', ...(unit ? { unit } : {}) };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'date':
      return { kind: 'date' };
    case 'enum':
      return { kind: 'enum', options: Object.values(d.entries ?? {}) };
    case 'union': {
      // A reference the schema also takes expanded (an id, or the record read back as { _id, … }): picked by its id.
      const options = ((schema.def as { options?: AnySchema[] }).options ?? []).map((o) => unwrap(o).schema);
      if (reference && options.some((o) => o.def.type === 'string')) return { kind: 'reference', reference, ...(pickFrom ? { pickFrom } : {}) };
      return { kind: 'readonly' };
    }
    case 'array': {
      const element = unwrap(d.element as AnySchema).schema;
      if (element.def.type === 'string') return reference ? { kind: 'references', reference } : { kind: 'tags' };
      const lines = def.lines?.[name];
      if (lines && element.def.type === 'object') {
        const shape = (element as unknown as { shape: Record<string, AnySchema> }).shape;
        const columns = lines.inputs.filter((sub) => sub in shape).map((sub) => describeField(sub, shape[sub]!, { references: lines.references, choices: def.choices }));
        const linesOf = lines.linesOf && def.references?.[lines.linesOf.document] ? { ...lines.linesOf, reference: def.references[lines.linesOf.document]! } : undefined;
        return { kind: 'lines', columns, ...(lines.gst ? { gst: lines.gst } : {}), ...(lines.fills ? { fills: lines.fills } : {}), ...(linesOf ? { linesOf } : {}) };
      }
      return { kind: 'readonly' };
    }
    default:
      return { kind: 'readonly' };
  }
}

/** One FieldSpec per field of the module, in declaration order. */
export function describeFields(def: ModuleDef): FieldSpec[] {
  const shape = def.fields.shape as Record<string, AnySchema>;
  // A lifecycle's status changes only by its steps (the record view's buttons), and who took a step and when
  // is stamped by the server: never inputs.
  const lifecycle = lifecycleOf(def.name);
  // The server's own fields (totals, payment state) are shown the same way: never typed.
  const stepped = new Set<string>([...(lifecycle ? [lifecycle.statusField, ...stampedFields(lifecycle), ...stepDataFields(lifecycle)] : []), ...(def.serverFields ?? [])]);
  const derived = new Map(Object.entries(def.derivedFrom ?? {}).flatMap(([from, map]) => Object.entries(map).map(([field, source]) => [field, { from, source }] as const)));
  return Object.entries(shape).map(([name, raw]) => ({
    ...describeField(name, raw, def),
    writeOnly: def.hidden?.includes(name) ?? false,
    ...(stepped.has(name) ? { stepped: true } : {}),
    ...(lifecycle?.later?.includes(name) ? { later: true } : {}),
    ...(derived.has(name) ? { derived: derived.get(name)! } : {}),
    ...(def.people?.[name] ? { peopleOf: def.name, ...(def.people[name].startsAsCreator ? { startsAsCreator: true } : {}) } : {}),
    ...(def.pickWithin?.[name] ? { within: def.pickWithin[name] } : {}),
  }));
}

/**
 * The inputs of a record's form (issue 39 item 1): what a person types there, never a step's data or the server's
 * fields; a new record's form leaves out the fields of the work after it exists, and the screen's fixed values (a
 * Breakdown ticket's type), which it fills itself; a user's password is set on creation only.
 */
export function formInputs(fields: readonly FieldSpec[], mode: 'create' | 'update'): FieldSpec[] {
  return fields.filter((f) => f.kind !== 'readonly' && !f.stepped && !(f.writeOnly && mode === 'update') && !(f.later && mode === 'create'));
}

/**
 * The values of the fields derived from reference field `from` (FieldSpec `derived`) for the record picked there:
 * each as its input holds it (text), blank where the record has none or nothing is picked, as the server copies it.
 */
export function derivedValues(fields: readonly FieldSpec[], from: string, picked: Record<string, unknown> | undefined): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.derived?.from !== from) continue;
    const value = picked?.[field.derived.source];
    values[field.name] = value === undefined || value === null ? emptyValue(field) : field.kind === 'number' ? Number(value) : String(value);
  }
  return values;
}

/** The records a form's fills read, by reference field (ModuleDef `fills`): the picker's own list. */
export type FillSources = Readonly<Record<string, ReadonlyArray<Record<string, unknown> & { _id: string }>>>;

/** A picked record's value as the input of `field` holds it (amounts as rupee text, numbers as numbers, the rest as text). */
function asInput(field: FieldSpec, value: unknown): FormValue {
  if (value === undefined || value === null) return emptyValue(field);
  if (field.kind === 'money' && typeof value === 'number') return paiseToRupeeText(paiseOf(field, value));
  if (field.kind === 'number') return Number(value);
  return String(value);
}

/**
 * What picking `pickedId` in reference field `from` fills (ModuleDef `fills`): the fields its map names, from the picked
 * record; and through another reference field (a client → its client master), that record's id and its own fills. A
 * field the record lacks is left as the person had it; the values stay editable.
 */
export function filledValues(def: Pick<ModuleDef, 'fills'>, fields: readonly FieldSpec[], from: string, pickedId: string, sources: FillSources, seen: ReadonlySet<string> = new Set()): FormValues {
  const fill = def.fills?.[from];
  if (!fill || !pickedId || seen.has(from)) return {};
  const values: FormValues = {};
  const picked = sources[from]?.find((r) => r._id === pickedId);
  for (const [name, source] of Object.entries(fill.fields ?? {})) {
    const field = fields.find((f) => f.name === name);
    if (field && picked && picked[source] !== undefined && picked[source] !== null) values[name] = asInput(field, picked[source]);
  }
  if (fill.through) {
    const { field, key } = fill.through;
    const match = sources[field]?.find((r) => r[key] === pickedId);
    if (match && fields.some((f) => f.name === field)) {
      values[field] = match._id;
      Object.assign(values, filledValues(def, fields, field, match._id, sources, new Set([...seen, from])));
    }
  }
  return values;
}

function describeField(name: string, raw: AnySchema, context: FieldContext): FieldSpec {
  const { schema, optional, defaultValue } = unwrap(raw);
  return { name, label: labelOf(name, raw), required: !optional, defaultValue, ...kindOf(name, schema, context) };
}

function emptyValue(field: FieldSpec): FormValue {
  switch (field.kind) {
    case 'boolean':
      return false;
    case 'references':
    case 'tags':
      return [];
    case 'number':
      return null;
    default:
      return '';
  }
}

/** Form values for a new record (schema defaults) or for editing an existing one. */
export function initialValues(fields: readonly FieldSpec[], record?: Record<string, unknown>, timeZone: string = DEFAULT_TIME_ZONE): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.kind === 'readonly' || field.stepped) continue;
    const source = record ? record[field.name] : field.defaultValue;
    if (field.writeOnly && record) {
      values[field.name] = emptyValue(field);
    } else if (field.kind === 'lines') {
      // A new document starts with one empty line to fill; an existing one shows its lines.
      const lines = Array.isArray(source) ? (source as Array<Record<string, unknown>>) : [];
      values[field.name] = record && lines.length > 0 ? lines.map((line) => initialValues(field.columns ?? [], line, timeZone) as LineValues) : [initialValues(field.columns ?? [], undefined, timeZone) as LineValues];
    } else if (field.kind === 'references' || field.kind === 'tags') {
      values[field.name] = Array.isArray(source) ? source.map((v) => (typeof v === 'object' && v && '_id' in v ? String((v as { _id: unknown })._id) : String(v))) : [];
    } else if (field.kind === 'boolean') {
      values[field.name] = Boolean(source);
    } else if (field.kind === 'money') {
      values[field.name] = typeof source === 'number' ? paiseToRupeeText(paiseOf(field, source)) : '';
    } else if (field.kind === 'number') {
      values[field.name] = typeof source === 'number' ? source : source == null || source === '' ? null : Number(source);
    } else if (field.kind === 'datetime') {
      values[field.name] = typeof source === 'string' && source ? pickerTime(source, timeZone) : '';
    } else if (field.kind === 'reference' && source && typeof source === 'object' && '_id' in source) {
      values[field.name] = String((source as { _id: unknown })._id);
    } else {
      values[field.name] = source == null ? emptyValue(field) : String(source);
    }
  }
  return values;
}

/**
 * A line with the cells `map` names filled from the record picked in one of its reference cells (catalogue
 * `lines.fills`): amounts as rupee text, numbers as numbers, the rest as text; a field the record lacks is left as is.
 */
export function fillLine(row: LineValues, picked: Record<string, unknown> | undefined, map: Readonly<Record<string, string>>, columns: readonly FieldSpec[]): LineValues {
  if (!picked) return row;
  const next: LineValues = { ...row };
  for (const [cell, source] of Object.entries(map)) {
    const column = columns.find((c) => c.name === cell);
    const value = picked[source];
    if (!column || value === undefined || value === null) continue;
    next[cell] = column.kind === 'money' && typeof value === 'number' ? paiseToRupeeText(value) : column.kind === 'number' ? Number(value) : String(value);
  }
  return next;
}

function isBlank(value: FormValue | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A money field's stored number in paise: rupee fields (catalogue `rupees`) are multiplied out, exactly to the paisa. */
export function paiseOf(field: Pick<FieldSpec, 'rupees'> | undefined, stored: number): number {
  return field?.rupees ? Math.round(stored * 100) : stored;
}

/** Values as the API wants them: blank optional fields left out, numbers as numbers. */
export function toBody(fields: readonly FieldSpec[], values: FormValues, mode: 'create' | 'update', timeZone: string = DEFAULT_TIME_ZONE): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'readonly' || field.stepped || !(field.name in values)) continue;
    const value = values[field.name];
    // An empty write-only field on edit means "keep the current one".
    if (field.writeOnly && mode === 'update' && isBlank(value)) continue;
    if (isBlank(value) && !field.required && field.kind !== 'references' && field.kind !== 'tags') continue;
    if (field.kind === 'lines') {
      // Each line as the API wants it (blank optional cells left out, rupees as paise); nothing but blank lines is no lines.
      const rows = (Array.isArray(value) ? (value as LineValues[]) : []).filter((row) => Object.values(row).some((cell) => !isBlank(cell as FormValue)));
      body[field.name] = rows.map((row) => toBody(field.columns ?? [], row as FormValues, 'create', timeZone));
      continue;
    }
    if (field.kind === 'datetime' && typeof value === 'string') {
      body[field.name] = isoTime(value, timeZone);
      continue;
    }
    if (field.kind === 'money' && typeof value === 'string') {
      // Rupees typed → paise sent; text that is not an amount is left as it is, for validate() to name.
      const reading = readRupees(value);
      body[field.name] = reading.ok ? (field.rupees ? reading.paise / 100 : reading.paise) : value;
      continue;
    }
    body[field.name] = field.kind === 'number' && typeof value === 'string' ? Number(value) : value;
  }
  return body;
}

/**
 * How a form says a message: given its words (src/contract/messageWords.ts), the label of the field it is shown
 * beside and its English. The default is the English (the schema's own words, as the server says them); the form on
 * screen words it in the person's language (ModuleForm).
 */
export type MessageWording = (words: Words, fieldLabel: string, english: string) => string;

const inEnglish: MessageWording = (_words, _label, english) => english;

/** A message's words as the form needs them: those its English is, or none (a text no table writes). */
function said(english: string, label: string, word: MessageWording): string {
  const words = validationWords(english);
  return words ? word(words, label, english) : english;
}

/**
 * Field errors for the values: the schema's own message for the first issue of each field; a blank
 * required field whose schema has no message of its own for blanks (a missing number, an unchosen
 * option) gets "{label} is required", the spec's wording for its subscriber form. `word` says each message
 * (English by default; in the person's language on screen).
 */
export function validate(def: ModuleDef, fields: readonly FieldSpec[], values: FormValues, mode: 'create' | 'update', word: MessageWording = inEnglish): FormErrors {
  const errors: FormErrors = {};
  const body = toBody(fields, values, mode);
  const schema = mode === 'create' ? def.fields : def.fields.partial();
  const result = schema.safeParse(body);
  // The label of the field (or a line's cell) a path names, as the form shows it.
  const labelAt = (path: readonly PropertyKey[]): string => {
    const field = fields.find((f) => f.name === path[0]);
    const cell = field?.columns?.find((c) => c.name === path[path.length - 1]);
    return (path.length > 1 ? cell?.label : undefined) ?? field?.label ?? humanize(String(path[path.length - 1] ?? ''));
  };
  if (!result.success) {
    for (const issue of result.error.issues) {
      // A line's cell is named by its path (items.0.quantity), so the message shows on that cell.
      const lines = fields.find((f) => f.name === issue.path[0])?.kind === 'lines';
      const key = lines && issue.path.length > 1 ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
      const label = labelAt(lines ? issue.path : issue.path.slice(0, 1));
      if (key && !errors[key]) errors[key] = word(issueWords(issue as IssueLike, label), label, issue.message);
    }
  }
  const required = (label: string) => word({ key: 'validation.required', values: { label } }, label, `${label} is required`);
  for (const field of fields) {
    const typed = values[field.name];
    if (field.kind === 'money' && typeof typed === 'string' && typed.trim() !== '') {
      const reading = readRupees(typed);
      if (!reading.ok) errors[field.name] = said(reading.message, field.label, word);
    }
    if (field.kind === 'lines' && Array.isArray(typed)) {
      // GST lines: what the GST rules refuse (a discount above the line's amount) is named on its cell, as the server would.
      if (field.gst) {
        priceLines(typed as LineValues[], null).refusals.forEach((refusal, index) => {
          if (refusal) errors[`${field.name}.${index}.${refusal.field}`] = said(refusal.message, labelAt([field.name, index, refusal.field]), word);
        });
      }
      (typed as LineValues[]).forEach((row, index) => {
        // A wholly blank line is left out when saving (toBody), so it asks for nothing.
        if (Object.values(row).every((cell) => isBlank(cell as FormValue))) return;
        for (const column of field.columns ?? []) {
          const cell = row[column.name];
          const path = `${field.name}.${index}.${column.name}`;
          if (column.kind === 'money' && typeof cell === 'string' && cell.trim() !== '') {
            const reading = readRupees(cell);
            if (!reading.ok) errors[path] = said(reading.message, column.label, word);
          }
          // A blank cell is missing, whatever the schema makes of a blank (a number coerces it to 0).
          if (column.required && column.kind !== 'boolean' && isBlank(cell as FormValue)) errors[path] = required(column.label);
        }
      });
    }
  }
  for (const field of fields) {
    const blankRequired = field.required && field.kind !== 'boolean' && field.kind !== 'readonly' && field.kind !== 'references' && field.kind !== 'tags' && isBlank(values[field.name]);
    if (!blankRequired) continue;
    const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field.name);
    // A `min(1, '…')` on a string is the schema speaking about blanks; anything else is a generic type error.
    if (!issue || issue.code !== 'too_small') errors[field.name] = required(field.label);
  }
  return errors;
}

/**
 * A date-time as the picker holds it (the subscriber's wall clock, "YYYY-MM-DD HH:mm:ss") and as the API wants it
 * (ISO 8601, UTC). The zone is the subscriber's (issue 31, item 4), never the browser's: a dispatcher in Dubai sees
 * and types the times the engineers in Pune work by.
 */
export function pickerTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return toWallTime(iso, timeZone);
}

export function isoTime(local: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return wallTimeToIso(local, timeZone);
}

/** The paise of an amount typed in rupees, when the input holds a readable amount. */
export function typedPaise(text: unknown): number | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const reading = readRupees(text);
  return reading.ok ? reading.paise : undefined;
}

/** Whether a typed amount is under one rupee (but more than nothing): allowed, and questioned beside the field. */
export function underOneRupee(text: unknown): boolean {
  const paise = typedPaise(text);
  return paise !== undefined && paise > 0 && paise < 100;
}

/** The reference fields among `fields` (field → the module it refers to), as the lifecycle index's helpers take them. */
export function referencesAmong(fields: readonly FieldSpec[]): Record<string, string> {
  return Object.fromEntries(fields.filter((f) => f.kind === 'reference').map((f) => [f.name, f.reference ?? '']));
}
