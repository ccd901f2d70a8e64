/**
 * Model-based test of the operator's editor of the texts prospects accept (platformTexts): loading, a
 * load failure and retry, publishing a version, a refused publish. Run against the actor with deferred
 * requests; every state checked, every event executed.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { platformTextsMachine, type PlatformTextsEvent } from '../../src/machines/flows/platformTexts';
import { PathCoverage, serializeBy } from './support/coverage';
import { createDeferredRequests, type DeferredRequests } from './support/deferred';
import { recordNotices, type NoticeRecorder } from './support/notices';

const TERMS = { _id: 't1', kind: 'terms' as const, html: '<p>Terms v1</p>', createdAt: '2026-11-01T00:00:00.000Z' };
const TERMS_V2 = { ...TERMS, _id: 't2', html: '<p>Terms v2</p>' };
const REFUSED = new ApiError(400, { message: 'html: Text is required' }, 'x');
const FORBIDDEN = new ApiError(403, { message: 'Only the platform operator manages the terms and privacy texts' }, 'x');

const EVENTS: PlatformTextsEvent[] = [
  { type: 'xstate.done.actor.load', output: { terms: TERMS, privacy: null }, actorId: 'load' } as PlatformTextsEvent,
  { type: 'xstate.error.actor.load', error: FORBIDDEN, actorId: 'load' } as PlatformTextsEvent,
  { type: 'texts.reload' },
  { type: 'texts.save', kind: 'terms', html: '<p>Terms v2</p>' },
  { type: 'xstate.done.actor.save', output: TERMS_V2, actorId: 'save' } as PlatformTextsEvent,
  { type: 'xstate.error.actor.save', error: REFUSED, actorId: 'save' } as PlatformTextsEvent,
];

const coverage = new PathCoverage();
let recorder: NoticeRecorder;
beforeEach(() => {
  recorder = recordNotices();
});
afterEach(() => recorder.release());

const model = createTestModel(platformTextsMachine, { serializeState: serializeBy((c: { terms: unknown; error: unknown }) => c) as never });

describe('platformTexts machine, model-based against the actor', () => {
  for (const path of model.getShortestPaths({ events: EVENTS, filterEvents: (s, e) => s.can(e) })) {
    it(path.description, async () => {
      coverage.record(path);
      const requests: DeferredRequests = createDeferredRequests();
      const actor = createActor(platformTextsMachine.provide({ actors: { load: requests.actor('load'), save: requests.actor('save') } })).start();
      const context = () => actor.getSnapshot().context;
      await path.test({
        states: {
          loading: () => expect(requests.has('load')).toBe(true),
          failed: () => expect(recorder.messages()).toContain('Only the platform operator manages the terms and privacy texts'),
          ready: () => {
            expect(requests.has('save')).toBe(false);
            expect(context().terms?._id).toMatch(/^t[12]$/);
          },
          saving: () => expect(requests.inputOf('save')).toEqual({ kind: 'terms', html: '<p>Terms v2</p>' }),
        },
        events: {
          'texts.reload': ({ event }) => void actor.send(event as PlatformTextsEvent),
          'texts.save': ({ event }) => void actor.send(event as PlatformTextsEvent),
          'xstate.done.actor.load': async () => requests.resolve('load', { terms: TERMS, privacy: null }),
          'xstate.error.actor.load': async () => requests.reject('load', FORBIDDEN),
          'xstate.done.actor.save': async () => {
            await requests.resolve('save', TERMS_V2);
            expect(context().terms).toEqual(TERMS_V2);
            expect(recorder.messages().at(-1)).toBe('Terms & Conditions published');
          },
          'xstate.error.actor.save': async () => {
            const before = context().terms;
            await requests.reject('save', REFUSED);
            expect(context().terms).toBe(before);
            expect(recorder.messages().at(-1)).toBe('html: Text is required');
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    });
  }
});

afterAll(() => {
  expect(coverage.missingStates(platformTextsMachine)).toEqual([]);
  expect(coverage.missingEvents(platformTextsMachine)).toEqual([]);
});
