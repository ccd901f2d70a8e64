/**
 * A record's lifecycle on its detail view (issue 11): the status as a badge, the steps the server says the
 * person may take now as buttons with the lifecycle index's words, a small dialog for a step that needs words
 * or asks for confirmation (./StepDialog.tsx), and the history below
 * (who did what, when, with their note). The record's workflow actor (src/machines/flows/recordWorkflow.ts)
 * does the talking; a refusal (someone moved first) shows its message and the buttons refresh.
 */
import { Alert, Badge, Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import type { HistoryEntry } from '../../../api/lifecycleCalls';
import type { ModuleDef } from '../../../contract/modules';
import { steppedRecordName } from '../../../contract/words';
import { addEnglish, useLocale, useT, type Translate } from '../../../i18n';
import { wordValues } from '../../../i18n/messageWords';
import { useSay } from '../../kit/sayings';
import { workflowEn } from '../../../i18n/workflow/en';
import { lifecycleOf, type Lifecycle } from '../../../machines/lifecycles/index';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import type { RecordWorkflowView } from '../../data/resources';
import { formatDateTime } from '../dashboards/format';
import { useCatalogueWords, useModuleFields } from './catalogueWords';
import { statusColor } from './statusColor';
import { DESTRUCTIVE, SECONDARY, StepDialog, useStepAsking } from './StepDialog';
import { stepName } from './stepName';

// The panel's English comes with it, not on the first pages (the other languages carry theirs in their dictionaries).
addEnglish({ workflow: workflowEn });

/**
 * A history row's title: a step names where it led ("Approve → Approved"); an edit and a delete leave the record
 * where it was (issue 28), so they say what was done, and their note says what changed ("Amount: ₹1,000.00 → ₹1,500.00").
 */
function historyTitle(entry: HistoryEntry, lifecycle: Lifecycle, t: Translate, choice: (value: string) => string): string {
  if (entry.event === 'edit') return t('workflow.edited');
  if (entry.event === 'delete') return t('workflow.deleted');
  return `${stepName(t, lifecycle, entry.event)} → ${choice(String(entry.to))}`;
}

function whoDid(entry: HistoryEntry, t: Translate, zone: string | null): string {
  const name = entry.by.kind === 'customer' ? t('workflow.byCustomer') : entry.by.kind === 'scheduler' ? t('workflow.byScheduler') : entry.by.name;
  return t('workflow.byAt', { name, at: formatDateTime(entry.at, zone) });
}

/**
 * `workflow`: the record's workflow, opened by the record view (useRecordWorkflow), which shows its record too.
 * `omit`: steps the screen offers with its own buttons (the proposal's send buttons, which make the spec's call).
 * A step taken only through its own call (a subscription request's details link) is never a button here.
 */
export function LifecyclePanel({ def, id, workflow, omit = [] }: { def: ModuleDef; id: string; workflow: RecordWorkflowView; omit?: readonly string[] }) {
  const t = useT();
  const locale = useLocale();
  const say = useSay();
  const zone = useSession(selectTimezone);
  const lifecycle = lifecycleOf(def.name) as Lifecycle;
  const words = useCatalogueWords();
  const fields = useModuleFields(def);
  const record = workflow.record;
  const status = record ? String(record[lifecycle.statusField] ?? '') : '';
  // Its number, else its own name ("On-board: Aurangabad Auto Castings LLP"), never its storage id.
  const recordName = steppedRecordName(wordValues(t, locale, { noun: lifecycle.noun, module: def.name }).noun as string, record);
  const open = record ? Object.keys(lifecycle.events).filter((event) => record.allowedEvents?.includes(event) && !omit.includes(event)) : [];
  const allowed = open.filter((event) => !lifecycle.events[event]?.onlyByCall);
  // Steps taken only through a form of the record's own (a purchase order's delivery, with its quantities): named,
  // so the panel never says nothing is open above the form that takes them.
  const byForm = open.filter((event) => lifecycle.events[event]?.onlyByCall).map((event) => stepName(t, lifecycle, event));
  const busy = workflow.status === 'stepping' || workflow.status === 'loading';

  const { asking, setAsking, take, submit, cancel } = useStepAsking(lifecycle, workflow);

  // Gone from the person's reach (deleted, or moved on to a step that is not theirs): said so; a retry cannot help.
  if (workflow.status === 'failed' && workflow.error?.status === 404) {
    return (
      <Alert color="yellow" role="alert" title={t('workflow.goneTitle')}>
        {t('workflow.goneText')}
      </Alert>
    );
  }
  if (workflow.status === 'failed') {
    return (
      <Alert color="red" title={t('workflow.failedToLoad', { reason: say(workflow.error, { module: def.name }) ?? '' })}>
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
            {words.choice(status)}
          </Badge>
        ) : (
          <Loader size="xs" />
        )}
      </Group>
      {record && (
        <Group gap="xs" aria-label={t('workflow.steps')} role="group">
          {allowed.length === 0 ? (
            <Text size="sm" c="dimmed">
              {byForm.length > 0 ? t('workflow.stepsByForm', { steps: byForm.join(' / ') }) : t('workflow.noSteps')}
            </Text>
          ) : (
            allowed.map((event) => (
              <Button key={event} size="xs" variant={SECONDARY.includes(event) ? 'light' : 'filled'} color={DESTRUCTIVE.includes(event) ? 'red' : undefined} disabled={busy} loading={workflow.pending === event} onClick={() => take(event)}>
                {stepName(t, lifecycle, event)}
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
            <Timeline.Item key={`${entry.at}-${index}`} title={historyTitle(entry, lifecycle, t, words.choice)}>
              <Text size="xs" c="dimmed">
                {whoDid(entry, t, zone)}
              </Text>
              {entry.note && <Text size="sm">{entry.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {asking && <StepDialog lifecycle={lifecycle} fields={fields} asking={asking} workflow={workflow} recordName={recordName} recordId={workflow.record?._id} onChange={setAsking} onCancel={cancel} onSubmit={submit} />}
    </Stack>
  );
}
