/**
 * The fixtures QA's exported Playwright specs run on (issue 37, item 2; the specs come from
 * `npm run paths -- --format playwright --out DIR`, src/machines/paths/playwright.ts). `qa` takes each step as
 * the person who takes it in the office:
 * - staff: signed in through the form as the demo's account of the step's role (each role in a browser context of
 *   its own, so a maker and a checker never share a session), on the list the role sees the module on, clicking
 *   the record's button by its words and filling the step's dialog by the fields' labels;
 * - the customer: on the public page of a fresh link (no session), pressing its buttons (a proposal's decision,
 *   a prospect's details form);
 * - the scheduler: through the transition route, where the server takes it as the scheduler.
 * After every step the status is read on screen (staff and customer) and from the API.
 *
 * Accounts: the demo's users of each role (server/seed/demo-tenant.ts); QA_ACCOUNTS="ROLE=EMAIL:PASSWORD,…"
 * names others.
 */
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { MODULE_ACCESS } from '../../../src/contract/moduleAccessTable';
import { moduleNamed } from '../../../src/contract/modules/index';
import { GUARDED_ROUTES } from '../../../src/contract/routes';
import { recordName } from '../../../src/contract/words';
import { lifecycleOf, type Lifecycle } from '../../../src/machines/lifecycles/index';
import { testerRole } from '../../../src/machines/paths/roles';
import { en } from '../../../src/i18n/en';
import { salesEn } from '../../../src/i18n/sales/en';
import { describeFields, type FieldSpec } from '../../../src/ui/screens/module/fieldModel';
import { demoAccounts, httpHarness, type Account } from '../../../scripts/paths-replay';
import { lifecycleActorEmail, LIFECYCLE_MAKERS, newLifecycleRecord, takeStep } from '../../helpers/lifecycle-records';
import type { SignedIn } from '../../helpers/test-db';
import type { SpecStep } from '../../../src/machines/paths/playwright';

/** One step of an exported path, as the spec writes it (src/machines/paths/playwright.ts). */
export type PathStep = SpecStep;

export interface PathRecord {
  module: string;
  id: string;
  number: string;
  /** Who made it: the sender of the customer's link and the one who reads the record back. */
  owner: string;
  /** The public link staff made on screen for the customer (a subscription request's details link), once made. */
  link?: string;
}

export interface PathDriver {
  /** A new record of `module` (made through the API by its usual maker), checked to stand in `state`. */
  newRecord(module: string, state: string): Promise<PathRecord>;
  /** Takes `step` as its actor and checks where the record lands. */
  take(record: PathRecord, step: PathStep): Promise<void>;
}

function accounts(): Record<string, Account> {
  const given = (process.env.QA_ACCOUNTS ?? '').split(',').filter(Boolean).map((entry) => {
    const match = /^([A-Z_]+)=([^:]+)(?::(.*))?$/.exec(entry.trim());
    if (!match) throw new Error(`QA_ACCOUNTS takes ROLE=EMAIL:PASSWORD entries, not "${entry}"`);
    return [match[1] as string, { email: match[2] as string, ...(match[3] ? { password: match[3] } : {}) }] as const;
  });
  return { ...demoAccounts(), ...Object.fromEntries(given) };
}

/** The screen a role sees `module` on: its own feature's list, else the first view of it the role may see. */
function routeFor(module: string, role: string): string {
  const access = MODULE_ACCESS[module];
  const codes = access ? [access.feature, ...access.views] : [moduleNamed(module).feature];
  const permissions = testerRole(role)?.permissions ?? {};
  const code = codes.find((c) => permissions[c]?.includes('VIEW') && GUARDED_ROUTES.some((r) => r.code === c));
  const route = GUARDED_ROUTES.find((r) => r.code === code);
  if (!route) throw new Error(`No screen shows ${module} to the role ${role}`);
  return route.path;
}

async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/auth/login-2');
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password ?? '');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/app/**');
}

/** Records with a page of their own, opened by its link (an agreement's, where "Make agreement" leads). */
const RECORD_PAGES: Readonly<Record<string, (id: string) => string>> = { agreement: (id) => `/app/agreement/${id}` };
/** Lists shown in a tab of their screen (the sales pipeline's). */
const LIST_TABS: Readonly<Record<string, string>> = { lead: '?tab=lead', proposal: '?tab=proposal' };

/** The record's row on the list at `route`, searched by its number (a record without one: by its name). */
async function findRow(page: Page, route: string, record: PathRecord): Promise<Locator> {
  await page.goto(`/app/${route}${LIST_TABS[record.module] ?? ''}`);
  // The leads open on a board of cards: their table has the search and the rows.
  if (record.module === 'lead') await page.getByRole('radiogroup').getByText('Table', { exact: true }).click(); // a segmented control: its label takes the click, the radio is hidden
  // The search box waits for the list's first page (slow on a loaded machine): give it the navigation's time.
  const search = page.getByRole('textbox', { name: 'Search' });
  await expect(search).toBeEditable({ timeout: 30_000 });
  await search.fill(record.number);
  return page.getByRole('row').filter({ hasText: record.number });
}

/** Opens the record's detail view from its row. */
async function openFromRow(page: Page, row: Locator, record: PathRecord): Promise<void> {
  await row.getByRole('button', { name: /^View / }).or(row.getByRole('link', { name: `Open ${record.number}` })).first().click();
  await page.getByTestId('lifecycle-panel').waitFor();
}

/** The record's detail view: its own page, or on the list at `route`, opened from its row. */
async function openRecord(page: Page, route: string, record: PathRecord): Promise<void> {
  const own = RECORD_PAGES[record.module];
  if (own) {
    await page.goto(own(record.id));
    await page.getByTestId('lifecycle-panel').waitFor();
    return;
  }
  await openFromRow(page, await findRow(page, route, record), record);
}

/**
 * Steps taken through a form of their own, not a button of the record's panel (the lifecycle's `onlyByCall`),
 * each done on the screen where a person does it, starting from the record's detail view open on `route`.
 */
const OWN_FORM_STEPS: Readonly<Record<string, (page: Page, route: string, record: PathRecord, step: PathStep) => Promise<void>>> = {
  async 'purchase-order'(page, _route, _record, step) {
    // A delivery is recorded on the order's receive form: the whole due quantity receives everything, one unit
    // of the first line is a part delivery.
    const form = page.getByTestId('po-receive');
    if (step.event === 'receivePart') await form.getByRole('textbox', { name: /^1\. / }).fill('1');
    await form.getByRole('button', { name: 'Receive', exact: true }).click();
  },
  async 'subscription-request'(page, route, record) {
    // The details link is made from the request's row on the list: its link action, "Generate link", and the
    // link shown to copy, which the prospect then opens (customerStep).
    const row = await findRow(page, route, record);
    await row.getByRole('button', { name: salesEn.sendDetailsLinkTo.replace('{{company}}', record.number), exact: true }).click();
    const modal = page.getByRole('dialog', { name: salesEn.detailsLinkTitle, exact: true });
    await modal.getByRole('button', { name: salesEn.generateLink, exact: true }).click();
    const link = modal.getByRole('textbox', { name: salesEn.detailsLink, exact: true });
    await expect(link).toHaveValue(/^https?:\/\//);
    record.link = await link.inputValue();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await openFromRow(page, row, record);
  },
};

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `text` as a regular expression that matches it whole, nothing before or after. */
const exactly = (text: string): RegExp => new RegExp(`^${escaped(text)}$`);

/** A person's option in a picker of who may do the work: their name, then their load today, in the dictionary's words. */
const personOption = (name: string): RegExp =>
  new RegExp(`^${en.form.personLoad.split(/\{\{(\w+)\}\}/).map((part, i) => (i % 2 === 0 ? escaped(part) : part === 'name' ? escaped(name) : '\\d+')).join('')}$`);

/**
 * The one option a person picks for `value`: a choice by its words; a person (a field that offers who may do the
 * work) by the name the option starts with, as the picker shows them with their load ("Ravi Patil · open
 * tickets: 2 · visits today: 0"); the example names the account in brackets for the reader, the screen does not.
 */
function optionFor(value: string, field: FieldSpec | undefined, choices: ReadonlyArray<{ value: string; label: string }> | undefined): { typed?: string; name: RegExp } {
  const choice = choices?.find((c) => c.value === value || c.label === value);
  if (choice) return { name: exactly(choice.label) };
  const name = value.replace(/\s*\([^)]*\)$/, '');
  if (field?.peopleOf) return { typed: name, name: personOption(name) };
  return { typed: name, name: exactly(name) };
}

/** Fills the step's dialog: each required field by its label, exactly (never a longer label that holds it). */
async function fillDialog(page: Page, lifecycle: Lifecycle, module: string, step: PathStep): Promise<void> {
  const dialog = page.getByRole('dialog', { name: step.label, exact: true });
  await dialog.waitFor();
  const fields = describeFields(moduleNamed(module));
  const choices = lifecycle.events[step.event]?.choices ?? {};
  for (const [name, value] of Object.entries(step.data)) {
    const field = fields.find((f) => f.name === name);
    const label = field?.label ?? name;
    if (choices[name] || field?.reference !== undefined) {
      // A picker (an engineer, a reason code): typed into when it searches, then its one option by name.
      const picker = dialog.getByRole('combobox', { name: label, exact: true });
      const { typed, name: option } = optionFor(value, field, choices[name]);
      if (typed !== undefined) await picker.fill(typed);
      else await picker.click();
      await page.getByRole('option', { name: option }).click();
    } else await dialog.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  await dialog.getByRole('button', { name: step.label, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A public link to the record made by its owner through the API (a proposal's, which its own screen sends by e-mail). */
async function madeLink(owner: SignedIn, record: PathRecord, harness: ReturnType<typeof httpHarness>): Promise<string> {
  const made = await harness.call(owner, 'PATCH', `${moduleNamed(record.module).path}/generatePublicLink`, { id: record.id });
  expect(made.status, `making the public link: ${JSON.stringify(made.body)}`).toBe(200);
  return String(made.body.link);
}

/** The customer's side: the link staff made on screen, else a fresh one made by the record's owner, opened with no session. */
async function customerStep(browser: Browser, baseURL: string, owner: SignedIn, record: PathRecord, step: PathStep, harness: ReturnType<typeof httpHarness>): Promise<void> {
  const link = record.link ?? (await madeLink(owner, record, harness));
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto(link);
    if (record.module === 'proposal') {
      await page.getByRole('heading', { name: 'Head Terms-Commercial Proposal' }).waitFor({ timeout: 20_000 });
      if (step.event === 'view') return;
      const button = step.event === 'accept' ? 'Accept' : 'Reject';
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
      const modal = page.getByRole('dialog', { name: `${button} Proposal`, exact: true });
      await modal.getByRole('textbox').fill(Object.values(step.data)[0] ?? 'QA');
      await modal.getByRole('button', { name: 'Submit', exact: true }).click();
      await modal.waitFor({ state: 'detached' });
      return;
    }
    if (record.module === 'subscription-request' && step.event === 'confirm') {
      // The prospect's details link: the team size changed, both texts accepted, then sent.
      await page.getByRole('textbox', { name: /^Number of Users/ }).waitFor({ timeout: 20_000 });
      await page.getByRole('textbox', { name: /^Number of Users/ }).fill('30');
      await page.getByRole('button', { name: 'Terms & Conditions', exact: true }).click();
      await page.getByRole('dialog', { name: 'Terms & Conditions' }).getByRole('button', { name: 'Accept', exact: true }).click();
      await page.getByRole('button', { name: 'Privacy & Policy', exact: true }).click();
      await page.getByRole('dialog', { name: 'Privacy & Policy' }).getByRole('button', { name: 'Accept', exact: true }).click();
      await page.getByRole('button', { name: 'Submit Request', exact: true }).click();
      await page.getByText('You are subscribed!').waitFor();
      return;
    }
    throw new Error(`${record.module}: the fixtures do not know its public page for "${step.event}" yet`);
  } finally {
    await context.close();
  }
}

/**
 * What a worker keeps from test to test: each role's browser session (signed in through the form by the first test
 * that needs the role, then handed to every later test's context of that role) and the API's signed-in harness.
 * A test still gets a browser context of its own for each role; only the typing of the password is not repeated.
 */
interface WorkerSessions {
  browserStates: Map<string, BrowserContextOptions['storageState']>;
  harnesses: Map<string, ReturnType<typeof httpHarness>>;
}

export const test = base.extend<{ qa: PathDriver }, { sessions: WorkerSessions }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  sessions: [async ({}, use) => use({ browserStates: new Map(), harnesses: new Map() }), { scope: 'worker' }],
  qa: async ({ browser, baseURL, sessions }, use) => {
    if (!baseURL) throw new Error('BASE_URL is required');
    const byRole = accounts();
    const harness = sessions.harnesses.get(baseURL) ?? httpHarness(baseURL, Object.values(byRole));
    sessions.harnesses.set(baseURL, harness);
    const contexts: BrowserContext[] = [];
    // Each role's page in this test; the last record it showed, to open it again only when needed.
    const pages = new Map<string, { page: Page; showing?: string }>();
    const staffPage = async (role: string) => {
      const known = pages.get(role);
      if (known) return known;
      const account = byRole[role];
      if (!account) throw new Error(`No account for the role ${role}: name one in QA_ACCOUNTS`);
      const key = `${baseURL} ${account.email}`;
      const signedIn = sessions.browserStates.get(key);
      const context = await browser.newContext({ baseURL, ...(signedIn ? { storageState: signedIn } : {}) });
      contexts.push(context);
      const page = await context.newPage();
      if (!signedIn) {
        await signIn(page, account);
        sessions.browserStates.set(key, await context.storageState());
      }
      const entry: { page: Page; showing?: string } = { page };
      pages.set(role, entry);
      return entry;
    };
    const readStatus = async (record: PathRecord): Promise<string> => {
      const lifecycle = lifecycleOf(record.module) as Lifecycle;
      const read = await harness.call(await harness.signIn(record.owner), 'GET', `${moduleNamed(record.module).path}/getById/${record.id}`);
      return String(read.body?.[lifecycle.statusField]);
    };
    await use({
      async newRecord(module, state) {
        const owner = LIFECYCLE_MAKERS[module] ?? lifecycleActorEmail(module);
        const who = await harness.signIn(owner);
        const id = await newLifecycleRecord(harness as never, who, module);
        const read = await harness.call(who, 'GET', `${moduleNamed(module).path}/getById/${id}`);
        // What the list shows and searches: its number, or its name when it has none (a subscription request's company).
        const record = { module, id, number: String(read.body.alternateId ?? recordName(read.body)), owner };
        expect(await readStatus(record), `the new ${module} ${record.number}`).toBe(state);
        return record;
      },
      async take(record, step) {
        const lifecycle = lifecycleOf(record.module) as Lifecycle;
        if (step.actor === 'scheduler') {
          const moved = await takeStep(harness, await harness.signIn(record.owner), record.module, record.id, step.event);
          expect(moved.status, `the scheduler's "${step.label}": ${JSON.stringify(moved.body)}`).toBe(200);
        } else if (step.actor === 'customer') {
          await customerStep(browser, baseURL, await harness.signIn(record.owner), record, step, harness);
        } else {
          const role = step.actor.replace(/^staff:/, '');
          const entry = await staffPage(role);
          const { page } = entry;
          if (entry.showing !== record.id) {
            await openRecord(page, routeFor(record.module, role), record);
            entry.showing = record.id;
          }
          const panel = page.getByTestId('lifecycle-panel');
          await expect(panel.getByTestId('lifecycle-status')).toHaveText(exactly(step.from));
          const ownForm = lifecycle.events[step.event]?.onlyByCall ? OWN_FORM_STEPS[record.module] : undefined;
          if (lifecycle.events[step.event]?.onlyByCall && !ownForm) throw new Error(`${record.module}: the fixtures do not know the form that takes "${step.event}" yet`);
          if (ownForm) await ownForm(page, routeFor(record.module, role), record, step);
          else {
            await panel.getByRole('group').getByRole('button', { name: step.label, exact: true }).click();
            if (step.dialog) await fillDialog(page, lifecycle, record.module, step);
          }
          await expect(panel.getByTestId('lifecycle-status')).toHaveText(exactly(step.to));
        }
        // The record as stored, whoever took the step; another role's page shows it afresh when it next acts.
        await expect.poll(() => readStatus(record), { message: `${record.module} ${record.number} after "${step.label}"` }).toBe(step.to);
        for (const [role, entry] of pages) if (step.actor !== `staff:${role}`) entry.showing = undefined;
      },
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
