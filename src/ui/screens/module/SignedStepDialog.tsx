/**
 * The dialog of a step that takes a customer's signature (resolving a ticket): its words, the signature pad and a
 * note when the step has no words of its own (its words are its note in the history), driven by the signed-step machine (src/machines/signedStep/machine.ts). What is drawn on the pad is the
 * signature as each stroke ends, so the step's own button sends it: there is no "Add Signature" to forget. The
 * dialog stays open until the record's workflow has taken the step; a refusal shows its words with everything kept.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useT } from '../../../i18n';
import { stepWordFields, type Lifecycle } from '../../../machines/lifecycles/index';
import { signedStepMachine, type SignedStepRequest } from '../../../machines/signedStep/machine';
import { useActorDone, useScreenActor } from '../../../machines/useScreenActor';
import { SignaturePad } from '../../kit/SignaturePad';
import type { RecordWorkflowView } from '../../data/resources';
import { humanize, referencesAmong, type FieldSpec } from './fieldModel';
import { stepName } from './stepName';
import { useSay } from '../../kit/sayings';

export interface SignedStepDialogProps {
  lifecycle: Lifecycle;
  event: string;
  fields: readonly FieldSpec[];
  recordName: string;
  workflow: Pick<RecordWorkflowView, 'stepAndWait'>;
  /** The dialog is done with: the step was taken, or the person cancelled. */
  onClose: () => void;
}

export function SignedStepDialog({ workflow, onClose, ...shown }: SignedStepDialogProps) {
  const spec = shown.lifecycle.events[shown.event];
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // The workflow's view is new at every change of the record; the step goes to the one current when it is sent.
  const workflowRef = useRef(workflow);
  workflowRef.current = workflow;
  const [logic] = useState(() => signedStepMachine.provide({ actors: { sendStep: fromPromise<void, SignedStepRequest>(({ input }) => workflowRef.current.stepAndWait(input)) } }));
  const actor = useScreenActor('signedStep', logic, { event: shown.event, requires: spec?.requires ?? {}, signatureField: spec?.signatures?.[0] ?? '' });
  // The flow ends when the step was taken or cancelled: the dialog is done with.
  useActorDone(actor, () => closeRef.current());
  return actor ? <SignedStepForm {...shown} actor={actor} /> : null;
}

type SignedStepFormProps = Omit<SignedStepDialogProps, 'workflow' | 'onClose'> & { actor: ActorRefFrom<typeof signedStepMachine> };

function SignedStepForm({ lifecycle, event, fields, recordName, actor }: SignedStepFormProps) {
  const t = useT();
  const spec = lifecycle.events[event];
  const signatureField = spec?.signatures?.[0] ?? '';
  const requires = spec?.requires ?? {};
  const optional = (spec?.keeps ?? []).filter((f) => !(f in requires) && f !== signatureField);
  const ownWords = spec ? stepWordFields(spec, referencesAmong(fields)).length > 0 : false;
  const labelOf = (field: string) => fields.find((f) => f.name === field)?.label ?? humanize(field);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const note = useSelector(actor, (s) => s.context.note);
  const refusal = useSelector(actor, (s) => s.context.error);
  const refusalWords = useSelector(actor, (s) => s.context.errorWords);
  const say = useSay();
  const signed = useSelector(actor, (s) => s.matches({ editing: 'signed' }));
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const label = stepName(t, lifecycle, event);
  const wordsInput = (field: string, required: boolean) => (
    <Textarea
      key={field}
      label={labelOf(field)}
      withAsterisk={required}
      autosize
      minRows={2}
      value={values[field] ?? ''}
      error={say(errors[field], { fieldLabel: labelOf(field) })}
      onChange={(e) => actor.send({ type: 'field.set', field, value: e.currentTarget.value })}
    />
  );
  return (
    <Modal opened onClose={() => actor.send({ type: 'step.cancel' })} title={label} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'step.submit' });
        }}
      >
        <Stack>
          <Text size="sm">{t('workflow.confirmText', { step: label, record: recordName })}</Text>
          {refusal && (
            <Alert color="red" role="alert">
              {t('workflow.stepRefused', { reason: say({ message: refusal, words: refusalWords ?? undefined }) ?? '' })}
            </Alert>
          )}
          {Object.keys(requires).map((field) => wordsInput(field, true))}
          {optional.map((field) => wordsInput(field, false))}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {labelOf(signatureField)}
            </Text>
            <Text size="xs" c={signed ? 'green' : 'dimmed'} data-testid="signature-state">
              {signed ? t('workflow.signed') : t('workflow.signHint')}
            </Text>
            <SignaturePad
              label={labelOf(signatureField)}
              width={320}
              height={140}
              onDraw={(png) => actor.send({ type: 'pad.drawn', png })}
              onClear={() => actor.send({ type: 'pad.cleared' })}
            />
          </Stack>
          {!ownWords && <Textarea label={t('workflow.note')} autosize minRows={1} value={note} onChange={(e) => actor.send({ type: 'note.set', note: e.currentTarget.value })} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'step.cancel' })} disabled={sending}>
              {t('workflow.cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
