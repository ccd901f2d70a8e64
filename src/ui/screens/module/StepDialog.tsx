/**
 * Taking one lifecycle step on screen: the small dialog for a step that needs words (its required fields checked
 * with the index's message, the data it may keep, and a note only when the step has no words of its own; a step that takes a signature has its own dialog,
 * ./SignedStepDialog.tsx) or asks for confirmation, and the hook
 * that decides whether a step needs it. The record view's panel (./LifecyclePanel.tsx) and the list rows' step
 * buttons (./RowSteps.tsx) share them, and both send the step through the record's workflow actor.
 */
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { stepWordFields, type Lifecycle } from '../../../machines/lifecycles/index';
import type { RecordWorkflowView } from '../../data/resources';
import { humanize, referencesAmong, type FieldSpec } from './fieldModel';
import { ReferenceInput } from './ReferenceInput';
import { SignedStepDialog } from './SignedStepDialog';
import { stepName } from './stepName';
import { useSay } from '../../kit/sayings';

/** Steps shown in red (they end or refuse the work) and steps shown light (they step back). */
export const DESTRUCTIVE = ['reject', 'cancel', 'lose', 'markLost'];
export const SECONDARY = ['reject', 'cancel', 'lose', 'markLost', 'recall', 'withdraw', 'reopen', 'hold', 'backToDraft', 'pause', 'reconsider'];

export interface Asking {
  event: string;
  values: Record<string, string>;
  note: string;
  errors: Record<string, string>;
}


function StepField({ field, spec, required, asking, choices, recordId, onChange }: { field: string; spec: FieldSpec | undefined; required: boolean; asking: Asking; choices?: ReadonlyArray<{ value: string; label: string }>; recordId?: string; onChange: (next: Asking) => void }) {
  const say = useSay();
  const value = asking.values[field] ?? '';
  // The step's own message for a missing word, in the person's language.
  const error = say(asking.errors[field], { fieldLabel: spec?.label });
  const set = (next: string) => onChange({ ...asking, values: { ...asking.values, [field]: next }, errors: { ...asking.errors, [field]: '' } });
  if (choices) {
    return <Select label={spec?.label ?? humanize(field)} withAsterisk={required} data={[...choices]} value={value || null} error={error} onChange={(v) => set(v ?? '')} clearable={!required} />;
  }
  if (spec?.kind === 'reference') {
    return <ReferenceInput field={{ ...spec, required }} value={value} onChange={(v) => set(Array.isArray(v) ? (v[0] ?? '') : v)} error={error} touched recordId={recordId} />;
  }
  return <Textarea label={spec?.label ?? humanize(field)} withAsterisk={required} autosize minRows={2} value={value} error={error} onChange={(e) => set(e.currentTarget.value)} />;
}

export function StepDialog({ lifecycle, fields, asking, recordName, recordId, workflow, onChange, onCancel, onSubmit }: { lifecycle: Lifecycle; fields: readonly FieldSpec[]; asking: Asking; recordName: string; /** The record stepped: a person picked in the step is one who may work it. */ recordId?: string; workflow: Pick<RecordWorkflowView, 'stepAndWait'>; onChange: (next: Asking) => void; onCancel: () => void; onSubmit: () => void }) {
  const t = useT();
  const spec = lifecycle.events[asking.event];
  // A step that takes a signature (resolving a ticket) has its own flow: the pad's drawing goes with the step itself.
  if (spec?.signatures?.length) {
    return <SignedStepDialog lifecycle={lifecycle} event={asking.event} fields={fields} recordName={recordName} workflow={workflow} onClose={onCancel} />;
  }
  const required = Object.entries(spec?.requires ?? {});
  // Words the step keeps when given (closing remarks, approval remarks): offered, not demanded.
  const optional = (spec?.keeps ?? []).filter((field) => !(field in (spec?.requires ?? {})));
  // One text box per step (issue 39): a step's own words (approval remarks) are its note in the history.
  const ownWords = spec ? stepWordFields(spec, referencesAmong(fields)).length > 0 : false;
  return (
    <Modal opened onClose={onCancel} title={stepName(t, lifecycle, asking.event)} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          <Text size="sm">{t('workflow.confirmText', { step: stepName(t, lifecycle, asking.event), record: recordName })}</Text>
          {required.map(([field]) => (
            <StepField key={field} field={field} spec={fields.find((f) => f.name === field)} required asking={asking} choices={spec?.choices?.[field]} recordId={recordId} onChange={onChange} />
          ))}
          {optional.map((field) => (
            <StepField key={field} field={field} spec={fields.find((f) => f.name === field)} required={false} asking={asking} choices={spec?.choices?.[field]} recordId={recordId} onChange={onChange} />
          ))}
          {!ownWords && <Textarea label={t('workflow.note')} autosize minRows={1} value={asking.note} onChange={(e) => onChange({ ...asking, note: e.currentTarget.value })} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('workflow.cancel')}
            </Button>
            <Button type="submit" color={DESTRUCTIVE.includes(asking.event) ? 'red' : undefined}>
              {stepName(t, lifecycle, asking.event)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}


/**
 * A step asked for: taken at once when it needs nothing, else held in `asking` for the dialog, whose `submit`
 * checks the required words and sends the step with what was given.
 */
export function useStepAsking(lifecycle: Lifecycle, workflow: Pick<RecordWorkflowView, 'step'>) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const take = (event: string) => {
    const spec = lifecycle.events[event];
    if (spec?.requires || spec?.confirm || spec?.keeps?.length) setAsking({ event, values: {}, note: '', errors: {} });
    else workflow.step(event);
  };
  const submit = () => {
    if (!asking) return;
    const spec = lifecycle.events[asking.event];
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(spec?.requires ?? {})) if (!asking.values[field]?.trim()) errors[field] = message;
    if (Object.keys(errors).length > 0) return setAsking({ ...asking, errors });
    const data = Object.fromEntries(Object.entries(asking.values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
    workflow.step(asking.event, data, asking.note.trim() || undefined);
    setAsking(null);
  };
  return { asking, setAsking, take, submit, cancel: () => setAsking(null) };
}
