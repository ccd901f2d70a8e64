/**
 * A preventive plan's schedule, at the top of its record view (issue 31): the next five occurrences (by date, or
 * at a meter reading, dated by the meter's usage) and the tickets the plan has raised, each with its status. Read
 * from GET schedule/{id} by the `planSchedule` machine (src/machines/flows/planSchedule.ts); read again when the
 * plan changes (its version moves). Loaded with the plan's record view only. A plan counting a meter the machine has
 * no reading of yet says it waits for that first reading, with a link to the machine's card where it is entered.
 */
import { Alert, Anchor, Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { IconAlertTriangle, IconCalendarRepeat } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { addEnglish, useT } from '../../../i18n';
import { maintenanceEn } from '../../../i18n/maintenance/en';
import { MAINTENANCE_MESSAGES } from '../../../machines/flows/maintenanceCalls';
import { planScheduleMachine } from '../../../machines/flows/planSchedule';
import { useScreenActor } from '../../../machines/useScreenActor';
import { formatDate } from '../dashboards/format';
import { FailurePanel, LoadingPanel } from '../dashboards/machineSensorParts';
import { statusColor } from '../module/statusColor';
import { useMeterWords } from '../machines/meterWords';
import { useCatalogueWords } from '../module/catalogueWords';
import type { Row } from '../module/listView';

addEnglish({ pm: maintenanceEn });

/** The plan's record as shown; keyed by its version, so a plan saved or stepped is read again (the session runs a new actor). */
export default function PlanSchedule({ record }: { record: Row }) {
  const version = (record as { version?: unknown }).version;
  return <ScheduleOf key={`${record._id}@${String(version ?? '')}`} planId={record._id} />;
}

function ScheduleOf({ planId }: { planId: string }) {
  const actor = useScreenActor('planSchedule', planScheduleMachine, { planId }, planId);
  return actor ? <Schedule actor={actor} /> : null;
}

function Schedule({ actor }: { actor: ActorRefFrom<typeof planScheduleMachine> }) {
  const t = useT();
  const words = useCatalogueWords();
  const meters = useMeterWords();
  const snapshot = useSelector(actor, (s) => s);
  const { schedule, error } = snapshot.context;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarRepeat size={18} aria-hidden />
          <Title order={5}>{t('pm.schedule')}</Title>
        </Group>
        {snapshot.matches('loading') && !schedule && <LoadingPanel label={t('pm.loadingSchedule')} />}
        {snapshot.matches('failed') && <FailurePanel title={t('pm.scheduleFailed')} error={error} fallback={MAINTENANCE_MESSAGES.schedule} onRetry={() => actor.send({ type: 'schedule.refresh' })} />}
        {schedule && (
          <>
            {schedule.meter && (
              <Text size="sm" c="dimmed">
                {t('pm.meterNow', { kind: meters.kind(schedule.meter.kind), reading: meters.reading(schedule.meter.lastReading, schedule.meter.unit) })}
              </Text>
            )}
            {schedule.waitsForReading && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t('pm.waitsTitle')}>
                <Stack gap={6}>
                  <Text size="sm">
                    {t('pm.waitsForReading', { every: meters.reading(schedule.waitsForReading.interval, schedule.waitsForReading.unit), kind: meters.kind(schedule.waitsForReading.kind) })}
                  </Text>
                  <Anchor component={Link} href={`/app/machine/${encodeURIComponent(schedule.waitsForReading.machineId)}`} size="sm">
                    {t('pm.openMachineCard')}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            {schedule.occurrences.length === 0 ? (
              schedule.waitsForReading ? null : (
              <Text size="sm" c="dimmed">
                {t('pm.noOccurrences')}
              </Text>
              )
            ) : (
              <List spacing={4} size="sm" aria-label={t('pm.schedule')}>
                {schedule.occurrences.map((o) => (
                  <List.Item key={`${o.date}-${o.reason}-${o.meterThreshold ?? ''}`}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {formatDate(o.date)}
                      </Text>
                      <Badge size="sm" variant="light" color={o.reason === 'meter' ? 'grape' : 'blue'}>
                        {o.reason === 'meter' ? t('pm.byMeter', { threshold: meters.reading(o.meterThreshold ?? null, schedule.meter?.unit ?? '') }) : t('pm.byTime')}
                      </Badge>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
            <Text fw={600} size="sm">
              {t('pm.ticketsRaised')}
            </Text>
            {schedule.tickets.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('pm.noTickets')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={280}>
                <Table striped aria-label={t('pm.ticketsRaised')}>
                  <Table.Tbody>
                    {schedule.tickets.map((ticket) => (
                      <Table.Tr key={ticket.ticketId}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {ticket.alternateId ?? ticket.ticketId}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('pm.occurrence', { n: ticket.occurrenceNo, date: formatDate(ticket.occurrenceDate) })}
                          </Text>
                        </Table.Td>
                        <Table.Td>{ticket.status && <Badge color={statusColor(ticket.status)}>{words.choice(ticket.status)}</Badge>}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
