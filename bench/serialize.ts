/**
 * Issue 30 item 3: would reply schemas compiled by fast-json-stringify (Fastify's serializer for a route with a
 * response schema) make the hot reads cheaper than the JSON.stringify they use today?
 *
 *   npx tsx bench/serialize.ts          (also: npm run bench -- --serialize)
 *
 * The payloads are the app's real answers: the demo's service ticket by id (with its names, steps and version) and
 * a page of ten, read from the app (bench/servers/app-server.ts) on the seeded demo database. Each is serialized
 * by JSON.stringify (the anchor) and by fast-json-stringify compiled from the module's own field schema
 * (z.toJSONSchema of the catalogue's fields, plus the record's server fields), in this process, taking turns, best of
 * three rounds. A record is loose (a body carries fields the catalogue does not list, and names and steps beside
 * them), so the compiled schema keeps `additionalProperties: true`: whatever it does not list it hands to
 * JSON.stringify. Budget: the compiled serializer is worth its risk (it coerces a value of the wrong type instead of
 * answering it as stored) only when it takes at most 0.8× the anchor's time.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';
import { svcTicket } from '../src/contract/modules/serviceTickets';
import { startBenchDb } from './db';
import { table, verdict, type Line } from './report';
import { startChildServer, stopChildServer } from './servers/child';

const ROUNDS = 3;
const ITERATIONS = 50_000;

/** A JSON schema without its `default`s: fast-json-stringify would write a field's default where the record has none. */
function withoutDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDefaults);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'default').map(([key, value]) => [key, withoutDefaults(value)]));
}

function recordSchema(): Schema {
  const fields = withoutDefaults(z.toJSONSchema(svcTicket.fields, { unrepresentable: 'any', io: 'input' })) as { properties?: Record<string, unknown> };
  return {
    type: 'object',
    properties: { _id: { type: 'string' }, ...fields.properties, createdAt: { type: 'string' }, updatedAt: { type: 'string' }, version: { type: 'integer' } },
    additionalProperties: true,
  } as Schema;
}

/** Where `written` differs from `sent`, as `path: sent → written` (empty when they mean the same). */
function changedKeys(written: unknown, sent: unknown, at = ''): string[] {
  if (isDeepStrictEqual(written, sent)) return [];
  if (written && sent && typeof written === 'object' && typeof sent === 'object') {
    const keys = new Set([...Object.keys(written), ...Object.keys(sent)]);
    return [...keys].flatMap((key) => changedKeys((written as Record<string, unknown>)[key], (sent as Record<string, unknown>)[key], `${at}.${key}`));
  }
  return [`${at || '(answer)'}: ${JSON.stringify(sent)} → ${JSON.stringify(written)}`];
}

/** µs per call of `serialize(payload)`, the best of ROUNDS rounds of ITERATIONS calls. */
function timed(serialize: (value: unknown) => string, payload: unknown): { us: number; chars: number } {
  let best = Number.POSITIVE_INFINITY;
  let chars = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i++) chars = serialize(payload).length;
    best = Math.min(best, ((performance.now() - started) * 1000) / ITERATIONS);
  }
  return { us: best, chars };
}

const db = await startBenchDb();
const app = await startChildServer('bench/servers/app-server.ts', { DATABASE_URL: db.url });
try {
  const base = `http://127.0.0.1:${app.port}`;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.local', password: 'Demo-Admin-2026' }) });
  const { token } = (await login.json()) as { token: string };
  const page = (await (await fetch(`${base}${svcTicket.path}?limit=10`, { headers: { token } })).json()) as { data: Array<{ _id: string }>; total: number };
  const first = page.data[0];
  if (!first) throw new Error('The demo tenant has no service ticket');
  const byId = (await (await fetch(`${base}${svcTicket.path}/getById/${first._id}`, { headers: { token } })).json()) as unknown;

  const record = recordSchema();
  const compiledRecord = fastJsonStringify(record);
  const compiledPage = fastJsonStringify({ type: 'object', properties: { data: { type: 'array', items: record }, total: { type: 'integer' } } } as Schema);
  // Each answer must mean the same both ways before its time counts (the compiled one writes the schema's keys first).
  for (const [name, compiled, payload] of [['ticket by id', compiledRecord, byId], ['page of ten', compiledPage, page]] as const) {
    const changed = changedKeys(JSON.parse(compiled(payload)), payload);
    if (changed.length > 0) throw new Error(`fast-json-stringify changed the ${name}'s answer: ${changed.join('; ')}`);
  }
  const lines: Line[] = [];
  for (const [name, compiled, payload] of [['ticket by id', compiledRecord, byId], ['page of ten', compiledPage, page]] as const) {
    const anchor = timed(JSON.stringify, payload);
    const candidate = timed(compiled, payload);
    lines.push(
      { figure: `${name} (${anchor.chars.toLocaleString('en-US')} characters): anchor, JSON.stringify`, value: anchor.us, unit: 'µs' },
      { figure: `${name}: fast-json-stringify from the field schema`, value: candidate.us, unit: 'µs' },
      { figure: `${name}: fast-json-stringify ÷ JSON.stringify`, value: candidate.us / anchor.us, unit: 'ratio', budget: 0.8 },
    );
  }
  console.log(table(`Serializing the app's answers (${db.where}), best of ${ROUNDS} × ${ITERATIONS.toLocaleString('en-US')}`, lines));
  const worth = lines.filter((line) => line.unit === 'ratio').every((line) => verdict(line) === 'PASS');
  console.log(`\n${worth ? 'The compiled serializer saves enough to be worth adopting on these routes.' : 'The compiled serializer does not save enough to be worth its coercions on these routes: JSON.stringify stays.'} (A report, not a gate: exit code 0.)`);
} finally {
  await stopChildServer(app);
  await db.close();
}
