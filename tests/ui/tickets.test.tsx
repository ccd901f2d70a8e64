/**
 * The ticket workspace on screen (issue 13): the engineer's call view lists his tickets of every kind and opens
 * a ticket's page; the page is driven from the ticket lifecycle's model: in every state, the header and the
 * steps shown are what the machine allows; every transition is a click (its dialog filled where the step needs
 * words or a person) that sends the step and shows the state it leads to. A person who may not read tickets
 * gets a message, never a call.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import type { SocketInput } from '../../src/machines/session';
import { allowedEvents, lifecycleOf, nextState, type Lifecycle } from '../../src/machines/lifecycles/index';
import { TICKET_MODULES } from '../../src/ui/screens/tickets/ticketRows';
import { choiceKey } from '../../src/i18n/catalogue/en';
import { loadDictionary, translator, type TKey } from '../../src/i18n/dictionaries';
import { ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import { strokeOn } from './support/signature';
import { EVERY_PRIVILEGE } from '../machines/support/lifecyclePaths';

afterEach(() => {
  resetHarness();
  notifications.clean();
});

const engineer: Account = {
  login: ENGINEER,
  password: 'x',
  permissions: permissions(['MY_OPEN_CALLS', 'VIEW', 'UPDATE'], ['TICKET_ASSIGNED_TO_ME', 'VIEW', 'UPDATE']),
  menu: [],
};
const nobody: Account = { ...engineer, login: { ...ENGINEER, token: 'token-nobody' }, permissions: permissions(['FE_ACTIVITY', 'VIEW']) };

const SOON = new Date(Date.now() + 3 * 3_600_000).toISOString();
const LATE = new Date(Date.now() - 26 * 3_600_000).toISOString();

const breakdown = {
  _id: 't-svc',
  module: 'svc-ticket',
  kind: 'Breakdown Maintenance',
  alternateId: 'TKT-2026-000042',
  ticketType: 'Breakdown Maintenance',
  title: 'Compressor CP-01 tripping on high discharge temperature',
  priority: 'High',
  status: 'Assigned',
  assignedTo: 'u-engineer',
  assigneeName: 'Ravi Shankar Iyer',
  clientId: 'c-1',
  names: { clientId: 'Kalyani Forge Components', assignedTo: 'Ravi Shankar Iyer' },
  slaDueAt: SOON,
  reportedAt: new Date(Date.now() - 3_600_000).toISOString(),
};
const generic = { _id: 't-gen', module: 'ticket', kind: 'Generic', alternateId: 'GTK-2026-000007', title: 'Coolant leak near pump housing', priority: 'Urgent', status: 'In Progress', assignedTo: 'u-engineer', assigneeName: 'Ravi Shankar Iyer', slaDueAt: LATE };

/**
 * The engineer on the breakdown ticket's page: the fake API answers the ticket (as `ticket()` gives it now), its
 * empty history and its timeline (the `timeline` array, as a test adds to it). The test adds the calls it sends.
 */
function engineerOnTicket(ticket: () => Record<string, unknown>, timeline: ReadonlyArray<Record<string, unknown>> = []) {
  storePreviousVisit(engineer);
  const api = apiFor([engineer]);
  api.on('GET', '/api/app/svc-ticket/getById/:id', () => ({ body: ticket() }));
  api.on('GET', '/api/app/svc-ticket/history/:id', { body: { data: [], total: 0 } });
  api.on('GET', '/api/app/svc-ticket/activity/:id', () => ({ body: { data: [...timeline], total: timeline.length } }));
  return api;
}

const inProgress = { ...breakdown, status: 'In Progress', version: 2, allowedEvents: ['hold', 'resolve'], names: {} };

describe("the engineer's call view", () => {
  it('opened from "Past SLA" (?sla=overdue) lists only his tickets past their SLA, says so, and the filter is removed in one click', async () => {
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    const resolvedLate = { ...generic, _id: 't-done', alternateId: 'GTK-2026-000003', status: 'Resolved', resolvedAt: new Date().toISOString() };
    api.on('GET', '/api/app/ticket/view/:route', { body: { data: [breakdown, generic, resolvedLate], total: 3 } });
    const app = renderApp(api, '/app/my-open-tickets?sla=overdue');
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Open GTK-2026-000007' }, { timeout: 4_000 })).toBeTruthy();
    // Due in three hours, and done (however late): not open past the SLA.
    expect(screen.queryByRole('link', { name: 'Open TKT-2026-000042' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open GTK-2026-000003' })).toBeNull();
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByText('Open, past their SLA')).toBeTruthy();

    await user.click(within(filters).getByRole('button', { name: 'Remove the filter “Open, past their SLA”' }));
    await waitFor(() => expect(app.path()).toBe('/app/my-open-tickets'));
    expect(await screen.findByRole('link', { name: 'Open TKT-2026-000042' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Filters' })).toBeNull();
  });

  it('says so when no ticket of his is past its SLA', async () => {
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    api.on('GET', '/api/app/ticket/view/:route', { body: { data: [breakdown], total: 1 } });
    renderApp(api, '/app/my-open-tickets?sla=overdue');
    expect(await screen.findByText('No open ticket here is past its SLA.', undefined, { timeout: 4_000 })).toBeTruthy();
  });

  it('lists his tickets of every kind with their kind, status and SLA, filters by search, and opens a ticket page', async () => {
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    api.on('GET', '/api/app/ticket/view/:route', { body: { data: [breakdown, generic], total: 2 } });
    api.on('GET', '/api/app/svc-ticket/getById/:id', { body: { ...breakdown, version: 2, allowedEvents: ['start', 'resolve', 'cancel'], names: { assignedTo: 'Ravi Shankar Iyer', machineInstanceId: 'Compressor CP-01', clientId: 'Kalyani Forge Components' }, machineInstanceId: 'mi-1', clientId: 'c-1' } });
    api.on('GET', '/api/app/svc-ticket/history/:id', { body: { data: [], total: 0 } });
    api.on('GET', '/api/app/svc-ticket/activity/:id', { body: { data: [], total: 0 } });
    const app = renderApp(api, '/app/my-open-tickets');
    const user = userEvent.setup();

    const first = await screen.findByRole('link', { name: 'Open TKT-2026-000042' }, { timeout: 4_000 });
    expect(api.requestsTo('GET', '/api/app/ticket/view/:route').map((r) => r.path)).toEqual(['/api/app/ticket/view/my-open-tickets']);
    const row = first.closest('tr') as HTMLElement;
    expect(within(row).getByText('Breakdown Maintenance')).toBeTruthy();
    expect(within(row).getByText('Kalyani Forge Components')).toBeTruthy();
    expect(within(row).getByText('Assigned')).toBeTruthy();
    expect(within(row).getByText(/^Due in 2 h 5\d min$|^Due in 3 h$/)).toBeTruthy();
    const other = (screen.getByRole('link', { name: 'Open GTK-2026-000007' }).closest('tr') as HTMLElement);
    expect(within(other).getByText('Generic')).toBeTruthy();
    expect(within(other).getByText('Overdue by 1 d 2 h')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'kalyani');
    expect(screen.queryByRole('link', { name: 'Open GTK-2026-000007' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open TKT-2026-000042' })).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'coolant');
    expect(screen.queryByRole('link', { name: 'Open TKT-2026-000042' })).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nothing like it');
    expect(screen.getByText('No ticket matches "nothing like it".')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));

    await user.click(screen.getByRole('link', { name: 'Open TKT-2026-000042' }));
    await waitFor(() => expect(app.path()).toBe('/app/ticket/svc-ticket/t-svc'));
    const header = await screen.findByTestId('ticket-header');
    await waitFor(() => expect(within(header).getByText('Compressor CP-01 tripping on high discharge temperature')).toBeTruthy());
    // Names from the server: the engineer may list neither clients nor machines.
    expect(within(header).getByText('Kalyani Forge Components')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Compressor CP-01' }).getAttribute('href')).toBe('/app/machine/mi-1');
    expect(within(header).getByText('You (Ravi Shankar Iyer)')).toBeTruthy();
    expect(api.requestsTo('GET', '/api/app/client').length + api.requestsTo('GET', '/api/app/subscriber-user').length).toBe(0);
  });

  it("in French, words each row's kind, status and priority (stored in English) and finds a row by its words or by its stored value", async () => {
    await loadDictionary('fr');
    const fr = translator('fr');
    const choice = (value: string) => fr(`catalogue.choice.${choiceKey(value)}` as TKey);
    // The French words differ from the stored English, or the test would prove nothing.
    for (const value of ['Breakdown Maintenance', 'Assigned', 'High', 'In Progress', 'Urgent']) expect(choice(value)).not.toBe(value);
    window.localStorage.setItem('fieldops.preferences', JSON.stringify({ locale: 'fr' }));
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    api.on('GET', '/api/app/ticket/view/:route', { body: { data: [breakdown, generic], total: 2 } });
    renderApp(api, '/app/my-open-tickets');
    const user = userEvent.setup();
    const breakdownLink = await screen.findByRole('link', { name: fr('tickets.open', { number: 'TKT-2026-000042' }) }, { timeout: 4_000 });
    const row = breakdownLink.closest('tr') as HTMLElement;
    for (const word of [choice('Breakdown Maintenance'), choice('Assigned'), choice('High')]) expect(within(row).getByText(word)).toBeTruthy();
    const other = screen.getByRole('link', { name: fr('tickets.open', { number: 'GTK-2026-000007' }) }).closest('tr') as HTMLElement;
    for (const word of [fr('tickets.generic'), choice('In Progress'), choice('Urgent')]) expect(within(other).getByText(word)).toBeTruthy();
    expect(screen.queryByText('In Progress')).toBeNull();

    const search = screen.getByRole('textbox', { name: fr('tickets.search') });
    const shown = () => screen.queryAllByRole('link', { name: /^Ouvrir / }).map((link) => link.textContent);
    for (const [typed, found] of [[choice('In Progress'), ['GTK-2026-000007']], ['In Progress', ['GTK-2026-000007']], [choice('Breakdown Maintenance'), ['TKT-2026-000042']], ['Breakdown', ['TKT-2026-000042']], [fr('tickets.generic'), ['GTK-2026-000007']]] as const) {
      await user.clear(search);
      await user.type(search, typed);
      expect(shown(), typed).toEqual(found);
    }
  });

  it("shows the ticket's timeline, posts a comment and logs his work, each in the timeline after it is saved", async () => {
    const timeline: Array<Record<string, unknown>> = [
      { kind: 'spare-request', _id: 'rs1', at: '2026-11-26T05:00:00.000Z', by: { _id: 'u-engineer', name: 'Ravi Shankar Iyer' }, text: 'Oil filter × 1', status: 'Requested', number: 'RSP-2026-000003' },
    ];
    const api = engineerOnTicket(() => inProgress, timeline);
    api.on('POST', '/api/app/svc-ticket/comment/:id', ({ body }) => {
      const { comment, internal } = body as { comment: string; internal: boolean };
      timeline.unshift({ kind: 'comment', _id: 'c1', at: '2026-11-26T06:00:00.000Z', by: { _id: 'u-engineer', name: 'Ravi Shankar Iyer' }, text: comment, internal });
      return { status: 201, body: { _id: 'c1' } };
    });
    api.on('POST', '/api/app/svc-ticket/worklog/:id', ({ body }) => {
      const { activity, hours } = body as { activity: string; hours: number };
      timeline.unshift({ kind: 'worklog', _id: 'w1', at: '2026-11-26T07:00:00.000Z', by: { _id: 'u-engineer', name: 'Ravi Shankar Iyer' }, text: activity, hours });
      return { status: 201, body: { _id: 'w1' } };
    });
    renderApp(api, '/app/ticket/svc-ticket/t-svc');
    const user = userEvent.setup();
    const box = await screen.findByTestId('ticket-timeline', {}, { timeout: 4_000 });
    await waitFor(() => expect(within(box).getByText('Oil filter × 1')).toBeTruthy());
    expect(within(box).getByText('Requested')).toBeTruthy();

    await user.type(within(box).getByLabelText('Add a comment'), 'Cooler fins choked with dust');
    await user.click(within(box).getByLabelText('Internal (not shown to the client)'));
    await user.click(within(box).getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(within(box).getByText('Cooler fins choked with dust')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/svc-ticket/comment/:id')[0]!.body).toEqual({ comment: 'Cooler fins choked with dust', internal: true });
    expect(within(box).getByText('Internal')).toBeTruthy();
    expect((within(box).getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe('');

    await user.type(within(box).getByLabelText('Hours'), '1.5');
    await user.type(within(box).getByLabelText('What was done'), 'Cleaned the oil cooler');
    await user.click(within(box).getByRole('button', { name: 'Log work' }));
    await waitFor(() => expect(within(box).getByText('Cleaned the oil cooler')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/svc-ticket/worklog/:id')[0]!.body).toEqual({ hours: 1.5, activity: 'Cleaned the oil cooler' });
    expect(within(box).getByText('1.5 h')).toBeTruthy();

    // The team's own thread: the same box, the other button.
    api.on('POST', '/api/app/svc-ticket/discussion/:id', ({ body }) => {
      timeline.unshift({ kind: 'discussion', _id: 'd1', at: '2026-11-26T07:30:00.000Z', by: { _id: 'u-engineer', name: 'Ravi Shankar Iyer' }, text: (body as { message: string }).message });
      return { status: 201, body: { _id: 'd1' } };
    });
    await user.type(within(box).getByLabelText('Add a comment'), 'Can stores hold a spare fan?');
    await user.click(within(box).getByRole('button', { name: 'Post to team discussion' }));
    await waitFor(() => expect(within(box).getByText('Can stores hold a spare fan?')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/svc-ticket/discussion/:id')[0]!.body).toEqual({ message: 'Can stores hold a spare fan?' });
    expect(within(box).getByText('Team')).toBeTruthy();

    await user.click(within(box).getByText('Spare parts'));
    expect(within(box).queryByText('Cleaned the oil cooler')).toBeNull();
    expect(within(box).getByText('Oil filter × 1')).toBeTruthy();
  });

  it("the machine card's link opens a breakdown list with the new ticket's form started for that machine", async () => {
    const coordinator: Account = { login: { ...ENGINEER, token: 'token-coordinator' }, password: 'x', permissions: permissions(['BREAKDOWN_MAINTENENCE', 'VIEW', 'CREATE', 'UPDATE'], ['SVC_MACHINE_INSTANCE', 'VIEW']), menu: [] };
    storePreviousVisit(coordinator);
    const api = apiFor([coordinator]);
    api.on('GET', '/api/app/svc-ticket', { body: { data: [], total: 0 } });
    api.on('GET', '/api/app/svc-machine-instances', { body: { data: [{ _id: 'mi-1', name: 'Compressor CP-01' }], total: 1 } });
    renderApp(api, '/app/breakdownMaintenence?ticketType=Breakdown%20Maintenance&machineInstanceId=mi-1');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 4_000 });
    await waitFor(() => expect((within(dialog).getAllByLabelText(/^Machine/)[0] as HTMLInputElement).value).toBe('Compressor CP-01'));
    // The screen is Breakdown Maintenance: the type is the screen's, held and sent, never asked (issue 39 item 1); nor
    // is anything of a later step (resolution, hold or cancel reason) or of the work (labour hours).
    for (const notAsked of [/^Ticket type/i, /^Resolution/i, /^Hold reason/i, /^Cancel reason/i, /^Labour hours/i]) expect(within(dialog).queryAllByLabelText(notAsked)).toHaveLength(0);
    api.on('POST', '/api/app/svc-ticket', ({ body }) => ({ status: 201, body: { _id: 't-new', alternateId: 'TKT-2026-000050', ...(body as object) } }));
    const user = userEvent.setup();
    await user.type(within(dialog).getAllByLabelText(/^Title/)[0]!, 'Compressor trips on overload');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/svc-ticket')).toHaveLength(1));
    expect(api.requestsTo('POST', '/api/app/svc-ticket')[0]!.body).toMatchObject({ ticketType: 'Breakdown Maintenance', machineInstanceId: 'mi-1', title: 'Compressor trips on overload' });
  });

  it('the engineer requests a part for his ticket from the stores’ list; the request joins the timeline', async () => {
    const timeline: Array<Record<string, unknown>> = [];
    const api = engineerOnTicket(() => inProgress, timeline);
    api.on('GET', '/api/app/svc-ticket/parts/:id', { body: { data: [{ _id: 'p-1', partNumber: 'CPL-SPD-48', partName: 'Coupling spider insert 48 Sh A', unit: 'Nos', stockQty: 10 }], total: 1 } });
    api.on('POST', '/api/app/svc-ticket/spare-request/:id', () => {
      timeline.unshift({ kind: 'spare-request', _id: 'rs1', at: '2026-11-26T08:00:00.000Z', by: { _id: 'u-engineer', name: 'Ravi Shankar Iyer' }, text: 'Coupling spider insert 48 Sh A × 2', status: 'Requested', number: 'RSP-2026-000009' });
      return { status: 201, body: { _id: 'rs1' } };
    });
    renderApp(api, '/app/ticket/svc-ticket/t-svc');
    const user = userEvent.setup();
    const box = await screen.findByTestId('ticket-timeline', {}, { timeout: 4_000 });
    await user.click(await within(box).findByRole('button', { name: 'Request parts' }));
    await user.click(within(box).getAllByLabelText('Part')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Coupling spider insert 48 Sh A (CPL-SPD-48) · 10 in stock' }));
    await user.clear(within(box).getByLabelText('Quantity'));
    await user.type(within(box).getByLabelText('Quantity'), '2');
    await user.click(within(box).getByRole('button', { name: 'Request part' }));
    await waitFor(() => expect(within(box).getByText('Coupling spider insert 48 Sh A × 2')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/svc-ticket/spare-request/:id')[0]!.body).toEqual({ items: [{ partId: 'p-1', quantity: 2 }] });
    expect(within(box).getByText('RSP-2026-000009')).toBeTruthy();
  });

  it("resolving takes the customer's signature as drawn on a blank pad and sends it with the resolution, with no other button", async () => {
    let current: Record<string, unknown> = inProgress;
    const api = engineerOnTicket(() => current);
    api.on('PATCH', '/api/app/svc-ticket/transition/:id', ({ body }) => {
      current = { ...current, status: 'Resolved', version: 3, allowedEvents: [], ...(body as object) };
      return { body: current };
    });
    renderApp(api, '/app/ticket/svc-ticket/t-svc');
    const user = userEvent.setup();
    const panel = await screen.findByTestId('lifecycle-panel', {}, { timeout: 4_000 });
    await user.click(await within(panel).findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve' });
    await user.type(dialog.querySelectorAll('textarea')[0]!, 'Oil cooler cleaned');
    // A blank pad: the engineer's own saved signature is never drawn on it.
    expect(within(dialog).getByTestId('signature-state').textContent).toBe('The customer signs here; the drawing goes with the step.');
    strokeOn(within(dialog).getByRole('img', { name: 'Customer signature' }));
    // The drawing is the signature as the stroke ends: nothing more to press before the step itself.
    expect(within(dialog).queryByRole('button', { name: 'Add Signature' })).toBeNull();
    expect(within(dialog).getByTestId('signature-state').textContent).toBe('Signed: the signature goes with the step.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.requestsTo('PATCH', '/api/app/svc-ticket/transition/:id')).toHaveLength(1));
    expect(api.requestsTo('PATCH', '/api/app/svc-ticket/transition/:id')[0]!.body).toMatchObject({ event: 'resolve', resolution: 'Oil cooler cleaned', customerSignatureUrl: expect.stringMatching(/^data:image\/png;base64,/) });
    // The dialog closes once the workflow has taken the step.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resolve' })).toBeNull());
  });

  it('a refused resolve keeps the dialog open with the drawing and the words, and says why', async () => {
    let refused = true;
    const api = engineerOnTicket(() => inProgress);
    api.on('PATCH', '/api/app/svc-ticket/transition/:id', ({ body }) => {
      if (refused) {
        refused = false;
        return { status: 400, body: { message: 'customerSignatureUrl: The signature must be a PNG image drawn on the pad' } };
      }
      return { body: { ...inProgress, status: 'Resolved', version: 3, allowedEvents: [], ...(body as object) } };
    });
    renderApp(api, '/app/ticket/svc-ticket/t-svc');
    const user = userEvent.setup();
    const panel = await screen.findByTestId('lifecycle-panel', {}, { timeout: 4_000 });
    await user.click(await within(panel).findByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve' });
    // Without the resolution, nothing is sent and the field says why.
    strokeOn(within(dialog).getByRole('img', { name: 'Customer signature' }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Describe the resolution first')).toBeTruthy();
    expect(api.requestsTo('PATCH', '/api/app/svc-ticket/transition/:id')).toHaveLength(0);
    await user.type(dialog.querySelectorAll('textarea')[0]!, 'Oil cooler cleaned');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Not done: customerSignatureUrl: The signature must be a PNG image drawn on the pad')).toBeTruthy();
    expect(within(dialog).getByTestId('signature-state').textContent).toBe('Signed: the signature goes with the step.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.requestsTo('PATCH', '/api/app/svc-ticket/transition/:id')).toHaveLength(2));
    expect(api.requestsTo('PATCH', '/api/app/svc-ticket/transition/:id')[1]!.body).toMatchObject({ event: 'resolve', resolution: 'Oil cooler cleaned', customerSignatureUrl: expect.stringMatching(/^data:image\/png;base64,/) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resolve' })).toBeNull());
  });

  it('the engineer adds an expense with its receipt and a photo; a file is viewed through the ticket', async () => {
    const timeline: Array<Record<string, unknown>> = [];
    const api = engineerOnTicket(() => inProgress, timeline);
    api.on('POST', '/api/app/svc-ticket/expense/:id', ({ body }) => {
      const { amountPaise, category, description } = body as { amountPaise: number; category: string; description: string };
      timeline.unshift({ kind: 'expense', _id: 'e1', at: '2026-11-26T08:00:00.000Z', by: { _id: 'u-engineer', name: 'Ravi Shankar Iyer' }, text: description, amountPaise, category, status: 'Submitted', fileUrl: '/files/tickets/t-svc/f1/bus.png' });
      return { status: 201, body: { _id: 'e1' } };
    });
    api.on('POST', '/api/app/svc-ticket/attachment/:id', ({ body }) => {
      const { name } = body as { name: string };
      timeline.unshift({ kind: 'attachment', _id: 'a1', at: '2026-11-26T09:00:00.000Z', by: { _id: 'u-engineer', name: 'Ravi Shankar Iyer' }, text: name, fileUrl: `/files/tickets/t-svc/f2/${name}`, mimeType: 'image/png' });
      return { status: 201, body: { _id: 't-svc' } };
    });
    api.on('POST', '/api/app/svc-ticket/file/:id', { body: { data: 'iVBORw0KGgo=', name: 'fins.png', mimeType: 'image/png' } });
    renderApp(api, '/app/ticket/svc-ticket/t-svc');
    const user = userEvent.setup();
    const box = await screen.findByTestId('ticket-timeline', {}, { timeout: 4_000 });

    await user.click(await within(box).findByRole('button', { name: 'Add expense' }));
    await user.click(within(box).getAllByLabelText('Category')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Travel' }));
    await user.type(within(box).getByLabelText('Amount'), '420');
    await user.type(within(box).getByLabelText('Description'), 'Chakan and back');
    // Mantine's file inputs are buttons over a hidden <input type="file">: the expense's receipt is the first, the ticket's files the second.
    await user.upload(box.querySelectorAll<HTMLInputElement>('input[type=file]')[0]!, new File(['receipt'], 'bus.png', { type: 'image/png' }));
    await user.click(within(box).getByRole('button', { name: 'Save expense' }));
    await waitFor(() => expect(within(box).getByText('Chakan and back')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/svc-ticket/expense/:id')[0]!.body).toEqual({ category: 'Travel', amountPaise: 42_000, description: 'Chakan and back', receipt: { name: 'bus.png', mimeType: 'image/png', contentBase64: btoa('receipt') } });
    expect(within(box).getByText('₹420.00')).toBeTruthy();

    await user.upload(box.querySelectorAll<HTMLInputElement>('input[type=file]')[0]!, new File(['png'], 'fins.png', { type: 'image/png' }));
    await waitFor(() => expect(within(box).getByText('fins.png')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/svc-ticket/attachment/:id')[0]!.body).toEqual({ name: 'fins.png', mimeType: 'image/png', contentBase64: btoa('png') });
    const photo = within(box).getByText('fins.png').closest('[data-kind]') as HTMLElement;
    await user.click(within(photo).getByRole('button', { name: 'View' }));
    const preview = await screen.findByRole('dialog', { name: 'fins.png' });
    await waitFor(() => expect(within(preview).getByRole('img', { name: 'fins.png' }).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo='));
    expect(api.requestsTo('POST', '/api/app/svc-ticket/file/:id')[0]!.body).toEqual({ url: '/files/tickets/t-svc/f2/fins.png' });
  });

  it('a resolved ticket does not ask the engineer whose work it was for a rating', async () => {
    const own = engineerOnTicket(() => ({ ...breakdown, status: 'Resolved', version: 4, allowedEvents: [], names: {} }));
    renderApp(own, '/app/ticket/svc-ticket/t-svc');
    const ownBox = await screen.findByTestId('ticket-timeline', {}, { timeout: 4_000 });
    await waitFor(() => expect(own.requestsTo('GET', '/api/app/svc-ticket/activity/:id').length).toBeGreaterThan(0));
    await waitFor(() => expect(within(ownBox).getByText('Nothing on the timeline yet.')).toBeTruthy());
    expect(within(ownBox).queryByText('Rate the work')).toBeNull();
  });

  it('a resolved ticket asks for a rating until it has one', async () => {
    // Another engineer's resolved work, which this one may read: he is asked, as the client is.
    const timeline: Array<Record<string, unknown>> = [];
    const api = engineerOnTicket(() => ({ ...breakdown, assignedTo: 'u-other', status: 'Resolved', version: 4, allowedEvents: [], names: {} }), timeline);
    api.on('POST', '/api/app/svc-ticket/feedback/:id', ({ body }) => {
      const { rating, comments } = body as { rating: number; comments?: string };
      timeline.unshift({ kind: 'feedback', _id: 'f1', at: '2026-11-26T08:00:00.000Z', by: { _id: '', name: 'Meera Shah' }, text: comments ?? '', rating });
      return { status: 201, body: { _id: 'f1' } };
    });
    renderApp(api, '/app/ticket/svc-ticket/t-svc');
    const user = userEvent.setup();
    const box = await screen.findByTestId('ticket-timeline', {}, { timeout: 4_000 });
    await waitFor(() => expect(within(box).getByText('Rate the work')).toBeTruthy());
    // Four stars, as a person taps the fourth (its label: the radio itself is hidden).
    const fourth = within(box).getAllByRole('radio').find((r) => (r as HTMLInputElement).value === '4') as HTMLInputElement;
    await user.click(box.querySelector(`label[for="${fourth.id}"]`) as HTMLElement);
    await user.type(within(box).getByLabelText('Comments (optional)'), 'Quick and tidy');
    await user.click(within(box).getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(api.requestsTo('POST', '/api/app/svc-ticket/feedback/:id')).toHaveLength(1));
    await waitFor(() => expect(within(box).getByText('Rated 4 of 5')).toBeTruthy());
    expect(api.requestsTo('POST', '/api/app/svc-ticket/feedback/:id')[0]!.body).toEqual({ rating: 4, comments: 'Quick and tidy' });
    expect(within(box).queryByText('Rate the work')).toBeNull();
  });

  it('a ticket given to the engineer is announced at once, with a link to its page; one given to someone else is not', async () => {
    storePreviousVisit(engineer);
    const api = apiFor([engineer]);
    api.on('GET', '/api/app/ticket/view/:route', { body: { data: [], total: 0 } });
    // The socket as the server would use it: two assignments, one of them his.
    const socket = fromCallback<{ type: 'socket.noop' }, SocketInput>(({ sendBack }) => {
      const timer = setTimeout(() => {
        sendBack({ type: 'socket.ticketAssigned', userId: 'u-someone', module: 'ticket', _id: 't-9', alternateId: 'GTK-2026-000009', title: 'Not his' });
        sendBack({ type: 'socket.ticketAssigned', userId: 'u-engineer', module: 'svc-ticket', _id: 't-svc', alternateId: 'TKT-2026-000042', title: 'Compressor CP-01 tripping' });
      }, 50);
      return () => clearTimeout(timer);
    });
    renderApp(api, '/app/my-open-tickets', { actors: { socket } });
    const link = await screen.findByRole('link', { name: 'Open it' }, { timeout: 4_000 });
    expect(link.getAttribute('href')).toBe('/app/ticket/svc-ticket/t-svc');
    expect(screen.getByText('Ticket assigned to you')).toBeTruthy();
    expect(screen.getByText(/TKT-2026-000042: Compressor CP-01 tripping/)).toBeTruthy();
    expect(screen.queryByText(/Not his/)).toBeNull();
  });

  it('a person who may not read tickets is told so on a ticket page, without a call', async () => {
    storePreviousVisit(nobody);
    const api = apiFor([nobody]);
    renderApp(api, '/app/ticket/svc-ticket/t-svc');
    expect(await screen.findByText('This ticket does not exist, or it is not one you may open.', {}, { timeout: 4_000 })).toBeTruthy();
    expect(api.requestsTo('GET', '/api/app/svc-ticket/getById/:id')).toHaveLength(0);
  });
});

/** Every transition of the ticket machine, each from the first state that offers it. */
function transitions(lifecycle: Lifecycle): Array<{ from: string; event: string; to: string }> {
  const states = Object.keys(lifecycle.machine.config.states ?? {});
  const seen = new Set<string>();
  const out: Array<{ from: string; event: string; to: string }> = [];
  for (const from of states) {
    for (const event of allowedEvents(lifecycle, { status: from }, EVERY_PRIVILEGE)) {
      const to = nextState(lifecycle, { status: from }, event, EVERY_PRIVILEGE) as string;
      if (seen.has(`${from}:${event}`)) continue;
      seen.add(`${from}:${event}`);
      out.push({ from, event, to });
    }
  }
  return out;
}

describe.each(TICKET_MODULES)('the ticket page of a %s, from its lifecycle model', (module) => {
  const lifecycle = lifecycleOf(module) as Lifecycle;
  const admin: Account = { login: { ...ENGINEER, token: 'token-coordinator' }, password: 'x', permissions: permissions(['BREAKDOWN_MAINTENENCE', 'VIEW', 'UPDATE'], ['TICKET_LIST', 'VIEW', 'UPDATE'], ['MANAGE_USER', 'VIEW']), menu: [] };
  const path = module === 'svc-ticket' ? '/api/app/svc-ticket' : '/api/app/ticket';

  function open(state: string) {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    let current: Record<string, unknown> = { _id: 't1', alternateId: 'TKT-2026-000001', title: 'Spindle overheating', priority: 'High', ...(module === 'svc-ticket' ? { ticketType: 'Action' } : {}), status: state, version: 1, allowedEvents: allowedEvents(lifecycle, { status: state }, EVERY_PRIVILEGE), names: {} };
    api.on('GET', `${path}/getById/:id`, () => ({ body: current }));
    api.on('GET', `${path}/history/:id`, { body: { data: [], total: 0 } });
    api.on('GET', `${path}/activity/:id`, { body: { data: [], total: 0 } });
    api.on('GET', '/api/app/subscriber-user', { body: { data: [{ _id: 'u-eng', name: 'Ravi Patil', userType: 'Subscriber-User' }], total: 1 } });
    // The Assign picker asks the ticket's module who may work it (issue 39).
    api.on('GET', `${path}/people/:field`, { body: { data: [{ _id: 'u-eng', name: 'Ravi Patil', openTickets: 2, visitsToday: 0 }], total: 1 } });
    for (const other of ['/api/app/client', '/api/app/asset', '/api/app/svc-machine-instances']) api.on('GET', other, { body: { data: [], total: 0 } });
    api.on('PATCH', `${path}/transition/:id`, (request) => {
      const { event } = request.body as { event: string };
      const to = nextState(lifecycle, { status: current.status }, event, EVERY_PRIVILEGE) as string;
      current = { ...current, status: to, version: Number(current.version) + 1, allowedEvents: allowedEvents(lifecycle, { status: to }, EVERY_PRIVILEGE) };
      return { body: current };
    });
    renderApp(api, `/app/ticket/${module}/t1`);
    return api;
  }

  it.each(Object.keys(lifecycle.machine.config.states ?? {}))('in %s shows the status and exactly the allowed steps', async (state) => {
    open(state);
    const panel = await screen.findByTestId('lifecycle-panel', {}, { timeout: 4_000 });
    await waitFor(() => expect(within(panel).getByTestId('lifecycle-status').textContent).toBe(state));
    const labels = allowedEvents(lifecycle, { status: state }, EVERY_PRIVILEGE).map((e) => lifecycle.events[e]!.label);
    const shown = within(panel).queryAllByRole('button').map((b) => b.textContent);
    expect(shown).toEqual(labels);
  });

  it.each(transitions(lifecycle).map((t) => [`${t.from} -${t.event}-> ${t.to}`, t] as const))('%s is a click', async (_name, { from, event, to }) => {
    const api = open(from);
    const user = userEvent.setup();
    const panel = await screen.findByTestId('lifecycle-panel', {}, { timeout: 4_000 });
    await waitFor(() => expect(within(panel).getByTestId('lifecycle-status').textContent).toBe(from));
    const spec = lifecycle.events[event]!;
    await user.click(within(panel).getByRole('button', { name: spec.label }));
    if (spec.requires || spec.confirm || spec.keeps?.length) {
      const dialog = await screen.findByRole('dialog', { name: spec.label });
      for (const field of Object.keys(spec.requires ?? {})) {
        if (field === 'assignedTo') {
          await user.click(within(dialog).getAllByLabelText(/assigned to/i)[0]!);
          await user.click(await screen.findByRole('option', { name: /Ravi Patil/ }));
        } else {
          // The step's own words come first in its dialog, before the optional ones.
          await user.type(dialog.querySelectorAll('textarea')[0]!, 'Done as the model says');
        }
      }
      await user.click(within(dialog).getByRole('button', { name: spec.label }));
    }
    await waitFor(() => expect(within(panel).getByTestId('lifecycle-status').textContent).toBe(to));
    const sent = api.requestsTo('PATCH', `${path}/transition/:id`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ event, version: 1 });
  });
});
