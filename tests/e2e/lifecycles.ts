/**
 * The lifecycle steps as people take them on the record view (issue 11), makers and checkers each signed in
 * through the form: a stores clerk submits a requisition, the purchase manager approves it and sends it to
 * purchase, and its draft purchase order is there; an accounts approver rejects a credit note with remarks,
 * the clerk revises it to a draft, edits it and resubmits it, the approver approves it; a system ticket is acknowledged and closed with
 * remarks; a ticket goes from the coordinator to the engineer and back. Each is checked in the record's history.
 *
 * Records are made through the API first (as their makers): a requisition's and a credit note's lines have no
 * input on the generic form yet (issue 12), so the scenarios start from a record that exists.
 */
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../server/seed/demo-tenant';
import { httpHarness } from '../../scripts/paths-replay';
import { newLifecycleRecord } from '../helpers/lifecycle-records';
import { expect, type Scenario } from './harness';

export function passwordOf(email: string): string {
  return DEMO_USERS.find((u) => u.email === email)?.password ?? '';
}

export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${baseUrl}/auth/login-2`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseUrl}/auth/login-2`);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(passwordOf(email));
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/app/**');
}

/** Opens the record numbered `number` from the list at `route`. */
async function openRecord(page: Page, baseUrl: string, route: string, number: string): Promise<void> {
  await page.goto(`${baseUrl}/app/${route}`);
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  await page.getByRole('button', { name: /^View / }).first().click();
  await page.getByTestId('lifecycle-panel').waitFor();
}

/** Opens the ticket numbered `number` from the call view at `route` on its own page (issue 13). */
export async function openTicket(page: Page, baseUrl: string, route: string, number: string): Promise<void> {
  await page.goto(`${baseUrl}/app/${route}`);
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  await page.getByRole('link', { name: `Open ${number}` }).first().click();
  await page.getByTestId('lifecycle-panel').waitFor();
}

export async function status(page: Page, expected: string): Promise<void> {
  await page.getByTestId('lifecycle-status').filter({ hasText: new RegExp(`^${expected}$`) }).waitFor({ timeout: 15_000 });
}

export async function step(page: Page, label: string, fields: Record<string, string> = {}, dialog = true): Promise<void> {
  await page.getByTestId('lifecycle-panel').getByRole('button', { name: label, exact: true }).click();
  if (!dialog) return;
  const modal = page.getByRole('dialog', { name: label });
  for (const [field, text] of Object.entries(fields)) await modal.getByLabel(field).fill(text);
  await modal.getByRole('button', { name: label, exact: true }).click();
  await modal.waitFor({ state: 'detached' });
}

/**
 * The record's history once it holds every one of `words`: the history is read again after a step, so the last
 * step may show a moment after the status does. Gives up after 15 s with what it has, for the caller to report.
 */
export async function history(page: Page, words: readonly string[] = []): Promise<string> {
  const timeline = page.getByTestId('lifecycle-history');
  await timeline.waitFor();
  const until = Date.now() + 15_000;
  let text = (await timeline.textContent()) ?? '';
  while (!words.every((w) => text.includes(w)) && Date.now() < until) {
    await page.waitForTimeout(200);
    text = (await timeline.textContent()) ?? '';
  }
  return text;
}

async function made(baseUrl: string, email: string, module: string, path: string): Promise<{ id: string; number: string }> {
  const api = httpHarness(baseUrl);
  const who = await api.signIn(email, passwordOf(email));
  const id = await newLifecycleRecord(api as never, who, module);
  const read = await api.call(who, 'GET', `${path}/getById/${id}`);
  return { id, number: String(read.body.alternateId) };
}

export const lifecycleScenarios: Scenario[] = [
  {
    name: 'a stores clerk submits a requisition; the purchase manager approves it and sends it to purchase; its draft purchase order appears',
    run: async ({ page, baseUrl }) => {
      const requisition = await made(baseUrl, 'stores@demo.local', 'purchase-order-requisition', '/api/app/purchase-order-requisition');
      await signIn(page, baseUrl, 'stores@demo.local');
      await openRecord(page, baseUrl, 'manage-requisition', requisition.number);
      await status(page, 'Draft');
      await step(page, 'Submit for review', {}, false);
      await status(page, 'Submitted');
      const clerkSees = await page.getByTestId('lifecycle-panel').getByRole('button').allTextContents();
      expect(!clerkSees.includes('Approve'), `the clerk must not be offered Approve: ${clerkSees.join(', ')}`);

      await signIn(page, baseUrl, 'purchase@demo.local');
      await openRecord(page, baseUrl, 'manage-review-requisition', requisition.number);
      await status(page, 'Submitted');
      await step(page, 'Approve', { 'Review Remarks': 'Both bearings are on the spindle job card' });
      await status(page, 'Approved');
      await step(page, 'Send to purchase');
      await status(page, 'Sent To Purchase');

      // The review list holds requisitions waiting for review; the clerk who raised it sees where it went.
      await signIn(page, baseUrl, 'stores@demo.local');
      await openRecord(page, baseUrl, 'manage-requisition', requisition.number);
      await status(page, 'Sent To Purchase');
      const expected = ['Submit for review → Submitted', 'Sunil Jadhav', 'Approve → Approved', 'Send to purchase → Sent To Purchase', 'Priya Nair'];
      const steps = await history(page, expected);
      for (const words of expected) expect(steps.includes(words), `history lacks "${words}": ${steps}`);

      // One draft purchase order per supplier, each naming the requisition; the list search covers shown
      // columns only, so the orders are found through the API and the first is opened on screen by its number.
      const api = httpHarness(baseUrl);
      const buyer = await api.signIn('purchase@demo.local', passwordOf('purchase@demo.local'));
      const listed = await api.call(buyer, 'GET', '/api/app/purchase-order?limit=500');
      // The list shows columns only: each draft is read whole to see which requisition it came from.
      const drafts = (listed.body.data as Array<{ _id: string; status: string }>).filter((po) => po.status === 'Draft');
      const read = await Promise.all(drafts.map(async (po) => (await api.call(buyer, 'GET', `/api/app/purchase-order/getById/${po._id}`)).body));
      const orders = (read as Array<{ alternateId: string; status: string; requisitionIds: string[] }>).filter((po) => po.requisitionIds.includes(requisition.id));
      expect(orders.length === 2 && orders.every((po) => po.status === 'Draft'), `two draft purchase orders (one per supplier) expected: ${JSON.stringify(orders)}`);
      await signIn(page, baseUrl, 'purchase@demo.local');
      await page.goto(`${baseUrl}/app/manage-po`);
      await page.getByRole('textbox', { name: 'Search' }).fill(orders[0].alternateId);
      await page.getByRole('button', { name: /^View / }).first().click();
      await page.getByText(`From requisition ${requisition.number}`).first().waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'an accounts approver rejects a credit note with remarks; the clerk revises it to a draft, edits its amount and resubmits it; the approver sees it read-only and approves it; the history shows the edit, old → new',
    run: async ({ page, baseUrl }) => {
      const note = await made(baseUrl, 'clerk@demo.local', 'credit-note', '/api/app/credit-note');
      await signIn(page, baseUrl, 'approver@demo.local');
      await openRecord(page, baseUrl, 'manageCreditNote', note.number);
      await status(page, 'Pending Approval');
      // The checker decides on what the maker wrote: no Edit while it waits (issue 28).
      expect((await page.getByRole('button', { name: 'Edit', exact: true }).count()) === 0, 'the approver is offered Edit on a note waiting for approval');
      await step(page, 'Reject', { 'Approval Remarks': 'Credit the spindle visit only, not the travel' });
      await status(page, 'Rejected');

      // A rejected note is revised to a draft before it changes; the draft is its maker's to edit.
      await signIn(page, baseUrl, 'clerk@demo.local');
      await openRecord(page, baseUrl, 'generateCreditNote', note.number);
      await status(page, 'Rejected');
      await step(page, 'Revise', {}, false);
      await status(page, 'Draft');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: /^Edit / });
      await edit.getByLabel(/^Reason/).click();
      await page.getByRole('option', { name: 'Deficiency In Service' }).click();
      await edit.getByTestId('items-line').first().getByLabel(/^Rate/).fill('300');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached', timeout: 15_000 });
      await openRecord(page, baseUrl, 'generateCreditNote', note.number);
      await step(page, 'Submit for approval', {}, false);
      await status(page, 'Pending Approval');

      await signIn(page, baseUrl, 'approver@demo.local');
      await openRecord(page, baseUrl, 'manageCreditNote', note.number);
      expect((await page.getByRole('button', { name: 'Edit', exact: true }).count()) === 0, 'the approver is offered Edit on the resubmitted note');
      await step(page, 'Approve');
      await status(page, 'Approved');
      const expected = [
        'Reject → Rejected',
        'Credit the spindle visit only, not the travel',
        'Revise → Draft',
        'Edited',
        'Reason: Post-Sale Discount → Deficiency In Service',
        'Grand Total: ₹118.00 → ₹354.00',
        'Submit for approval → Pending Approval',
        'Kiran Desai',
        'Approve → Approved',
        'Farah Khan',
      ];
      const steps = await history(page, expected);
      for (const words of expected) expect(steps.includes(words), `history lacks "${words}": ${steps}`);
    },
  },
  {
    name: 'a system ticket is acknowledged, then closed with remarks, from its own list',
    run: async ({ page, baseUrl }) => {
      const ticket = await made(baseUrl, 'admin@demo.local', 'system-ticket', '/api/app/system-ticket');
      await signIn(page, baseUrl, 'admin@demo.local');
      await openRecord(page, baseUrl, 'system-tickets', ticket.number);
      await status(page, 'Open');
      await step(page, 'Acknowledge', {}, false);
      await status(page, 'Acknowledged');
      await step(page, 'Close', { 'Closing Remarks': 'Coupling realigned; vibration back to 2.3 mm/s' });
      await status(page, 'Closed');
      const expected = ['Acknowledge → Acknowledged', 'Close → Closed', 'Asha Kulkarni'];
      const steps = await history(page, expected);
      for (const words of expected) expect(steps.includes(words), `history lacks "${words}": ${steps}`);
      const details = (await page.getByRole('dialog').filter({ has: page.getByTestId('lifecycle-panel') }).textContent()) ?? '';
      expect(details.includes('Coupling realigned; vibration back to 2.3 mm/s'), 'the closing remarks are on the ticket');
    },
  },
  {
    name: 'a coordinator assigns a ticket to an engineer, who starts it, holds it, resumes and resolves it; the coordinator closes it',
    run: async ({ page, baseUrl }) => {
      const ticket = await made(baseUrl, 'admin@demo.local', 'ticket', '/api/app/ticket');
      await signIn(page, baseUrl, 'admin@demo.local');
      await openRecord(page, baseUrl, 'genericTicket', ticket.number);
      await status(page, 'Open');
      // The engineer is picked by name from the tenant's people, not typed as an id.
      await page.getByTestId('lifecycle-panel').getByRole('button', { name: 'Assign', exact: true }).click();
      const assign = page.getByRole('dialog', { name: 'Assign' });
      await assign.locator('input').first().click();
      await page.getByRole('option', { name: /Ravi Patil/ }).click();
      await assign.getByRole('button', { name: 'Assign', exact: true }).click();
      await assign.waitFor({ state: 'detached' });
      await status(page, 'Assigned');

      await signIn(page, baseUrl, 'engineer@demo.local');
      await openTicket(page, baseUrl, 'my-open-tickets', ticket.number);
      await step(page, 'Start work', {}, false);
      await status(page, 'In Progress');
      await step(page, 'Put on hold', { 'Hold Reason': 'Pump seal kit from stores' });
      await status(page, 'On Hold');
      await step(page, 'Resume', {}, false);
      await status(page, 'In Progress');
      await step(page, 'Resolve', { Resolution: 'Seal kit replaced; no leak after 30 minutes at full flow' });
      await status(page, 'Resolved');

      await signIn(page, baseUrl, 'admin@demo.local');
      await openRecord(page, baseUrl, 'genericTicket', ticket.number);
      await step(page, 'Close');
      await status(page, 'Closed');
      const expected = ['Assign → Assigned', 'Start work → In Progress', 'Put on hold → On Hold', 'Pump seal kit from stores', 'Resolve → Resolved', 'Ravi Patil', 'Close → Closed', 'Asha Kulkarni'];
      const steps = await history(page, expected);
      for (const words of expected) expect(steps.includes(words), `history lacks "${words}": ${steps}`);
    },
  },
  {
    name: 'from the lists: the approver approves a credit note on its row; the purchase manager sends approved requisitions to purchase at once',
    run: async ({ page, baseUrl }) => {
      const note = await made(baseUrl, 'clerk@demo.local', 'credit-note', '/api/app/credit-note');
      await signIn(page, baseUrl, 'approver@demo.local');
      await page.goto(`${baseUrl}/app/manageCreditNote`);
      await page.getByRole('textbox', { name: 'Search' }).fill(note.number);
      await page.getByRole('button', { name: /^Approve / }).first().click();
      const confirm = page.getByRole('dialog', { name: 'Approve' });
      await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByText(`Credit note ${note.number} is Approved`).first().waitFor({ timeout: 15_000 });

      // Two requisitions raised by the stores clerk, submitted and approved through the API.
      const api = httpHarness(baseUrl);
      const stores = await api.signIn('stores@demo.local', passwordOf('stores@demo.local'));
      const buyer = await api.signIn('purchase@demo.local', passwordOf('purchase@demo.local'));
      const approved: Array<{ id: string; number: string }> = [];
      for (let i = 0; i < 2; i += 1) {
        const requisition = await made(baseUrl, 'stores@demo.local', 'purchase-order-requisition', '/api/app/purchase-order-requisition');
        await api.call(stores, 'PATCH', `/api/app/purchase-order-requisition/transition/${requisition.id}`, { event: 'submit' });
        const done = await api.call(buyer, 'PATCH', `/api/app/purchase-order-requisition/transition/${requisition.id}`, { event: 'approve' });
        expect(done.status === 200, `approving ${requisition.number}: ${JSON.stringify(done.body)}`);
        approved.push(requisition);
      }
      await signIn(page, baseUrl, 'purchase@demo.local');
      await page.goto(`${baseUrl}/app/manage-review-requisition`);
      await page.getByRole('button', { name: /^Send to purchase \(\d+\)$/ }).click();
      const bulk = page.getByRole('dialog', { name: /^Send to purchase: \d+$/ });
      const named = (await bulk.getByRole('listitem').allTextContents()).join(' | ');
      await bulk.getByRole('button', { name: 'Send to purchase', exact: true }).click();
      await page.getByText(/^Send to purchase: \d+ done$/).first().waitFor({ timeout: 15_000 });
      // Read by the clerk who raised them: once sent to purchase, they leave the review list (and the buyer's view).
      for (const requisition of approved) {
        const read = await api.call(stores, 'GET', `/api/app/purchase-order-requisition/getById/${requisition.id}`);
        expect(read.body.status === 'Sent To Purchase', `${requisition.number} is ${String(read.body.status)} (the dialog named: ${named})`);
      }
    },
  },
];
