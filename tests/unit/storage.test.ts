import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordNotices } from '../machines/support/notices';
import {
  clearAll,
  configureStorage,
  createMemoryStore,
  decryptValue,
  encryptValue,
  LOGIN_AGAIN,
  PREFERENCES_KEY,
  readStored,
  removeStored,
  STORAGE_KEYS,
  warnWithNotice,
  writeStored,
} from '../../src/api/storage';
import CryptoJS from 'crypto-js';

let store: ReturnType<typeof createMemoryStore>;
let warn: ReturnType<typeof vi.fn<(message: string) => void>>;

beforeEach(() => {
  store = createMemoryStore();
  warn = vi.fn<(message: string) => void>();
  configureStorage({ backend: store, warn });
});

const user = {
  _id: 'u1',
  name: 'Demo Admin',
  email: 'admin@demo.local',
  roles: [{ name: 'ADMIN' }],
  userType: 'Subscriber-User',
  subscriberId: 'sub-1',
};

describe('the encrypted store', () => {
  it('uses the spec keys', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'tn_ah',
      'loggedIN',
      'user',
      'timezone',
      'subscriberId',
      'clientId',
      'clientName',
      'p_m__',
      'm1e2n3u4',
    ]);
  });

  it('round-trips every kind of value, never storing it in clear', () => {
    writeStored('tn_ah', 'secret-token-123');
    writeStored('loggedIN', true);
    writeStored('user', user);
    writeStored('p_m__', [{ screenCode: 'MANAGE_ROLE', privileges: [{ code: 'VIEW' }] }]);
    expect(readStored('tn_ah')).toBe('secret-token-123');
    expect(readStored('loggedIN')).toBe(true);
    expect(readStored('user')).toEqual(user);
    expect(readStored('p_m__')).toEqual([{ screenCode: 'MANAGE_ROLE', privileges: [{ code: 'VIEW' }] }]);
    for (const key of store.keys()) {
      const raw = store.getItem(key) ?? '';
      expect(raw).not.toContain('secret-token-123');
      expect(raw).not.toContain('admin@demo.local');
      expect(raw).not.toContain('MANAGE_ROLE');
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('encrypts with AES under the built-in key (the same value encrypts differently each time)', () => {
    const first = encryptValue({ a: 1 });
    const second = encryptValue({ a: 1 });
    expect(first).not.toBe(second);
    expect(decryptValue(first)).toEqual({ a: 1 });
    expect(decryptValue(second)).toEqual({ a: 1 });
  });

  it('answers null for an absent key without warning', () => {
    expect(readStored('timezone')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['tampered text', 'U2FsdGVkX1+not-really-a-cipher'],
    ['another key', CryptoJS.AES.encrypt(JSON.stringify('x'), 'someone-elses-key').toString()],
    ['plain text', 'plain token'],
  ])('clears everything and warns "Login again" when a value does not decrypt (%s)', (_, raw) => {
    writeStored('user', user);
    writeStored('timezone', 'Asia/Kolkata');
    store.setItem(PREFERENCES_KEY, '{"locale":"fr"}');
    store.setItem('tn_ah', raw);
    expect(readStored('tn_ah')).toBeNull();
    expect(warn).toHaveBeenCalledExactlyOnceWith(LOGIN_AGAIN);
    expect(LOGIN_AGAIN).toBe('Login again');
    expect(readStored('user')).toBeNull();
    expect(store.keys()).toEqual([PREFERENCES_KEY]);
  });

  it('by default warns with a notice', () => {
    const recorder = recordNotices();
    warnWithNotice(LOGIN_AGAIN);
    recorder.release();
    expect(recorder.notices).toEqual([{ message: 'Login again', color: 'yellow' }]);
  });

  it('clearAll removes every session item and keeps the device preferences', () => {
    for (const key of Object.values(STORAGE_KEYS)) store.setItem(key, encryptValue('v'));
    store.setItem(PREFERENCES_KEY, '{}');
    clearAll();
    expect(store.keys()).toEqual([PREFERENCES_KEY]);
  });

  it('removes one item', () => {
    writeStored('tn_ah', 't');
    writeStored('loggedIN', true);
    removeStored('tn_ah');
    expect(readStored('tn_ah')).toBeNull();
    expect(readStored('loggedIN')).toBe(true);
  });
});
