/** The calendars' calls (src/contract/modules/serviceScheduling.ts, resource-view): typed from the catalogue. */
import { moduleCalls } from '../../api/calls';
import { resourceView } from '../../contract/modules/service';
import type { CalendarReply, RescheduleBody, RescheduleReply } from '../../contract/calendar';

export interface CalendarWindow {
  /** The resource calendar (every engineer) or My Calendar (the signed-in engineer's). */
  mine: boolean;
  from: string;
  to: string;
}

const calls = moduleCalls(resourceView);

export function loadCalendar({ mine, from, to }: CalendarWindow): Promise<CalendarReply> {
  return mine ? calls.call('myCalendar', { query: { from, to } }) : calls.call('calendar', { query: { from, to } });
}

export function rescheduleEntry(body: RescheduleBody): Promise<RescheduleReply> {
  return calls.call('reschedule', { body });
}
