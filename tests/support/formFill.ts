/**
 * What a person types into a catalogue module's create form, generated from the module's schema (issue 12's first
 * test): one value per input the generic form shows (fieldModel's `describeFields`), by the input's kind, in the form's
 * own shape (`FormValues`: rupees as text, a date-time as the picker holds it), deterministic and valid under the
 * module's zod schema. `toBody` of these values is the body the form sends: the UI test (tests/ui/generatedForms.test.tsx)
 * types them and checks the body posted equals it, the HTTP test (tests/api/generatedForms.test.ts) posts that same
 * body to the real server.
 *
 * References name the one record the UI test's stand-in API lists for the referenced module (`refId`); the HTTP test
 * replaces them with records of its database.
 */
import type { z } from 'zod';
import { catalogue, moduleOps, type ModuleDef } from '../../src/contract/modules';
import { paiseToRupeeText } from '../../src/contract/money';
import { GUARDED_ROUTES } from '../../src/contract/routes';
import { mayUseModule, modulesForRoute, type ViewFilter } from '../../src/ui/routeModules';
import { newRoleNavigation } from '../../src/ui/screens/admin/RoleNavigationInput';
import { describeFields, formInputs, toBody, type FieldSpec, type FormValue, type FormValues, type LineValues } from '../../src/ui/screens/module/fieldModel';

/** The id of the record the stand-in API lists for a referenced module. */
export function refId(module: string): string {
  return `gf-${module}`;
}

/** Whether a value is a stand-in reference (the HTTP test swaps it for a real record's id). */
export function isRefId(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('gf-');
}

/** The module a stand-in reference names. */
export function refModule(value: string): string {
  return value.slice('gf-'.length);
}

/** The name the referenced record is picked by. */
export function refName(module: string): string {
  return `Pick ${module}`;
}

/**
 * The record the stand-in API lists for a module: named, a member of the tenant's staff (a person picker offers
 * only them), holding what every picker's `pickFrom` asks of it (a payment's invoice: Final, unpaid), and belonging
 * to the stand-in record a `pickWithin` narrows it to (a ticket's machine: the stand-in client's).
 */
export function referenceRecord(module: string): Record<string, unknown> {
  const record: Record<string, unknown> = { _id: refId(module), name: refName(module), userType: 'Subscriber-User', ...STAND_IN_FIELDS[module] };
  for (const def of catalogue) {
    for (const [field, where] of Object.entries(def.pickFrom ?? {})) {
      if (def.references?.[field] !== module) continue;
      for (const [key, values] of Object.entries(where)) record[key] ??= values[0];
    }
    // A record picked within another field's (a ticket's machine and site are its client's) is the stand-in owner's.
    for (const [field, within] of Object.entries(def.pickWithin ?? {})) {
      const owner = def.references?.[within.field];
      if (def.references?.[field] === module && owner) record[within.source] ??= refId(owner);
    }
  }
  return record;
}

/**
 * What the stand-in record of a module holds besides its name, for the forms that fill fields from it (catalogue
 * `derivedFrom`: a credit note's parties from its invoice). Valid for the fields they fill (a GSTIN, a state code).
 */
export const STAND_IN_FIELDS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  // Its lines are what a credit note's lines are picked from (catalogue `linesOf`).
  invoice: {
    supplierGstin: '27AABCS1429B1ZU', billToName: 'Kalyani Forge Components', billToGstin: '27AAJFT2468H1ZU', placeOfSupply: '27',
    items: [{ description: 'Spindle bearing 7014', hsnSac: '84821010', quantity: 4, unit: 'NOS', ratePaise: 250000, discountPaise: 0, gstRate: 18 }],
  },
};

/**
 * Values the schema alone cannot give, by module and field (a line's cell as `lines.cell`), each with its reason.
 * A field named here with `null` is left as the form starts it (not typed). Patterned fields the catalogue gives an
 * `example` of take it from there and are not repeated here.
 */
export const OVERRIDES: Readonly<Record<string, Readonly<Record<string, FormValue>>>> = {
  // A new user's password must pass the product's password rule (the users screen checks it; the schema does not).
  'subscriber-user': { password: 'Field@2026' },
  // PAN: five capitals, four digits, a capital; the module's example names none.
  'service-provider': { panNo: 'AAECP6310N' },
  'client-master': { panNo: 'AAJFT2468H' },
  // A colour is '#rrggbb'.
  'resource-view': { colour: '#17bcff' },
  // HSN codes are 4, 6 or 8 digits.
  'purchase-order': { 'lines.hsnCode': '8482' },
  // The schema takes only the GST rates in force, but the catalogue gives the field no `choices`: typed as a number.
  bills: { gstRate: 18 },
  // The server marks an extinguisher Expired once a due date has passed: due dates years ahead keep the status typed.
  'fire-extinguisher': { nextRefillDue: '2036-03-12', hydroTestDue: '2036-03-14' },
  // A line of a credit note names a line of its invoice (the first, which every invoice has). Its parties are not
  // typed: they are filled from the invoice picked (`derivedFrom`, see formValues).
  'credit-note': { 'items.invoiceLineIndex': 0 },
  // A plan's fixed dates are days (YYYY-MM-DD), typed as tags.
  'preventive-maintenance': { fixedDates: ['2026-03-20'] },
};

/** A generic route a module is created on: its path, the tab that shows it (several modules on one route), the route's filter. */
export interface CreateScreen {
  def: ModuleDef;
  path: string;
  /** The tab's label, when the route shows several modules. */
  tab?: string;
  filter?: ViewFilter;
}

/**
 * Every module with a create screen the administrator reaches: each guarded route's modules that offer 'create',
 * once each, on the first route that shows it (a route without a filter first: a record made there stays on it).
 */
/**
 * Routes whose screen shows its module's list behind a tab of its own: the resource calendar keeps the
 * allocations' list and forms on its List tab (issue 31).
 */
const LIST_TABS: Readonly<Record<string, string>> = { 'resource-view': 'List' };

export function createScreens(): CreateScreen[] {
  const byModule = new Map<string, CreateScreen[]>();
  for (const route of GUARDED_ROUTES) {
    const modules = modulesForRoute(route.path, route.code);
    for (const m of modules) {
      // A platform row is made by the operator only, and the screen offers its New to no one else.
      if (!moduleOps(m.def).includes('create') || m.def.crossTenant) continue;
      const list = byModule.get(m.def.name) ?? [];
      const tab = modules.length > 1 ? m.label : LIST_TABS[route.path];
      list.push({ def: m.def, path: route.path, ...(tab ? { tab } : {}), ...(m.filter ? { filter: m.filter } : {}) });
      byModule.set(m.def.name, list);
    }
  }
  return [...byModule.values()].map((screens) => screens.find((s) => !s.filter) ?? screens[0]!);
}

type AnySchema = z.ZodType;

function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = current.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault') current = def.innerType!;
    else if (def.type === 'pipe') current = def.in!;
    else break;
  }
  return current;
}

/** The inputs the create form holds (ModuleForm's, the screen's fixed values among them, which it does not show). */
export function formFields(def: ModuleDef): FieldSpec[] {
  return formInputs(describeFields(def), 'create');
}

/** The zod schema of a field (or of a line's cell: `items.description`). */
export function fieldSchema(def: ModuleDef, name: string, column?: string): AnySchema {
  const schema = unwrap((def.fields.shape as Record<string, AnySchema>)[name]!);
  if (!column) return schema;
  const element = unwrap((schema.def as unknown as { element: AnySchema }).element);
  return unwrap((element as unknown as { shape: Record<string, AnySchema> }).shape[column]!);
}

function regexOf(schema: AnySchema): RegExp | undefined {
  const checks = ((schema.def as { checks?: Array<{ _zod: { def: { format?: string; pattern?: RegExp } } }> }).checks ?? []).map((c) => c._zod.def);
  return checks.find((c) => c.format === 'regex')?.pattern;
}

function textValue(def: ModuleDef, field: FieldSpec, schema: AnySchema, n: number, example: unknown): string {
  if (field.kind === 'email') return `gf.${def.name.replace(/[^a-z0-9]/gi, '')}.${n}@example.in`;
  // A patterned field (GSTIN, PAN, a code in capitals): the catalogue's own example of it.
  if (regexOf(schema)) {
    if (typeof example === 'string') return example;
    throw new Error(`${def.name}.${field.name} has a pattern and no example: add it to OVERRIDES`);
  }
  const s = schema as unknown as { minLength: number | null; maxLength: number | null };
  let value = `${field.label} ${n}`;
  if (s.maxLength !== null && value.length > s.maxLength) value = value.slice(0, s.maxLength);
  while (s.minLength !== null && value.length < s.minLength) value += 'x';
  return value;
}

function numberValue(schema: AnySchema): number {
  const s = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
  const low = s.minValue ?? -Infinity;
  const high = s.maxValue ?? Infinity;
  const wanted = 2;
  return wanted >= low && wanted <= high ? wanted : Number.isFinite(low) ? (s.isInt ? Math.ceil(low) : low) : Math.floor(high);
}

/** Rupees typed for an amount: ₹1,250.50, or the schema's bounds' nearest. */
function moneyValue(schema: AnySchema): string {
  const s = schema as unknown as { minValue: number | null; maxValue: number | null };
  let paise = 125_050;
  if (s.maxValue !== null && paise > s.maxValue) paise = s.maxValue;
  if (s.minValue !== null && paise < s.minValue) paise = s.minValue;
  return paiseToRupeeText(paise);
}

/** The i-th date of a form (declaration order): later fields later, so "from … to" pairs are in order. */
function dateValue(i: number): string {
  return `2026-03-${String(10 + i).padStart(2, '0')}`;
}

/** The picker's local "YYYY-MM-DD HH:mm:ss" of the i-th date-time. */
function dateTimeValue(i: number): string {
  return `${dateValue(i)} ${String(9 + i).padStart(2, '0')}:30:00`;
}

interface Counter {
  dates: number;
  n: number;
}

/** What the administrator may view: every guarded route's code. */
const ADMIN_VIEWS = GUARDED_ROUTES.map((r) => ({ screenCode: r.code, privileges: [{ code: 'VIEW' }] }));

/**
 * Whether a person with every screen can pick a record of the module: a picker never lists a module its person may
 * not view (a 403 would sign them out), and no screen grants some modules (asset types, checklists, sensor
 * instances), so their pickers offer nothing and the field is left blank.
 */
export function pickable(module: string): boolean {
  return mayUseModule(ADMIN_VIEWS, module);
}

function valueOf(def: ModuleDef, field: FieldSpec, schema: AnySchema, counter: Counter, example: unknown): FormValue | undefined {
  counter.n += 1;
  if ((field.kind === 'reference' || field.kind === 'references') && !pickable(field.reference!)) return undefined;
  switch (field.kind) {
    case 'text':
    case 'email':
      return textValue(def, field, schema, counter.n, example);
    case 'number':
      if (field.options) return Number(field.options.includes('18') ? '18' : field.options[0]);
      return numberValue(schema);
    case 'money':
      return moneyValue(schema);
    case 'enum':
      return field.options![0]!;
    case 'boolean':
      return true;
    case 'date':
      return dateValue(counter.dates++);
    case 'datetime':
      return dateTimeValue(counter.dates++);
    case 'reference':
      return refId(field.reference!);
    case 'references':
      return [refId(field.reference!)];
    case 'tags':
      return ['GF tag'];
    default:
      throw new Error(`${def.name}.${field.name}: no value for kind ${field.kind}`);
  }
}

/**
 * The values a person types into the module's create form: every input filled (a document's lines with one line),
 * `preset` (a filtered route's filter) and OVERRIDES laid over the generated ones.
 */
export function formValues(def: ModuleDef, preset: Readonly<Record<string, FormValue>> = {}): FormValues {
  const counter: Counter = { dates: 0, n: 0 };
  const overrides = OVERRIDES[def.name] ?? {};
  const values: FormValues = {};
  for (const field of formFields(def)) {
    if (field.name in overrides) {
      const value = overrides[field.name]!;
      if (value !== null) values[field.name] = value;
      continue;
    }
    if (field.name in preset) {
      values[field.name] = preset[field.name]!;
      continue;
    }
    if (field.derived) {
      // Not typed: what the form fills from the record picked in its reference field (the stand-in's value).
      const from = formFields(def).find((f) => f.name === field.derived!.from);
      const source = from?.reference && pickable(from.reference) ? referenceRecord(from.reference)[field.derived.source] : undefined;
      if (source !== undefined) values[field.name] = String(source);
      continue;
    }
    if (field.kind === 'lines') {
      const example = (def.example?.[field.name] as Array<Record<string, unknown>> | undefined)?.[0] ?? {};
      const line: LineValues = {};
      for (const column of field.columns ?? []) {
        const cellOverride = overrides[`${field.name}.${column.name}`];
        if (cellOverride !== undefined) {
          if (cellOverride !== null) line[column.name] = cellOverride as LineValues[string];
          continue;
        }
        const value = valueOf(def, column, fieldSchema(def, field.name, column.name), counter, example[column.name]);
        if (value !== undefined) line[column.name] = value as LineValues[string];
      }
      values[field.name] = [line];
      continue;
    }
    const value = valueOf(def, field, fieldSchema(def, field.name), counter, def.example?.[field.name]);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/** The body the form sends for the generated values (what the UI test sees posted, what the HTTP test posts). */
export function formBody(def: ModuleDef, values: FormValues): Record<string, unknown> {
  const body = toBody(formFields(def), values, 'create');
  // manage-role's form adds its navigation input (ticked to start with): the new role's grant, inside its features.
  return def.name === 'role' ? newRoleNavigation.toBody({ ...newRoleNavigation.initialValues, ...values }, body) : body;
}

/** A route's filter as values of the form (one value each: the first of a list; '$me' and '$client' are not typed). */
export function presetOf(filter: ViewFilter | undefined): Record<string, FormValue> {
  const preset: Record<string, FormValue> = {};
  for (const [field, expected] of Object.entries(filter ?? {})) {
    const value = Array.isArray(expected) ? expected[0] : expected;
    if (typeof value === 'string' && !value.startsWith('$')) preset[field] = value;
  }
  return preset;
}
