/**
 * The order of the ticket call views and a machine's open tickets (server/domain/service/ticket-order.ts): what the engineer's
 * "my work" shows first (JOBS.md, field engineer 1: most urgent first, with its SLA clock).
 */
import { describe, expect, it } from 'vitest';
import { mostUrgentFirst } from '../../server/domain/service/ticket-order';
import type { TicketRow } from '../../server/domain/service/ticket-views';

const row = (id: string, fields: Record<string, unknown>): TicketRow => ({ _id: id, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z', module: 'ticket', kind: 'Generic', ...fields }) as TicketRow;

describe('the call views, most urgent first', () => {
  it('puts open tickets first, by priority, then the SLA due soonest (overdue first, none last), then the newest; the rest newest first', () => {
    const rows = [
      row('closed-new', { status: 'Closed', priority: 'Urgent', reportedAt: '2026-11-27T10:00:00+05:30' }),
      row('medium-overdue', { status: 'Assigned', priority: 'Medium', slaDueAt: '2026-11-20T00:00:00Z', reportedAt: '2026-11-19T00:00:00Z' }),
      row('urgent-no-sla', { status: 'Open', priority: 'Urgent', reportedAt: '2026-11-26T00:00:00Z' }),
      row('urgent-due-later', { status: 'In Progress', priority: 'Urgent', slaDueAt: '2026-11-29T00:00:00Z', reportedAt: '2026-11-25T00:00:00Z' }),
      row('urgent-overdue', { status: 'On Hold', priority: 'Urgent', slaDueAt: '2026-11-27T00:00:00Z', reportedAt: '2026-11-20T00:00:00Z' }),
      row('high', { status: 'Assigned', priority: 'High', slaDueAt: '2026-12-05T00:00:00Z' }),
      row('closed-old', { status: 'Cancelled', priority: 'Urgent', reportedAt: '2026-10-01T00:00:00Z' }),
      row('resolved-mid', { status: 'Resolved', priority: 'Low', reportedAt: '2026-11-10T00:00:00+05:30' }),
    ];
    expect(mostUrgentFirst(rows).map((r) => r._id)).toEqual([
      'urgent-overdue',
      'urgent-due-later',
      'urgent-no-sla',
      'high',
      'medium-overdue',
      'closed-new',
      'resolved-mid',
      'closed-old',
    ]);
  });
});
