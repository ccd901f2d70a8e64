/**
 * The platform operator's editor of the terms and conditions and the privacy policy (issue 5): both texts
 * are loaded, and saving one publishes a new version (the server sanitises it). Load and save failures are
 * notified with the server's message.
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { EndpointArgs, EndpointReply } from '../../contract/endpoints';
import { apiRequest, toErrorPayload, type ErrorPayload } from '../../api/http';
import { failureNotice, notify } from '../../api/notify';
import type { PlatformText, platformTextEndpoints, TextKind } from '../../contract/publicShapes';

// The calls' declarations (src/contract/publicShapes.ts) are imported as types only (they bring zod), and their path
// comes from src/contract/publicPaths.ts.
export { PLATFORM_TEXTS_PATH } from '../../contract/publicPaths';
import { PLATFORM_TEXTS_PATH } from '../../contract/publicPaths';
export type { TextKind };

/** A published version of a text, as the server answers it. */
export type StoredText = PlatformText;

export interface PlatformTextsContext {
  terms: StoredText | null;
  privacy: StoredText | null;
  error: ErrorPayload | null;
}

export const TEXT_TITLES: Record<TextKind, string> = { terms: 'Terms & Conditions', privacy: 'Privacy & Policy' };

type Loaded = EndpointReply<typeof platformTextEndpoints.latest>;
type PublishBody = EndpointArgs<typeof platformTextEndpoints.publish>['body'];

export type PlatformTextsEvent =
  | { type: 'texts.reload' }
  | { type: 'texts.save'; kind: TextKind; html: string }
  | DoneActorEvent<Loaded, 'load'>
  | ErrorActorEvent<unknown, 'load'>
  | DoneActorEvent<StoredText, 'save'>
  | ErrorActorEvent<unknown, 'save'>;

export const platformTextsMachine = setup({
  types: { context: {} as PlatformTextsContext, events: {} as PlatformTextsEvent },
  actors: {
    load: fromPromise<Loaded>(() => apiRequest<Loaded>(PLATFORM_TEXTS_PATH)),
    save: fromPromise<StoredText, { kind: TextKind; html: string }>(({ input }) =>
      apiRequest<EndpointReply<typeof platformTextEndpoints.publish>>(`${PLATFORM_TEXTS_PATH}/${input.kind}`, { method: 'PUT', body: { html: input.html } satisfies PublishBody }),
    ),
  },
  actions: {
    spawnLoad: spawnChild('load', { id: 'load' }),
    stopLoad: stopChild('load'),
    assignLoaded: assign(({ event }) => (event.type === 'xstate.done.actor.load' ? { terms: event.output.terms, privacy: event.output.privacy, error: null } : {})),
    assignError: assign(({ event }) => (event.type === 'xstate.error.actor.load' || event.type === 'xstate.error.actor.save' ? { error: toErrorPayload(event.error) } : {})),
    spawnSave: spawnChild('save', { id: 'save', input: ({ event }) => (event.type === 'texts.save' ? { kind: event.kind, html: event.html } : { kind: 'terms' as const, html: '' }) }),
    stopSave: stopChild('save'),
    assignSaved: assign(({ event }) => (event.type === 'xstate.done.actor.save' ? { [event.output.kind]: event.output, error: null } : {})),
    notifySaved: ({ event }) => {
      if (event.type === 'xstate.done.actor.save') notify({ message: `${TEXT_TITLES[event.output.kind]} published`, color: 'green' });
    },
    notifyFailed: ({ context }) => notify(failureNotice(context.error ?? {}, 'Failed to save the text')),
  },
}).createMachine({
  id: 'platformTexts',
  context: { terms: null, privacy: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: 'spawnLoad',
      exit: 'stopLoad',
      on: {
        'xstate.done.actor.load': { target: 'ready', actions: 'assignLoaded' },
        'xstate.error.actor.load': { target: 'failed', actions: ['assignError', 'notifyFailed'] },
      },
    },
    failed: { on: { 'texts.reload': 'loading' } },
    ready: { on: { 'texts.save': 'saving' } },
    saving: {
      entry: 'spawnSave',
      exit: 'stopSave',
      on: {
        'xstate.done.actor.save': { target: 'ready', actions: ['assignSaved', 'notifySaved'] },
        'xstate.error.actor.save': { target: 'ready', actions: ['assignError', 'notifyFailed'] },
      },
    },
  },
});

export type PlatformTextsActorRef = ActorRefFrom<typeof platformTextsMachine>;
