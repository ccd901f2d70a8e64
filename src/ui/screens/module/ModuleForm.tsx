/**
 * The create / edit form of a catalogue module, generated from its zod `fields` (see fieldModel.ts):
 * one input per field by kind, reference fields as pickers over the referenced module's list, the
 * schema's messages shown once a field is touched or after a submit attempt. Submitting hands a body to
 * the caller, which sends it to the module's actor; `saving` shows progress on the button.
 */
import { Button, Checkbox, Group, NumberInput, Select, Stack, TagsInput, Textarea } from '@mantine/core';
// The date picker's styles load with the forms that show it, not with every page.
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ModuleDef } from '../../../api/modules';
import { useT } from '../../../i18n';
import { TextInput, PasswordInput } from '../../kit/TextInput';
import { paiseToRupeeText, readRupees } from '../../../api/money';
import { ReferenceInput } from './ReferenceInput';
import { initialValues, toBody, validate, type FieldSpec, type FormErrors, type FormValues } from './fieldModel';

export interface ModuleFormProps {
  def: ModuleDef;
  fields: readonly FieldSpec[];
  mode: 'create' | 'update';
  record?: Record<string, unknown>;
  saving: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
  /** Extra checks a screen adds to the schema's (e.g. a password on user creation). */
  extraValidate?: (values: FormValues, mode: 'create' | 'update') => FormErrors;
}

export function ModuleForm({ def, fields, mode, record, saving, onSubmit, onCancel, extraValidate }: ModuleFormProps) {
  const t = useT();
  // Write-only fields (a user's password) are set on creation; changing them later has its own flow.
  const editable = fields.filter((f) => f.kind !== 'readonly' && !f.stepped && !(f.writeOnly && mode === 'update'));
  const [attempted, setAttempted] = useState(false);
  const form = useForm<FormValues>({
    mode: 'controlled',
    // Messages follow the typing (shown once a field is touched or after a submit attempt).
    validateInputOnChange: true,
    initialValues: initialValues(editable, record),
    validate: (values) => ({ ...validate(def, editable, values, mode), ...(extraValidate?.(values, mode) ?? {}) }),
  });

  const submit = form.onSubmit(
    (values) => onSubmit(toBody(editable, values, mode)),
    () => setAttempted(true),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t(mode === 'create' ? 'form.createTitle' : 'form.editTitle', { label: def.label })}>
      <Stack gap="sm">
        {editable.map((field) => {
          const input = form.getInputProps(field.name);
          const error = typeof input.error === 'string' ? input.error : undefined;
          const value = form.getValues()[field.name];
          switch (field.kind) {
            case 'text':
            case 'email':
              if (field.writeOnly) {
                return (
                  <PasswordInput key={field.name} label={field.label} required={field.required || mode === 'create'} touched={attempted} autoComplete="new-password"
                    value={String(value ?? '')} onChange={(e) => form.setFieldValue(field.name, e.currentTarget.value)} error={error} />
                );
              }
              if (field.multiline) {
                return (
                  <Textarea key={field.name} label={field.label} withAsterisk={field.required} autosize minRows={2} maxRows={6}
                    value={String(value ?? '')} onChange={(e) => form.setFieldValue(field.name, e.currentTarget.value)} error={attempted ? error : undefined} />
                );
              }
              return (
                <TextInput key={field.name} label={field.label} required={field.required} touched={attempted} type={field.kind === 'email' ? 'email' : 'text'}
                  value={String(value ?? '')} onChange={(e) => form.setFieldValue(field.name, e.currentTarget.value)} error={error} />
              );
            case 'number':
              return (
                <NumberInput key={field.name} label={field.label} withAsterisk={field.required} value={typeof value === 'number' ? value : ''}
                  onChange={(v) => form.setFieldValue(field.name, typeof v === 'number' ? v : v === '' ? null : Number(v))} error={attempted ? error : undefined} />
              );
            case 'money':
              return (
                <TextInput key={field.name} label={field.label} required={field.required} touched={attempted} inputMode="decimal" leftSection="₹"
                  value={String(value ?? '')} onChange={(e) => form.setFieldValue(field.name, e.currentTarget.value)} error={error}
                  onBlur={() => {
                    // Typed "120000.5" reads back as "1,20,000.50": the person sees the amount the server will keep.
                    const reading = readRupees(String(value ?? ''));
                    if (reading.ok && String(value ?? '').trim() !== '') form.setFieldValue(field.name, paiseToRupeeText(reading.paise));
                  }} />
              );
            case 'enum':
              return (
                <Select key={field.name} label={field.label} withAsterisk={field.required} data={[...(field.options ?? [])]} clearable={!field.required}
                  value={typeof value === 'string' && value ? value : null} onChange={(v) => form.setFieldValue(field.name, v ?? '')} error={attempted ? error : undefined} />
              );
            case 'boolean':
              return <Checkbox key={field.name} label={field.label} checked={Boolean(value)} onChange={(e) => form.setFieldValue(field.name, e.currentTarget.checked)} />;
            case 'date':
              return (
                <DateInput key={field.name} label={field.label} withAsterisk={field.required} valueFormat="DD/MM/YYYY" clearable
                  value={typeof value === 'string' && value ? value : null} onChange={(v) => form.setFieldValue(field.name, v ?? '')} error={attempted ? error : undefined} />
              );
            case 'tags':
              return (
                <TagsInput key={field.name} label={field.label} value={Array.isArray(value) ? value : []}
                  onChange={(v) => form.setFieldValue(field.name, v)} error={attempted ? error : undefined} />
              );
            case 'reference':
            case 'references':
              return (
                <ReferenceInput key={field.name} field={field} value={Array.isArray(value) ? value : String(value ?? '')} touched={attempted} error={error}
                  onChange={(v) => form.setFieldValue(field.name, v)} />
              );
            default:
              return null;
          }
        })}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {saving ? t('form.saving') : t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
