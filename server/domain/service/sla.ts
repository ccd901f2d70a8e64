/** Service-level promises: the resolution due time of a ticket from its priority. */
import { TICKET_PRIORITIES } from '../../../src/contract/modules/service';

type Priority = (typeof TICKET_PRIORITIES)[number];

/** Resolution promised per priority, in hours. */
export const SLA_HOURS: Record<Priority, number> = { Urgent: 4, High: 8, Medium: 24, Low: 72 };

export function slaDueAt(priority: unknown, from: Date): string {
  const hours = SLA_HOURS[(TICKET_PRIORITIES as readonly string[]).includes(String(priority)) ? (priority as Priority) : 'Medium'];
  return new Date(from.getTime() + hours * 3_600_000).toISOString();
}
