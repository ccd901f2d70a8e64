/**
 * One time zone, the subscriber's (issue 31, item 4): the screens run here with the process in New York, and show
 * the times India's subscriber works by. Before the fix, the Resource View form showed 15:53 where its list showed
 * 21:23 for the same visit in a browser outside India, and proposal views showed UTC beside an IST history.
 *
 * The zone is set before anything is imported (vi.hoisted): Node reads TZ when a Date first needs it, and the first
 * test proves the process really is in New York, so the later assertions are about the subscriber's zone, not luck.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.TZ = 'America/New_York';
});

import { ADMIN, ADMIN_PERMISSIONS, ENGINEER, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';
import { initialValues, describeFields, toBody } from '../../src/ui/screens/module/fieldModel';
import { resourceView } from '../../src/contract/modules/service';
import { PHONE_QUERY } from '../../src/ui/screens/calendar/MyCalendarScreen';
import type { CalendarReply } from '../../src/contract/calendar';
import { addDays, fromWallTime, todayIn } from '../../src/contract/zonedTime';

afterEach(resetHarness);

/** 15:53 UTC is 21:23 in India and 10:53 in New York. */
const START = '2026-11-27T15:53:00.000Z';
const END = '2026-11-27T17:53:00.000Z';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const engineer: Account = { login: ENGINEER, password: 'x', permissions: permissions(['MY_CALENDER', 'VIEW']), menu: [] };

const BOOKING = { _id: 'rv1', resource: 'u-engineer', title: 'Spindle rebuild TKT-2026-000001', start: START, end: END, allocationType: 'Ticket', createdAt: START, updatedAt: START };

/** Tomorrow in India at 21:23–23:23 IST, inside the agenda's two weeks whatever the day the test runs. */
const TOMORROW = addDays(todayIn('Asia/Kolkata'), 1);
const AGENDA_START = fromWallTime(`${TOMORROW} 21:23`, 'Asia/Kolkata').toISOString();
const AGENDA_END = fromWallTime(`${TOMORROW} 23:23`, 'Asia/Kolkata').toISOString();

function calendarReply(from: string, to: string, start = START, end = END): CalendarReply {
  return {
    from,
    to,
    timeZone: 'Asia/Kolkata',
    engineers: [{ _id: 'u-engineer', name: 'Ravi Shankar Iyer' }],
    entries: [{ key: 'booking:rv1', kind: 'booking', recordId: 'rv1', title: BOOKING.title, engineer: 'u-engineer', start, end, allDay: false, type: 'Ticket', leave: false, movable: false }],
    unscheduled: [],
  };
}

describe('with the process in New York', () => {
  it('is really in New York (the premise of the other tests)', () => {
    expect(new Date(START).getHours()).toBe(10);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
  });

  it('fills and sends the Resource View form on the subscriber’s wall clock, as its list shows it', () => {
    const fields = describeFields(resourceView);
    const values = initialValues(fields, BOOKING, 'Asia/Kolkata');
    expect(values.start).toBe('2026-11-27 21:23:00');
    expect(toBody(fields, values, 'update', 'Asia/Kolkata').start).toBe(START);
  });

  it('shows the Resource View list at 21:23, as in India, on the tab beside the calendar', async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin])
      .on('GET', '/api/app/resource-view', { body: { data: [BOOKING], total: 1 } })
      .on('GET', '/api/app/resource-view/calendar', ({ query }) => ({ body: calendarReply(String(query.get('from')), String(query.get('to'))) }))
      .on('GET', '/api/app/subscriber-user', { body: { data: [{ _id: 'u-engineer', name: 'Ravi Shankar Iyer', email: 'engineer@demo.local' }], total: 1 } });
    renderApp(api, '/app/resource-view');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'List' }, { timeout: 15_000 }));
    expect((await screen.findAllByText('27/11/2026 21:23', {}, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText('27/11/2026 10:53')).toBeNull();
    expect(screen.queryByText('27/11/2026 15:53')).toBeNull();
  });

  it('shows My Calendar’s agenda on a phone at 21:23 – 23:23, as in India', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === PHONE_QUERY })) as typeof window.matchMedia;
    try {
      storePreviousVisit(engineer);
      const api = apiFor([engineer]).on('GET', '/api/app/resource-view/my-calendar', ({ query }) => ({ body: calendarReply(String(query.get('from')), String(query.get('to')), AGENDA_START, AGENDA_END) }));
      renderApp(api, '/app/my-resource-view');
      // The agenda (its own title class) is what a phone opens on.
      const title = await screen.findByText(BOOKING.title, {}, { timeout: 15_000 });
      expect(title.className).toContain('agendaViewEventTitle');
      const event = title.parentElement!;
      expect(within(event as HTMLElement).getByText('21:23 – 23:23')).toBeTruthy();
      expect(screen.getByText('Times in Asia/Kolkata')).toBeTruthy();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
