/**
 * Issue 12's first test, generated from the catalogue: for every module with a create screen the administrator
 * reaches (every guarded route's modules that offer 'create', none sampled), its screen is opened, New clicked and
 * every input filled through the UI from the module's schema (tests/support/formFill.ts: text typed, amounts typed in
 * rupees, options chosen, dates typed, date-times picked, references picked by name, a document's line filled); one
 * required field is first given a wrong value, whose message must show beside it with nothing sent; then Save sends
 * exactly `toBody` of the generated values, the body tests/api/generatedForms.test.ts posts to the real server.
 *
 * The forms are split by the catalogue's areas into tests/ui/generatedForms.<file>.test.tsx, so that the two workers
 * of `npm test` share them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { catalogue, opRoute, type ModuleDef } from '../../../src/contract/modules';
import { fixedValues } from '../../../src/ui/routeModules';
import { describeFields, validate, type FieldSpec, type FormValue, type FormValues, type LineValues, type MessageWording } from '../../../src/ui/screens/module/fieldModel';
import { translator } from '../../../src/i18n';
import { wordMessage } from '../../../src/i18n/messageWords';
// The validation messages' English, as the forms add it to the dictionary.
import '../../../src/ui/kit/sayings';
import { createScreens, fieldSchema, formBody, formFields, formValues, presetOf, refModule, refName, type CreateScreen } from '../../support/formFill';
import { ADMIN, ADMIN_PERMISSIONS } from './demo';
import { renderApp, resetHarness, type Account } from './renderApp';
import { openModuleTable } from './moduleTabs';
import { notOnNewForm, shownLabels, standInApi } from './standIns';
import { areaOf, type Area } from './areas';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };

/**
 * Modules whose form cannot be saved, each with why. The test asserts each still fails: fixing one makes the test
 * fail until it is taken off this list.
 */
export const KNOWN_BROKEN: Readonly<Record<string, string>> = {};

function open(target: CreateScreen) {
  // Every module lists one record: the one each picker offers (references are picked by its name).
  const api = standInApi(admin);
  const { method, path } = opRoute(target.def, 'create');
  api.on(method, target.def.path + path, ({ body }) => ({ status: 201, body: { _id: 'gf-created', alternateId: 'GF-2026-000001', ...(body as object) } }));
  renderApp(api, `/app/${target.path}`);
  return { api, method, url: target.def.path + path };
}

/** The input a label names, in `scope` and not inside a document's line (unless `scope` is that line). */
function control(scope: HTMLElement, label: string): HTMLElement {
  const lineOf = (el: Element) => el.closest('[data-testid$="-line"]');
  const found = [...scope.querySelectorAll('label')].filter(
    (l) => (l.textContent ?? '').replace(/\s*\*\s*$/, '').trim() === label && lineOf(l) === lineOf(scope) && l.htmlFor,
  );
  if (found.length !== 1) throw new Error(`${found.length} inputs labelled "${label}"`);
  const input = document.getElementById(found[0]!.htmlFor);
  if (!input) throw new Error(`no input for "${label}"`);
  return input;
}

async function chooseOption(user: UserEvent, input: HTMLElement, name: string) {
  // Already chosen (the schema's default): clicking it again would clear it.
  if ((input as HTMLInputElement).value === name) return;
  await user.click(input);
  // A person is offered with their load today after their name ("Ravi Patil · open tickets: 2 · …").
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${escaped}( · .*)?$`) }));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A date-time picked as a person does: year, month and day on the calendar, then hours and minutes. */
async function pickDateTime(user: UserEvent, button: HTMLElement, local: string) {
  const [, year, month, day, hours, minutes] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(local)!;
  await user.click(button);
  const dropdown = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
  const level = () => within(dropdown).getAllByRole('button').find((b) => !b.hasAttribute('data-direction') && !b.getAttribute('aria-label') && b.textContent)!;
  await user.click(level()); // the months of the year
  await user.click(level()); // the years of the decade
  await user.click(within(dropdown).getByRole('button', { name: year }));
  await user.click(within(dropdown).getByRole('button', { name: new RegExp(`^${MONTHS[Number(month) - 1]!.slice(0, 3)}`) }));
  await user.click(within(dropdown).getByRole('button', { name: `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}` }));
  const [h, m] = within(dropdown).getAllByRole('spinbutton');
  await user.type(h!, hours!);
  await user.type(m!, minutes!);
  const buttons = within(dropdown).getAllByRole('button');
  await user.click(buttons[buttons.length - 1]!);
}

async function typeInto(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text !== '') await user.type(input, text);
}

/** Longer texts are pasted (one input event instead of one per character: the same value, faster). */
async function pasteInto(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text === '') return;
  await user.click(input);
  await user.paste(text);
}

/** Fills one input the way a person does, by its kind. */
/** The picker of a document's lines ("Line of the invoice id") in one line of the form: its `index`-th line chosen. */
async function pickDocumentLine(user: UserEvent, line: HTMLElement, index: number) {
  const label = [...line.querySelectorAll('label')].find((l) => (l.textContent ?? '').startsWith('Line of the'));
  if (!label) throw new Error('no picker of the document\'s lines');
  await user.click(document.getElementById(label.htmlFor)!);
  const options = await screen.findAllByRole('option');
  const option = options.find((o) => (o.textContent ?? '').startsWith(`${index + 1}. `));
  if (!option) throw new Error(`no line ${index + 1} among ${options.map((o) => o.textContent).join(' | ')}`);
  await user.click(option);
}

async function fill(user: UserEvent, scope: HTMLElement, field: FieldSpec, value: FormValue) {
  if (field.kind === 'lines') {
    const lines = within(scope).getByRole('group', { name: field.label });
    const line = within(lines).getAllByTestId(`${field.name}-line`)[0]!;
    const row = (value as LineValues[])[0]!;
    // A reference cell first: picking it may fill the line's other cells, which are then typed over.
    const columns = [...(field.columns ?? [])].sort((a, b) => Number(b.kind === 'reference') - Number(a.kind === 'reference'));
    for (const column of columns) {
      if (!(column.name in row)) continue;
      // A line standing for a line of the document picked above (a credit note's invoice line): chosen from that document's lines.
      if (field.linesOf?.cell === column.name) await pickDocumentLine(user, line, Number(row[column.name]));
      else await fill(user, line, column, row[column.name] as FormValue);
    }
    return;
  }
  const input = control(scope, field.label);
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'date':
      return pasteInto(user, input, String(value));
    case 'money':
      await typeInto(user, input, String(value));
      return user.tab();
    case 'number':
      if (field.options) return chooseOption(user, input, field.suffix ? `${value} ${field.suffix}` : String(value));
      return typeInto(user, input, String(value));
    case 'enum':
      return chooseOption(user, input, String(value));
    case 'boolean':
      if ((input as HTMLInputElement).checked !== value) await user.click(input);
      return;
    case 'datetime':
      return pickDateTime(user, input, String(value));
    case 'reference':
      return chooseOption(user, input, refName(refModule(String(value))));
    case 'references':
      for (const id of value as string[]) await chooseOption(user, input, refName(refModule(id)));
      return user.keyboard('{Escape}');
    case 'tags':
      for (const tag of value as string[]) await user.type(input, `${tag}{Enter}`);
      return;
    default:
      throw new Error(`${field.name}: cannot fill a ${field.kind}`);
  }
}

/**
 * A value the schema refuses, typed into one field: a required field the person types (an e-mail that is not one, a
 * third decimal of a rupee, a number below its minimum, a blank text or date), else a required cell of a document's
 * line left blank, else (a form of pickers only) an optional text longer than its limit.
 */
interface Wrong {
  field: FieldSpec;
  value: string;
  /** The document's lines the field is a cell of (its first line). */
  line?: FieldSpec;
}

function wrongFor(field: FieldSpec, schema: z.ZodType): string | undefined {
  const s = schema as z.ZodType & { minValue?: number | null; maxLength?: number | null };
  if (field.kind === 'email') return 'not-an-email';
  if (field.kind === 'money') return '12.345';
  if (field.kind === 'number' && !field.options && typeof s.minValue === 'number' && Number.isFinite(s.minValue)) return String(s.minValue - 1);
  if (!field.required) return field.kind === 'text' && typeof s.maxLength === 'number' && s.maxLength <= 200 ? 'x'.repeat(s.maxLength + 1) : undefined;
  if ((field.kind === 'text' && !field.writeOnly) || field.kind === 'date' || field.kind === 'number') return '';
  return undefined;
}

function wrongValue(def: ModuleDef, all: readonly FieldSpec[]): Wrong {
  // A derived field is never typed into.
  const fields = all.filter((f) => !f.derived);
  for (const field of fields.filter((f) => f.required && f.kind !== 'lines')) {
    const value = wrongFor(field, fieldSchema(def, field.name));
    if (value !== undefined) return { field, value };
  }
  for (const line of fields.filter((f) => f.kind === 'lines')) {
    for (const column of (line.columns ?? []).filter((c) => c.required)) {
      const value = wrongFor(column, fieldSchema(def, line.name, column.name));
      if (value !== undefined) return { field: column, value, line };
    }
  }
  for (const field of fields.filter((f) => !f.required && f.kind !== 'lines')) {
    const value = wrongFor(field, fieldSchema(def, field.name));
    if (value !== undefined) return { field, value };
  }
  throw new Error(`${def.name}: no field to type a wrong value into`);
}

async function createThroughForm(target: CreateScreen) {
  const { def } = target;
  const fields = formFields(def);
  const fixed = fixedValues(target.filter);
  const values = formValues(def, presetOf(target.filter));
  const { api, method, url } = open(target);
  const user = userEvent.setup({ delay: null });
  await openModuleTable(user, target.tab);
  // The first form of a file waits for its screen's code to load: the configured wait (tests/setup/ui.ts), not 4 s,
  // which a loaded machine overran (the users' screen, first of its file, timed out).
  await user.click(await screen.findByRole('button', { name: 'New' }));
  const form = await screen.findByRole('form');
  // No field of a later state or step, none the server or the screen sets: a new record's form asks what it takes.
  const labels = shownLabels(form);
  const barred = notOnNewForm(target);
  const all = describeFields(def);
  // A label two fields share (a ticket's checklist and its checklist id) is judged by the field the form may show.
  const allowedLabels = new Set(all.filter((f) => !barred.has(f.name)).map((f) => f.label));
  for (const field of all.filter((f) => barred.has(f.name) && !allowedLabels.has(f.label))) {
    expect(labels, `${def.name}'s New form on /app/${target.path} shows ${field.name}`).not.toContain(field.label);
  }
  // A field the server copies from a picked record (a credit note's parties) is not typed: the pick fills it, read-only;
  // the screen's fixed values are held, not shown.
  for (const field of fields) if (field.name in values && !field.derived && !(field.name in fixed)) await fill(user, form, field, values[field.name]!);
  for (const field of fields.filter((f) => f.derived)) {
    const input = control(form, field.label) as HTMLInputElement;
    expect(input.readOnly, `${def.name}.${field.name} is read-only`).toBe(true);
    expect(input.value, `${def.name}.${field.name} is filled from the ${field.derived!.from} picked`).toBe(String(values[field.name] ?? ''));
  }

  // A wrong value in a required field: its message beside it, nothing sent.
  const wrong = wrongValue(def, fields);
  const scope = wrong.line ? within(within(form).getByRole('group', { name: wrong.line.label })).getAllByTestId(`${wrong.line.name}-line`)[0]! : form;
  const wrongValues: FormValues = wrong.line
    ? { ...values, [wrong.line.name]: [{ ...(values[wrong.line.name] as LineValues[])[0], [wrong.field.name]: wrong.value }] }
    : { ...values, [wrong.field.name]: wrong.value };
  const key = wrong.line ? `${wrong.line.name}.0.${wrong.field.name}` : wrong.field.name;
  // What the screen says, in English: the schema's message worded from the dictionary, with the field's label.
  const english: MessageWording = (words, fieldLabel, text) => wordMessage(translator('en'), 'en', words, { fieldLabel, module: def.name }) ?? text;
  const message = validate(def, fields, wrongValues, 'create', english)[key];
  expect(message, `${def.name}.${key} refuses ${JSON.stringify(wrong.value)}`).toBeTruthy();
  const input = control(scope, wrong.field.label);
  await (wrong.value.length > 20 ? pasteInto : typeInto)(user, input, wrong.value);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(input.closest('.mantine-InputWrapper-root') as HTMLElement).getByText(message!)).toBeTruthy());
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(api.requestsTo(method, url)).toHaveLength(0);

  const right = wrong.line ? (values[wrong.line.name] as LineValues[])[0]![wrong.field.name] : values[wrong.field.name];
  await fill(user, scope, wrong.field, right as FormValue);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.requestsTo(method, url), `${def.name} posted nothing; the form says: ${[...form.querySelectorAll('[class*="error"]')].map((e) => e.textContent).join(' | ')}`).toHaveLength(1), { timeout: 2_000 });
  return { posted: api.requestsTo(method, url)[0]!.body, expected: formBody(def, values) };
}

/**
 * The file that takes each area's create forms (the areas of the catalogue, tests/ui/support/areas.ts): every area is
 * named, so every create screen is in exactly one file.
 */
export type CreateFormsFile = 'service' | 'billing' | 'parts' | 'sales' | 'adminAssets';
const FILE_OF_AREA: Readonly<Record<Area, CreateFormsFile>> = {
  service: 'service',
  billing: 'billing',
  parts: 'parts',
  sales: 'sales',
  admin: 'adminAssets',
  assets: 'adminAssets',
  machines: 'adminAssets',
  sensors: 'adminAssets',
};

/** Every module with a create screen the administrator reaches, whichever file takes it. */
export const createTargets = createScreens();

/** Each create form a file takes: filled, refused once, saved. */
export function describeCreateForms(file: CreateFormsFile): void {
  // Registered here, by each file: a support module is evaluated once for all the files a worker runs.
  afterEach(() => resetHarness());

  const targets = createTargets.filter((t) => FILE_OF_AREA[areaOf(t.def.name)] === file);
  describe('every create form, generated from the catalogue', () => {
    it.each(targets.map((t) => [`${t.def.name} on /app/${t.path}${t.tab ? ` (${t.tab})` : ''}`, t] as const))('%s: filled, refused once, saved', async (_name, target) => {
      const reason = KNOWN_BROKEN[target.def.name];
      if (reason) {
        await expect(createThroughForm(target), `${target.def.name} is listed as broken (${reason}) but saves`).rejects.toThrow();
        return;
      }
      const { posted, expected } = await createThroughForm(target);
      expect(posted).toEqual(expected);
    });
  });
}
