/**
 * Custom extra calls of the catalogue: each either has a registered handler (server/domain) or answers
 * 501 { message: 'Not implemented' }. The test names list the calls still waiting for a handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unimplementedCalls } from '../../server/domain/index';
import { callPath, catalogue } from '../../src/api/modules/index';
import { fillPath } from '../helpers/sample-records';
import { testDb, type SignedIn, type TestDb } from '../helpers/test-db';

const missing = new Set(unimplementedCalls(catalogue));
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
  it.each(customCalls.map((c) => [c.key, missing.has(c.key) ? 'answers 501 until its handler is registered' : 'has a handler', c] as const))('%s %s', async (_key, _state, { def, call, key }) => {
    const who = def.crossTenant ? operator : admin;
    const res = await t.call(who, call.method, fillPath(callPath(def, call), '000000000000000000000000'), call.method === 'GET' ? undefined : {});
    if (missing.has(key)) {
      expect(res.status).toBe(501);
      expect(res.body).toEqual({ message: 'Not implemented' });
    } else {
      expect(res.status, JSON.stringify(res.body)).not.toBe(501);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }
  });

  it('knows which calls are unimplemented', () => {
    if (missing.size > 0) console.info(`Custom calls without a handler (answer 501): ${[...missing].join(', ')}`);
    for (const key of missing) expect(customCalls.map((c) => c.key)).toContain(key);
  });
});
