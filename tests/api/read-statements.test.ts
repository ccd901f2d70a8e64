/**
 * Issue 30's guards: what one warm request sends to PostgreSQL, counted (never timed), so that the reads stay at the
 * bare server's pace. After a warm-up (the session cached, the names kept, the allowed-events table and the date
 * formatter built), each request below is counted statement by statement:
 *
 *   get-by-id of a lifecycle record   ≤ 1 statement, prepared (the row with its version; names from the cache)
 *   a list page                       ≤ 3 statements (page, count, names)
 *   a ticket view (My Open Calls)     ≤ 3 statements
 *   the approvals waiting-count       ≤ 1 statement
 *   a transition                      ≤ 6 statements (begin, lock, update, history, commit, names)
 *
 * and in none of them a statement twice, nor an Intl.DateTimeFormat built. A failure lists the statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITING_COUNT_PATH } from '../../src/contract/approvalShapes';
import { countStatements, listed, repeated, type Counted } from '../helpers/statements';
import { testDb, type ApiBody, type Reply, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
let engineer: SignedIn;
let ticket: ApiBody;

beforeAll(async () => {
  t = await testDb();
  // The names cache keeps nothing until its change listener is connected (as the session cache).
  for (const until = Date.now() + 10_000; !t.app.namesCache.live && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
  admin = await t.signIn('admin@demo.local');
  engineer = await t.signIn('engineer@demo.local');
  const client = (await t.call(admin, 'GET', '/api/app/client?limit=1')).body.data?.[0];
  const created = await t.call(admin, 'POST', '/api/app/svc-ticket', {
    ticketType: 'Breakdown Maintenance',
    title: 'Statement guard: press 4 hydraulic leak',
    priority: 'High',
    assignedTo: engineer.user._id,
    ...(client ? { clientId: client._id } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  ticket = created.body;
});
afterAll(() => t.close());

/** The request twice to warm it, then once counted. */
async function warmThenCount(run: () => Promise<Reply>): Promise<Counted<Reply>> {
  for (let i = 0; i < 2; i++) expect((await run()).status).toBe(200);
  const counted = await countStatements(run);
  expect(counted.result.status, JSON.stringify(counted.result.body)).toBe(200);
  return counted;
}

function expectWithin(what: string, counted: Counted<Reply>, limit: number, options: { prepared?: boolean } = {}): void {
  const { statements } = counted;
  const why = `${what}: ${statements.length} statement(s), limit ${limit}\n${listed(statements)}`;
  expect(statements.length, why).toBeLessThanOrEqual(limit);
  if (options.prepared) expect(statements.filter((s) => !s.name), `${what}: every statement prepared\n${listed(statements)}`).toEqual([]);
  expect(repeated(statements), `${what}: a statement sent twice\n${listed(statements)}`).toEqual([]);
  expect(counted.formattersBuilt, `${what}: Intl.DateTimeFormat built on a warm request`).toBe(0);
}

describe('statements one warm request sends (issue 30)', () => {
  it('get-by-id of a lifecycle record: at most 1, prepared, with its version, allowed events and names', async () => {
    const counted = await warmThenCount(() => t.call(admin, 'GET', `/api/app/svc-ticket/getById/${String(ticket._id)}`));
    expect(counted.result.body).toMatchObject({ _id: ticket._id, version: expect.any(Number), allowedEvents: expect.any(Array) });
    expect(counted.result.body.names).toMatchObject({ assignedTo: engineer.user.name });
    expectWithin('get-by-id', counted, 1, { prepared: true });
  });

  it('a list page of 10: at most 3', async () => {
    expectWithin('list of 10', await warmThenCount(() => t.call(admin, 'GET', '/api/app/svc-ticket?limit=10')), 3);
  });

  it('a ticket view (My Open Calls): at most 3', async () => {
    const counted = await warmThenCount(() => t.call(engineer, 'GET', '/api/app/ticket/view/my-open-tickets'));
    expect((counted.result.body.data ?? []).map((r) => r._id)).toContain(ticket._id);
    expectWithin('my-open-tickets', counted, 3);
  });

  it('the approvals waiting-count: at most 1', async () => {
    const counted = await warmThenCount(() => t.call(admin, 'GET', WAITING_COUNT_PATH));
    expect(counted.result.body.modules).not.toEqual([]);
    expectWithin('waiting-count', counted, 1);
  });

  it('a transition: at most 6', async () => {
    const step = (event: string, data: Record<string, unknown> = {}) => t.call(admin, 'PATCH', `/api/app/svc-ticket/transition/${String(ticket._id)}`, { event, ...data });
    // Warm: the same steps once (the statements prepared, the names kept).
    expect((await step('start')).status).toBe(200);
    expect((await step('hold', { holdReason: 'Waiting for the seal kit' })).status).toBe(200);
    expect((await step('resume')).status).toBe(200);
    const held = await countStatements(() => step('hold', { holdReason: 'Waiting for the seal kit again' }));
    expect(held.result.status, JSON.stringify(held.result.body)).toBe(200);
    expect(held.result.body.names).toMatchObject({ assignedTo: engineer.user.name });
    expectWithin('transition hold', held, 6);
  });
});
