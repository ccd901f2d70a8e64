/**
 * A lifecycle step that takes a customer's signature (resolving a ticket, issue 31 item 7): the step's dialog,
 * whose pad's drawing is the signature as soon as a stroke ends, so pressing the step's own button sends it. No
 * "Add Signature" in between: a drawn signature is never dropped.
 *
 *   editing.blank ──pad.drawn──▶ editing.signed ──pad.cleared──▶ editing.blank
 *        │  (field.set, note.set in either)            │
 *        └──────────── step.submit ────────────────────┴──▶ sending ──done──▶ done (final: the dialog closes)
 *              (a required word missing: stays, with the message beside the field)   └─error─▶ editing (as it was,
 *   editing ──step.cancel──▶ cancelled (final)                                           drawing kept, server's words shown)
 *
 * The step is sent through the record's workflow actor (the `sendStep` actor the screen provides answers when the
 * workflow has taken it or been refused), so a refused step keeps the dialog open with the drawing and the words.
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload } from '../../api/http';
import type { Words } from '../../contract/messageWords';
import { STEP_FAILED } from '../flows/stepFallbacks';

export interface SignedStepInput {
  /** The lifecycle event (`resolve`). */
  event: string;
  /** Words the step requires, with the message when one is missing (the lifecycle index's `requires`). */
  requires: Readonly<Record<string, string>>;
  /** The field the drawing is kept in (the index's `signatures`: `customerSignatureUrl`). */
  signatureField: string;
}

export interface SignedStepContext extends SignedStepInput {
  values: Record<string, string>;
  note: string;
  /** The pad's drawing, a PNG data URL, taken at the end of each stroke; null while the pad is blank. */
  signature: string | null;
  errors: Record<string, string>;
  /** Why the server refused the step (the dialog stays open with everything given). */
  error: string | null;
  /** The refusal's words, for the person's language (the server's `words`), when it sent them. */
  errorWords: Words | null;
}

/** What the step sends: its event, its data (the words and the signature) and the note. */
export interface SignedStepRequest {
  event: string;
  data: Record<string, string>;
  note?: string;
}

export type SignedStepEvent =
  | { type: 'field.set'; field: string; value: string }
  | { type: 'note.set'; note: string }
  | { type: 'pad.drawn'; png: string }
  | { type: 'pad.cleared' }
  | { type: 'step.submit' }
  | { type: 'step.cancel' }
  | DoneActorEvent<void, 'sendStep'>
  | ErrorActorEvent<unknown, 'sendStep'>;

/** The message for each required word that is blank. */
function missing(context: SignedStepContext): Record<string, string> {
  return Object.fromEntries(Object.entries(context.requires).filter(([field]) => !context.values[field]?.trim()));
}

/** The step's data: the words given, trimmed, and the drawing when there is one. */
export function requestOf(context: SignedStepContext): SignedStepRequest {
  const words = Object.fromEntries(Object.entries(context.values).map(([k, v]) => [k, v.trim()] as const).filter(([, v]) => v !== ''));
  const data = context.signature ? { ...words, [context.signatureField]: context.signature } : words;
  const note = context.note.trim();
  return { event: context.event, data, ...(note ? { note } : {}) };
}

export const signedStepMachine = setup({
  types: {
    context: {} as SignedStepContext,
    events: {} as SignedStepEvent,
    input: {} as SignedStepInput,
  },
  actors: {
    // Provided by the screen: sends the step through the record's workflow and settles with its answer.
    sendStep: fromPromise<void, SignedStepRequest>(async () => {
      throw new Error('sendStep is provided by the screen');
    }),
  },
  guards: {
    complete: ({ context }) => Object.keys(missing(context)).length === 0,
  },
  actions: {
    setField: assign(({ context, event }) => (event.type === 'field.set' ? { values: { ...context.values, [event.field]: event.value }, errors: { ...context.errors, [event.field]: '' } } : {})),
    setNote: assign(({ event }) => (event.type === 'note.set' ? { note: event.note } : {})),
    keepDrawing: assign(({ event }) => (event.type === 'pad.drawn' ? { signature: event.png } : {})),
    forgetDrawing: assign({ signature: null }),
    showMissing: assign(({ context }) => ({ errors: missing(context) })),
    clearRefusal: assign({ error: null, errorWords: null, errors: {} }),
    spawnSend: spawnChild('sendStep', { id: 'sendStep', input: ({ context }) => requestOf(context) }),
    stopSend: stopChild('sendStep'),
    keepRefusal: assign(({ event }) => {
      if (event.type !== 'xstate.error.actor.sendStep') return {};
      const refused = toErrorPayload(event.error);
      if (!refused.message) return { error: STEP_FAILED.message, errorWords: STEP_FAILED.words };
      return { error: refused.message, errorWords: refused.words ?? null };
    }),
  },
}).createMachine({
  id: 'signedStep',
  context: ({ input }) => ({ ...input, values: {}, note: '', signature: null, errors: {}, error: null, errorWords: null }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'blank',
      on: {
        'field.set': { actions: 'setField' },
        'note.set': { actions: 'setNote' },
        'step.submit': [{ guard: 'complete', target: 'sending', actions: 'clearRefusal' }, { actions: 'showMissing' }],
        'step.cancel': { target: 'cancelled' },
      },
      states: {
        blank: { on: { 'pad.drawn': { target: 'signed', actions: 'keepDrawing' } } },
        signed: {
          on: {
            // Each further stroke replaces the drawing with the whole pad as it now is.
            'pad.drawn': { target: 'signed', actions: 'keepDrawing' },
            'pad.cleared': { target: 'blank', actions: 'forgetDrawing' },
          },
        },
        hist: { type: 'history' },
      },
    },
    sending: {
      // Spawned, not invoked, as every flow here is (xstate/graph walks machines without invocations).
      entry: 'spawnSend',
      exit: 'stopSend',
      on: {
        'xstate.done.actor.sendStep': { target: 'done' },
        'xstate.error.actor.sendStep': { target: 'editing.hist', actions: 'keepRefusal' },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type SignedStepActorRef = ActorRefFrom<typeof signedStepMachine>;
export type SignedStepSnapshot = SnapshotFrom<typeof signedStepMachine>;
