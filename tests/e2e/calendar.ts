/**
 * The calendars walked as the dispatcher and the engineer (issue 31 item 3, and item 4's one time zone):
 * - the dispatcher drags an unscheduled breakdown ticket from the side list onto Ravi's next Tuesday, 10:00, in the
 *   resource calendar's day view, confirms the move, and sees it booked; a second ticket dropped on the same slot is
 *   refused with why (he is booked then);
 * - the engineer sees the booking on his own calendar's agenda at 390 px, at 10:00;
 * - with the browser in UTC and in Asia/Kolkata, the booking shows at the same 10:00 (the subscriber's time zone,
 *   whatever the browser's).
 */
import type { Browser, Page } from 'playwright-core';
import { httpHarness } from '../../scripts/paths-replay';
import { expect, type Scenario } from './harness';
import { passwordOf, signIn } from './lifecycles';
import { waitUntilOnTop } from './onTop';

const ZONE = 'Asia/Kolkata';

/** The next Tuesday after today, in the subscriber's zone, as YYYY-MM-DD. */
function nextTuesday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 2);
  return day.toISOString().slice(0, 10);
}

/** The resource calendar's day view on `day`, stepping with its Next button. */
async function dayViewOn(page: Page, baseUrl: string, day: string): Promise<void> {
  await page.goto(`${baseUrl}/app/resource-view`);
  await page.getByText('Unscheduled tickets').waitFor();
  await page.getByRole('tab', { name: 'Switch to day view' }).click();
  const slot = page.getByLabel(new RegExp(`^Time slot of Ravi Patil ${day}`)).first();
  for (let i = 0; i < 8 && !(await slot.isVisible()); i++) {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForTimeout(300);
  }
  await slot.waitFor({ timeout: 5_000 });
}

/** Drops snap to half hours: a drop at the slot's left edge is its start, 10:00 (its middle would be 10:30). */
const AT_SLOT_START = { targetPosition: { x: 3, y: 20 } };

/** Ravi's 10:00 slot of the day shown. */
const tenOClock = (page: Page, day: string) => page.getByLabel(new RegExp(`^Time slot of Ravi Patil ${day}.* 10:00:00 - 11:00:00$`));

/** The time the engineer's agenda shows beside `title`, in a browser set to `timezoneId`. */
async function agendaTime(browser: Browser, baseUrl: string, timezoneId: string, day: string, title: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl, 'engineer@demo.local');
    await page.goto(`${baseUrl}/app/my-resource-view`);
    // The agenda opens on today and the days after it, next Tuesday among them.
    const entry = page.getByText(title).first();
    try {
      await entry.waitFor({ timeout: 15_000 });
    } finally {
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/my-calendar-${timezoneId.replace('/', '-')}-${day}.png`, fullPage: true });
    }
    // The agenda's row holds the entry's times beside its title.
    const row = entry.locator('xpath=ancestor::*[contains(., ":")][1]');
    return (await row.textContent()) ?? '';
  } finally {
    await context.close();
  }
}

export const calendarScenarios: Scenario[] = [
  {
    name: "calendar: the dispatcher drags an unscheduled breakdown onto Ravi's Tuesday 10:00, a second drop there is refused as double-booked; Ravi sees it at 390 px at 10:00 with the browser in UTC and in India",
    run: async ({ page, baseUrl }) => {
      const api = httpHarness(baseUrl);
      const admin = await api.signIn('admin@demo.local', passwordOf('admin@demo.local'));
      const tickets: Array<{ title: string; label: string }> = [];
      for (const title of ['Dye-house boiler feed pump leaking', 'Press shop hydraulic unit overheating']) {
        const made = await api.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title, priority: 'High' });
        expect(made.status === 201, `ticket made: ${JSON.stringify(made.body)}`);
        tickets.push({ title, label: `${String(made.body.alternateId)} ${title}` });
      }
      const [first, second] = tickets as [{ title: string; label: string }, { title: string; label: string }];
      const tuesday = nextTuesday();

      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, baseUrl, 'admin@demo.local');
      await dayViewOn(page, baseUrl, tuesday);
      await page.getByLabel(first.label).dragTo(tenOClock(page, tuesday), AT_SLOT_START);
      const confirm = page.getByRole('dialog', { name: `Move ${first.label}?` });
      await confirm.waitFor({ timeout: 10_000 });
      const said = (await confirm.textContent()) ?? '';
      expect(said.includes('To Ravi Patil') && said.includes('10:00'), `the move names Ravi and 10:00: ${said}`);
      await confirm.getByRole('button', { name: 'Move' }).click();
      await confirm.waitFor({ state: 'hidden', timeout: 15_000 });
      // Booked: it leaves the side list and the ticket's engineer followed.
      await page.getByLabel(first.label).waitFor({ state: 'detached', timeout: 15_000 });
      const booked = await api.call(admin, 'GET', `/api/app/svc-ticket?alternateId=${first.label.split(' ')[0]}`);
      const engineer = await api.signIn('engineer@demo.local', passwordOf('engineer@demo.local'));
      expect(booked.body.data?.[0]?.assignedTo === engineer.user._id, `the ticket's engineer follows the booking: ${JSON.stringify(booked.body.data?.[0])}`);

      // The same slot again, with the other ticket: Ravi is booked then.
      // The booking now covers the slot: dropped onto it, as a person would (force: the booking, not the slot, is on top).
      // The first move's notices may lie over the side list: the card is grabbed once nothing covers it.
      await waitUntilOnTop(page, page.getByLabel(second.label));
      await page.getByLabel(second.label).dragTo(tenOClock(page, tuesday), { ...AT_SLOT_START, force: true });
      const refused = page.getByRole('dialog', { name: `Cannot move ${second.label}` });
      await refused.waitFor({ timeout: 10_000 });
      const why = (await refused.getByRole('alert').textContent()) ?? '';
      expect(/Ravi Patil/.test(why) && /booked/i.test(why), `the refusal says why: ${why}`);
      await refused.getByRole('button', { name: 'OK' }).click();
      expect(await page.getByLabel(second.label).isVisible(), 'the refused ticket stays in the side list');

      // Ravi's own calendar on a phone, the browser in two zones: the same 10:00.
      const browser = page.context().browser();
      if (!browser) throw new Error('no browser to open another context');
      for (const zone of ['UTC', 'Asia/Kolkata']) {
        const shown = await agendaTime(browser, baseUrl, zone, tuesday, first.title);
        expect(shown.includes('10:00'), `with the browser in ${zone}, Ravi's agenda shows 10:00: ${shown}`);
      }
    },
  },
];
