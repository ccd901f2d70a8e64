/**
 * Model-based test of the subscriber details machine against a real actor: every path the graph draws is
 * replayed with deferred request actors; after each step the actor must match the model, and every atomic
 * state has a check of what the outside world sees (requests and their inputs, notices).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { canSubmit, SUBSCRIBER_TEXTS, subscriberDetailsMachine, type SubscriberDetailsEvent } from '../../src/machines/flows/subscriberDetails';
import { INPUT, replay, REQUEST_ID, SUBSCRIBER_RUNS, subscriberPaths, TEXTS } from './subscriberDetails.model';
import { atomicIds } from './publicProposal.model';
import { PathCoverage } from './support/coverage';
import { createDeferredRequests, settle, type DeferredRequests } from './support/deferred';
import { recordNotices, type NoticeRecorder } from './support/notices';

const coverage = new PathCoverage();
let recorder: NoticeRecorder;
beforeEach(() => {
  recorder = recordNotices();
});
afterEach(() => recorder.release());

type SubscriberActor = Actor<typeof subscriberDetailsMachine>;

function start(requests: DeferredRequests): SubscriberActor {
  const machine = subscriberDetailsMachine.provide({
    actors: { fetchRequest: requests.actor('request'), fetchTexts: requests.actor('texts'), confirmRequest: requests.actor('save') },
  });
  return createActor(machine, { input: INPUT }).start();
}

function checks(actor: SubscriberActor, requests: DeferredRequests): Record<string, () => void> {
  const context = () => actor.getSnapshot().context;
  return {
    'subscriberDetails.loading': () => {
      expect(requests.inputOf('request')).toEqual({ token: INPUT.token, requestId: REQUEST_ID });
    },
    'subscriberDetails.failed': () => expect(context().error?.message).toBe('This link has expired. Please ask for a new one.'),
    'subscriberDetails.subscribed': () => expect(requests.has('save') || requests.has('request')).toBe(false),
    'subscriberDetails.form.texts.loading': () => expect(requests.has('texts')).toBe(true),
    'subscriberDetails.form.texts.loaded': () => expect(requests.has('texts')).toBe(false),
    'subscriberDetails.form.texts.failed': () => expect(context().texts).toEqual({ terms: null, privacy: null }),
    'subscriberDetails.form.modal.closed': () => undefined,
    'subscriberDetails.form.modal.terms': () => expect(context().values.companyName).not.toBe(''),
    'subscriberDetails.form.modal.privacy': () => expect(context().values.companyName).not.toBe(''),
    'subscriberDetails.form.submission.editing': () => expect(requests.has('save')).toBe(false),
    'subscriberDetails.form.submission.submitting': () => {
      const { values } = context();
      expect(requests.inputOf('save')).toEqual({
        _id: REQUEST_ID,
        companyName: values.companyName,
        gstNo: values.gstNo,
        companyTeamSize: Number(values.companyTeamSize),
        address: values.address,
        status: 'Accepted',
        termsAndConditions: TEXTS.terms?._id,
        privacyPolicy: TEXTS.privacy?._id,
      });
    },
  };
}

/** Executes a model event; checks the notices it must (and must not) raise, and that a refused submit sends nothing. */
async function execute(event: SubscriberDetailsEvent, actor: SubscriberActor, requests: DeferredRequests): Promise<void> {
  const before = recorder.notices.length;
  const raised = () => recorder.notices.slice(before);
  if (event.type.startsWith('xstate.')) {
    const isError = event.type.startsWith('xstate.error.actor.');
    const id = event.type.slice(isError ? 'xstate.error.actor.'.length : 'xstate.done.actor.'.length);
    if (isError) await requests.reject(id, (event as { error: unknown }).error);
    else await requests.resolve(id, (event as { output: unknown }).output);
    const expected: Record<string, unknown[]> = {
      'done.save': [{ message: SUBSCRIBER_TEXTS.submitted, color: 'green', words: { key: 'publicSubscriber.notices.submitted' } }],
      'error.texts': [{ message: 'Database unavailable', color: 'red' }],
    };
    if (id === 'save' && isError) {
      const message = (event as { error: { serverMessage?: string } }).error.serverMessage;
      // The server's message as it wrote it, else the page's own with its key (said in the person's language).
      expect(raised()).toEqual([message ? { message, color: 'red' } : { message: 'Unable to update', color: 'red', words: { key: 'publicSubscriber.notices.updateFailed' } }]);
    } else {
      expect(raised()).toEqual(expected[`${isError ? 'error' : 'done'}.${id}`] ?? []);
    }
    return;
  }
  const couldSubmit = canSubmit(actor.getSnapshot().context);
  const saves = requests.started('save');
  actor.send(event);
  await settle();
  expect(raised()).toEqual([]);
  if (event.type === 'subscriber.submit') expect(requests.started('save') - saves).toBe(couldSubmit ? 1 : 0);
}

const describePath = (events: readonly SubscriberDetailsEvent[]): string =>
  events
    .map((event) => {
      const e = event as { type: string; field?: string; value?: string; output?: { status?: string; terms?: unknown }; error?: { status?: number } };
      const detail = e.field ? `${e.field}=${JSON.stringify(e.value ?? '')}` : e.output?.status ?? (e.output && 'terms' in e.output ? (e.output.terms ? 'texts' : 'none') : e.error ? String(e.error.status) : '');
      return `${e.type.replace('xstate.', '')}${detail ? `(${detail})` : ''}`;
    })
    .join(' → ');

describe('subscriberDetails machine, model-based against the actor', () => {
  for (const run of SUBSCRIBER_RUNS) {
    const paths = subscriberPaths(run);
    describe(run.title, () => {
      it('has paths to explore', () => expect(paths.length).toBeGreaterThan(1));
      for (const path of paths) {
        it(describePath(path.steps.map((s) => s.event)), async () => {
          coverage.record(path);
          const requests = createDeferredRequests();
          const actor = start(requests);
          await settle();
          const stateChecks = checks(actor, requests);
          for (const step of replay(path)) {
            if ((step.event.type as string) !== 'xstate.init') await execute(step.event, actor, requests);
            expect(actor.getSnapshot().value).toEqual(step.state.value);
            expect(actor.getSnapshot().context).toEqual(step.state.context);
            for (const id of atomicIds(step.state)) {
              const check = stateChecks[id];
              if (!check) throw new Error(`No check for state ${id}`);
              check();
            }
          }
          actor.stop();
        });
      }
    });
  }
});

afterAll(() => {
  expect(coverage.missingStates(subscriberDetailsMachine)).toEqual([]);
  expect(coverage.missingEvents(subscriberDetailsMachine)).toEqual([]);
});
