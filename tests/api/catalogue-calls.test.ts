/**
 * Custom extra calls of the catalogue: each has its handler in the composed map (server/domain/handlers.ts; the
 * type check refuses a map without one, and ../unit/catalogue-handlers.test.ts checks the map itself), and each
 * answers a call with no server error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, catalogue } from '../../src/contract/modules/index';
import { fillPath } from '../helpers/sample-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

const customCalls = catalogue.flatMap((def) => (def.calls ?? []).filter((c) => c.kind === 'custom').map((call) => ({ def, call, key: `${def.name}.${call.name}` })));

let t: TestDb;
let admin: SignedIn;
let operator: SignedIn;
beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  operator = await t.signIn('operator@demo.local');
});
afterAll(() => t.close());

describe('custom calls', () => {
  it.each(customCalls.map((c) => [c.key, c] as const))('%s has a handler', async (_key, { def, call }) => {
    const who = def.crossTenant ? operator : admin;
    const res = await t.call(who, call.method, fillPath(callPath(def, call), '000000000000000000000000'), call.method === 'GET' ? undefined : {});
    expect(res.status, JSON.stringify(res.body)).not.toBe(501);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  });
});
