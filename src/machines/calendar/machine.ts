/**
 * The calendars' actor (issue 31, item 3): loads a window of days (the resource calendar's every engineer, or My
 * Calendar's own), and carries the dispatcher's drag of a booking or an unscheduled ticket:
 *
 *   loading ─▶ ready ──move.drop──▶ confirming ──move.confirm──▶ saving ──done──▶ loading (the moved calendar)
 *                 ▲        │ (clash seen here)        │ move.cancel          └─error──▶ refused
 *                 │        └────────────────────▶ refused ◀──────────────────────────────┘
 *                 └──────────────── move.dismiss ─────┘
 *
 * A drop onto the engineer's leave or onto a booked slot is refused at once with the words the server would say
 * (src/contract/calendar.ts `clashFor` / `clashSaid`); the server judges every move again in its transaction
 * and its refusal (another dispatcher got there first, the ticket's lifecycle said no) is shown the same way. Both
 * come with their words, which the screen says in the person's language.
 * The calls are placeholders the screen's provider replaces (`machine.provide`), as every flow's are.
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { toErrorPayload } from '../../api/http';
import { notify } from '../../api/notify';
import { clashFor, clashSaid, type CalendarReply, type RescheduleReply } from '../../contract/calendar';
import type { Words } from '../../contract/messageWords';
import { wordKey } from '../../contract/words';
import { loadCalendar, rescheduleEntry, type CalendarWindow } from './calls';

/** What a drop asks for: a booking or a visit moved, or an unscheduled ticket booked, onto an engineer and a time. */
export interface Move {
  kind: 'booking' | 'visit' | 'svc-ticket' | 'ticket';
  id: string;
  resource: string;
  start: string;
  end: string;
  /** What the person calls it ("Spindle rebuild TKT-2026-000004"). */
  title: string;
}

export interface CalendarContext {
  window: CalendarWindow;
  data: CalendarReply | null;
  /** Why the last load failed: its English and its words. */
  error: Refusal | null;
  move: Move | null;
  /** Why the move was refused (by the calendar's own check or by the server): its English and its words. */
  refusal: Refusal | null;
}

/** A refusal as the screen says it: the English, and the words it is said with in the person's language. */
export interface Refusal {
  message: string;
  words?: Words;
}

export type CalendarEvent =
  | { type: 'calendar.window'; from: string; to: string }
  | { type: 'calendar.retry' }
  | { type: 'move.drop'; move: Move }
  | { type: 'move.confirm' }
  | { type: 'move.cancel' }
  | { type: 'move.dismiss' }
  | DoneActorEvent<CalendarReply, 'load'>
  | ErrorActorEvent<unknown, 'load'>
  | DoneActorEvent<RescheduleReply, 'reschedule'>
  | ErrorActorEvent<unknown, 'reschedule'>;

export const LOAD_FAILED = 'Failed to get list of resource view';
export const MOVE_FAILED = 'Failed to update resource view';

function engineerName(data: CalendarReply | null, id: string): string {
  return data?.engineers.find((e) => e._id === id)?.name ?? id;
}

/** The calendar's own verdict on a move: the clash sentence, or null when the slot is free. */
export function localRefusal(data: CalendarReply | null, move: Move): Refusal | null {
  if (!data) return null;
  const clash = clashFor(data.entries, move.resource, move.start, move.end, move.kind === 'booking' || move.kind === 'visit' ? `${move.kind}:${move.id}` : undefined);
  return clash ? clashSaid(clash, engineerName(data, move.resource), data.timeZone) : null;
}

/** The server's refusal: its words, or the module's failure message of the spec (`fallback`) when it said nothing. */
function serverRefusal(error: unknown, fallback: string): Refusal {
  const payload = toErrorPayload(error);
  if (payload.message) return { message: payload.message, words: payload.words };
  return { message: fallback, words: { key: `catalogue.message.${wordKey(fallback)}` } };
}

export const calendarMachine = setup({
  types: { context: {} as CalendarContext, events: {} as CalendarEvent, input: {} as CalendarWindow },
  actors: {
    load: fromPromise<CalendarReply, CalendarWindow>(({ input }) => loadCalendar(input)),
    reschedule: fromPromise<RescheduleReply, Move>(({ input: { kind, id, resource, start, end } }) => rescheduleEntry({ kind, id, resource, start, end })),
  },
  guards: {
    clashes: ({ context, event }) => event.type === 'move.drop' && localRefusal(context.data, event.move) !== null,
  },
  actions: {
    // Requests are children spawned on entry and stopped on exit (xstate/graph walks no `invoke`).
    spawnLoad: spawnChild('load', { id: 'load', input: ({ context }) => context.window }),
    stopLoad: stopChild('load'),
    spawnReschedule: spawnChild('reschedule', { id: 'reschedule', input: ({ context }) => context.move as Move }),
    stopReschedule: stopChild('reschedule'),
    notifyMoved: ({ context }) => {
      if (!context.move) return;
      const values = { title: context.move.title, engineer: engineerName(context.data, context.move.resource) };
      notify({ message: `${values.title} moved to ${values.engineer}`, words: { key: 'cal.moved', values }, color: 'green' });
    },
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({ window: input, data: null, error: null, move: null, refusal: null }),
  initial: 'loading',
  on: {
    'calendar.window': { target: '.loading', actions: assign(({ context, event }) => ({ window: { ...context.window, from: event.from, to: event.to }, move: null, refusal: null })) },
  },
  states: {
    loading: {
      entry: 'spawnLoad',
      exit: 'stopLoad',
      on: {
        'xstate.done.actor.load': { target: 'ready', actions: assign(({ event }) => ({ data: event.output, error: null })) },
        'xstate.error.actor.load': { target: 'failed', actions: assign(({ event }) => ({ error: serverRefusal(event.error, LOAD_FAILED) })) },
      },
    },
    failed: { on: { 'calendar.retry': 'loading' } },
    ready: {
      on: {
        'move.drop': [
          { guard: 'clashes', target: 'refused', actions: assign(({ context, event }) => ({ move: event.move, refusal: localRefusal(context.data, event.move) })) },
          { target: 'confirming', actions: assign(({ event }) => ({ move: event.move, refusal: null })) },
        ],
      },
    },
    confirming: {
      on: {
        'move.confirm': 'saving',
        'move.cancel': { target: 'ready', actions: assign({ move: null }) },
      },
    },
    saving: {
      entry: 'spawnReschedule',
      exit: 'stopReschedule',
      on: {
        'xstate.done.actor.reschedule': { target: 'loading', actions: ['notifyMoved', assign({ move: null })] },
        'xstate.error.actor.reschedule': { target: 'refused', actions: assign(({ event }) => ({ refusal: serverRefusal(event.error, MOVE_FAILED) })) },
      },
    },
    refused: {
      on: {
        'move.dismiss': { target: 'ready', actions: assign({ move: null, refusal: null }) },
      },
    },
  },
});

export type CalendarActorRef = import('xstate').ActorRefFrom<typeof calendarMachine>;
