/**
 * The create / edit form of a catalogue module, generated from its zod `fields` (see fieldModel.ts):
 * one input per field by kind, reference fields as pickers over the referenced module's list, the
 * schema's messages shown once a field is touched or after a submit attempt. Submitting hands a body to
 * the caller, which sends it to the module's actor; `saving` shows progress on the button.
 */
import { Alert, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
// The date picker's styles load with the forms that show it, not with every page.
import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { DateInput } from '../../kit/DateInput';
import { useForm } from '@mantine/form';
import { useRef, useState, type ReactNode } from 'react';
import type { ModuleDef, NumberUnit } from '../../../contract/modules';
import { useLocale, useT } from '../../../i18n';
import { wordMessage } from '../../../i18n/messageWords';
// The validation messages' English joins the dictionary with the forms (src/ui/kit/sayings.ts).
import '../../kit/sayings';
import { TextInput, PasswordInput } from '../../kit/TextInput';
import { formatPaise, paiseToRupeeText, readRupees } from '../../../contract/money';
import { humanize } from '../../../contract/words';
import { ReferenceInput, type OfferedChoices, type WithinField } from './ReferenceInput';
import { useWithinOwners, withinField } from './withinChoices';
import { DocumentTotalsTable, LineAmountsText } from './GstAmounts';
import { priceLines, supplyIsInterState } from './linePricing';
import { derivedValues, filledValues, fillLine, formInputs, initialValues, type FillSources, toBody, underOneRupee, validate, type FieldSpec, type FormErrors, type MessageWording, type FormValue, type FormValues, type LineValues } from './fieldModel';
import { useReferenceList } from '../../data/resources';
import { useCatalogueWords } from './catalogueWords';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';

export interface ModuleFormProps {
  def: ModuleDef;
  fields: readonly FieldSpec[];
  mode: 'create' | 'update';
  record?: Record<string, unknown>;
  /**
   * The record as the server last gave it, when the form starts from more than that (after "Reload", the person's
   * changes on top of it): the untouched body handed with a submit is made from it. `record` by default.
   */
  base?: Record<string, unknown>;
  /** Why the record may not be edited now: the form is shown read-only with this sentence at the top, and no Save. */
  readOnly?: string;
  /** The only fields the record's state lets change (its lifecycle's rule): the others are shown, not typed in. */
  onlyFields?: readonly string[];
  saving: boolean;
  /** `unchanged` (on an update): the body the form would send had the person changed nothing, so what they changed is known. */
  onSubmit: (body: Record<string, unknown>, unchanged?: Record<string, unknown>) => void;
  onCancel: () => void;
  /** Extra checks a screen adds to the schema's (e.g. a password on user creation). */
  extraValidate?: (values: FormValues, mode: 'create' | 'update') => FormErrors;
  /** Inputs a screen adds below the schema's (a new role's navigation). */
  extra?: FormExtra;
  /** Reference fields whose choices the screen reads from a call of its own (a client's machines), by field. */
  offered?: Readonly<Record<string, OfferedChoices>>;
  /**
   * A new record's values fixed by the screen (the route's view: a Breakdown ticket's type): sent with the record,
   * never asked for.
   */
  fixed?: Readonly<Record<string, string>>;
}

/**
 * What a screen adds to a module's generated form: inputs for what the schema holds but the form cannot type as a
 * field of its own (a new role's navigation, inside its features). They live in the same form, so they start, reset
 * and submit with it; their values go under names of their own, which no schema field has.
 */
export interface FormExtra {
  /** The added inputs' starting values. */
  initialValues: FormValues;
  render: (values: FormValues, set: (name: string, value: FormValue) => void) => ReactNode;
  /** The body with what the added inputs say (the schema's fields are in it already). */
  toBody: (values: FormValues, body: Record<string, unknown>) => Record<string, unknown>;
}

/** Above this many inputs a form is long enough that its first refused field may be out of view. */
const LONG_FORM = 6;

/**
 * A counted number's unit in its input (catalogue `units`): after the value as it is typed ("36 months", "5%"), and as
 * the placeholder while it is empty, so the unit is read before anything is typed. The spin buttons stay.
 */
function unitProps(unit: NumberUnit | undefined, words: string): { suffix?: string; placeholder?: string } {
  if (!unit) return {};
  return { suffix: unit === 'percent' ? words : ` ${words}`, placeholder: words };
}

export function ModuleForm({ def, fields, mode, record, base, readOnly, onlyFields, saving, onSubmit, onCancel, extraValidate, extra, offered, fixed: fixedByScreen }: ModuleFormProps) {
  const t = useT();
  const locale = useLocale();
  const words = useCatalogueWords();
  // The schema's messages in the person's language, with the label of the field they are shown beside.
  const wording: MessageWording = (said, fieldLabel, english) => wordMessage(t, locale, said, { fieldLabel, module: def.name }) ?? english;
  // What the form holds and sends: the record's own fields for this mode (never a step's data: its dialog asks).
  const editable = formInputs(fields, mode);
  const fixed = mode === 'create' ? (fixedByScreen ?? {}) : {};
  const [attempted, setAttempted] = useState(false);
  // Times are shown and typed on the subscriber's wall clock, whatever the browser's zone (issue 31, item 4).
  const zone = useSession(selectTimezone);
  const form = useForm<FormValues>({
    mode: 'controlled',
    // Messages follow the typing (shown once a field is touched or after a submit attempt).
    validateInputOnChange: true,
    // A new record starts from the schema's defaults (no record), with the screen's fixed values over them.
    initialValues: { ...initialValues(editable, record, zone), ...Object.fromEntries(editable.filter((f) => f.name in fixed).map((f) => [f.name, fixed[f.name]!])), ...extra?.initialValues },
    validate: (values) => ({ ...validate(def, editable, values, mode, wording), ...(extraValidate?.(values, mode) ?? {}) }),
  });

  // Fields the server copies from a picked record (a credit note's parties from its invoice): filled on the pick.
  const sources = useDerivedSources(editable);
  // Fields a picked record fills, which stay editable (an invoice's bill-to from its client's master): filled on the pick.
  const fillSources = useFillSources(def, editable);
  // The record each narrowed reference (FieldSpec `within`: a ticket's machine, its client's) belongs to, by field.
  const owners = useWithinOwners(editable, fixed, offered);
  const setField = (name: string, next: unknown) => {
    form.setFieldValue(name, next as never);
    // A machine picked before is cleared once the client changes to one it is not of (or is cleared).
    for (const narrowed of editable) {
      const held = form.getValues()[narrowed.name];
      if (narrowed.within?.field !== name || !owners[narrowed.name] || typeof held !== 'string' || held === '') continue;
      if ((owners[narrowed.name]!.get(held) ?? '') !== (typeof next === 'string' ? next : '')) form.setFieldValue(narrowed.name, '' as never);
    }
    if (typeof next === 'string' && next !== '') {
      for (const [filled, value] of Object.entries(filledValues(def, editable, name, next, fillSources))) form.setFieldValue(filled, value as never);
    }
    const records = sources[name];
    if (!records) return;
    const picked = typeof next === 'string' && next !== '' ? records.find((r) => r._id === next) : undefined;
    for (const [derived, value] of Object.entries(derivedValues(editable, name, picked))) form.setFieldValue(derived, value as never);
  };

  const formRef = useRef<HTMLFormElement>(null);
  const bodyOf = (values: FormValues) => {
    const body = toBody(editable, values, mode, zone);
    return extra ? extra.toBody(values, body) : body;
  };
  const submit = form.onSubmit(
    (values) => {
      // A read-only form has no Save; Enter sends nothing either.
      if (readOnly !== undefined) return;
      onSubmit(bodyOf(values), mode === 'update' ? bodyOf({ ...initialValues(editable, base ?? record, zone), ...extra?.initialValues }) : undefined);
    },
    () => {
      setAttempted(true);
      // The first field the schema refused is brought into view and focused once its message is drawn.
      requestAnimationFrame(() => {
        const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
        first?.scrollIntoView({ block: 'center' });
        first?.focus({ preventScroll: true });
      });
    },
  );
  const failing = attempted ? Object.values(form.errors).filter(Boolean).length : 0;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={words.formTitle(mode, def)}>
      <Stack gap="sm">
        {readOnly !== undefined && (
          <Alert color="yellow" variant="light" title={t('form.readOnlyTitle')} data-testid="form-read-only">
            {readOnly}
          </Alert>
        )}
        {/* A long form's refused fields may be out of view: the top says how many need attention. */}
        {failing > 0 && editable.length > LONG_FORM && (
          <Alert color="red" variant="light" role="status">
            {t('form.needsAttention', { count: failing })}
          </Alert>
        )}
        {/* A record that may not be edited shows its fields as they are, none of them to type in. */}
        <fieldset disabled={readOnly !== undefined} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            {editable.map((field) => {
              // The screen's fixed values are the record's, held and sent, not asked for.
              if (field.name in fixed) return null;
              const input = form.getInputProps(field.name);
              if (field.derived) {
                const from = editable.find((f) => f.name === field.derived!.from)?.label ?? field.derived.from;
                return <DerivedInput key={field.name} field={field} from={from} value={form.getValues()[field.name]} error={typeof input.error === 'string' ? input.error : undefined} attempted={attempted} />;
              }
              const fieldInput = (
                <FieldInput
                  key={field.name}
                  field={field}
                  path={field.name}
                  value={form.getValues()[field.name]}
                  error={typeof input.error === 'string' ? input.error : undefined}
                  errors={form.errors}
                  attempted={attempted}
                  mode={mode}
                  document={form.getValues()}
                  offered={offered?.[field.name]}
                  within={withinField(field, editable, fixed, form.getValues())}
                  recordId={mode === 'update' && typeof record?._id === 'string' ? record._id : undefined}
                  setAt={(path, next) => (path === field.name ? setField(path, next) : form.setFieldValue(path, next as never))}
                />
              );
              return onlyFields && !onlyFields.includes(field.name) ? (
                <fieldset key={field.name} disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                  {fieldInput}
                </fieldset>
              ) : (
                fieldInput
              );
            })}
            {extra?.render(form.getValues(), (name, next) => form.setFieldValue(name, next as never))}
          </Stack>
        </fieldset>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {readOnly !== undefined ? t('form.close') : t('form.cancel')}
          </Button>
          {readOnly === undefined && (
            <Button type="submit" loading={saving}>
              {saving ? t('form.saving') : t('form.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The records of each reference field that other fields are derived from (FieldSpec `derived`), by that field: the
 * picker's own list, so the record picked is at hand. A form's fields do not change while it is open (stable hooks).
 */
function useDerivedSources(fields: readonly FieldSpec[]): Record<string, ReadonlyArray<Record<string, unknown> & { _id: string }>> {
  const froms = [...new Set(fields.flatMap((f) => (f.derived ? [f.derived.from] : [])))];
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const lists = froms.map((from) => [from, useReferenceList(fields.find((f) => f.name === from)?.reference ?? '').slots.list.data] as const);
  return Object.fromEntries(lists);
}

type DocumentLine = Record<string, unknown>;

/** The lines (`field`) of a picked document record, or none. */
function linesOfDocument(record: Record<string, unknown> | undefined, field: string): DocumentLine[] {
  const lines = record?.[field];
  return Array.isArray(lines) ? (lines as DocumentLine[]) : [];
}

/** "2. Spindle bearing 7014 · 4 × ₹2,500.00": a document's line as a person picks it. */
function documentLineLabel(line: DocumentLine, index: number): string {
  const quantity = typeof line.quantity === 'number' ? line.quantity : '';
  const rate = typeof line.ratePaise === 'number' ? formatPaise(line.ratePaise) : '';
  return `${index + 1}. ${String(line.description ?? '')}${quantity !== '' && rate ? ` · ${quantity} × ${rate}` : ''}`;
}

/**
 * The records each reference field of the catalogue's `fills` reads (the picked field's, and a `through` field's), by
 * field: the pickers' own lists. A form's module and fields do not change while it is open (stable hooks).
 */
function useFillSources(def: ModuleDef, fields: readonly FieldSpec[]): FillSources {
  const names = [...new Set(Object.entries(def.fills ?? {}).flatMap(([from, fill]) => [from, ...(fill.through ? [fill.through.field] : [])]))];
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const lists = names.map((name) => [name, useReferenceList(fields.find((f) => f.name === name)?.reference ?? '').slots.list.data] as const);
  return Object.fromEntries(lists);
}

/**
 * A field the server copies from the record picked in another field (a credit note's supplier and bill-to from its
 * invoice): shown as it will be stored, never typed, so the form cannot send a value the server would replace.
 */
function DerivedInput({ field, from, value, error, attempted }: { field: FieldSpec; from: string; value: FormValue | undefined; error: string | undefined; attempted: boolean }) {
  const t = useT();
  return (
    <TextInput label={field.label} required={field.required} touched={attempted} readOnly variant="filled" value={String(value ?? '')}
      description={t('form.derivedFrom', { label: from })} error={error} />
  );
}

interface FieldInputProps {
  field: FieldSpec;
  /** The value's path in the form: a field's name, or `items.0.quantity` for a line's cell. */
  path: string;
  value: FormValue | undefined;
  error: string | undefined;
  /** Every error of the form by path (a line's cells read theirs). */
  errors: Record<string, unknown>;
  attempted: boolean;
  mode: 'create' | 'update';
  /** The whole form's values: GST lines read the supplier's GSTIN and the place of supply from it. */
  document?: FormValues;
  /** A reference field's choices from the screen's own call. */
  offered?: OfferedChoices;
  /** The record edited: a person field offers those who may do the work on it. */
  recordId?: string;
  /** For a narrowed reference: the form's field its records belong to (its value now). */
  within?: WithinField;
  setAt: (path: string, value: unknown) => void;
}

/** One input by the field's kind; a document's lines are a grid of these (LinesInput). */
function FieldInput({ field, path, value, error, errors, attempted, mode, document, offered, recordId, within, setAt }: FieldInputProps) {
  const t = useT();
  const set = (next: unknown) => setAt(path, next);
    switch (field.kind) {
      case 'text':
      case 'email':
        if (field.writeOnly) {
          return (
            <PasswordInput label={field.label} required={field.required || mode === 'create'} touched={attempted} autoComplete="new-password"
              value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)} error={error} />
          );
        }
        if (field.multiline) {
          return (
            <Textarea label={field.label} withAsterisk={field.required} autosize minRows={2} maxRows={6}
              value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)} error={attempted ? error : undefined} />
          );
        }
        return (
          <TextInput label={field.label} required={field.required} touched={attempted} type={field.kind === 'email' ? 'email' : 'text'}
            value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)} error={error} />
        );
      case 'number':
        if (field.options) {
          // A number from a fixed set (a GST rate): picked, never typed.
          return (
            <Select label={field.label} withAsterisk={field.required} data={field.options.map((o) => ({ value: o, label: field.suffix ? `${o} ${field.suffix}` : o }))}
              clearable={!field.required} value={value === null || value === undefined || value === '' ? null : String(value)}
              onChange={(v) => set(v === null ? null : Number(v))} error={attempted ? error : undefined} />
          );
        }
        return (
          <NumberInput label={field.label} withAsterisk={field.required} value={typeof value === 'number' ? value : ''}
            {...unitProps(field.unit, field.unit ? t(`units.${field.unit}`) : '')}
            onChange={(v) => set(typeof v === 'number' ? v : v === '' ? null : Number(v))} error={attempted ? error : undefined} />
        );
      case 'money':
        return (
          <TextInput label={field.label} required={field.required} touched={attempted} inputMode="decimal" leftSection="₹"
            value={String(value ?? '')} onChange={(e) => set(e.currentTarget.value)} error={error}
            description={underOneRupee(value) ? t('form.underOneRupee') : undefined}
            onBlur={() => {
              // Typed "120000.5" reads back as "1,20,000.50": the person sees the amount the server will keep.
              const reading = readRupees(String(value ?? ''));
              if (reading.ok && String(value ?? '').trim() !== '') set(paiseToRupeeText(reading.paise));
            }} />
        );
      case 'enum':
        return (
          <Select label={field.label} withAsterisk={field.required} data={(field.options ?? []).map((o) => ({ value: o, label: field.choiceLabels?.[o] ?? o }))} clearable={!field.required}
            value={typeof value === 'string' && value ? value : null} onChange={(v) => set(v ?? '')} error={attempted ? error : undefined} />
        );
      case 'boolean':
        return <Checkbox label={field.label} checked={Boolean(value)} onChange={(e) => set(e.currentTarget.checked)} />;
      case 'date':
        return (
          <DateInput label={field.label} withAsterisk={field.required} valueFormat="DD/MM/YYYY" clearable
            value={typeof value === 'string' && value ? value : null} onChange={(v) => set(v ?? '')} error={attempted ? error : undefined} />
        );
      case 'datetime':
        return (
          <DateTimePicker label={field.label} withAsterisk={field.required} valueFormat="DD/MM/YYYY HH:mm" clearable
            value={typeof value === 'string' && value ? value : null} onChange={(v) => set(v ?? '')} error={attempted ? error : undefined} />
        );
      case 'tags':
        return (
          <TagsInput label={field.label} value={Array.isArray(value) ? (value as string[]) : []}
            onChange={(v) => set(v)} error={attempted ? error : undefined} />
        );
      case 'lines':
        return <LinesInput field={field} rows={Array.isArray(value) ? (value as LineValues[]) : []} path={path} errors={errors} attempted={attempted} mode={mode} document={document} set={setAt} />;
      case 'reference':
      case 'references':
        return (
          <ReferenceInput field={field} value={Array.isArray(value) ? (value as string[]) : String(value ?? '')} touched={attempted} error={error}
            onChange={(v) => set(v)} offered={offered} recordId={recordId} within={within} startAsMe={mode === 'create' && field.startsAsCreator === true} />
        );
      default:
        return null;
    }
}

/**
 * A document's lines (an invoice's items, a purchase order's lines): one bordered row per line with an input
 * for each sub-field a person types (catalogue `lines`), "Add line" and "Remove line". The server computes the
 * rest (tax, amounts) when it saves; the schema's messages show on the cell they are about. GST lines (catalogue
 * `lines.gst`) show each line's amounts and the document's totals as they are typed, as the server will compute them.
 */
function LinesInput({ field, rows, path, errors, attempted, mode, document, set }: { field: FieldSpec; rows: readonly LineValues[]; path: string; errors: Record<string, unknown>; attempted: boolean; mode: 'create' | 'update'; document?: FormValues; set: (path: string, value: unknown) => void }) {
  const t = useT();
  const columns = field.columns ?? [];
  const gst = field.gst;
  const interState = gst?.supplierGstin && gst.placeOfSupply ? supplyIsInterState(document?.[gst.supplierGstin], document?.[gst.placeOfSupply]) : null;
  const priced = gst ? priceLines(rows, interState) : null;
  // A line's cells filled from the record picked in its reference cell (one such cell per line: the item master).
  const fillColumn = Object.keys(field.fills ?? {})[0];
  const fillMap = fillColumn ? field.fills?.[fillColumn] : undefined;
  const { slots: fillSource } = useReferenceList(columns.find((c) => c.name === fillColumn)?.reference ?? '');
  const setCell = (index: number, column: string, cell: string, value: unknown) => {
    if (column !== fillColumn || !fillMap || typeof value !== 'string' || value === '') return set(cell, value);
    const picked = fillSource.list.data.find((record) => record._id === value);
    set(`${path}.${index}`, fillLine({ ...rows[index], [column]: value }, picked, fillMap, columns));
  };
  // Lines standing for the lines of the document picked in another field (a credit note's → its invoice's): chosen by description.
  const linesOf = field.linesOf;
  const { slots: documents } = useReferenceList(linesOf?.reference ?? '');
  const documentId = linesOf ? document?.[linesOf.document] : undefined;
  const documentLines = linesOf && typeof documentId === 'string' && documentId ? linesOfDocument(documents.list.data.find((r) => r._id === documentId), linesOf.lines) : [];
  const pickLine = (index: number, cell: string, value: string | null) => {
    if (!linesOf) return;
    const chosen = value === null ? null : Number(value);
    const source = chosen === null ? undefined : documentLines[chosen];
    set(`${path}.${index}`, fillLine({ ...rows[index], [linesOf.cell]: chosen }, source, linesOf.fills, columns));
  };
  const listError = typeof errors[path] === 'string' ? (errors[path] as string) : undefined;
  return (
    <Stack gap={6} role="group" aria-label={field.label}>
      <Text size="sm" fw={500}>
        {field.label}
        {field.required && <Text span c="red"> *</Text>}
      </Text>
      {rows.map((row, index) => (
        <Paper key={index} withBorder radius="sm" p="xs" data-testid={`${path}-line`}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, Math.max(columns.length, 1)) }} spacing="xs">
            {columns.map((column) => {
              const cell = `${path}.${index}.${column.name}`;
              if (linesOf && column.name === linesOf.cell) {
                return (
                  <Select key={column.name} label={t('form.documentLine', { label: humanize(linesOf.document).toLowerCase() })} withAsterisk={column.required} searchable clearable={!column.required}
                    placeholder={typeof documentId === 'string' && documentId ? t('form.pick') : t('form.pickDocumentFirst', { label: humanize(linesOf.document).toLowerCase() })}
                    data={documentLines.map((line, i) => ({ value: String(i), label: documentLineLabel(line, i) }))}
                    value={row[column.name] === null || row[column.name] === undefined || row[column.name] === '' ? null : String(row[column.name])}
                    onChange={(v) => pickLine(index, cell, v)} error={attempted && typeof errors[cell] === 'string' ? (errors[cell] as string) : undefined} />
                );
              }
              return (
                <FieldInput key={column.name} field={column} path={cell} value={row[column.name]} error={typeof errors[cell] === 'string' ? (errors[cell] as string) : undefined}
                  errors={errors} attempted={attempted} mode={mode} setAt={(at, value) => setCell(index, column.name, at, value)} />
              );
            })}
          </SimpleGrid>
          {priced?.lines[index] && <LineAmountsText n={index + 1} amounts={priced.lines[index]} interState={interState} />}
          <Group justify="flex-end" mt={4}>
            <Button variant="subtle" color="red" size="compact-xs" onClick={() => set(path, rows.filter((_, i) => i !== index))} aria-label={t('form.removeLineNumbered', { n: index + 1 })}>
              {t('form.removeLine')}
            </Button>
          </Group>
        </Paper>
      ))}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => set(path, [...rows, initialValues(columns)])}>
          {t('form.addLine')}
        </Button>
      </Group>
      {priced && gst && (
        <DocumentTotalsTable totals={priced.totals} interState={interState} pending={t(gst.supplierGstin ? 'billing.splitPending' : 'billing.asOnInvoice')} />
      )}
      {attempted && listError && (
        <Text c="red" size="xs">
          {listError}
        </Text>
      )}
    </Stack>
  );
}
