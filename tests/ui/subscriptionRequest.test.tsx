/** /auth/subscription-request: the spec's labels and messages, and the public request with the server's answer. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFor, renderApp, resetHarness } from './support/renderApp';

afterEach(resetHarness);

function fill(values: Partial<Record<'company' | 'gst' | 'address' | 'users', string>>) {
  if (values.company !== undefined) fireEvent.change(screen.getByLabelText(/^Company Name/), { target: { value: values.company } });
  if (values.gst !== undefined) fireEvent.change(screen.getByLabelText(/^GST Number/), { target: { value: values.gst } });
  if (values.address !== undefined) fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: values.address } });
  if (values.users !== undefined) fireEvent.change(screen.getByLabelText(/^Number of Users/), { target: { value: values.users } });
}

describe('subscription request form', () => {
  it('shows the spec’s labels and placeholder', async () => {
    renderApp(apiFor([]), '/auth/subscription-request');
    await screen.findByRole('button', { name: 'Submit Request' });
    expect(screen.getByPlaceholderText('City / State / Pin Code / Country')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Privacy & Policy' })).toBeTruthy();
  });

  it('shows each message of spec document 1 §5', async () => {
    const user = userEvent.setup();
    const app = renderApp(apiFor([]), '/auth/subscription-request');
    await user.click(await screen.findByRole('button', { name: 'Submit Request' }));
    for (const text of ['Company Name is required', 'GST Number is required', 'Address is required', 'Number of Users is required', 'Please accept terms & conditions and privacy policy']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    fill({ gst: '27AAACD1234F1Z', users: 'ten' });
    expect(screen.getByText('GST Number is not valid')).toBeTruthy();
    expect(screen.getByText('Please enter valid number')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Terms & Conditions' }));
    expect(screen.getByText('Please accept privacy policy')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Terms & Conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Privacy & Policy' }));
    expect(screen.getByText('Please accept terms & conditions')).toBeTruthy();
    expect(app.api.requests).toHaveLength(0);
  });

  it("sends a valid request as a public call and shows the server's message", async () => {
    const user = userEvent.setup();
    const api = apiFor([]).on('POST', '/api/public/public-subscription-request', { status: 201, body: { message: 'Thank you! We will reach out within two working days.' } });
    renderApp(api, '/auth/subscription-request');
    await screen.findByRole('button', { name: 'Submit Request' });
    fill({ company: 'Kalyani Forge Components', gst: '27AAACD1234F1Z5', address: 'Pune / Maharashtra / 411018 / India', users: '25' });
    await user.click(screen.getByRole('checkbox', { name: 'Terms & Conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Privacy & Policy' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Thank you! We will reach out within two working days.')).toBeTruthy();
    const [request] = api.requestsTo('POST', '/api/public/public-subscription-request');
    expect(request.headers['public-request']).toBe('true');
    expect(request.body).toEqual({
      companyName: 'Kalyani Forge Components',
      gstNo: '27AAACD1234F1Z5',
      address: 'Pune / Maharashtra / 411018 / India',
      companyTeamSize: 25,
      termsAndConditions: true,
      privacyPolicy: true,
    });
  });

  it("keeps the form with the server's message when the request fails", async () => {
    const user = userEvent.setup();
    const api = apiFor([]).on('POST', '/api/public/public-subscription-request', { status: 409, body: { message: 'A request for this GST Number already exists', code: 11000 } });
    renderApp(api, '/auth/subscription-request');
    await screen.findByRole('button', { name: 'Submit Request' });
    fill({ company: 'Kalyani Forge Components', gst: '27AAACD1234F1Z5', address: 'Pune', users: '25' });
    await user.click(screen.getByRole('checkbox', { name: 'Terms & Conditions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Privacy & Policy' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('A request for this GST Number already exists')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit Request' }).getAttribute('data-loading')).toBeNull());
    expect((screen.getByLabelText(/^Company Name/) as HTMLInputElement).value).toBe('Kalyani Forge Components');
  });
});
