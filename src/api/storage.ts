/**
 * The browser store of spec document 1 §3 and §9: the session keys, each value encrypted in crypto-js's AES
 * format (storeCipher.ts).
 *
 * The key below is built into the client, so the encryption is obfuscation only: it keeps casual readers of
 * localStorage from seeing the token and permissions at a glance, nothing more. The server never relies on it:
 * every call is authorised by the token alone and every privilege is checked server-side.
 */
import { decryptText, encryptText } from './storeCipher';
import { notify } from './notify';
import type { PermissionEntry } from '../contract/permissions';
import type { SessionUser, SideMenuItem } from '../contract/authShapes';

const BUILT_IN_KEY = 'f1eldOps#c1ient$store-2024';

/** The spec's storage keys, by meaning. */
export const STORAGE_KEYS = {
  token: 'tn_ah',
  loggedIn: 'loggedIN',
  user: 'user',
  timezone: 'timezone',
  subscriberId: 'subscriberId',
  clientId: 'clientId',
  clientName: 'clientName',
  permissions: 'p_m__',
  sideMenu: 'm1e2n3u4',
} as const;

/** What each key holds once decrypted. */
export interface StoredValues {
  tn_ah: string;
  loggedIN: boolean;
  user: SessionUser;
  timezone: string;
  subscriberId: string;
  clientId: string;
  clientName: string;
  p_m__: PermissionEntry[];
  m1e2n3u4: SideMenuItem[];
}

export type StoredKey = keyof StoredValues;

const SESSION_KEYS: readonly StoredKey[] = Object.values(STORAGE_KEYS);

/** Theme and language are device settings, not session data: kept in clear and kept across sign-outs. */
export const PREFERENCES_KEY = 'fieldops.preferences';

/** The subset of the Web Storage API the store needs; localStorage in the browser. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An in-memory store, used where localStorage is missing (Node, some private modes) and by tests. */
export function createMemoryStore(): KeyValueStore & { readonly size: number; keys(): string[] } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    get size() {
      return items.size;
    },
    keys: () => [...items.keys()],
  };
}

function browserStore(): KeyValueStore | undefined {
  try {
    return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage;
  } catch {
    // Access to localStorage throws when the browser forbids storage (blocked third-party contexts).
    return undefined;
  }
}

export const LOGIN_AGAIN = 'Login again';

/** The default warning: a notice through the notifier port. */
export function warnWithNotice(message: string): void {
  notify({ message, color: 'yellow' });
}

let backend: KeyValueStore = browserStore() ?? createMemoryStore();
let warn: (message: string) => void = warnWithNotice;

/** Swaps the backing store or the warning shown when stored values cannot be decrypted. */
export function configureStorage(options: { backend?: KeyValueStore; warn?: (message: string) => void }): void {
  if (options.backend) backend = options.backend;
  if (options.warn) warn = options.warn;
}

export function encryptValue(value: unknown): string {
  return encryptText(JSON.stringify(value), BUILT_IN_KEY);
}

/** Throws when the text was not written by encryptValue under the built-in key. */
export function decryptValue(cipherText: string): unknown {
  return JSON.parse(decryptText(cipherText, BUILT_IN_KEY));
}

/**
 * The last text each key decrypted to, when it was a plain value (the token, the flags): the HTTP layer reads the
 * token on every call, and decrypting it each time cost a slow phone about 5 ms a call, four of them before home's
 * first paint (issue 18). Kept by its cipher text, so a value another tab or a sign-in wrote is decrypted afresh;
 * objects (the user, the permissions) are decrypted on every read, so no reader shares another's copy.
 */
const remembered = new Map<StoredKey, { cipherText: string; value: unknown }>();

function decryptRemembered(key: StoredKey, cipherText: string): unknown {
  const known = remembered.get(key);
  if (known?.cipherText === cipherText) return known.value;
  const value = decryptValue(cipherText);
  if (value === null || typeof value !== 'object') remembered.set(key, { cipherText, value });
  return value;
}

export function writeStored<K extends StoredKey>(key: K, value: StoredValues[K]): void {
  backend.setItem(key, encryptValue(value));
}

/**
 * The decrypted value, or null when absent. A value that does not decrypt means the store was tampered
 * with or written by another build: everything is cleared and the person is asked to sign in again.
 */
export function readStored<K extends StoredKey>(key: K): StoredValues[K] | null {
  const cipherText = backend.getItem(key);
  if (cipherText === null) return null;
  try {
    return decryptRemembered(key, cipherText) as StoredValues[K];
  } catch {
    clearAll();
    warn(LOGIN_AGAIN);
    return null;
  }
}

/**
 * The decrypted value, or null when absent; throws when it does not decrypt, and leaves the store and the person
 * alone: for a read ahead of the app's own (main.tsx restores a kept session before the first render, before the
 * notices can show), which leaves such a value for readStored to find later and ask the person to sign in again.
 */
export function readStoredOrThrow<K extends StoredKey>(key: K): StoredValues[K] | null {
  const cipherText = backend.getItem(key);
  return cipherText === null ? null : (decryptRemembered(key, cipherText) as StoredValues[K]);
}

/**
 * Whether something is stored under `key`, without reading it: nothing is decrypted, so a value that would not
 * decrypt is left for its reader to find (and to ask the person to sign in again).
 */
export function isStored(key: StoredKey): boolean {
  return backend.getItem(key) !== null;
}

export function removeStored(key: StoredKey): void {
  backend.removeItem(key);
}

/** Removes every session item (sign-out); device preferences stay. */
export function clearAll(): void {
  for (const key of SESSION_KEYS) backend.removeItem(key);
}

export function readPreferencesText(): string | null {
  return backend.getItem(PREFERENCES_KEY);
}

export function writePreferencesText(text: string): void {
  backend.setItem(PREFERENCES_KEY, text);
}
