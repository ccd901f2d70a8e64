/**
 * Model-based tests of the calendars' actor (src/machines/calendar/machine.ts): loading a window, failing and
 * retrying, a drop onto a free slot confirmed or cancelled, a drop onto leave or a booked slot refused at once with the
 * contract's words, the server's refusal shown as it said it, and a saved move notified and reloaded. Every state is
 * checked by what the person sees (the refusal, the notice, which request is out), every event executed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import type { CalendarReply } from '../../src/contract/calendar';
import { calendarMachine, localRefusal, type CalendarEvent, type Move } from '../../src/machines/calendar/machine';
import { serializeBy } from './support/coverage';
import { replayModelPaths } from './support/modelPaths';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { recordNotices, type NoticeRecorder } from './support/notices';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();
const TUE = '2030-01-15';
const WINDOW = { mine: false, from: TUE, to: '2030-01-21' };

const DATA: CalendarReply = {
  from: TUE,
  to: '2030-01-21',
  timeZone: 'Asia/Kolkata',
  engineers: [
    { _id: 'u-asha', name: 'Asha Kulkarni' },
    { _id: 'u-ravi', name: 'Ravi Patil' },
  ],
  entries: [
    { key: 'booking:b1', kind: 'booking', recordId: 'b1', title: 'Spindle rebuild TKT-1', engineer: 'u-ravi', start: ist(TUE, '10:00'), end: ist(TUE, '12:00'), allDay: false, type: 'Ticket', leave: false, ticketAlternateId: 'TKT-1', movable: true },
    { key: 'booking:b2', kind: 'booking', recordId: 'b2', title: 'Leave', engineer: 'u-asha', start: ist('2030-01-16', '00:00'), end: ist('2030-01-17', '00:00'), allDay: false, type: 'Leave', leave: true, movable: false },
  ],
  unscheduled: [{ module: 'ticket', _id: 't9', alternateId: 'GTK-9', title: 'Barrel zone 3 not heating', priority: 'Urgent', status: 'Open' }],
};

/** To Asha on Tuesday afternoon: free. */
const FREE: Move = { kind: 'booking', id: 'b1', resource: 'u-asha', start: ist(TUE, '14:00'), end: ist(TUE, '16:00'), title: 'Spindle rebuild TKT-1' };
/** To Asha on Wednesday: her leave. */
const ON_LEAVE: Move = { ...FREE, start: ist('2030-01-16', '10:00'), end: ist('2030-01-16', '12:00') };
/** The unscheduled ticket onto Ravi's booked morning. */
const BOOKED: Move = { kind: 'ticket', id: 't9', resource: 'u-ravi', start: ist(TUE, '11:00'), end: ist(TUE, '13:00'), title: 'GTK-9 Barrel zone 3 not heating' };

const SERVER_REFUSAL = 'Asha Kulkarni is already booked 14:00–15:00 on 15/01/2030: Compressor survey';

const EVENTS: CalendarEvent[] = [
  { type: 'calendar.retry' },
  { type: 'calendar.window', from: TUE, to: '2030-01-21' },
  { type: 'move.drop', move: FREE },
  { type: 'move.drop', move: ON_LEAVE },
  { type: 'move.drop', move: BOOKED },
  { type: 'move.confirm' },
  { type: 'move.cancel' },
  { type: 'move.dismiss' },
];
const DONE_EVENTS = [
  { type: 'xstate.done.actor.load', output: DATA, actorId: 'load' },
  { type: 'xstate.error.actor.load', error: new ApiError(500, null, 'x'), actorId: 'load' },
  { type: 'xstate.done.actor.reschedule', output: { booking: { _id: 'b1' } }, actorId: 'reschedule' },
  { type: 'xstate.error.actor.reschedule', error: new ApiError(409, { message: SERVER_REFUSAL, code: 'CALENDAR_DOUBLE_BOOKED' }, 'x'), actorId: 'reschedule' },
];

const model = createTestModel(calendarMachine, {
  input: WINDOW,
  serializeState: serializeBy((c: { move: Move | null; refusal: { message: string } | null; data: unknown; error: { message: string } | null }) => ({ move: c.move?.start ?? null, refusal: c.refusal?.message ?? null, data: c.data !== null, error: c.error?.message ?? null })),
});
const paths = model.getShortestPaths({
  events: [...EVENTS, ...DONE_EVENTS] as CalendarEvent[],
  filterEvents: (snapshot, event) => snapshot.can(event as CalendarEvent),
});

interface Harness {
  actor: Actor<typeof calendarMachine>;
  requests: DeferredRequests;
  recorder: NoticeRecorder;
}

function start(): Harness {
  const requests = createDeferredRequests();
  const recorder = recordNotices();
  const machine = calendarMachine.provide({ actors: { load: requests.actor('load'), reschedule: requests.actor('reschedule') } });
  return { actor: createActor(machine, { input: WINDOW }).start(), requests, recorder };
}

function states({ actor, requests, recorder }: Harness) {
  const checks: Record<string, () => void> = {
    '#calendar.loading': () => expect(requests.inputOf('load')).toEqual(WINDOW),
    '#calendar.failed': () => expect(actor.getSnapshot().context.error).toEqual({ message: 'Failed to get list of resource view', words: { key: 'catalogue.message.Failed_to_get_list_of_resource_view' } }),
    '#calendar.ready': () => {
      expect(actor.getSnapshot().context.data).toEqual(DATA);
      expect(actor.getSnapshot().context.refusal).toBeNull();
    },
    '#calendar.confirming': () => {
      expect(actor.getSnapshot().context.move).toEqual(FREE);
      expect(requests.has('reschedule')).toBe(false);
    },
    '#calendar.saving': () => expect(requests.inputOf('reschedule')).toEqual(FREE),
    '#calendar.refused': () => {
      const { move, refusal } = actor.getSnapshot().context;
      const expected = move === ON_LEAVE
        ? 'Asha Kulkarni is on leave from 16/01/2030 00:00 to 17/01/2030 00:00: choose another engineer or time'
        : move === BOOKED
          ? 'Ravi Patil is already booked 10:00–12:00 on 15/01/2030: Spindle rebuild TKT-1'
          : SERVER_REFUSAL;
      expect(refusal?.message).toBe(expected);
      expect(requests.has('reschedule')).toBe(false);
    },
  };
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      (modelState: ReturnType<typeof actor.getSnapshot>) => {
        expect(actor.getSnapshot().value).toEqual(modelState.value);
        check();
      },
    ]),
  );
}

function events({ actor, requests, recorder }: Harness) {
  const send = ({ event }: { event: CalendarEvent }) => actor.send(event);
  return {
    'calendar.retry': send,
    'calendar.window': send,
    'move.drop': send,
    'move.confirm': send,
    'move.cancel': send,
    'move.dismiss': send,
    'xstate.done.actor.load': () => requests.resolve('load', DATA),
    'xstate.error.actor.load': () => requests.reject('load', new ApiError(500, null, 'x')),
    'xstate.done.actor.reschedule': async () => {
      await requests.resolve('reschedule', { booking: { _id: 'b1' } });
      expect(recorder.notices.at(-1)).toEqual({ message: 'Spindle rebuild TKT-1 moved to Asha Kulkarni', words: { key: 'cal.moved', values: { title: 'Spindle rebuild TKT-1', engineer: 'Asha Kulkarni' } }, color: 'green' });
    },
    'xstate.error.actor.reschedule': () => requests.reject('reschedule', new ApiError(409, { message: SERVER_REFUSAL, code: 'CALENDAR_DOUBLE_BOOKED' }, 'x')),
  };
}

let current: Harness | undefined;
afterEach(() => {
  current?.actor.stop();
  current?.recorder.release();
});

describe('the calendar drop is judged by the contract', () => {
  it('refuses leave and a booked slot, and lets a free slot through', () => {
    expect(localRefusal(DATA, FREE)).toBeNull();
    expect(localRefusal(DATA, ON_LEAVE)?.message).toMatch(/^Asha Kulkarni is on leave/);
    expect(localRefusal(DATA, BOOKED)?.message).toMatch(/^Ravi Patil is already booked/);
    // A booking moved within its own slot does not clash with itself.
    expect(localRefusal(DATA, { ...FREE, resource: 'u-ravi', start: ist(TUE, '11:00'), end: ist(TUE, '13:00') })).toBeNull();
  });
});

replayModelPaths('calendar', calendarMachine, paths, 8, async (path) => {
    current = start();
    await path.test({
      states: states(current),
      events: events(current) as unknown as Parameters<typeof path.test>[0]['events'],
    });
});
