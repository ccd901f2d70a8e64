/**
 * Issue 34: the messages a person reads when something is refused are in their language. With French chosen, a step
 * the server refuses (its answer's words: src/contract/refusalMessages.ts) is said in French, not in the server's
 * English; a form saved with gaps says what is missing in French; a message the dictionaries do not know (a server's
 * own words) shows as the server wrote it.
 */
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moduleNamed } from '../../src/contract/modules';
import { refusal } from '../../src/contract/refusalMessages';
import { loadDictionary, translator } from '../../src/i18n/dictionaries';
import { allowedEvents, lifecycleOf } from '../../src/machines/lifecycles/index';
import { EVERY_PRIVILEGE } from '../machines/support/lifecyclePaths';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const fr = translator('fr');

beforeAll(() => loadDictionary('fr'));
afterEach(() => {
  resetHarness();
  notifications.clean();
});

function inFrench(): void {
  window.localStorage.setItem('fieldops.preferences', JSON.stringify({ locale: 'fr' }));
  storePreviousVisit(admin);
}

/** A credit note waiting for approval, raised by the person looking at it, on Manage Credit Notes. */
function creditNoteApi(answer: (event: string) => { status: number; body: unknown }) {
  const def = moduleNamed('credit-note');
  const note = {
    _id: 'cn1',
    alternateId: 'CN-2026-000003',
    status: 'Pending Approval',
    version: 2,
    allowedEvents: allowedEvents(lifecycleOf('credit-note')!, { status: 'Pending Approval' }, EVERY_PRIVILEGE),
  };
  const api = apiFor([admin]);
  api.on('GET', def.path, { body: { data: [note], total: 1 } });
  api.on('GET', `${def.path}/getById/:id`, { body: note });
  api.on('GET', `${def.path}/history/:id`, { body: { data: [], total: 0 } });
  api.on('GET', '/api/app/invoice', { body: { data: [], total: 0 } });
  api.on('PATCH', `${def.path}/transition/:id`, (request) => answer((request.body as { event: string }).event));
  return api;
}

/** Opens the credit note on Manage Credit Notes and approves it, confirming in the step's dialog, as the approver would. */
async function approveTheCreditNote(api: ReturnType<typeof creditNoteApi>): Promise<void> {
  renderApp(api, '/app/manageCreditNote');
  const user = userEvent.setup({ delay: null });
  await user.click((await screen.findAllByRole('button', { name: new RegExp(`^${fr('list.view')} `) }))[0]!);
  const panel = await screen.findByTestId('lifecycle-panel');
  await user.click(within(panel).getByRole('button', { name: 'Approuver' }));
  // Approving asks for confirmation (and optional remarks) in a dialog.
  await user.click(within(await screen.findByRole('dialog', { name: 'Approuver' })).getByRole('button', { name: 'Approuver' }));
}

describe('refusals and validation in French', () => {
  it('says a step the server refuses in French, from the words beside its English', async () => {
    inFrench();
    const said = refusal('makerChecker', { noun: 'Credit note', name: 'CN-2026-000003', stepLower: 'approve', nounLower: 'credit note' }, { noun: 'Credit note', name: 'CN-2026-000003', stepLower: 'Approve', nounLower: 'Credit note' });
    const api = creditNoteApi(() => ({ status: 409, body: { message: said.message, code: 'TRANSITION_NOT_ALLOWED', allowedEvents: ['withdraw'], words: said.words } }));
    await approveTheCreditNote(api);
    const notice = await screen.findByText(/une autre personne doit effectuer/);
    expect(notice.textContent).toBe('Avoir CN-2026-000003 : c’est vous qui avez saisi cet enregistrement ; une autre personne doit effectuer « approuver » (qui saisit un enregistrement de type avoir ne l’approuve ni ne le rejette)');
    expect(screen.queryByText(said.message)).toBeNull();
  });

  it('says a billing refusal of the server in French, its amount as the server wrote it', async () => {
    inFrench();
    // What server/domain/billing/credit-note-approval.ts answers when an approval would credit more than the invoice.
    const said = refusal('creditExceedsInvoice', { amount: '₹1,200.00' });
    const api = creditNoteApi(() => ({ status: 409, body: { message: said.message, words: said.words } }));
    await approveTheCreditNote(api);
    expect(await screen.findByText('Les avoirs ne peuvent pas dépasser la facture : ₹1,200.00 au plus peuvent encore être crédités')).toBeTruthy();
    expect(screen.queryByText(said.message)).toBeNull();
  });

  it('shows a refusal without words as the server wrote it', async () => {
    inFrench();
    const api = creditNoteApi(() => ({ status: 409, body: { message: 'The e-invoice portal is down for maintenance', code: 'TRANSITION_NOT_ALLOWED', allowedEvents: [] } }));
    await approveTheCreditNote(api);
    expect(await screen.findByText('The e-invoice portal is down for maintenance')).toBeTruthy();
  });

  it('says what a form is missing in French, with the fields’ French labels', async () => {
    inFrench();
    const api = apiFor([admin]);
    api.on('GET', '/api/app/client-master', { body: { data: [], total: 0 } });
    api.on('GET', '/api/app/client', { body: { data: [], total: 0 } });
    renderApp(api, '/app/client-master');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: fr('list.create') }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    const gst = within(dialog).getByRole('textbox', { name: new RegExp(`^${fr('catalogue.field.gstNo')}`) });
    await user.type(gst, 'not a GSTIN');
    await user.click(within(dialog).getByRole('button', { name: fr('form.save') }));
    await waitFor(() => expect(dialog.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(1));
    const errors = [...dialog.querySelectorAll('.mantine-InputWrapper-error')].map((e) => e.textContent ?? '');
    expect(errors).toContain(`${fr('catalogue.field.gstNo')} n’est pas valide`);
    expect(errors.some((e) => e.endsWith(' est obligatoire'))).toBe(true);
    expect(errors.filter((e) => /is required|is not valid|must be/.test(e))).toEqual([]);
  });
});
