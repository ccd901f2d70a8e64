/**
 * The subscriber details machine's model, run through the rendered page: events become typing, leaving
 * fields, opening the texts, Accept / Decline / close, Submit Request, and the server's answers; states
 * are checked by what the person sees (fields and their messages, the checkboxes, the modal, the button,
 * the banner, notifications).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { canSubmit, errorsOf, subscriberDetailsMachine, type SubscriberDetailsContext, type SubscriberDetailsEvent } from '../../../src/machines/flows/subscriberDetails';
import { SUBSCRIBER_LABELS } from '../../../src/contract/subscriberDetailsRules';
import { atomicIds } from '../../machines/publicProposal.model';
import { INPUT, replay, SUBSCRIBER_RUNS, subscriberPaths } from '../../machines/subscriberDetails.model';
import { createDeferredRequests, type DeferredRequests } from '../../machines/support/deferred';
import { ELSEWHERE, flush, notifications, renderPublicLink, subscriberLink, type RenderedLink } from './render';

afterEach(() => {
  act(() => notifications.clean());
});

const FIELD_LABEL = { gstNo: SUBSCRIBER_LABELS.gstNo, companyTeamSize: SUBSCRIBER_LABELS.companyTeamSize, address: SUBSCRIBER_LABELS.address } as const;
const input = (field: keyof typeof FIELD_LABEL) => screen.getByRole('textbox', { name: new RegExp(`^${FIELD_LABEL[field]}`) });
const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });
const dialog = () => screen.queryByRole('dialog');

function expectForm(model: SubscriberDetailsContext): void {
  expect((screen.getByRole('textbox', { name: /^Company Name/ }) as HTMLInputElement).readOnly).toBe(true);
  expect((input('gstNo') as HTMLInputElement).value).toBe(model.values.gstNo);
  expect((input('companyTeamSize') as HTMLInputElement).value).toBe(model.values.companyTeamSize);
  expect((input('address') as HTMLTextAreaElement).value).toBe(model.values.address);
  expect((screen.getByRole('checkbox', { name: 'Terms & Conditions' }) as HTMLInputElement).checked).toBe(model.acceptance.termsAndConditions);
  expect((screen.getByRole('checkbox', { name: 'Privacy & Policy' }) as HTMLInputElement).checked).toBe(model.acceptance.privacyPolicy);
  const errors = errorsOf(model);
  for (const field of ['gstNo', 'companyTeamSize', 'address'] as const) {
    const message = errors[field];
    // A message shows once its field is touched (left, or all after a refused submit), not before.
    if (message) expect(screen.queryByText(message) !== null).toBe(Boolean(model.touched[field]));
  }
  const acceptance = errors.acceptance;
  if (acceptance) expect(screen.queryByText(acceptance) !== null).toBe(Boolean(model.touched.acceptance));
  expect(screen.getByText(/Contact us at/)).toBeTruthy();
}

function checks(requests: DeferredRequests): Record<string, (model: SubscriberDetailsContext) => void> {
  return {
    'subscriberDetails.loading': () => {
      expect(screen.getByRole('status')).toBeTruthy();
      expect(requests.inputOf('request')).toMatchObject({ token: INPUT.token });
    },
    'subscriberDetails.failed': () => {
      const alert = screen.getByRole('alert');
      expect(within(alert).getByText('This link has expired. Please ask for a new one.')).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'subscriberDetails.subscribed': () => {
      expect(screen.getByText('You are subscribed!')).toBeTruthy();
      expect(screen.getByText(/Thank you for confirming your details/)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Submit Request' })).toBeNull();
    },
    'subscriberDetails.form.texts.loading': () => expect(requests.has('texts')).toBe(true),
    'subscriberDetails.form.texts.loaded': () => expect(requests.has('texts')).toBe(false),
    'subscriberDetails.form.texts.failed': () => expect(requests.has('texts')).toBe(false),
    'subscriberDetails.form.modal.closed': () => expect(dialog()).toBeNull(),
    'subscriberDetails.form.modal.terms': (model) => expectModal('Terms & Conditions', model.texts.terms?.html ? 'Billed monthly per user.' : null),
    'subscriberDetails.form.modal.privacy': (model) => expectModal('Privacy & Policy', model.texts.privacy?.html ? 'Data stays in India.' : null),
    'subscriberDetails.form.submission.editing': (model) => {
      expectForm(model);
      expect(submitButton().hasAttribute('disabled')).toBe(!canSubmit(model));
    },
    'subscriberDetails.form.submission.submitting': () => expect(submitButton().getAttribute('data-loading')).toBe('true'),
  };
}

function expectModal(title: string, text: string | null): void {
  const d = within(screen.getByRole('dialog', { name: title }));
  const accept = d.getByRole('button', { name: 'Accept' });
  const decline = d.getByRole('button', { name: 'Decline' });
  if (text) {
    expect(d.getByText(text)).toBeTruthy();
    expect(accept.hasAttribute('disabled')).toBe(false);
  } else {
    expect(d.getByText('NO DATA FOUND')).toBeTruthy();
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(decline.hasAttribute('disabled')).toBe(true);
  }
}

/** What a person does for each model event, or how the server answers. */
async function perform(event: SubscriberDetailsEvent, page: RenderedLink, requests: DeferredRequests, model: SubscriberDetailsContext): Promise<void> {
  const before = page.notices.length;
  switch (event.type) {
    case 'subscriber.retry':
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      break;
    case 'subscriber.change':
      fireEvent.change(input(event.field), { target: { value: event.value } });
      break;
    case 'subscriber.blur':
      fireEvent.blur(input(event.field));
      break;
    case 'subscriber.openTerms':
      fireEvent.click(screen.getByRole('button', { name: 'Terms & Conditions' }));
      break;
    case 'subscriber.openPrivacy':
      fireEvent.click(screen.getByRole('button', { name: 'Privacy & Policy' }));
      break;
    case 'subscriber.accept':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Accept' }));
      break;
    case 'subscriber.decline':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Decline' }));
      break;
    case 'subscriber.closeModal':
      fireEvent.click(within(dialog() as HTMLElement).getByRole('button', { name: 'Close' }));
      break;
    case 'subscriber.submit':
      if (canSubmit(model)) {
        fireEvent.click(submitButton());
      } else {
        // The button is disabled, so only a programmatic submit gets here; the machine still refuses it.
        expect(submitButton().hasAttribute('disabled')).toBe(true);
        fireEvent.submit(screen.getByRole('form', { name: 'Subscriber details' }));
      }
      break;
    default: {
      const failed = event.type.startsWith('xstate.error.actor.');
      const id = event.type.slice(failed ? 'xstate.error.actor.'.length : 'xstate.done.actor.'.length);
      await act(async () => {
        if (failed) await requests.reject(id, (event as { error: unknown }).error);
        else await requests.resolve(id, (event as { output: unknown }).output);
      });
      await flush();
      const serverMessage = failed ? (event as { error: { serverMessage?: string } }).error.serverMessage : undefined;
      const expected =
        id === 'save' ? (failed ? (serverMessage ?? 'Unable to update') : 'Subscription request submitted successfully') : id === 'texts' && failed ? 'Database unavailable' : null;
      expect(page.notices.slice(before).map((n) => n.message)).toEqual(expected ? [expected] : []);
      if (expected) expect((await screen.findAllByText(expected)).length).toBeGreaterThan(0);
      return;
    }
  }
  await flush();
  expect(page.notices.slice(before)).toEqual([]);
}

describe('subscriber details page, driven by the machine model', () => {
  for (const run of SUBSCRIBER_RUNS) {
    describe(run.title, () => {
      const paths = subscriberPaths(run);
      paths.forEach((path, index) => {
        it(`path ${index + 1}/${paths.length}: ${path.steps.map((s) => s.event.type.replace('xstate.', '').replace('subscriber.', '')).join(' → ')}`, async () => {
          const requests = createDeferredRequests();
          const logic = subscriberDetailsMachine.provide({
            actors: { fetchRequest: requests.actor('request'), fetchTexts: requests.actor('texts'), confirmRequest: requests.actor('save') },
          });
          const page = renderPublicLink(subscriberLink(INPUT), { actors: { subscriberDetails: logic } });
          await flush();
          const actor = page.session.system.get('subscriberDetails');
          expect(page.session.getSnapshot().children.subscriberDetails).toBe(actor);
          const stateChecks = checks(requests);
          const steps = replay(path);
          let previous = steps[0]?.state.context as SubscriberDetailsContext;
          for (const step of steps) {
            if ((step.event.type as string) !== 'xstate.init') await perform(step.event, page, requests, previous);
            for (const id of atomicIds(step.state)) {
              const check = stateChecks[id];
              if (!check) throw new Error(`No check for state ${id}`);
              check(step.state.context);
            }
            previous = step.state.context;
          }
          page.navigate(ELSEWHERE);
          await flush();
          expect(actor.getSnapshot().status).toBe('stopped');
          expect(page.session.system.get('subscriberDetails')).toBeUndefined();
          page.unmount();
        });
      });
    });
  }
});
