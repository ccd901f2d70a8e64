/**
 * The sign-up machine's model, run through the rendered page: events become typing, leaving a field, the
 * links that open the texts, Accept / Decline / close, Submit Request, and the server's answers; states are
 * checked by what the person sees (fields and their messages, the read-only boxes, the modal and its
 * buttons, the refusal, the button's progress, the server's answer, notifications).
 */
import { useActorRef } from '@xstate/react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TEXTS, errorsOf, subscriptionRequestMachine, type SubscriptionRequestContext, type SubscriptionRequestEvent } from '../../../src/machines/flows/subscriptionRequest';
import { SUBSCRIBER_FIELDS, SUBSCRIBER_LABELS, hasText, isComplete, type SubscriberField } from '../../../src/contract/subscriberDetailsRules';
import { SubscriptionRequestPanel } from '../../../src/ui/screens/auth/SubscriptionRequestPanel';
import { createDeferredRequests, type DeferredRequests } from '../../machines/support/deferred';
import { atomicIds, describePath, PRIVACY_WORDS, replay, SUBSCRIPTION_RUNS, subscriptionPaths, TERMS_WORDS } from '../../machines/subscriptionRequest.model';
import { flush, notifications, renderPublicPage, type RenderedPage } from '../public/render';

afterEach(() => {
  act(() => notifications.clean());
});

/** The page as the route shows it, inside the sign-in frame's content, with the test's request actors. */
function Page({ logic }: { logic: typeof subscriptionRequestMachine }) {
  const actor = useActorRef(logic);
  return <SubscriptionRequestPanel actor={actor} />;
}

const input = (field: SubscriberField) => screen.getByRole('textbox', { name: new RegExp(`^${SUBSCRIBER_LABELS[field]}`) }) as HTMLInputElement | HTMLTextAreaElement;
const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });
const dialog = () => screen.queryByRole('dialog');
const checkbox = (name: 'Terms & Conditions' | 'Privacy & Policy') => screen.getByRole('checkbox', { name }) as HTMLInputElement;

function expectForm(model: SubscriptionRequestContext): void {
  for (const field of SUBSCRIBER_FIELDS) expect(input(field).value).toBe(model.values[field]);
  expect(checkbox('Terms & Conditions').checked).toBe(model.acceptance.termsAndConditions);
  expect(checkbox('Privacy & Policy').checked).toBe(model.acceptance.privacyPolicy);
  const errors = errorsOf(model);
  for (const field of SUBSCRIBER_FIELDS) {
    const message = errors[field];
    // A message shows once its field is touched (left, or all after a refused submit), not before.
    if (message) expect(screen.queryByText(message) !== null, `${field}: ${message}`).toBe(Boolean(model.touched[field]));
  }
  if (errors.acceptance) expect(screen.queryByText(errors.acceptance) !== null).toBe(Boolean(model.touched.acceptance));
  else for (const text of ['Please accept terms & conditions', 'Please accept privacy policy']) expect(screen.queryByText(new RegExp(`^${text}`))).toBeNull();
  // A refused send: the server's message, or the default of document 2 §8.
  if (model.error) expect(screen.getByText(model.error.message ?? SUBSCRIPTION_TEXTS.failed)).toBeTruthy();
  else expect(screen.queryByText(SUBSCRIPTION_TEXTS.failed)).toBeNull();
}

function expectModal(title: string, words: string, html: string | undefined): void {
  const d = within(screen.getByRole('dialog', { name: title }));
  const accept = d.getByRole('button', { name: 'Accept' });
  const decline = d.getByRole('button', { name: 'Decline' });
  if (hasText(html)) {
    expect(d.getByText(words)).toBeTruthy();
    expect(d.queryByText('NO DATA FOUND')).toBeNull();
    expect(accept.hasAttribute('disabled')).toBe(false);
    expect(decline.hasAttribute('disabled')).toBe(false);
  } else {
    expect(d.getByText('NO DATA FOUND')).toBeTruthy();
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(decline.hasAttribute('disabled')).toBe(true);
  }
}

function checks(requests: DeferredRequests): Record<string, (model: SubscriptionRequestContext) => void> {
  return {
    'subscriptionRequest.form.texts.loading': () => expect(requests.has('texts')).toBe(true),
    'subscriptionRequest.form.texts.loaded': () => expect(requests.has('texts')).toBe(false),
    'subscriptionRequest.form.texts.failed': () => expect(requests.has('texts')).toBe(false),
    'subscriptionRequest.form.modal.closed': () => expect(dialog()).toBeNull(),
    'subscriptionRequest.form.modal.terms': (model) => expectModal('Terms & Conditions', TERMS_WORDS, model.texts.terms?.html),
    'subscriptionRequest.form.modal.privacy': (model) => expectModal('Privacy & Policy', PRIVACY_WORDS, model.texts.privacy?.html),
    'subscriptionRequest.form.submission.editing': (model) => {
      expectForm(model);
      expect(submitButton().getAttribute('data-loading')).toBeNull();
    },
    'subscriptionRequest.form.submission.sending': (model) => {
      expectForm(model);
      expect(submitButton().getAttribute('data-loading')).toBe('true');
      for (const field of SUBSCRIBER_FIELDS) expect(input(field).disabled).toBe(true);
      expect(screen.getByRole('button', { name: 'Terms & Conditions' }).hasAttribute('disabled')).toBe(true);
    },
    'subscriptionRequest.sent': (model) => {
      const status = screen.getByRole('status');
      expect(within(status).getByText('Request sent')).toBeTruthy();
      expect(within(status).getByText(model.message ?? '')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Submit Request' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/auth/login-2');
    },
  };
}

/** What a person does for each model event, or how the server answers. */
async function perform(event: SubscriptionRequestEvent, page: RenderedPage, requests: DeferredRequests, model: SubscriptionRequestContext): Promise<void> {
  const before = page.notices.length;
  const sends = requests.started('send');
  switch (event.type) {
    case 'subscription.change':
      fireEvent.change(input(event.field), { target: { value: event.value } });
      break;
    case 'subscription.blur':
      fireEvent.blur(input(event.field));
      break;
    case 'subscription.openTerms':
      fireEvent.click(screen.getByRole('button', { name: 'Terms & Conditions' }));
      break;
    case 'subscription.openPrivacy':
      fireEvent.click(screen.getByRole('button', { name: 'Privacy & Policy' }));
      break;
    case 'subscription.accept':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Accept' }));
      break;
    case 'subscription.decline':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Decline' }));
      break;
    case 'subscription.closeModal':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Close' }));
      break;
    case 'subscription.submit':
      fireEvent.click(submitButton());
      await flush();
      // Nothing leaves the page until the form is complete.
      expect(requests.started('send') - sends).toBe(isComplete(model.values, model.acceptance) ? 1 : 0);
      break;
    default: {
      const failed = event.type.startsWith('xstate.error.actor.');
      const id = event.type.slice(failed ? 'xstate.error.actor.'.length : 'xstate.done.actor.'.length);
      await act(async () => {
        if (failed) await requests.reject(id, (event as { error: unknown }).error);
        else await requests.resolve(id, (event as { output: unknown }).output);
      });
      await flush();
      // Only a failed texts load is notified (with its error text); a refused send shows in the form.
      const expected = failed && id === 'texts' ? 'Database unavailable' : null;
      expect(page.notices.slice(before).map((n) => n.message)).toEqual(expected ? [expected] : []);
      if (expected) expect((await screen.findAllByText(expected)).length).toBeGreaterThan(0);
      return;
    }
  }
  await flush();
  expect(page.notices.slice(before)).toEqual([]);
}

describe('sign-up page, driven by the machine model', () => {
  for (const run of SUBSCRIPTION_RUNS) {
    describe(run.title, () => {
      const paths = subscriptionPaths(run);
      paths.forEach((path, index) => {
        it(`path ${index + 1}/${paths.length}: ${describePath(path.steps.map((s) => s.event))}`, async () => {
          const requests = createDeferredRequests();
          const logic = subscriptionRequestMachine.provide({ actors: { fetchTexts: requests.actor('texts'), sendRequest: requests.actor('send') } });
          const page = renderPublicPage(<Page logic={logic} />);
          await flush();
          const stateChecks = checks(requests);
          const steps = replay(path);
          let previous = steps[0]?.state.context as SubscriptionRequestContext;
          for (const step of steps) {
            if ((step.event.type as string) !== 'xstate.init') await perform(step.event, page, requests, previous);
            for (const id of atomicIds(step.state)) {
              const check = stateChecks[id];
              if (!check) throw new Error(`No check for state ${id}`);
              check(step.state.context);
            }
            previous = step.state.context;
          }
          page.unmount();
        });
      });
    });
  }
});
