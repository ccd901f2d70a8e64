/** The badges a ticket shows wherever it is listed or opened: its status, its priority and its SLA clock (./sla.ts). */
import { Badge } from '@mantine/core';
import { useT } from '../../../i18n';
import { priorityColor, statusColor } from '../module/statusColor';
import { durationText, slaClock } from './sla';
import { useTicketWords } from './ticketWords';

/** The priority as the person's language words it; its colour follows the stored value. */
export function PriorityBadge({ priority }: { priority: unknown }) {
  const words = useTicketWords();
  if (typeof priority !== 'string' || priority === '') return null;
  return (
    <Badge variant="light" color={priorityColor(priority)}>
      {words.choice(priority)}
    </Badge>
  );
}

/** The status as the person's language words it ('In Progress' → 対応中); its colour follows the stored value. */
export function StatusBadge({ status, size }: { status: unknown; size?: 'xs' | 'sm' }) {
  const words = useTicketWords();
  if (typeof status !== 'string' || status === '') return null;
  return (
    <Badge size={size} color={statusColor(status)}>
      {words.choice(status)}
    </Badge>
  );
}

/** Time left (orange under two hours) or overdue while open; met or missed once resolved; nothing without a promise. */
export function SlaBadge({ ticket, now }: { ticket: Readonly<Record<string, unknown>>; now: Date }) {
  const t = useT();
  const clock = slaClock(ticket, now);
  if (clock.kind === 'none') return null;
  if (clock.kind === 'met') return <Badge color="green" variant="light">{t('tickets.slaMet')}</Badge>;
  if (clock.kind === 'missed') return <Badge color="red" variant="light">{t('tickets.slaMissed')}</Badge>;
  if (clock.kind !== 'left' && clock.kind !== 'overdue') return null;
  const time = durationText(clock.minutes, t);
  return clock.kind === 'left' ? (
    <Badge color={clock.minutes < 120 ? 'orange' : 'blue'} variant="light">{t('tickets.slaLeft', { time })}</Badge>
  ) : (
    <Badge color="red" variant="filled">{t('tickets.slaOverdue', { time })}</Badge>
  );
}

