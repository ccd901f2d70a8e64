/**
 * The ticket workspace as its people use it (issue 13), on a phone for the engineer and the client:
 * - an administrator raises a breakdown ticket for compressor CP-01 and assigns it to the demo engineer (through
 *   the API: the ticket form's machine and engineer pickers are the generic form's, tested elsewhere); the
 *   engineer, at 390 px, finds it in "My Open Calls" beside his generic calls, opens its page, starts it, logs
 *   1.5 hours and a comment, requests a spare part, adds his bus fare with the ticket's photo, and resolves it
 *   with the customer's signature drawn on the pad (taken as drawn: no "Add Signature", issue 31); the job card
 *   (read as text) holds the client, the machine, the work, the part and the signature; the administrator finds
 *   it in "Closed Calls" and closes it;
 * - the engineer opens the machine card from the machine on his ticket at 390 px; a machine he works no ticket on
 *   is not open to him (issue 31 item 5);
 * - the demo client raises a ticket for his own machine, picked by name among his company's only, with a photo
 *   held in the form and sent with Save (issue 31 item 6);
 * - the demo client (Sunrise Textiles: CP-01 is another customer's) finds his company's resolved ticket in
 *   "Client Tickets", reads the engineer's comment but not the internal one, replies, and rates the work.
 */
import { httpHarness } from '../../scripts/paths-replay';
import { pdfText } from '../helpers/pdf-text';
import { expect, type Scenario } from './harness';
import { history, openTicket, passwordOf, signIn, status, step } from './lifecycles';

/** A small PNG: the photographed receipt. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const ticketScenarios: Scenario[] = [
  {
    name: 'a breakdown ticket assigned to the engineer is found in his open calls on a phone, started, worked and resolved on its page, then closed by the administrator',
    run: async ({ page, baseUrl }) => {
      const api = httpHarness(baseUrl);
      const admin = await api.signIn('admin@demo.local', passwordOf('admin@demo.local'));
      const engineer = await api.signIn('engineer@demo.local', passwordOf('engineer@demo.local'));
      const machines = await api.call(admin, 'GET', '/api/app/svc-machine-instances?limit=500');
      const cp01 = (machines.body.data ?? []).find((m) => m.name === 'Compressor CP-01');
      expect(Boolean(cp01), 'the demo has compressor CP-01');
      const made = await api.call(admin, 'POST', '/api/app/svc-ticket', {
        ticketType: 'Breakdown Maintenance',
        title: 'CP-01 trips on high discharge temperature',
        priority: 'High',
        machineInstanceId: cp01?._id,
        clientId: cp01?.clientId,
        assignedTo: engineer.user._id,
      });
      expect(made.status === 201, `ticket made: ${JSON.stringify(made.body)}`);
      const number = String(made.body.alternateId);

      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, baseUrl, 'engineer@demo.local');
      await openTicket(page, baseUrl, 'my-open-tickets', number);
      const header = (await page.getByTestId('ticket-header').textContent()) ?? '';
      for (const words of ['CP-01 trips on high discharge temperature', 'Breakdown Maintenance', 'Compressor CP-01', 'You (Ravi Patil)']) expect(header.includes(words), `the header lacks "${words}": ${header}`);
      await status(page, 'Assigned');
      await step(page, 'Start work', {}, false);
      await status(page, 'In Progress');
      // His hours and a note for the team, on the ticket's timeline.
      const timeline = page.getByTestId('ticket-timeline');
      await timeline.getByLabel('Hours').fill('1.5');
      await timeline.getByLabel('What was done').fill('Cleaned the oil cooler, changed oil and filter');
      await timeline.getByRole('button', { name: 'Log work' }).click();
      await timeline.getByText('Cleaned the oil cooler, changed oil and filter').waitFor();
      await timeline.getByLabel('Add a comment').fill('Cooler fins were choked with dust: suggest a monthly clean');
      await timeline.getByRole('button', { name: 'Post comment' }).click();
      await timeline.getByText('Cooler fins were choked with dust: suggest a monthly clean').waitFor();
      // A part for the job, asked of the stores from the ticket.
      await timeline.getByRole('button', { name: 'Request parts' }).click();
      await timeline.getByLabel('Part', { exact: true }).click();
      await page.getByRole('option', { name: /^Coupling spider insert/ }).click();
      await timeline.getByRole('button', { name: 'Request part' }).click();
      await timeline.getByText(/Coupling spider insert .* × 1/).waitFor();
      // His travel, with the bus ticket photographed.
      await timeline.getByRole('button', { name: 'Add expense' }).click();
      await timeline.getByLabel('Category', { exact: true }).click();
      await page.getByRole('option', { name: 'Travel' }).click();
      await timeline.getByLabel('Amount', { exact: true }).fill('420');
      await timeline.getByLabel('Description', { exact: true }).fill('Chakan and back by bus');
      await timeline.locator('input[type=file]').first().setInputFiles({ name: 'bus-ticket.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
      await timeline.getByRole('button', { name: 'Save expense' }).click();
      await timeline.getByText('Chakan and back by bus').waitFor();
      const logged = (await timeline.textContent()) ?? '';
      for (const words of ['1.5 h', 'Ravi Patil', '₹420.00', 'Travel']) expect(logged.includes(words), `the timeline lacks "${words}": ${logged}`);

      // Resolved with the customer's signature, drawn on the pad in the resolve dialog.
      await page.getByTestId('lifecycle-panel').getByRole('button', { name: 'Resolve', exact: true }).click();
      const resolve = page.getByRole('dialog', { name: 'Resolve' });
      await resolve.getByLabel('Resolution').fill('Oil cooler cleaned, oil and filter changed; 2 h at full load without a trip');
      const pad = await resolve.getByRole('img', { name: 'Customer signature' }).boundingBox();
      if (!pad) throw new Error('no signature pad');
      await page.mouse.move(pad.x + 20, pad.y + 60);
      await page.mouse.down();
      for (const [dx, dy] of [[60, 20], [110, 70], [170, 30], [230, 80]] as const) await page.mouse.move(pad.x + dx, pad.y + dy, { steps: 5 });
      await page.mouse.up();
      // The drawing is the signature as soon as it is drawn: the step's own button sends it (issue 31 item 7).
      await resolve.getByText('Signed: the signature goes with the step.').waitFor();
      await resolve.getByRole('button', { name: 'Resolve', exact: true }).click();
      await resolve.waitFor({ state: 'detached' });
      await status(page, 'Resolved');
      const signed = await api.call(engineer, 'GET', `/api/app/svc-ticket/getById/${String(made.body._id)}`);
      expect(String(signed.body.customerSignatureUrl ?? '').startsWith('data:image/png;base64,'), 'the drawn signature is kept on the ticket');

      // The job card, read as text: the client, the machine, the work, the part and the signature.
      const card = await api.call(engineer, 'POST', `/api/app/svc-ticket/generatePdf/${String(made.body._id)}`);
      const pdf = Buffer.from(String(card.body.data), 'base64');
      const text = pdfText(pdf);
      for (const words of ['Kalyani Forge', 'Compressor CP-01', 'Cleaned the oil cooler', 'Coupling spider insert', 'Customer signature', 'Ravi Patil']) expect(text.includes(words), `the job card lacks "${words}"`);
      expect(/\/Subtype \/Image/.test(pdf.toString('latin1')), 'the job card carries the signature image');

      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, baseUrl, 'admin@demo.local');
      await openTicket(page, baseUrl, 'closed-calls', number);
      await status(page, 'Resolved');
      await step(page, 'Close');
      await status(page, 'Closed');
      const expected = ['Start work → In Progress', 'Resolve → Resolved', 'Ravi Patil', 'Close → Closed', 'Asha Kulkarni'];
      const steps = await history(page, expected);
      for (const words of expected) expect(steps.includes(words), `history lacks "${words}": ${steps}`);
    },
  },
  {
    name: 'the engineer opens the machine card from his ticket on a phone and reads its hour meter, raising the plan it makes owed; a machine he works no ticket on stays closed to him',
    run: async ({ page, baseUrl }) => {
      const api = httpHarness(baseUrl);
      const admin = await api.signIn('admin@demo.local', passwordOf('admin@demo.local'));
      const engineer = await api.signIn('engineer@demo.local', passwordOf('engineer@demo.local'));
      const machines = await api.call(admin, 'GET', '/api/app/svc-machine-instances?limit=500');
      const chiller = (machines.body.data ?? []).find((m) => m.name === 'Chiller CH-01');
      const made = await api.call(admin, 'POST', '/api/app/ticket', { title: 'Chiller CH-01 low refrigerant alarm', machineInstanceId: chiller?._id, assignedTo: engineer.user._id });
      expect(made.status === 201, `ticket made: ${JSON.stringify(made.body)}`);
      const counted = await api.call(admin, 'POST', `/api/app/svc-machine-instances/meter-reading/${String(chiller?._id)}`, { kind: 'Running Hours', reading: 17400 });
      expect(counted.status === 200, `hour meter read: ${JSON.stringify(counted.body)}`);
      const plan = await api.call(admin, 'POST', '/api/app/preventive-maintenance', { title: 'Chiller 500-hour service', machineInstanceId: chiller?._id, startDate: new Date().toISOString().slice(0, 10), trigger: 'Meter', meterKind: 'Running Hours', meterInterval: 500 });
      expect(plan.status === 201, `plan made: ${JSON.stringify(plan.body)}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, baseUrl, 'engineer@demo.local');
      await openTicket(page, baseUrl, 'my-open-tickets', String(made.body.alternateId));
      await page.getByTestId('ticket-header').getByRole('link', { name: 'Chiller CH-01' }).click();
      const card = page.getByRole('article', { name: 'Chiller CH-01' });
      await card.waitFor({ timeout: 15_000 });
      const shown = (await card.textContent()) ?? '';
      // The running hours are the hour meter's reading, in the card's meters (the card says them there alone).
      for (const words of ['Chiller Plant Room', 'Running Hours', '17,400 h', 'Open tickets', 'Chiller CH-01 low refrigerant alarm']) expect(shown.includes(words), `the card lacks "${words}": ${shown}`);
      // The meters take the card's access: he reads the hour meter at the machine, and his reading crosses the
      // 500-hour plan the admin set from the last reading, which raises its preventive ticket at once.
      const meters = card.getByRole('region', { name: 'Meters' });
      await meters.getByRole('button', { name: 'Save reading' }).waitFor({ timeout: 15_000 });
      await meters.getByRole('textbox', { name: 'Reading' }).fill('17960');
      await meters.getByRole('button', { name: 'Save reading' }).click();
      const raised = meters.getByRole('status');
      await raised.waitFor({ timeout: 15_000 });
      const said = (await raised.textContent()) ?? '';
      expect(said.startsWith('Preventive ticket raised: '), `the reading says which ticket it raised: ${said}`);
      expect((await card.getByRole('link', { name: 'Bill of materials' }).count()) === 0, 'the BOM, which is not his, is not offered');
      const moulding = (machines.body.data ?? []).find((m) => m.name === 'IMM-150 Line 2');
      await page.goto(`${baseUrl}/app/machine/${String(moulding?._id)}`);
      await page.getByText('This machine is not open to you').waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'the client raises a ticket for his own machine with a photo on a phone, in one form',
    run: async ({ page, baseUrl }) => {
      const api = httpHarness(baseUrl);
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, baseUrl, 'client@demo.local');
      await page.goto(`${baseUrl}/app/ticket-client-list`);
      await page.getByRole('button', { name: 'New ticket' }).click();
      const form = page.getByRole('dialog', { name: 'New ticket' });
      await form.getByLabel(/^Title/).fill('Air compressor AC-1 trips on start');
      await form.getByLabel('Machine', { exact: true }).click();
      const offered = await page.getByRole('option').allTextContents();
      expect(offered.length === 2 && offered.every((o) => o.endsWith('· Weaving Utilities')), `only his company's machines are offered: ${offered.join(', ')}`);
      await page.getByRole('option', { name: /^Weaving air compressor AC-1/ }).click();
      await form.locator('input[type=file]').setInputFiles({ name: 'ac1-panel.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
      await form.getByRole('button', { name: 'Remove ac1-panel.png' }).waitFor();
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/raised with 1 photo/).waitFor({ timeout: 15_000 });
      const client = await api.signIn('client@demo.local', passwordOf('client@demo.local'));
      const mine = await api.call(client, 'GET', '/api/app/ticket/view/ticket-client-list');
      const raised = (mine.body.data ?? []).find((t) => t.title === 'Air compressor AC-1 trips on start');
      expect(Boolean(raised), 'the ticket is in his list');
      const ticket = await api.call(client, 'GET', `/api/app/ticket/getById/${String(raised?._id)}`);
      const attachments = (ticket.body.attachments ?? []) as Array<{ name?: string }>;
      expect(attachments.length === 1, `the photo is on the ticket: ${JSON.stringify(attachments)}`);
      expect(typeof ticket.body.assetId === 'string', "the ticket took the machine's site");
    },
  },
  {
    name: "the client finds his company's resolved ticket on a phone, reads the public comment but not the internal one, replies and rates the work",
    run: async ({ page, baseUrl }) => {
      const api = httpHarness(baseUrl);
      const admin = await api.signIn('admin@demo.local', passwordOf('admin@demo.local'));
      const engineer = await api.signIn('engineer@demo.local', passwordOf('engineer@demo.local'));
      const clients = await api.call(admin, 'GET', '/api/app/client?limit=500');
      const sunrise = (clients.body.data ?? []).find((c) => String(c.companyName).startsWith('Sunrise Textiles'));
      expect(Boolean(sunrise), 'the demo has the client company Sunrise Textiles');
      const made = await api.call(admin, 'POST', '/api/app/svc-ticket', { ticketType: 'Breakdown Maintenance', title: 'Loom shed compressor losing pressure', priority: 'High', clientId: sunrise?._id, assignedTo: engineer.user._id });
      const id = String(made.body._id);
      const number = String(made.body.alternateId);
      await api.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${id}`, { event: 'start' });
      await api.call(admin, 'POST', `/api/app/svc-ticket/comment/${id}`, { comment: 'Customer has two unpaid invoices', internal: true });
      await api.call(engineer, 'POST', `/api/app/svc-ticket/comment/${id}`, { comment: 'Leaking coupling replaced; pressure holds at 7.5 bar' });
      const resolved = await api.call(engineer, 'PATCH', `/api/app/svc-ticket/transition/${id}`, { event: 'resolve', resolution: 'Coupling replaced' });
      expect(resolved.status === 200, `resolved: ${JSON.stringify(resolved.body)}`);

      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, baseUrl, 'client@demo.local');
      await openTicket(page, baseUrl, 'ticket-client-list', number);
      await status(page, 'Resolved');
      const timeline = page.getByTestId('ticket-timeline');
      await timeline.getByText('Leaking coupling replaced; pressure holds at 7.5 bar').waitFor();
      const seen = (await timeline.textContent()) ?? '';
      expect(!seen.includes('unpaid invoices'), `an internal comment reached the client: ${seen}`);

      await timeline.getByLabel('Add a comment').fill('Thank you, the looms are running again');
      await timeline.getByRole('button', { name: 'Post comment' }).click();
      await timeline.getByText('Thank you, the looms are running again').waitFor();
      const fourth = timeline.locator('input[type=radio][value="4"]');
      await timeline.locator(`label[for="${await fourth.getAttribute('id')}"]`).click();
      await timeline.getByLabel('Comments (optional)').fill('Quick and tidy');
      await timeline.getByRole('button', { name: 'Send rating' }).click();
      await timeline.getByText('Rated 4 of 5').waitFor();
      const ratings = await api.call(admin, 'GET', `/api/app/svc-ticket/activity/${id}`);
      const rating = (ratings.body.data ?? []).find((e) => e.kind === 'feedback');
      expect(rating?.rating === 4 && rating?.text === 'Quick and tidy', `the rating is stored: ${JSON.stringify(rating)}`);
    },
  },
];
