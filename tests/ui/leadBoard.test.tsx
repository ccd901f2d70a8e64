/**
 * The sales pipeline board (src/ui/screens/sales/LeadBoard.tsx, issue 33) against the real API host and its database:
 * a card moved by keyboard (@dnd-kit's keyboard sensor: Space, arrows, Space) is the lead's lifecycle step on the
 * server; Won asks why first; a move the lifecycle refuses leaves the card and says why; a person who may not update
 * leads cannot pick a card up; the owner and source filters narrow the cards.
 *
 * jsdom lays nothing out (every rectangle is zero), so @dnd-kit would find no column under a card: each test gives the
 * stage columns side by side and each card a place inside its column (`layOutBoard`). Nothing else is imitated.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetHttpConfig } from '../../src/api/http';
import { LEAD_STAGES, type LeadStage } from '../../src/contract/modules/sales';
import { renderSignedIn, startRealServer, type RealServer, type SignedInVisit } from './support/realServer';

const BOARD = '/app/salespipeline?tab=lead';
const COLUMN_WIDTH = 100;

interface Lead {
  _id: string;
  title: string;
  leadStage: LeadStage;
  leadStatusReason?: string;
  expectedValuePaise?: number;
  owner?: string;
  source?: string;
}

let server: RealServer;
let admin: SignedInVisit;
let watcher: SignedInVisit;
let sellerName: string;
const made: Record<string, Lead> = {};

/** ₹ with Indian grouping, written independently of the product's formatter. */
const inr = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

async function makeLead(body: Record<string, unknown>): Promise<Lead> {
  const res = await server.call<Lead>(admin.login.token, 'POST', '/api/app/lead', { companyName: 'Board Test Engineering Pvt Ltd', ...body });
  if (res.status !== 201) throw new Error(`lead ${String(body.title)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function readLead(id: string): Promise<Lead> {
  return (await server.call<Lead>(admin.login.token, 'GET', `/api/app/lead/getById/${id}`)).body;
}

async function allLeads(): Promise<Lead[]> {
  return (await server.call<{ data: Lead[] }>(admin.login.token, 'GET', '/api/app/lead')).body.data;
}

async function makeUser(name: string, email: string, password: string, privileges: string[]): Promise<string> {
  const token = admin.login.token;
  const role = await server.call<{ _id: string }>(token, 'POST', '/api/app/role', { name: name.toUpperCase().replace(/\W+/g, '_'), features: [{ feature: 'SALES-PIPELINE', privileges }] });
  if (role.status !== 201) throw new Error(`role for ${name}: ${role.status} ${JSON.stringify(role.body)}`);
  const user = await server.call<{ _id: string }>(token, 'POST', '/api/app/subscriber-user', { name, email, password, roles: [role.body._id] });
  if (user.status !== 201) throw new Error(`user ${name}: ${user.status} ${JSON.stringify(user.body)}`);
  return user.body._id;
}

beforeAll(async () => {
  // The board's screens are imported while the server starts (their first import is the slowest part of a first render).
  [server] = await Promise.all([startRealServer(), import('../../src/ui/shell/AppLayout'), import('../../src/ui/screens/sales/ProposalsRouteScreen')]);
  admin = await server.signIn('admin@demo.local', 'Demo-Admin-2026');
  sellerName = 'Meera Joshi';
  const sellerId = await makeUser(sellerName, 'meera.joshi@demo.local', 'Board-Seller-Pune-2026', ['VIEW', 'UPDATE']);
  await makeUser('Nikhil Watcher', 'nikhil.watcher@demo.local', 'Board-Watcher-Pune-2026', ['VIEW']);
  watcher = await server.signIn('nikhil.watcher@demo.local', 'Board-Watcher-Pune-2026');
  made.qualify = await makeLead({ title: 'Air dryer rental – Pimpri', expectedValuePaise: 12_345_650, source: 'Website' });
  made.win = await makeLead({ title: 'Nitrogen generator AMC – Hinjewadi', expectedValuePaise: 8_750_000 });
  made.cancel = await makeLead({ title: 'Booster compressor – Talawade', expectedValuePaise: 4_200_000 });
  made.won = await makeLead({ title: 'Chiller overhaul – Ranjangaon', expectedValuePaise: 30_000_000 });
  const won = await server.call(admin.login.token, 'PATCH', `/api/app/lead/change-stage/${made.won._id}`, { leadStage: 'Won', leadStatusReason: 'Signed the overhaul order' });
  if (won.status !== 200) throw new Error(`winning ${made.won.title}: ${won.status} ${JSON.stringify(won.body)}`);
  made.sellers = await makeLead({ title: 'Screw compressor for Meera – Chakan', expectedValuePaise: 5_000_000, source: 'Trade Show', owner: sellerId });
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 60_000);

beforeEach(() => {
  layOutBoard();
  server.forget();
});
afterEach(() => resetHttpConfig());

/**
 * Rectangles for what @dnd-kit measures: column i at x = i × 100 (100 wide, 1000 high), the n-th card of a column
 * 80 × 50 at y = 100 + n × 60 inside it; the dragged card's copy above the page (the board's DragOverlay, and the
 * wrapper @dnd-kit measures it by) where the picked-up card is, as when the drag starts. Everything else keeps jsdom's
 * zero rectangle. Restored after each test (tests/setup/ui.ts restores every spy).
 */
function layOutBoard(): void {
  const original = Element.prototype.getBoundingClientRect;
  const rect = (left: number, top: number, width: number, height: number) =>
    ({ x: left, y: top, left, top, width, height, right: left + width, bottom: top + height, toJSON: () => ({}) }) as DOMRect;
  const columnIndex = (el: Element) => LEAD_STAGES.indexOf(el.getAttribute('data-testid')?.replace(/^stage-/, '') as LeadStage);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const id = this.getAttribute('data-testid') ?? '';
    if (id === 'lead-card-overlay' || this.firstElementChild?.getAttribute('data-testid') === 'lead-card-overlay') {
      const picked = document.querySelector('[data-testid="lead-card"][aria-pressed="true"]');
      if (picked) return picked.getBoundingClientRect();
    }
    if (id.startsWith('stage-') && columnIndex(this) >= 0) return rect(columnIndex(this) * COLUMN_WIDTH, 0, COLUMN_WIDTH, 1000);
    if (id === 'lead-card') {
      const column = this.parentElement?.closest('[data-testid^="stage-"]');
      if (column && columnIndex(column) >= 0) {
        const place = [...column.querySelectorAll('[data-testid="lead-card"]')].indexOf(this);
        return rect(columnIndex(column) * COLUMN_WIDTH + 10, 100 + place * 60, 80, 50);
      }
    }
    return original.call(this);
  });
}

const column = (stage: LeadStage) => screen.getByTestId(`stage-${stage}`);
/** The lead's card in the stage's column, once the board shows it. */
const card = async (lead: Lead, stage: LeadStage) => within(await screen.findByTestId(`stage-${stage}`)).findByLabelText(`${lead.title} (${stage})`, { selector: '[data-testid="lead-card"]' });
/** The board once its leads are in (the first render of a file, on a busy machine, is slow). */
async function openBoard(visit: SignedInVisit): Promise<void> {
  renderSignedIn(server, visit, BOARD);
  await screen.findAllByTestId('lead-card', {}, { timeout: 45_000 });
}
const pause = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** What the board last announced to a screen reader (@dnd-kit's live region). */
const announced = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';

/**
 * The keyboard sensor's way: focus the card, Space picks it up (the card is then pressed), arrows until the board
 * announces the card over the target column, Space drops it. The sensor listens for the arrows from the tick after the pick-up.
 */
async function moveByKeyboard(lead: Lead, from: LeadStage, to: LeadStage): Promise<void> {
  const el = await card(lead, from);
  act(() => el.focus());
  fireEvent.keyDown(el, { code: 'Space', key: ' ' });
  await pause();
  await waitFor(() => expect(el.getAttribute('aria-pressed')).toBe('true'));
  const arrow = LEAD_STAGES.indexOf(to) > LEAD_STAGES.indexOf(from) ? 'ArrowRight' : 'ArrowLeft';
  for (let presses = 0; announced() !== `${lead.title} is over ${to}`; presses++) {
    if (presses > 8 * LEAD_STAGES.length) throw new Error(`${lead.title} never came over ${to}`);
    fireEvent.keyDown(document.activeElement ?? document.body, { code: arrow, key: arrow });
    await pause();
  }
  fireEvent.keyDown(document.activeElement ?? document.body, { code: 'Space', key: ' ' });
  await pause();
}

/** The New and Qualified columns show the server's leads of their stage: as many cards, the count and the sum in ₹. */
function expectColumnsOf(leads: readonly Lead[]): void {
  for (const stage of ['New', 'Qualified'] as const) {
    const of = leads.filter((l) => l.leadStage === stage);
    const value = inr(of.reduce((sum, l) => sum + (l.expectedValuePaise ?? 0), 0));
    expect(within(column(stage)).getAllByTestId('lead-card')).toHaveLength(of.length);
    expect(within(column(stage)).getByLabelText(`${of.length} · ${value}`).textContent).toBe(String(of.length));
    expect(screen.getByTestId(`stage-value-${stage}`).textContent).toBe(value);
  }
}

const moves = () => server.sent.filter((r) => r.method === 'PATCH' && r.path.startsWith('/api/app/lead/change-stage/'));

describe('the pipeline board against the API', { timeout: 90_000 }, () => {
  it('moves a New lead to Qualified: the server has it Qualified, and the columns\' counts and ₹ values follow', async () => {
    await openBoard(admin);
    const lead = made.qualify;
    const before = await allLeads();
    expectColumnsOf(before);
    await moveByKeyboard(lead, 'New', 'Qualified');
    expect(await card(lead, 'Qualified')).toBeTruthy();
    expect(within(column('New')).queryByLabelText(`${lead.title} (New)`)).toBeNull();
    expect(await screen.findByText(`${lead.title} moved to Qualified`)).toBeTruthy();
    expect(moves()).toEqual([{ method: 'PATCH', path: `/api/app/lead/change-stage/${lead._id}`, body: { leadStage: 'Qualified' } }]);
    expect((await readLead(lead._id)).leadStage).toBe('Qualified');

    const after = await allLeads();
    expect(after.filter((l) => l.leadStage === 'Qualified')).toHaveLength(before.filter((l) => l.leadStage === 'Qualified').length + 1);
    expectColumnsOf(after);
    // Indian grouping: lakhs and crores in twos, the last three digits together, paise after the point.
    expect(screen.getByTestId('stage-value-Qualified').textContent).toMatch(/^₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$/);
    expect(within(column('Qualified')).getByText('₹1,23,456.50')).toBeTruthy();
  });

  it('asks why before Won: Move without a reason says it is required, and with one the lead is Won with that reason', async () => {
    const user = userEvent.setup();
    await openBoard(admin);
    const lead = made.win;
    await moveByKeyboard(lead, 'New', 'Won');
    const dialog = await screen.findByRole('dialog', { name: `${lead.title}: Won` });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Give the reason')).toBeTruthy();
    expect(moves()).toHaveLength(0);

    const reason = 'Renewed for two years at the quoted rate';
    await user.type(within(dialog).getByRole('textbox', { name: /Why was it won\?/ }), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await card(lead, 'Won')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(moves().map((r) => r.body)).toEqual([{ leadStage: 'Won', leadStatusReason: reason }]);
    const stored = await readLead(lead._id);
    expect(stored.leadStage).toBe('Won');
    expect(stored.leadStatusReason).toBe(reason);
  });

  it('leaves the lead where it was, with nothing sent, when the reason is cancelled', async () => {
    const user = userEvent.setup();
    await openBoard(admin);
    const lead = made.cancel;
    await moveByKeyboard(lead, 'New', 'Won');
    const dialog = await screen.findByRole('dialog', { name: `${lead.title}: Won` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await card(lead, 'New')).toBeTruthy();
    expect(within(column('Won')).queryByLabelText(`${lead.title} (Won)`)).toBeNull();
    expect(moves()).toHaveLength(0);
    expect((await readLead(lead._id)).leadStage).toBe('New');
  });

  it('refuses a Won lead dropped on Qualified with the lifecycle\'s reason, and the card stays in Won', async () => {
    await openBoard(admin);
    const lead = made.won;
    await moveByKeyboard(lead, 'Won', 'Qualified');
    const notice = await screen.findByText(new RegExp(`^${lead.title} stays in Won: `));
    expect(moves().map((r) => r.body)).toEqual([{ leadStage: 'Qualified' }]);
    // The reason is the server's: the same move asked directly is refused with the same words.
    const direct = await server.call<{ message: string }>(admin.login.token, 'PATCH', `/api/app/lead/change-stage/${lead._id}`, { leadStage: 'Qualified' });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(direct.status).toBeLessThan(500);
    expect(notice.textContent).toBe(`${lead.title} stays in Won: ${direct.body.message}`);
    expect(await card(lead, 'Won')).toBeTruthy();
    expect(within(column('Qualified')).queryByLabelText(`${lead.title} (Qualified)`)).toBeNull();
    expect((await readLead(lead._id)).leadStage).toBe('Won');
  });

  it('carries a picked-up card one column for each arrow press, and Escape puts it back with nothing sent', async () => {
    await openBoard(admin);
    const lead = made.sellers;
    const el = await card(lead, 'New');
    act(() => el.focus());
    fireEvent.keyDown(el, { code: 'Space', key: ' ' });
    await pause();
    await waitFor(() => expect(el.getAttribute('aria-pressed')).toBe('true'));
    const press = async (arrow: 'ArrowRight' | 'ArrowLeft') => {
      fireEvent.keyDown(document.activeElement ?? document.body, { code: arrow, key: arrow });
      await pause();
      return announced();
    };
    expect(await press('ArrowRight')).toBe(`${lead.title} is over Contacted`);
    expect(await press('ArrowRight')).toBe(`${lead.title} is over Qualified`);
    expect(await press('ArrowLeft')).toBe(`${lead.title} is over Contacted`);
    fireEvent.keyDown(document.activeElement ?? document.body, { code: 'Escape', key: 'Escape' });
    await pause();
    expect(el.getAttribute('aria-pressed')).not.toBe('true');
    expect(await card(lead, 'New')).toBeTruthy();
    expect(moves()).toHaveLength(0);
  });

  it('lets a person without the UPDATE privilege of leads pick no card up, and sends no move', async () => {
    await openBoard(watcher);
    const lead = made.cancel;
    const el = await card(lead, 'New');
    expect(el.getAttribute('aria-disabled')).toBe('true');
    act(() => el.focus());
    fireEvent.keyDown(el, { code: 'Space', key: ' ' });
    await pause();
    for (let presses = 0; presses < 12; presses++) {
      fireEvent.keyDown(document.activeElement ?? document.body, { code: 'ArrowRight', key: 'ArrowRight' });
      await pause();
    }
    fireEvent.keyDown(document.activeElement ?? document.body, { code: 'Space', key: ' ' });
    await pause();
    expect(el.getAttribute('aria-pressed')).not.toBe('true');
    expect(announced()).not.toMatch(/picked up|is over|dropped on/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await card(lead, 'New')).toBeTruthy();
    expect(moves()).toHaveLength(0);
    expect((await readLead(lead._id)).leadStage).toBe('New');
  });

  it("opens the lead table's New form from the board's New, and is back on the board with the new lead in New once it is saved", async () => {
    const user = userEvent.setup();
    await openBoard(admin);
    await user.click(screen.getByRole('button', { name: 'New' }));
    const form = await screen.findByRole('dialog');
    const title = 'Dryer rental from the board – Bhosari';
    await user.type(within(form).getByRole('textbox', { name: /^Title/ }), title);
    await user.type(within(form).getByRole('textbox', { name: /^Company/ }), 'Bhosari Plastics');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(await screen.findByTestId('stage-New')).findByLabelText(`${title} (New)`, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await allLeads()).find((l) => l.title === title)?.leadStage).toBe('New');
  });

  it("offers no New on the board to a person who may not create leads", async () => {
    await openBoard(watcher);
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  });

  const shownTitles = () => screen.getAllByTestId('lead-card').map((c) => c.getAttribute('aria-label')?.replace(/ \([^)]*\)$/, '')).sort();

  it('narrows the cards to one owner', async () => {
    const user = userEvent.setup();
    await openBoard(admin);
    await card(made.sellers, 'New');
    const leads = await allLeads();
    expect(shownTitles()).toEqual(leads.map((l) => l.title).sort());
    await user.click(screen.getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: sellerName }));
    await waitFor(() => expect(shownTitles()).toEqual([made.sellers.title]));
  });

  it('narrows the cards to one source', async () => {
    const user = userEvent.setup();
    await openBoard(admin);
    await card(made.sellers, 'New');
    const leads = await allLeads();
    const fromWebsite = leads.filter((l) => l.source === 'Website').map((l) => l.title).sort();
    expect(fromWebsite).toContain(made.qualify.title);
    expect(fromWebsite.length).toBeLessThan(leads.length);
    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Website' }));
    await waitFor(() => expect(shownTitles()).toEqual(fromWebsite));
  });
});
