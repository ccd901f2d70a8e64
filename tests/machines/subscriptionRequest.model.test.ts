/**
 * Model-based test of the sign-up machine against a real actor: every path the graph draws is replayed with
 * deferred request actors; after each step the actor must match the model, and every atomic state has a
 * check of what the outside world sees (the requests and their bodies, notices, what may be accepted).
 * Coverage: every atomic state visited and every declared event executed, over all runs.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { SUBSCRIPTION_TEXTS, subscriptionRequestMachine, type SubscriptionRequestEvent } from '../../src/machines/flows/subscriptionRequest';
import { hasText, isComplete } from '../../src/contract/subscriberDetailsRules';
import { PathCoverage } from './support/coverage';
import { createDeferredRequests, settle, type DeferredRequests } from './support/deferred';
import { recordNotices, type NoticeRecorder } from './support/notices';
import { atomicIds, COMPANY, CREATED, CREATED_WITH_MESSAGE, describePath, DUPLICATE, NO_TEXTS, replay, SUBSCRIPTION_RUNS, subscriptionPaths, TEXTS } from './subscriptionRequest.model';

const coverage = new PathCoverage();
let recorder: NoticeRecorder;
beforeEach(() => {
  recorder = recordNotices();
});
afterEach(() => recorder.release());

type SubscriptionActor = Actor<typeof subscriptionRequestMachine>;

function start(requests: DeferredRequests): SubscriptionActor {
  const machine = subscriptionRequestMachine.provide({ actors: { fetchTexts: requests.actor('texts'), sendRequest: requests.actor('send') } });
  return createActor(machine).start();
}

function checks(actor: SubscriptionActor, requests: DeferredRequests): Record<string, () => void> {
  const snapshot = () => actor.getSnapshot();
  const context = () => snapshot().context;
  const modalCheck = (text: 'terms' | 'privacy') => () => {
    // Accept and Decline work exactly when there is a text to accept.
    const withText = hasText(context().texts[text]?.html);
    expect(snapshot().can({ type: 'subscription.accept' })).toBe(withText);
    expect(snapshot().can({ type: 'subscription.decline' })).toBe(withText);
  };
  return {
    'subscriptionRequest.form.texts.loading': () => expect(requests.has('texts')).toBe(true),
    'subscriptionRequest.form.texts.loaded': () => {
      expect(requests.has('texts')).toBe(false);
      expect([TEXTS, NO_TEXTS]).toContainEqual(context().texts);
    },
    'subscriptionRequest.form.texts.failed': () => {
      expect(requests.has('texts')).toBe(false);
      expect(context().texts).toEqual(NO_TEXTS);
      expect(recorder.notices).toContainEqual({ message: 'Database unavailable', color: 'red' });
    },
    'subscriptionRequest.form.modal.closed': () => {
      expect(snapshot().can({ type: 'subscription.accept' })).toBe(false);
      expect(snapshot().can({ type: 'subscription.decline' })).toBe(false);
    },
    'subscriptionRequest.form.modal.terms': modalCheck('terms'),
    'subscriptionRequest.form.modal.privacy': modalCheck('privacy'),
    'subscriptionRequest.form.submission.editing': () => {
      expect(requests.has('send')).toBe(false);
      expect(context().message).toBeNull();
    },
    'subscriptionRequest.form.submission.sending': () => {
      // The trimmed details and the _id of each text version accepted.
      expect(requests.inputOf('send')).toEqual({
        companyName: COMPANY.companyName,
        gstNo: COMPANY.gstNo,
        companyTeamSize: Number(COMPANY.companyTeamSize),
        address: COMPANY.address,
        termsAndConditions: TEXTS.terms?._id,
        privacyPolicy: TEXTS.privacy?._id,
      });
      expect(context().error).toBeNull();
      expect(snapshot().can({ type: 'subscription.openTerms' })).toBe(false);
    },
    'subscriptionRequest.sent': () => {
      expect(requests.has('send') || requests.has('texts')).toBe(false);
      expect([SUBSCRIPTION_TEXTS.sent, CREATED_WITH_MESSAGE.message]).toContain(context().message);
    },
  };
}

/** Executes a model event; checks the notices it must (and must not) raise, and that a refused submit sends nothing. */
async function execute(event: SubscriptionRequestEvent, actor: SubscriptionActor, requests: DeferredRequests): Promise<void> {
  const before = recorder.notices.length;
  const raised = () => recorder.notices.slice(before);
  if (event.type.startsWith('xstate.')) {
    const isError = event.type.startsWith('xstate.error.actor.');
    const id = event.type.slice(isError ? 'xstate.error.actor.'.length : 'xstate.done.actor.'.length);
    if (isError) await requests.reject(id, (event as { error: unknown }).error);
    else await requests.resolve(id, (event as { output: unknown }).output);
    // Only a failed texts load is notified; a refused send shows in the form.
    expect(raised()).toEqual(isError && id === 'texts' ? [{ message: 'Database unavailable', color: 'red' }] : []);
    return;
  }
  const { values, acceptance } = actor.getSnapshot().context;
  const sends = requests.started('send');
  actor.send(event);
  await settle();
  expect(raised()).toEqual([]);
  if (event.type === 'subscription.submit') expect(requests.started('send') - sends).toBe(isComplete(values, acceptance) ? 1 : 0);
}

describe('subscriptionRequest machine, model-based against the actor', () => {
  for (const run of SUBSCRIPTION_RUNS) {
    const paths = subscriptionPaths(run);
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

// The graph keys a retried send like the first one (the error is cleared on the way), so the edge from a
// refused send back to sending is checked here.
describe('a refused send, then Submit Request again', () => {
  it('clears the refusal while sending the same request again, and ends sent', async () => {
    const requests = createDeferredRequests();
    const actor = start(requests);
    await requests.resolve('texts', TEXTS);
    for (const field of ['companyName', 'gstNo', 'address', 'companyTeamSize'] as const) actor.send({ type: 'subscription.change', field, value: COMPANY[field] });
    for (const open of ['subscription.openTerms', 'subscription.openPrivacy'] as const) {
      actor.send({ type: open });
      actor.send({ type: 'subscription.accept' });
    }
    actor.send({ type: 'subscription.submit' });
    await settle();
    const first = requests.inputOf('send');
    await requests.reject('send', DUPLICATE);
    expect(actor.getSnapshot().context.error?.message).toBe('A request for this GST Number already exists');
    actor.send({ type: 'subscription.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ form: { submission: 'sending' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(requests.started('send')).toBe(2);
    expect(requests.inputOf('send')).toEqual(first);
    await requests.resolve('send', CREATED);
    expect(actor.getSnapshot().value).toBe('sent');
    expect(recorder.notices).toEqual([]);
    actor.stop();
  });
});

afterAll(() => {
  expect(coverage.missingStates(subscriptionRequestMachine)).toEqual([]);
  expect(coverage.missingEvents(subscriptionRequestMachine)).toEqual([]);
});
