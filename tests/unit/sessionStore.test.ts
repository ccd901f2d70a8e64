/** What a sign-in leaves in the browser store, and how the next visit reads it back. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResult, SessionUser } from '../../src/api/account';
import { configureStorage, createMemoryStore, readStored, writeStored } from '../../src/api/storage';
import type { UpdatedUser } from '../../src/machines/flows/signature';
import { prepareKeptSession } from '../../src/machines/keptSession';
import { mergeUser, readStoredSession, storeSignIn } from '../../src/machines/session';
import { SESSION_LOGIC } from '../../src/machines/sessionLogic';

const staff: SessionUser = {
  _id: 'u1',
  name: 'Field Engineer',
  email: 'engineer@demo.local',
  roles: [{ name: 'USER' }],
  userType: 'Subscriber-User',
  subscriberId: 'sub-1',
};
const client: SessionUser = {
  ...staff,
  _id: 'u2',
  userType: 'Client-User',
  client: { _id: 'c-7', companyName: 'Kalyani Forge Components' },
};

let store: ReturnType<typeof createMemoryStore>;
let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
beforeEach(() => {
  store = createMemoryStore();
  warn = vi.fn<(message: string) => void>();
  configureStorage({ backend: store, warn });
});

describe('storeSignIn', () => {
  it("leaves nothing of an earlier session: another person's permissions, menu or client never stand in for this one's", () => {
    writeStored('p_m__', [{ screenCode: 'MANAGE_REQUISITION', privileges: [{ code: 'VIEW' }] }]);
    writeStored('m1e2n3u4', [{ name: 'Requisitions' } as never]);
    writeStored('clientId', 'c-old');
    storeSignIn({ token: 't-2', user: staff, timezone: 'Asia/Kolkata' });
    expect(readStored('p_m__')).toBeNull();
    expect(readStored('m1e2n3u4')).toBeNull();
    expect(readStored('clientId')).toBeNull();
    // A page reloaded before this person's permissions arrive restores none, so the routes wait for them.
    expect(readStoredSession()?.permissions).toEqual([]);
  });

  it('stores token, logged-in flag, user, timezone and subscriberId', () => {
    const result: LoginResult = { token: 't-1', user: staff, timezone: 'Asia/Kolkata' };
    storeSignIn(result);
    expect(readStored('tn_ah')).toBe('t-1');
    expect(readStored('loggedIN')).toBe(true);
    expect(readStored('user')).toEqual(staff);
    expect(readStored('timezone')).toBe('Asia/Kolkata');
    expect(readStored('subscriberId')).toBe('sub-1');
    expect(readStored('clientId')).toBeNull();
    expect(readStored('clientName')).toBeNull();
  });

  it('also stores clientId and clientName for a Client-User', () => {
    storeSignIn({ token: 't-2', user: client, timezone: 'Asia/Kolkata' });
    expect(readStored('clientId')).toBe('c-7');
    expect(readStored('clientName')).toBe('Kalyani Forge Components');
  });
});

describe('readStoredSession', () => {
  it('restores what a sign-in and the access loads stored', () => {
    storeSignIn({ token: 't-1', user: staff, timezone: 'Asia/Kolkata' });
    writeStored('p_m__', [{ screenCode: 'MY_OPEN_CALLS', privileges: [{ code: 'VIEW' }] }]);
    expect(readStoredSession()).toEqual({
      token: 't-1',
      user: staff,
      timezone: 'Asia/Kolkata',
      permissions: [{ screenCode: 'MY_OPEN_CALLS', privileges: [{ code: 'VIEW' }] }],
      sideMenu: [],
    });
  });

  it('finds nothing when signed out or half-stored', () => {
    expect(readStoredSession()).toBeNull();
    writeStored('tn_ah', 't-1');
    expect(readStoredSession()).toBeNull();
    writeStored('loggedIN', true);
    expect(readStoredSession()).toBeNull();
  });

  it('clears the store and warns when a value was tampered with', () => {
    storeSignIn({ token: 't-1', user: staff, timezone: 'Asia/Kolkata' });
    store.setItem('user', 'not encrypted');
    expect(readStoredSession()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Login again');
    expect(store.size).toBe(0);
  });
});

describe('mergeUser', () => {
  it('takes the reloaded fields and keeps role names the record does not carry', () => {
    // The user record holds role ids where the session holds role names.
    const roleIds = ['role-id-1'] as unknown as UpdatedUser['roles'];
    const merged = mergeUser(staff, { _id: 'u1', name: 'F. Engineer', eSign: 'data:image/png;base64,AA', roles: roleIds });
    expect(merged).toEqual({ ...staff, name: 'F. Engineer', eSign: 'data:image/png;base64,AA' });
  });
  it('takes named roles when the update has them', () => {
    expect(mergeUser(staff, { _id: 'u1', roles: [{ name: 'ADMIN' }] }).roles).toEqual([{ name: 'ADMIN' }]);
  });
});

describe('prepareKeptSession (the kept session read before the first render, main.tsx)', () => {
  it('answers nothing when no sign-in was kept', async () => {
    expect(await prepareKeptSession()).toBeUndefined();
  });

  it('answers the kept session, with the signed-in session’s code loaded', async () => {
    storeSignIn({ token: 't-1', user: staff, timezone: 'Asia/Kolkata' });
    writeStored('p_m__', [{ screenCode: 'MANAGE_ROLE', privileges: [{ code: 'VIEW' }] }]);
    expect(await prepareKeptSession()).toEqual({
      token: 't-1',
      user: staff,
      timezone: 'Asia/Kolkata',
      permissions: [{ screenCode: 'MANAGE_ROLE', privileges: [{ code: 'VIEW' }] }],
      sideMenu: [],
    });
    // Spawning the signed-in children would throw if their code were not in (lazyLogic.ts).
    expect(() => SESSION_LOGIC.changePassword.logic.config).not.toThrow();
  });

  it('leaves a value that does not decrypt, and the store, to the session’s restore (which asks to sign in again once notices show)', async () => {
    storeSignIn({ token: 't-1', user: staff, timezone: 'Asia/Kolkata' });
    store.setItem('user', 'not written by this store');
    expect(await prepareKeptSession()).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(store.getItem('tn_ah')).not.toBeNull();
    expect(store.getItem('user')).toBe('not written by this store');
  });
});

describe('readStored', () => {
  it('answers what was written last, whether or not it read the key before (values are remembered by their cipher text)', () => {
    writeStored('tn_ah', 't-1');
    expect(readStored('tn_ah')).toBe('t-1');
    expect(readStored('tn_ah')).toBe('t-1');
    writeStored('tn_ah', 't-2');
    expect(readStored('tn_ah')).toBe('t-2');
    store.removeItem('tn_ah');
    expect(readStored('tn_ah')).toBeNull();
  });

  it('still finds a value that does not decrypt after reading a good one, clears the store and asks to sign in again', () => {
    writeStored('tn_ah', 't-1');
    expect(readStored('tn_ah')).toBe('t-1');
    store.setItem('tn_ah', 'not written by this store');
    expect(readStored('tn_ah')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Login again');
    expect(store.getItem('tn_ah')).toBeNull();
  });

  it('gives each reader of an object its own copy', () => {
    writeStored('user', staff);
    const first = readStored('user');
    const second = readStored('user');
    expect(second).toEqual(staff);
    expect(second).not.toBe(first);
  });
});
