/**
 * A record's lifecycle on its detail view (issue 11): the status as a badge, the steps the server says the
 * person may take now as buttons with the lifecycle index's words, a small dialog for a step that needs words
 * (its required fields, validated with the index's message) or asks for confirmation, and the history below
 * (who did what, when, with their note). The record's workflow actor (src/machines/flows/recordWorkflow.ts)
 * does the talking; a refusal (someone moved first) shows its message and the buttons refresh.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Select, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { HistoryEntry } from '../../../api/lifecycleCalls';
import type { ModuleDef } from '../../../api/modules';
import { addEnglish, useT, type Translate } from '../../../i18n';
import { workflowEn } from '../../../i18n/workflow/en';
import { lifecycleOf, type Lifecycle } from '../../../machines/lifecycles/index';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import type { RecordWorkflowView } from '../../data/resources';
import { formatDateTime } from '../dashboards/format';
import { describeFields, humanize, type FieldSpec } from './fieldModel';
import { ReferenceInput } from './ReferenceInput';
import { SignaturePad } from '../../kit/SignaturePad';
import { statusColor } from './statusColor';

// The panel's English comes with it, not on the first pages (the other languages carry theirs in their dictionaries).
addEnglish({ workflow: workflowEn });

/** Steps shown in red (they end or refuse the work) and steps shown light (they step back). */
const DESTRUCTIVE = ['reject', 'cancel', 'lose'];
const SECONDARY = ['reject', 'cancel', 'lose', 'recall', 'withdraw', 'reopen', 'hold'];

interface Asking {
  event: string;
  values: Record<string, string>;
  note: string;
  errors: Record<string, string>;
}

function whoDid(entry: HistoryEntry, t: Translate, zone: string | null): string {
  const name = entry.by.kind === 'customer' ? t('workflow.byCustomer') : entry.by.kind === 'scheduler' ? t('workflow.byScheduler') : entry.by.name;
  return t('workflow.byAt', { name, at: formatDateTime(entry.at, zone) });
}

/** One piece of a step's data: a picker for a reference (the engineer to assign), words otherwise. */
/**
 * A signature captured for the step (the customer's, on resolving): a blank pad, never the signed-in person's own
 * saved signature; once added it shows as taken, with a way to sign again.
 */
function StepSignature({ field, spec, asking, onChange }: { field: string; spec: FieldSpec | undefined; asking: Asking; onChange: (next: Asking) => void }) {
  const t = useT();
  const label = spec?.label ?? humanize(field);
  const value = asking.values[field] ?? '';
  const set = (next: string) => onChange({ ...asking, values: { ...asking.values, [field]: next }, errors: { ...asking.errors, [field]: '' } });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {value ? (
        <Group gap="xs">
          <img src={value} alt={label} style={{ maxWidth: 220, maxHeight: 90, border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }} />
          <Button variant="subtle" size="compact-xs" onClick={() => set('')}>
            {t('workflow.signAgain')}
          </Button>
        </Group>
      ) : (
        <SignaturePad onSave={set} label={label} width={320} height={140} />
      )}
    </Stack>
  );
}

function StepField({ field, spec, required, asking, choices, onChange }: { field: string; spec: FieldSpec | undefined; required: boolean; asking: Asking; choices?: ReadonlyArray<{ value: string; label: string }>; onChange: (next: Asking) => void }) {
  const value = asking.values[field] ?? '';
  const set = (next: string) => onChange({ ...asking, values: { ...asking.values, [field]: next }, errors: { ...asking.errors, [field]: '' } });
  if (choices) {
    return <Select label={spec?.label ?? humanize(field)} withAsterisk={required} data={[...choices]} value={value || null} error={asking.errors[field]} onChange={(v) => set(v ?? '')} clearable={!required} />;
  }
  if (spec?.kind === 'reference') {
    return <ReferenceInput field={{ ...spec, required }} value={value} onChange={(v) => set(Array.isArray(v) ? (v[0] ?? '') : v)} error={asking.errors[field]} touched />;
  }
  return <Textarea label={spec?.label ?? humanize(field)} withAsterisk={required} autosize minRows={2} value={value} error={asking.errors[field]} onChange={(e) => set(e.currentTarget.value)} />;
}

function StepDialog({ lifecycle, fields, asking, recordName, onChange, onCancel, onSubmit }: { lifecycle: Lifecycle; fields: readonly FieldSpec[]; asking: Asking; recordName: string; onChange: (next: Asking) => void; onCancel: () => void; onSubmit: () => void }) {
  const t = useT();
  const spec = lifecycle.events[asking.event];
  const required = Object.entries(spec?.requires ?? {});
  // Words the step keeps when given (closing remarks, approval remarks): offered, not demanded.
  const optional = (spec?.keeps ?? []).filter((field) => !(field in (spec?.requires ?? {})));
  return (
    <Modal opened onClose={onCancel} title={spec?.label ?? asking.event} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          <Text size="sm">{t('workflow.confirmText', { step: spec?.label ?? asking.event, record: recordName })}</Text>
          {required.map(([field]) => (
            <StepField key={field} field={field} spec={fields.find((f) => f.name === field)} required asking={asking} choices={spec?.choices?.[field]} onChange={onChange} />
          ))}
          {optional.map((field) =>
            spec?.signatures?.includes(field) ? (
              <StepSignature key={field} field={field} spec={fields.find((f) => f.name === field)} asking={asking} onChange={onChange} />
            ) : (
              <StepField key={field} field={field} spec={fields.find((f) => f.name === field)} required={false} asking={asking} choices={spec?.choices?.[field]} onChange={onChange} />
            ),
          )}
          <Textarea label={t('workflow.note')} autosize minRows={1} value={asking.note} onChange={(e) => onChange({ ...asking, note: e.currentTarget.value })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('workflow.cancel')}
            </Button>
            <Button type="submit" color={DESTRUCTIVE.includes(asking.event) ? 'red' : undefined}>
              {spec?.label ?? asking.event}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** `workflow`: the record's workflow, opened by the record view (useRecordWorkflow), which shows its record too. */
/**
 * `omit`: steps the screen offers with its own buttons (the proposal's send buttons, which make the spec's call).
 * A step taken only through its own call (a subscription request's details link) is never a button here.
 */
export function LifecyclePanel({ def, id, workflow, omit = [] }: { def: ModuleDef; id: string; workflow: RecordWorkflowView; omit?: readonly string[] }) {
  const t = useT();
  const zone = useSession(selectTimezone);
  const lifecycle = lifecycleOf(def.name) as Lifecycle;
  const fields = useMemo(() => describeFields(def), [def]);
  const [asking, setAsking] = useState<Asking | null>(null);
  const record = workflow.record;
  const status = record ? String(record[lifecycle.statusField] ?? '') : '';
  const recordName = `${lifecycle.noun} ${typeof record?.alternateId === 'string' ? record.alternateId : id}`;
  const allowed = record ? Object.keys(lifecycle.events).filter((event) => record.allowedEvents?.includes(event) && !omit.includes(event) && !lifecycle.events[event]?.onlyByCall) : [];
  const busy = workflow.status === 'stepping' || workflow.status === 'loading';

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

  if (workflow.status === 'failed') {
    return (
      <Alert color="red" title={t('workflow.failedToLoad', { reason: workflow.error?.message ?? '' })}>
        <Button size="xs" variant="light" onClick={workflow.retry}>
          {t('workflow.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="lifecycle-panel">
      <Group gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('workflow.status')}
        </Text>
        {record ? (
          <Badge color={statusColor(status)} variant="light" data-testid="lifecycle-status">
            {status}
          </Badge>
        ) : (
          <Loader size="xs" />
        )}
      </Group>
      {record && (
        <Group gap="xs" aria-label={t('workflow.steps')} role="group">
          {allowed.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('workflow.noSteps')}
            </Text>
          ) : (
            allowed.map((event) => (
              <Button key={event} size="xs" variant={SECONDARY.includes(event) ? 'light' : 'filled'} color={DESTRUCTIVE.includes(event) ? 'red' : undefined} disabled={busy} loading={workflow.pending === event} onClick={() => take(event)}>
                {lifecycle.events[event]?.label ?? event}
              </Button>
            ))
          )}
        </Group>
      )}
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('workflow.history')}
      </Text>
      {workflow.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('workflow.noHistory')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={workflow.history.length - 1} data-testid="lifecycle-history">
          {workflow.history.map((entry, index) => (
            <Timeline.Item key={`${entry.at}-${index}`} title={`${lifecycle.events[entry.event]?.label ?? entry.event} → ${entry.to}`}>
              <Text size="xs" c="dimmed">
                {whoDid(entry, t, zone)}
              </Text>
              {entry.note && <Text size="sm">{entry.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {asking && <StepDialog lifecycle={lifecycle} fields={fields} asking={asking} recordName={recordName} onChange={setAsking} onCancel={() => setAsking(null)} onSubmit={submit} />}
    </Stack>
  );
}
