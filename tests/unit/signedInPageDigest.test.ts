/**
 * Issue 30: the signed-in home's HTML carries the digest of the session it was drawn from, and the client hydrates it
 * only when its kept session has the same one (src/contract/prerenderedPages.ts, signedInPageDigest). The server's
 * session and the client's come by different roads (built in memory; parsed from the calls' JSON and the store), so
 * the digest must not depend on the order of keys, and must change with anything the page draws from.
 */
import { describe, expect, it } from 'vitest';
import { signedInPageDigest, signedInPageIsFor, type SignedInPageSession } from '../../src/contract/prerenderedPages';

const SESSION: SignedInPageSession = {
  user: { _id: 'u-1', name: 'Asha Kulkarni', email: 'admin@demo.local', roles: [{ name: 'ADMIN' }], userType: 'Subscriber-User', subscriberId: 's-1' },
  timezone: 'Asia/Kolkata',
  permissions: [{ screenCode: 'MANAGE_USER', privileges: [{ code: 'VIEW' }, { code: 'CREATE' }] }],
  sideMenu: [{ _id: 'menu.admin', title: 'Administration', icon: 'IconSettings', path: null, order: 1, children: [{ _id: 'menu.admin.user', title: 'Manage User', icon: 'IconUsers', path: '/app/manage-user', order: 1, code: 'MANAGE_USER', children: [] }] }],
};

/** The same values with every object's keys in reverse order, as another serializer may write them. */
function reversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversed) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversed(item)])) as T;
  return value;
}

describe("the signed-in page's session digest", () => {
  it('is eight hex digits, the same for the same values in any key order, after a JSON round trip too', () => {
    const digest = signedInPageDigest(SESSION);
    expect(digest).toMatch(/^[0-9a-f]{8}$/);
    expect(signedInPageDigest(reversed(SESSION))).toBe(digest);
    expect(signedInPageDigest(JSON.parse(JSON.stringify(SESSION)) as SignedInPageSession)).toBe(digest);
    // A field left undefined is one JSON leaves out: the stored copy has no such key.
    expect(signedInPageDigest({ ...SESSION, user: { ...SESSION.user, eSign: undefined } })).toBe(digest);
  });

  it('changes with anything the page is drawn from', () => {
    const digest = signedInPageDigest(SESSION);
    const changed: SignedInPageSession[] = [
      { ...SESSION, user: { ...SESSION.user, _id: 'u-2' } },
      { ...SESSION, user: { ...SESSION.user, name: 'Asha K.' } },
      { ...SESSION, user: { ...SESSION.user, roles: [{ name: 'USER' }] } },
      { ...SESSION, timezone: 'Asia/Dubai' },
      { ...SESSION, timezone: null },
      { ...SESSION, permissions: [] },
      { ...SESSION, sideMenu: [] },
      { ...SESSION, sideMenu: [{ ...SESSION.sideMenu[0]!, title: 'Admin' }] },
    ];
    for (const session of changed) expect(signedInPageDigest(session), JSON.stringify(session)).not.toBe(digest);
  });
});

describe('whether the client hydrates a signed-in page (main.tsx)', () => {
  it('only with a kept session of the digest the page carries', () => {
    const digest = signedInPageDigest(SESSION);
    expect(signedInPageIsFor(digest, JSON.parse(JSON.stringify(reversed(SESSION))) as SignedInPageSession)).toBe(true);
    expect(signedInPageIsFor(digest, undefined)).toBe(false);
    expect(signedInPageIsFor(null, SESSION)).toBe(false);
    expect(signedInPageIsFor(digest, { ...SESSION, sideMenu: [] })).toBe(false);
    expect(signedInPageIsFor(digest, { ...SESSION, user: { ...SESSION.user, _id: 'u-2' } })).toBe(false);
  });
});
