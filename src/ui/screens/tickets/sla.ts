/**
 * A ticket's SLA clock, as a dispatcher reads it: time left or overdue while the work is open; met or missed
 * once it is resolved (the resolution time against the promise); nothing for a cancelled ticket or one without
 * a promise. Pure: the screen passes the time it shows.
 */
import type { Translate } from '../../../i18n';

export type SlaClock =
  | { kind: 'left' | 'overdue'; minutes: number }
  | { kind: 'met' | 'missed' }
  | { kind: 'none' };

const DONE = ['Resolved', 'Closed'];

export function slaClock(ticket: Readonly<Record<string, unknown>>, now: Date): SlaClock {
  const due = typeof ticket.slaDueAt === 'string' ? Date.parse(ticket.slaDueAt) : NaN;
  if (Number.isNaN(due) || ticket.status === 'Cancelled') return { kind: 'none' };
  if (DONE.includes(String(ticket.status))) {
    const resolved = typeof ticket.resolvedAt === 'string' ? Date.parse(ticket.resolvedAt) : NaN;
    if (Number.isNaN(resolved)) return { kind: 'none' };
    return { kind: resolved <= due ? 'met' : 'missed' };
  }
  const minutes = Math.round((due - now.getTime()) / 60_000);
  return minutes >= 0 ? { kind: 'left', minutes } : { kind: 'overdue', minutes: -minutes };
}

/** "45 min", "3 h 20 min", "2 d 4 h" (in the person's language: "3 時間 20 分"): the two largest units, enough to act on. */
export function durationText(minutes: number, t: Translate): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? t('tickets.durationDaysHours', { days, hours }) : t('tickets.durationDays', { days });
  if (hours > 0) return mins > 0 ? t('tickets.durationHoursMinutes', { hours, minutes: mins }) : t('tickets.durationHours', { hours });
  return t('tickets.durationMinutes', { minutes: mins });
}
