/**
 * A machine's meters (running hours, cycles) with their last reading, and a form to enter a new one: meant for the
 * machine card, where the engineer stands at the machine (works at 390 px: one column, full-width inputs).
 * `MachineMeters({ machineId })` is the whole panel; its data and states are the `machineMeters` machine's
 * (src/machines/flows/machineMeters.ts), the form's fields the form's own. A reading lower than the last needs
 * "reset" with its reason; the server refuses otherwise and its words are shown as they came. A plan that counts a
 * meter of the machine from a first reading it has not had yet asks for that reading here.
 */
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconGauge } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { METER_KINDS, METER_UNITS, type MeterKind, type MeterReadingBody } from '../../../contract/maintenanceShapes';
import type { ErrorPayload } from '../../../api/http';
import { addEnglish, useT } from '../../../i18n';
import { useSay, type Saying } from '../../kit/sayings';
import { maintenanceEn } from '../../../i18n/maintenance/en';
import { machineMetersMachine, type MachineMetersActorRef } from '../../../machines/flows/machineMeters';
import { MAINTENANCE_MESSAGES } from '../../../machines/flows/maintenanceCalls';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { useScreenActor } from '../../../machines/useScreenActor';
import { formatDateTime } from '../dashboards/format';
import { FailurePanel, LoadingPanel } from '../dashboards/machineSensorParts';
import { formatReading } from '../dashboards/readingFormat';
import { useMeterWords } from './meterWords';

addEnglish({ pm: maintenanceEn });

function useMeterEvents(actor: MachineMetersActorRef) {
  return useMemo(() => ({ submit: (reading: MeterReadingBody) => actor.send({ type: 'meters.submit', reading }), retry: () => actor.send({ type: 'meters.retry' }) }), [actor]);
}

interface ReadingForm {
  kind: MeterKind;
  reading: number | string;
  reset: boolean;
  resetReason: string;
}

/**
 * The field a refusal names ("reading: Reading cannot be lower…"), so the message sits under its input, said in the
 * person's language from its words (which do not repeat the field); its English after the field when it has none.
 */
function refusedField(refusal: ErrorPayload, say: (saying: Saying) => string | undefined): { field?: keyof ReadingForm; text: string } {
  const message = refusal.message ?? '';
  const match = /^(kind|reading|reset|resetReason|readAt): (.*)$/s.exec(message);
  const text = (refusal.words ? say({ words: refusal.words }) : undefined) ?? (match ? (match[2] ?? '') : message);
  return match ? { field: match[1] === 'readAt' ? undefined : (match[1] as keyof ReadingForm), text } : { text };
}

function ReadingEntry({ actor, defaultKind }: { actor: MachineMetersActorRef; defaultKind: MeterKind }) {
  const t = useT();
  const words = useMeterWords();
  const events = useMeterEvents(actor);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const saved = useSelector(actor, (s) => s.context.saved);
  const form = useForm<ReadingForm>({ initialValues: { kind: defaultKind, reading: '', reset: false, resetReason: '' } });
  const say = useSay();
  const refused = refusal ? refusedField(refusal, say) : undefined;
  const errorOf = (field: keyof ReadingForm) => (refused?.field === field ? refused.text : undefined);
  const submit = form.onSubmit((values) => {
    const reading: MeterReadingBody = { kind: values.kind, reading: Number(values.reading) };
    if (values.reset) Object.assign(reading, { reset: true, resetReason: values.resetReason.trim() });
    events.submit(reading);
  });
  return (
    <form onSubmit={submit} aria-label={t('pm.newReading')}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('pm.newReading')}
        </Text>
        <Select label={t('pm.meter')} data={METER_KINDS.map((kind) => ({ value: kind, label: words.kind(kind) }))} allowDeselect={false} {...form.getInputProps('kind')} error={errorOf('kind')} />
        <NumberInput
          label={t('pm.reading')}
          min={0}
          required
          rightSection={<Text size="xs" c="dimmed">{words.unit(METER_UNITS[form.values.kind])}</Text>}
          rightSectionWidth={56}
          {...form.getInputProps('reading')}
          error={errorOf('reading')}
        />
        <Checkbox label={t('pm.isReset')} {...form.getInputProps('reset', { type: 'checkbox' })} />
        {form.values.reset && <TextInput label={t('pm.resetReason')} required {...form.getInputProps('resetReason')} error={errorOf('resetReason')} />}
        {refused && !refused.field && (
          <Alert color="red" role="alert" title={t('pm.refused')}>
            {refused.text || MAINTENANCE_MESSAGES.reading}
          </Alert>
        )}
        {saved && (
          <Alert color={saved.raisedTickets.length > 0 ? 'orange' : 'green'} role="status">
            {saved.raisedTickets.length > 0 ? t('pm.raised', { tickets: saved.raisedTickets.join(', ') }) : t('pm.saved')}
          </Alert>
        )}
        <Button type="submit" loading={saving} fullWidth>
          {t('pm.save')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * No meter: how to start one (whoever sees the card may enter a reading), and the running hours the machine's record
 * was given by hand, said for what they are, never as the machine's count.
 */
function NoMeter({ recordedHours }: { recordedHours?: number }) {
  const t = useT();
  const words = useMeterWords();
  return (
    <Stack gap={4}>
      <Text c="dimmed">{t('pm.noMeters')}</Text>
      {recordedHours !== undefined && (
        <Text size="xs" c="dimmed">
          {t('pm.recordedHours', { hours: words.reading(recordedHours, METER_UNITS['Running Hours']) })}
        </Text>
      )}
    </Stack>
  );
}

function MeterList({ actor, recordedHours }: { actor: MachineMetersActorRef; recordedHours?: number }) {
  const t = useT();
  const words = useMeterWords();
  const meters = useSelector(actor, (s) => s.context.meters);
  const timeZone = useSession(selectTimezone);
  if (meters.length === 0) return <NoMeter recordedHours={recordedHours} />;
  return (
    <Stack gap="sm">
      {meters.map((meter) => (
        <Paper key={meter._id} withBorder radius="md" p="sm" aria-label={words.kind(meter.kind)}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{words.kind(meter.kind)}</Text>
              <Text size="xs" c="dimmed">
                {meter.lastReadAt ? t('pm.readOn', { when: formatDateTime(meter.lastReadAt, timeZone), who: meter.readings[0]?.byName ?? '' }) : t('pm.noReading')}
              </Text>
              {meter.dailyUsage !== null && (
                <Text size="xs" c="dimmed">
                  {t('pm.perDay', { usage: formatReading(meter.dailyUsage), unit: words.unit(meter.unit) })}
                </Text>
              )}
              {meter.sensorParameter && (
                <Text size="xs" c="dimmed">
                  {t('pm.fromSensor', { parameter: meter.sensorParameter })}
                </Text>
              )}
            </Stack>
            <Badge size="lg" variant="light" style={{ flexShrink: 0 }} aria-label={t('pm.lastReading')}>
              {words.reading(meter.lastReading, meter.unit)}
            </Badge>
          </Group>
          {meter.readings.some((r) => r.reset) && (
            <Text size="xs" c="orange" mt={4}>
              {t('pm.resetNote', { reason: meter.readings.find((r) => r.reset)?.resetReason ?? '' })}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The machine's meters and a reading entry; embed it in the machine card with the machine's id. `recordedHours`: the
 * running hours typed on the machine's record, said (as such) only while the machine has no meter.
 */
export function MachineMeters({ machineId, recordedHours }: { machineId: string; recordedHours?: number }) {
  const actor = useScreenActor('machineMeters', machineMetersMachine, { machineId }, machineId);
  return actor ? <Meters actor={actor} recordedHours={recordedHours} /> : null;
}

/** The plans waiting for this machine's first reading of a meter, each asking for it (found walking: they showed nothing). */
function AwaitingReading({ actor }: { actor: MachineMetersActorRef }) {
  const t = useT();
  const words = useMeterWords();
  const awaiting = useSelector(actor, (s) => s.context.awaitingReading);
  if (awaiting.length === 0) return null;
  return (
    <Stack gap="xs">
      {awaiting.map((plan) => (
        <Alert key={plan._id} color="yellow" icon={<IconAlertTriangle size={18} />} title={t('pm.readingWanted', { kind: words.kind(plan.kind) })}>
          {t('pm.awaitingReading', { plan: [plan.alternateId, plan.title].filter(Boolean).join(' · '), every: words.reading(plan.interval, METER_UNITS[plan.kind]), kind: words.kind(plan.kind) })}
        </Alert>
      ))}
    </Stack>
  );
}

function Meters({ actor, recordedHours }: { actor: MachineMetersActorRef; recordedHours?: number }) {
  const t = useT();
  const events = useMeterEvents(actor);
  const state = useSelector(actor, (s) => (s.matches('failed') ? 'failed' : s.matches('loading') && s.context.meters.length === 0 && !s.context.saved ? 'loading' : 'ready'));
  const error = useSelector(actor, (s) => s.context.error);
  // The reading a waiting plan asks for is the one the form starts on.
  const firstKind = useSelector(actor, (s) => s.context.awaitingReading[0]?.kind ?? s.context.meters[0]?.kind ?? METER_KINDS[0]);
  const titleId = useId();
  return (
    // A region named by its title: the card's other parts and a screen reader's landmarks find it by that name.
    <Stack component="section" aria-labelledby={titleId} gap="sm" maw={640} w="100%">
      <Group gap="xs">
        <IconGauge size={20} aria-hidden />
        <Title order={4} id={titleId}>
          {t('pm.meters')}
        </Title>
      </Group>
      {state === 'loading' && <LoadingPanel label={t('pm.loadingMeters')} />}
      {state === 'failed' && <FailurePanel title={t('pm.metersFailed')} error={error} fallback={MAINTENANCE_MESSAGES.meters} onRetry={events.retry} />}
      {state === 'ready' && (
        <>
          <AwaitingReading actor={actor} />
          <MeterList actor={actor} recordedHours={recordedHours} />
          <ReadingEntry key={firstKind} actor={actor} defaultKind={firstKind} />
        </>
      )}
    </Stack>
  );
}

export default MachineMeters;
