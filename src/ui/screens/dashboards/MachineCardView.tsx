/**
 * A machine's card, as machine-scanning shows it for a resolved machine and the machine page (/app/machine/{id},
 * ../machines/MachineCardScreen.tsx) shows it for the machine on a ticket: identity and status, type, where it
 * stands, open tickets, last service, next preventive maintenance and its meters, with the ways on (raise a ticket,
 * its BOM) offered only to whoever may take them (a field engineer opens the card through his ticket, without the
 * machines' privilege: the BOM and QR screens are not his).
 */
import './machineWords';
import { Anchor, Badge, Button, Card, Divider, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconListTree, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../i18n';
import type { MachineCard } from '../../../machines/flows/machineDashboardCalls';
import { formatDate } from './readingFormat';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { ticketHref } from '../tickets/ticketRows';
import { useTicketWords } from '../tickets/ticketWords';
import { MachineMeters } from '../machines/MachineMeters';
import { useMeterWords, type MeterWords } from '../machines/meterWords';

/** Status colours as a maintenance planner reads them. */
export const MACHINE_STATUS_COLOR: Record<string, string> = {
  Running: 'green',
  Idle: 'gray',
  'Under Maintenance': 'yellow',
  Breakdown: 'red',
  Decommissioned: 'dark',
  'In Stock': 'blue',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * Breakdown Maintenance with its New form started for the machine and the machine's client (the form offers a
 * client's machines only: given the machine alone, it would ask for the client first).
 */
function raiseTicketHref(machine: MachineCard['machine']): string {
  const start = new URLSearchParams({ ticketType: 'Breakdown Maintenance', ...(machine.clientId ? { clientId: machine.clientId } : {}), machineInstanceId: machine._id });
  return `/app/breakdownMaintenence?${start.toString().replace(/\+/g, '%20')}`;
}

type Translate = ReturnType<typeof useT>;

/**
 * When the next plan's work falls: its date, the reading its meter waits for (with the day that reading is expected,
 * when the meter's use tells it), both for a whichever-first plan, or the first reading a plan by meter still needs.
 */
function nextWhen(next: NonNullable<MachineCard['nextMaintenance']>, t: Translate, meterWords: MeterWords, zone: string): string {
  const date = next.nextDueDate ? formatDate(next.nextDueDate, zone) : undefined;
  const meter = next.meter;
  if (!meter) return date ?? '';
  if (meter.threshold === undefined) return date ?? t('md.nextWaitsReading', { kind: meterWords.kind(meter.kind) });
  const reading = meterWords.reading(meter.threshold, meter.unit);
  if (date) return meter.expectedDate ? t('md.nextDateOrReadingAbout', { date, reading, about: formatDate(meter.expectedDate, zone) }) : t('md.nextDateOrReading', { date, reading });
  return meter.expectedDate ? t('md.nextAtReadingAbout', { reading, date: formatDate(meter.expectedDate, zone) }) : t('md.nextAtReading', { reading });
}

export function MachineCardView({ card, canRaiseTicket, canSeeMachines }: { card: MachineCard; canRaiseTicket: boolean; canSeeMachines: boolean }) {
  const t = useT();
  const words = useTicketWords();
  const zone = useSession(selectTimezone);
  const meterWords = useMeterWords();
  const { machine, machineType, location, openTickets, lastService, nextMaintenance } = card;
  const serviceKind = lastService ? t(lastService.kind === 'ticket' ? 'md.serviceTicket' : lastService.kind === 'checklist' ? 'md.serviceChecklist' : 'md.servicePlan') : '';
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={machine.name ?? machine.serialNo}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={3}>{machine.name ?? machine.serialNo}</Title>
          <Text size="sm" c="dimmed" ff="monospace">
            {[machine.alternateId, machine.serialNo].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Badge size="lg" color={MACHINE_STATUS_COLOR[machine.status] ?? 'gray'}>
          {words.choice(machine.status)}
        </Badge>
      </Group>
      <Divider my="md" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Fact label={t('md.machineType')}>{machineType ? [machineType.machineName, machineType.manufacturer, machineType.model].filter(Boolean).join(' · ') : '—'}</Fact>
        <Fact label={t('md.location')}>{location ? [location.name, location.parentName, location.city].filter(Boolean).join(' · ') : t('md.notPlaced')}</Fact>
        <Fact label={t('md.lastService')}>{lastService ? `${formatDate(lastService.date, zone)} · ${serviceKind}: ${lastService.title}${lastService.reference ? ` (${lastService.reference})` : ''}` : t('md.noServiceYet')}</Fact>
        <Fact label={t('md.nextMaintenance')}>{nextMaintenance ? [nextWhen(nextMaintenance, t, meterWords, zone), nextMaintenance.title].filter(Boolean).join(' · ') : t('md.nonePlanned')}</Fact>
        <Fact label={t('md.warrantyUntil')}>{formatDate(machine.warrantyUntil, zone)}</Fact>
      </SimpleGrid>
      <Divider my="md" />
      <Stack gap="xs">
        <Text fw={600}>{t('md.openTickets', { count: openTickets.total })}</Text>
        {openTickets.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('md.noOpenTickets')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {openTickets.items.map((ticket) => (
              <List.Item key={ticket._id}>
                <Anchor component={Link} href={ticketHref(ticket)} ff="monospace" size="sm">
                  {ticket.alternateId ?? ''}
                </Anchor>{' '}
                {ticket.title}{' '}
                <Text span c="dimmed" size="sm">
                  ({[ticket.ticketType && words.kind(ticket.ticketType), ticket.priority && words.choice(ticket.priority), ticket.status && words.choice(ticket.status)].filter(Boolean).join(' · ')})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Divider my="md" />
      {/* The meters take the card's own access (machine-dashboard/card/{id}/meters): whoever sees this card, the
          engineer through his ticket included, reads the counters and enters a reading. The running hours are theirs
          alone: the record's hand-typed figure beside "No meter yet" said two things at once (found walking). */}
      <MachineMeters machineId={machine._id} recordedHours={machine.runningHours} />
      <Group mt="lg" gap="sm">
        {canRaiseTicket && (
          <Button component={Link} href={raiseTicketHref(machine)} leftSection={<IconTicket size={16} />}>
            {t('md.raiseTicket')}
          </Button>
        )}
        {canSeeMachines && (
          <Button component={Link} href={`/app/bom-tree?machineId=${encodeURIComponent(machine._id)}`} variant="light" leftSection={<IconListTree size={16} />}>
            {t('md.openBom')}
          </Button>
        )}
        {canSeeMachines && !machine.hasQrCode && (
          <Anchor component={Link} href="/app/qr-code-encoder" size="sm">
            {t('md.noQrYet')}
          </Anchor>
        )}
      </Group>
    </Card>
  );
}
