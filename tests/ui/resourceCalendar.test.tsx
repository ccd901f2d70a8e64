/**
 * The dispatcher's resource calendar (route resource-view) against a fake API: engineers as rows with their hours
 * per day, leave and over-booking marked; the open tickets without a booking in the side list; a ticket dropped
 * onto an engineer on leave or already booked is refused with why and nothing is sent; dropped onto a free engineer
 * it is confirmed, sent as one reschedule call, and the calendar reloads.
 *
 * The drop is fired on the first slot of an engineer's row (laid out by hand: jsdom has no layout): Monday 00:00 of
 * the shown week (IST). The data is built around that Monday.
 */
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../src/contract/refusalMessages';
import { loadDictionary, translator } from '../../src/i18n/dictionaries';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import type { CalendarReply } from '../../src/contract/calendar';
import { addDays, fromWallTime, todayIn } from '../../src/contract/zonedTime';
import { weekStart } from '../../src/ui/screens/calendar/calendarModel';
import { TICKET_DRAG_TYPE } from '../../src/ui/screens/calendar/ResourceCalendarScreen';

afterEach(resetHarness);

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const ZONE = 'Asia/Kolkata';
const MONDAY = weekStart(todayIn(ZONE));
const at = (day: string, time: string) => fromWallTime(`${day} ${time}`, ZONE).toISOString();
const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const ddmmyyyy = (day: string) => `${ddmm(day)}/${day.slice(0, 4)}`;

const CALENDAR: CalendarReply = {
  from: MONDAY,
  to: addDays(MONDAY, 6),
  timeZone: ZONE,
  engineers: [
    { _id: 'u-asha', name: 'Asha Kulkarni' },
    { _id: 'u-kiran', name: 'Kiran Desai' },
    { _id: 'u-ravi', name: 'Ravi Patil' },
  ],
  entries: [
    { key: 'booking:b-leave', kind: 'booking', recordId: 'b-leave', title: 'Leave', engineer: 'u-asha', start: at(MONDAY, '00:00'), end: at(addDays(MONDAY, 1), '00:00'), allDay: false, type: 'Leave', leave: true, movable: false },
    { key: 'booking:b-night', kind: 'booking', recordId: 'b-night', title: 'Spindle rebuild TKT-2026-000001', engineer: 'u-ravi', start: at(MONDAY, '00:00'), end: at(MONDAY, '02:00'), allDay: false, type: 'Ticket', leave: false, ticketAlternateId: 'TKT-2026-000001', movable: true },
    { key: 'booking:b-long', kind: 'booking', recordId: 'b-long', title: 'Commission R-07', engineer: 'u-ravi', start: at(addDays(MONDAY, 1), '08:00'), end: at(addDays(MONDAY, 1), '18:00'), allDay: false, type: 'Installation', leave: false, movable: true },
  ],
  unscheduled: [{ module: 'ticket', _id: 't-barrel', alternateId: 'GTK-2026-000005', title: 'Moulding machine barrel zone 3 not heating', priority: 'Urgent', status: 'Open' }],
};

/** jsdom lays nothing out: each slot of the row is given its place (36 px wide, side by side), as a browser would. */
function layOut(engineer: string, slotOf = 'Time slot of') {
  const slots = screen.getAllByRole('button', { name: new RegExp(`^${slotOf} ${engineer} `) });
  slots.forEach((slot, i) => {
    slot.getBoundingClientRect = () => ({ left: i * 36, right: i * 36 + 36, width: 36, top: 0, bottom: 40, height: 40, x: i * 36, y: 0, toJSON: () => ({}) });
  });
  return slots[0]!;
}

function drop(engineer: string, slotOf?: string) {
  const slot = layOut(engineer, slotOf);
  const data = JSON.stringify({ module: 'ticket', _id: 't-barrel', title: 'GTK-2026-000005 Moulding machine barrel zone 3 not heating' });
  const dataTransfer = { types: [TICKET_DRAG_TYPE], getData: (type: string) => (type === TICKET_DRAG_TYPE ? data : ''), setData: () => undefined, dropEffect: 'none', effectAllowed: 'all' };
  // jsdom has no DragEvent: the events are plain ones, given the pointer's x by hand.
  for (const make of [createEvent.dragOver, createEvent.drop]) {
    const event = make(slot, { dataTransfer });
    Object.defineProperty(event, 'clientX', { value: 2 });
    fireEvent(slot, event);
  }
}

describe('the resource calendar', () => {
  it("shows each engineer's load, the unscheduled tickets, and judges a dropped ticket before sending it", async () => {
    storePreviousVisit(admin);
    const sent: unknown[] = [];
    const api = apiFor([admin])
      .on('GET', '/api/app/resource-view/calendar', { body: CALENDAR })
      .on('POST', '/api/app/resource-view/reschedule', ({ body }) => {
        sent.push(body);
        return { body: { booking: { _id: 'b-new', ...(body as object) }, ticket: { module: 'ticket', _id: 't-barrel', alternateId: 'GTK-2026-000005', assignedTo: 'u-kiran', status: 'Assigned' } } };
      });
    const app = renderApp(api, '/app/resource-view');
    const user = userEvent.setup();

    // Hours per day beside each name: leave, 2 h, and 10 h over-booked.
    const ravi = await screen.findByTestId('load-u-ravi', {}, { timeout: 15_000 });
    expect(within(ravi).getByText(`${ddmm(MONDAY)} 2 h`)).toBeTruthy();
    const over = within(ravi).getByText(`${ddmm(addDays(MONDAY, 1))} 10 h`);
    expect(over.closest('[title]')?.getAttribute('title')).toBe('Over-booked');
    expect(within(screen.getByTestId('load-u-asha')).getByText(`${ddmm(MONDAY)} On leave`)).toBeTruthy();
    expect(screen.getByLabelText('GTK-2026-000005 Moulding machine barrel zone 3 not heating').getAttribute('draggable')).toBe('true');

    // Onto Asha's leave: refused at once, with why; nothing sent.
    drop('Asha Kulkarni');
    const leave = await screen.findByRole('alert');
    expect(leave.textContent).toBe(`Asha Kulkarni is on leave from ${ddmmyyyy(MONDAY)} 00:00 to ${ddmmyyyy(addDays(MONDAY, 1))} 00:00: choose another engineer or time`);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    // Onto Ravi's booked night: refused, naming the booking.
    drop('Ravi Patil');
    expect((await screen.findByRole('alert')).textContent).toBe(`Ravi Patil is already booked 00:00–02:00 on ${ddmmyyyy(MONDAY)}: Spindle rebuild TKT-2026-000001`);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(sent).toEqual([]);

    // Onto Kiran, free: confirmed, then one call, and the calendar loads again.
    const loadsBefore = app.api.requestsTo('GET', '/api/app/resource-view/calendar').length;
    drop('Kiran Desai');
    const dialog = await screen.findByRole('dialog', { name: 'Move GTK-2026-000005 Moulding machine barrel zone 3 not heating?' });
    expect(within(dialog).getByText(`To Kiran Desai, ${ddmmyyyy(MONDAY)} 00:00 – ${ddmmyyyy(MONDAY)} 02:00. The ticket’s engineer and its history follow.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'ticket', id: 't-barrel', resource: 'u-kiran', start: at(MONDAY, '00:00'), end: at(MONDAY, '02:00') }]));
    expect(await screen.findByText('GTK-2026-000005 Moulding machine barrel zone 3 not heating moved to Kiran Desai')).toBeTruthy();
    await waitFor(() => expect(app.api.requestsTo('GET', '/api/app/resource-view/calendar').length).toBeGreaterThan(loadsBefore));
  });

  it('says a refused move in French: the calendar’s own verdict and the server’s refusal, its status worded too', async () => {
    await loadDictionary('fr');
    const fr = translator('fr');
    window.localStorage.setItem('fieldops.preferences', JSON.stringify({ locale: 'fr' }));
    storePreviousVisit(admin);
    // What server/domain/service/calendar.ts answers when the ticket was closed meanwhile.
    const closed = refusal('calendarTicketClosed', { name: 'GTK-2026-000005', status: 'Closed' });
    const api = apiFor([admin])
      .on('GET', '/api/app/resource-view/calendar', { body: CALENDAR })
      .on('POST', '/api/app/resource-view/reschedule', { status: 409, body: { message: closed.message, code: 'CALENDAR_TICKET_CLOSED', words: closed.words } });
    renderApp(api, '/app/resource-view');
    const user = userEvent.setup();
    await screen.findByTestId('load-u-ravi', {}, { timeout: 15_000 });
    const slotOf = fr('cal.schedResourceSlot');

    drop('Asha Kulkarni', slotOf);
    expect((await screen.findByRole('alert')).textContent).toBe(`Asha Kulkarni est en congé du ${ddmmyyyy(MONDAY)} 00:00 au ${ddmmyyyy(addDays(MONDAY, 1))} 00:00 : choisissez un autre technicien ou un autre horaire`);
    await user.click(screen.getByRole('button', { name: fr('cal.dismiss') }));

    drop('Kiran Desai', slotOf);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: fr('cal.confirm') }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Ticket GTK-2026-000005 (${fr('catalogue.choice.Closed')}) : seuls les tickets ouverts sont placés sur le calendrier`);
    expect(screen.queryByText(closed.message)).toBeNull();
  });
});
