/**
 * The ticket workspace as its people use it (issue 13), on a phone for the engineer: an administrator raises a
 * breakdown ticket for compressor CP-01 and assigns it to the demo engineer (through the API: the ticket form's
 * machine and engineer pickers are the generic form's, tested elsewhere); the engineer, at 390 px, finds it in
 * "My Open Calls" beside his generic calls, opens its page, starts it, logs 1.5 hours and a comment on its
 * timeline, requests a spare part for it and resolves it with the resolution; the
 * administrator finds it in "Closed Calls", sees who resolved it, and closes it.
 */
import { httpHarness } from '../../scripts/paths-replay';
import { expect, type Scenario } from './harness';
import { history, openTicket, passwordOf, signIn, status, step } from './lifecycles';

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
      const logged = (await timeline.textContent()) ?? '';
      expect(logged.includes('1.5 h') && logged.includes('Ravi Patil'), `the timeline shows his hours in his name: ${logged}`);
      await step(page, 'Resolve', { Resolution: 'Oil cooler cleaned, oil and filter changed; 2 h at full load without a trip' });
      await status(page, 'Resolved');

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
];
