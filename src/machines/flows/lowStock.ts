/**
 * low-stock (issue 32): the parts at or below their reorder level, chosen with a quantity each, become one Draft
 * requisition.
 *
 *   loading ──done──▶ ready ── lowStock.start (something chosen) ──▶ starting ──done──▶ started
 *      │               ▲  ▲ (toggle, quantity)                          │
 *      └─error─▶ failed┘  └────────────── error (the server's words) ───┘
 *                 retry                               started ── lowStock.again ──▶ loading
 *
 * Every part starts chosen with its suggested quantity (none when nothing is suggested: it is on order already).
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import { fetchLowStock, startRequisition, type LowStockPart, type StartedRequisition } from './stockCalls';

export interface LowStockContext {
  parts: LowStockPart[];
  /** Chosen parts and the quantity to ask for, by part id. */
  chosen: Record<string, number>;
  started: StartedRequisition | null;
  error: ErrorPayload | null;
  /** The requisition's title (the screen's words, given on start). */
  title: string;
}

export type LowStockEvent =
  | { type: 'lowStock.toggle'; partId: string }
  | { type: 'lowStock.quantity'; partId: string; quantity: number }
  | { type: 'lowStock.start'; title: string }
  | { type: 'lowStock.retry' }
  | { type: 'lowStock.again' };

export const lowStockMachine = setup({
  types: { context: {} as LowStockContext, events: {} as LowStockEvent },
  actors: {
    fetchLowStock: fromPromise<LowStockPart[]>(() => fetchLowStock()),
    startRequisition: fromPromise<StartedRequisition, { title: string; lines: Array<{ partId: string; quantity: number; estimatedUnitPricePaise: number }> }>(({ input }) => startRequisition(input)),
  },
  guards: {
    somethingChosen: ({ context }) => Object.values(context.chosen).some((q) => q > 0),
  },
}).createMachine({
  id: 'lowStock',
  context: { parts: [], chosen: {}, started: null, error: null, title: '' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchLowStock',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            parts: event.output,
            chosen: Object.fromEntries(event.output.filter((p) => p.suggestedQty > 0).map((p) => [p._id, p.suggestedQty])),
            error: null,
            started: null,
          })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toErrorPayload(event.error) })) },
      },
    },
    failed: { on: { 'lowStock.retry': 'loading' } },
    ready: {
      on: {
        'lowStock.toggle': {
          actions: assign(({ context, event }) => {
            const chosen = { ...context.chosen };
            if (event.partId in chosen) delete chosen[event.partId];
            else chosen[event.partId] = Math.max(1, context.parts.find((p) => p._id === event.partId)?.suggestedQty ?? 1);
            return { chosen };
          }),
        },
        'lowStock.quantity': {
          actions: assign(({ context, event }) => ({ chosen: { ...context.chosen, [event.partId]: Math.max(0, event.quantity) } })),
        },
        'lowStock.start': { guard: 'somethingChosen', target: 'starting', actions: assign(({ event }) => ({ title: event.title, error: null })) },
      },
    },
    starting: {
      invoke: {
        src: 'startRequisition',
        input: ({ context }) => ({
          title: context.title,
          lines: context.parts
            .filter((p) => (context.chosen[p._id] ?? 0) > 0)
            .map((p) => ({ partId: p._id, quantity: context.chosen[p._id]!, estimatedUnitPricePaise: p.unitPricePaise })),
        }),
        onDone: { target: 'started', actions: assign(({ event }) => ({ started: event.output })) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ error: toErrorPayload(event.error) })) },
      },
    },
    started: { on: { 'lowStock.again': 'loading' } },
  },
});

export type LowStockActorRef = ActorRefFrom<typeof lowStockMachine>;
export type LowStockSnapshot = SnapshotFrom<typeof lowStockMachine>;
