/**
 * /auth/subscription-request in the whole client, through the real HTTP layer to a fake API: the spec's
 * labels and messages, the terms and privacy texts read from the public calls and accepted in their modals
 * (read-only boxes, NO DATA FOUND without a text, a load failure notified), and the public request that
 * carries the accepted versions with the server's answer.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeApi } from '../support/fakeApi';
import { apiFor, renderApp, resetHarness } from '../support/renderApp';

afterEach(resetHarness);

const SIGN_UP = '/api/public/public-subscription-request';
const TERMS = '/api/public/public-terms-and-conditions/getLatestTandC';
const PRIVACY = '/api/public/public-terms-and-conditions/getLatestPrivacyPolicy';

/** The fake API with the texts' replies in the spec's shapes (document 2 §7). */
function apiWithTexts(): FakeApi {
  return apiFor([])
    .on('GET', TERMS, { body: { _id: 'terms-v3', termsAndConditions: '<h2>Terms &amp; Conditions</h2><p>Billed monthly per user.</p>' } })
    .on('GET', PRIVACY, { body: { privacyPolicyData: { _id: 'privacy-v2', termsAndConditions: '<p>Data stays in India.</p><script>alert(1)</script>' } } });
}

function fill(values: Partial<Record<'company' | 'gst' | 'address' | 'users', string>>) {
  if (values.company !== undefined) fireEvent.change(screen.getByLabelText(/^Company Name/), { target: { value: values.company } });
  if (values.gst !== undefined) fireEvent.change(screen.getByLabelText(/^GST Number/), { target: { value: values.gst } });
  if (values.address !== undefined) fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: values.address } });
  if (values.users !== undefined) fireEvent.change(screen.getByLabelText(/^Number of Users/), { target: { value: values.users } });
}

/** Opens a text through its link and answers its modal. */
async function answer(user: UserEvent, text: 'Terms & Conditions' | 'Privacy & Policy', button: 'Accept' | 'Decline') {
  await user.click(screen.getByRole('button', { name: text }));
  await user.click(within(await screen.findByRole('dialog', { name: text })).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** A complete form, both texts accepted, then Submit Request. */
async function sendComplete(user: UserEvent, values: Partial<Record<'company' | 'gst' | 'address' | 'users', string>> = {}) {
  fill({ company: 'Kalyani Forge Components', gst: '27AAACD1234F1Z5', address: 'Pune / Maharashtra / 411018 / India', users: '25', ...values });
  await answer(user, 'Terms & Conditions', 'Accept');
  await answer(user, 'Privacy & Policy', 'Accept');
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
}

const box = (name: 'Terms & Conditions' | 'Privacy & Policy') => screen.getByRole('checkbox', { name }) as HTMLInputElement;

async function openPage(api: FakeApi) {
  const app = renderApp(api, '/auth/subscription-request');
  await screen.findByRole('button', { name: 'Submit Request' });
  await waitFor(() => expect(api.requestsTo('GET', PRIVACY)).toHaveLength(1));
  return app;
}

describe('subscription request page', () => {
  it('shows the spec’s labels and placeholder, and reads the latest texts as public calls', async () => {
    const api = apiWithTexts();
    await openPage(api);
    for (const label of [/^Company Name/, /^GST Number/, /^Address/, /^Number of Users/]) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByPlaceholderText('City / State / Pin Code / Country')).toBeTruthy();
    expect(box('Terms & Conditions').checked).toBe(false);
    expect(box('Privacy & Policy').checked).toBe(false);
    for (const path of [TERMS, PRIVACY]) expect(api.requestsTo('GET', path)[0].headers['public-request']).toBe('true');
  });

  it('ticks a box only through its modal: read-only rich text, 550 px, Accept ticks and Decline clears', async () => {
    const user = userEvent.setup();
    await openPage(apiWithTexts());
    await user.click(box('Terms & Conditions'));
    expect(box('Terms & Conditions').checked).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Privacy & Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy & Policy' });
    expect(within(dialog).getByText('Data stays in India.')).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[contenteditable="true"], textarea, input')).toBeNull();
    // 550 px, which Mantine writes in rem (550 / 16).
    expect(dialog.closest('[style*="--modal-size"]')?.getAttribute('style')).toContain('--modal-size: calc(34.375rem');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(box('Privacy & Policy').checked).toBe(true);

    await answer(user, 'Privacy & Policy', 'Decline');
    expect(box('Privacy & Policy').checked).toBe(false);
    expect(screen.getByText('Please accept terms & conditions and privacy policy')).toBeTruthy();
  });

  it('shows each message of spec document 1 §5 and sends nothing until the form is complete', async () => {
    const user = userEvent.setup();
    const app = await openPage(apiWithTexts());
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    for (const text of ['Company Name is required', 'GST Number is required', 'Address is required', 'Number of Users is required', 'Please accept terms & conditions and privacy policy']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    fill({ gst: '27AAACD1234F1Z', users: 'ten' });
    expect(screen.getByText('GST Number is not valid')).toBeTruthy();
    expect(screen.getByText('Please enter valid number')).toBeTruthy();
    await answer(user, 'Terms & Conditions', 'Accept');
    expect(screen.getByText('Please accept privacy policy')).toBeTruthy();
    await answer(user, 'Terms & Conditions', 'Decline');
    await answer(user, 'Privacy & Policy', 'Accept');
    expect(screen.getByText('Please accept terms & conditions')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(app.api.requestsTo('POST', SIGN_UP)).toHaveLength(0);
  });

  it('shows NO DATA FOUND with both buttons disabled when no text is published', async () => {
    const user = userEvent.setup();
    const api = apiFor([]).on('GET', TERMS, { body: { _id: null, termsAndConditions: null } }).on('GET', PRIVACY, { body: { privacyPolicyData: null } });
    await openPage(api);
    for (const name of ['Terms & Conditions', 'Privacy & Policy'] as const) {
      await user.click(screen.getByRole('button', { name }));
      const dialog = within(await screen.findByRole('dialog', { name }));
      expect(dialog.getByText('NO DATA FOUND')).toBeTruthy();
      expect(dialog.getByRole('button', { name: 'Accept' }).hasAttribute('disabled')).toBe(true);
      expect(dialog.getByRole('button', { name: 'Decline' }).hasAttribute('disabled')).toBe(true);
      await user.click(dialog.getByRole('button', { name: 'Close' }));
      expect(box(name).checked).toBe(false);
    }
  });

  it('notifies a failed texts load with its error text', async () => {
    const api = apiFor([]).on('GET', TERMS, { status: 500, body: { message: 'Database unavailable' } }).on('GET', PRIVACY, { body: { privacyPolicyData: null } });
    renderApp(api, '/auth/subscription-request');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });

  it("sends a complete request as a public call with the accepted versions, and shows the server's message", async () => {
    const user = userEvent.setup();
    const api = apiWithTexts().on('POST', SIGN_UP, { status: 201, body: { message: 'Thank you! We will reach out within two working days.' } });
    await openPage(api);
    // Typed in lower case: the GST Number field writes capitals.
    await sendComplete(user, { gst: '27aaacd1234f1z5' });
    expect(await screen.findByText('Thank you! We will reach out within two working days.')).toBeTruthy();
    expect(screen.getByText('Request sent')).toBeTruthy();
    const [request] = api.requestsTo('POST', SIGN_UP);
    expect(request.headers['public-request']).toBe('true');
    expect(request.body).toEqual({
      companyName: 'Kalyani Forge Components',
      gstNo: '27AAACD1234F1Z5',
      address: 'Pune / Maharashtra / 411018 / India',
      companyTeamSize: 25,
      termsAndConditions: 'terms-v3',
      privacyPolicy: 'privacy-v2',
    });
  });

  it("keeps the form with the server's message when the request fails", async () => {
    const user = userEvent.setup();
    const api = apiWithTexts().on('POST', SIGN_UP, { status: 409, body: { message: 'A request for this GST Number already exists', code: 11000 } });
    await openPage(api);
    await sendComplete(user);
    expect(await screen.findByText('A request for this GST Number already exists')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Request' }).getAttribute('data-loading')).toBeNull());
    expect((screen.getByLabelText(/^Company Name/) as HTMLInputElement).value).toBe('Kalyani Forge Components');
    expect(box('Terms & Conditions').checked).toBe(true);
  });
});
