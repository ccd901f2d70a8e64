/**
 * A valid create body for any catalogue module, built from its zod 4 schema (`def.fields`), with the
 * module's `example` laid over it. Required fields only (optional and defaulted ones are left to the
 * schema), strings varied per call so unique fields do not collide.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ModuleDef } from '../../src/contract/modules/define';
import { sampleForRegex } from './regex-sample';

interface Def {
  type: string;
  [key: string]: unknown;
}

interface Check {
  check?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  pattern?: RegExp;
  prefix?: string;
  suffix?: string;
  includes?: string;
}

let counter = 0;

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): Check[] {
  const checks = (def.checks as Array<{ _zod: { def: Check } }> | undefined) ?? [];
  return checks.map((c) => c._zod.def);
}

/** Fields a create may leave out: optional, or filled by a default. */
export function isOmittable(schema: unknown): boolean {
  const def = defOf(schema);
  return def.type === 'optional' || def.type === 'default' || def.type === 'prefault' || (def.type === 'nullable' && isOmittable(def.innerType));
}

function sampleString(def: Def, key: string): string {
  const checks = checksOf(def);
  const n = ++counter;
  const format = def.format as string | undefined;
  const regex = (def.pattern as RegExp | undefined) ?? checks.find((c) => c.format === 'regex')?.pattern;
  let value: string;
  if (format === 'email') value = `sample${n}.${randomUUID().slice(0, 6)}@example.in`;
  else if (format === 'url') value = `https://example.in/${key}/${n}`;
  else if (format === 'uuid' || format === 'guid') value = randomUUID();
  else if (format === 'date') value = '2026-03-15';
  else if (format === 'datetime') value = '2026-03-15T09:30:00Z';
  else if (format === 'time') value = '09:30:00';
  else if (regex) value = sampleForRegex(regex);
  else value = `${key} ${n}`;
  if (!regex && !format) {
    const min = Math.max(...checks.map((c) => (c.check === 'min_length' ? (c.minimum ?? 0) : c.check === 'length_equals' ? (c.length ?? 0) : 0)), 0);
    const max = Math.min(...checks.map((c) => (c.check === 'max_length' ? (c.maximum ?? Infinity) : c.check === 'length_equals' ? (c.length ?? Infinity) : Infinity)));
    const prefix = checks.find((c) => c.format === 'starts_with')?.prefix ?? '';
    const suffix = checks.find((c) => c.format === 'ends_with')?.suffix ?? '';
    const includes = checks.find((c) => c.format === 'includes')?.includes ?? '';
    value = prefix + includes + value + suffix;
    if (value.length > max) value = (prefix + includes + String(n) + 'x'.repeat(max)).slice(0, max - suffix.length) + suffix;
    while (value.length < min) value += 'x';
  }
  return value;
}

function sampleNumber(def: Def): number {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format' && /int/.test(String(c.format)));
  let low = -Infinity;
  let high = Infinity;
  for (const c of checks) {
    if (c.check === 'greater_than') low = Math.max(low, Number(c.value) + (c.inclusive ? 0 : integer ? 1 : 0.01));
    if (c.check === 'less_than') high = Math.min(high, Number(c.value) - (c.inclusive ? 0 : integer ? 1 : 0.01));
  }
  let value = low > -Infinity ? low : Math.min(high, 1);
  const step = checks.find((c) => c.check === 'multiple_of')?.value;
  if (step !== undefined) value = Math.ceil(value / Number(step)) * Number(step);
  return integer ? Math.ceil(value) : value;
}

export function sampleValue(schema: unknown, key = 'value'): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return sampleString(def, key);
    case 'number':
      return sampleNumber(def);
    case 'int':
      return 1;
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return '2026-03-15T09:30:00.000Z';
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array': {
      const min = Math.max(0, ...checksOf(def).map((c) => (c.check === 'min_length' ? (c.minimum ?? 0) : c.check === 'length_equals' ? (c.length ?? 0) : 0)));
      return Array.from({ length: min }, () => sampleValue(def.element, key));
    }
    case 'object':
      return sampleObject(schema as z.ZodObject);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleValue(def.innerType, key);
    case 'pipe':
      return sampleValue(def.in, key);
    case 'union':
      return sampleValue((def.options as unknown[])[0], key);
    case 'intersection':
      return { ...(sampleValue(def.left, key) as object), ...(sampleValue(def.right, key) as object) };
    case 'record':
      return {};
    case 'tuple':
      return (def.items as unknown[]).map((item) => sampleValue(item, key));
    case 'lazy':
      return sampleValue((def.getter as () => unknown)(), key);
    case 'null':
      return null;
    default:
      return `${key} sample`;
  }
}

export function sampleObject(schema: z.ZodObject): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    if (!isOmittable(field)) body[key] = sampleValue(field, key);
  }
  return body;
}

/** A create body for the module; throws with advice when the schema refuses it. */
export function sampleBody(def: ModuleDef, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body = { ...sampleObject(def.fields), ...(def.example ?? {}), ...overrides };
  const checked = def.fields.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`No valid sample for module ${def.name} (${issue?.path.join('.')}: ${issue?.message}); give it an \`example\` in the catalogue`);
  }
  return body;
}
